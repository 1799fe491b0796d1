// The import-cost yardstick, per format, in one run: importing the game file
// through Assimp::Importer with ripkit registered (what a host engine pays)
// against Assimp's own glTF importer reading the .glb ripkit wrote of the
// same scene (a file that needs no decoding); and `convert` to glb against
// Assimp's glb -> glb of that scene. Both sides are timed with the same
// clock (process CPU time) and heap peaks come from heap_meter; the counters
// are the ratios: x_assimp (time), mem_x_assimp (peak heap), and for convert
// mem_x_io (peak heap over input + output bytes). ReadFloor rows replay the
// import's file-system calls alone against the same baseline.
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <benchmark/benchmark.h>

#include <algorithm>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <ctime>
#include <map>
#include <stdexcept>

#include "heap_meter.hpp"
#include "inputs.hpp"
#include "io_floor.hpp"
#include "ripkit/cd/sectors.hpp"
#include "ripkit/export.hpp"
#include "ripkit/registry.hpp"

namespace {

using namespace bench_import;

struct Cost {
    double seconds = 0;  // CPU seconds per run
    size_t peak = 0;     // heap bytes above what was in use before the run
};

// Runs `work` at least 3 times and for at least 0.3 s of CPU.
template <class Work>
Cost measure(Work work) {
    Cost c;
    int runs = 0;
    double total = 0;
    while (runs < 3 || total < 0.3) {
        const size_t before = heap_meter::in_use();
        heap_meter::reset_peak();
        const std::clock_t t0 = std::clock();
        work();
        total += double(std::clock() - t0) / CLOCKS_PER_SEC;
        c.peak = std::max(c.peak, heap_meter::peak() - before);
        ++runs;
    }
    c.seconds = total / runs;
    return c;
}

// As `ripkit convert` opens a file: by range for a format that reads by range
// and is certain from the head, else whole.
std::unique_ptr<ripkit::Document> open(const Input& in) {
    ripkit::Input input;
    input.path = in.file.string();
    auto source = ripkit::file_source(input.path, ripkit::Limits{});
    ripkit::Bytes scratch;
    const ripkit::ByteSpan head =
        source->read(0, std::min<uint64_t>(source->size(), 64 * 1024), "the header", scratch);
    if (const ripkit::Format* f = ripkit::detect_range_format(head, source->size(), input.path)) {
        input.source = std::move(source);
        return f->open(input, in.options);
    }
    input.bytes = source->read_all();
    const ripkit::Format* f = ripkit::detect_format(input.bytes, input.path);
    if (!f) throw std::runtime_error("no format detects " + input.path);
    return f->open(input, in.options);
}

void ripkit_glb(const Input& in, const std::filesystem::path& out) {
    const auto doc = open(in);
    const ripkit::Scene scene = doc->scene(doc->default_item());
    ripkit::ExportOptions eo;
    eo.format = ripkit::OutputFormat::Glb;
    eo.write_audio = false;  // Assimp's side has no audio to write either
    ripkit::export_scene(scene, out, eo);
}

// The glb ripkit writes of the scene the import gives (same options).
const std::filesystem::path& glb_of(const Input& in) {
    static std::map<std::filesystem::path, std::filesystem::path> cache;
    auto it = cache.find(in.file);
    if (it == cache.end()) {
        std::filesystem::path glb = in.file;
        glb += ".glb";
        ripkit_glb(in, glb);
        it = cache.emplace(in.file, glb).first;
    }
    return it->second;
}

void assimp_read(const std::filesystem::path& glb) {
    Assimp::Importer imp;
    const aiScene* s = imp.ReadFile(glb.string(), 0);
    if (!s) throw std::runtime_error(imp.GetErrorString());
    // A copy: Google Benchmark 1.8+ deprecates DoNotOptimize on a const value.
    unsigned meshes = s->mNumMeshes;
    benchmark::DoNotOptimize(meshes);
}

// What a host does: ripkit registered, the game file imported by path with no
// post-processing; `io` (owned by the importer from here) replaces Assimp's
// default file system when given.
void ripkit_import(const Input& in, Assimp::IOSystem* io = nullptr) {
    Assimp::Importer imp;
    ripkit::register_importers(imp);
    if (io) imp.SetIOHandler(io);
    for (const auto& [key, value] : in.properties)
        imp.SetPropertyString(key.c_str(), value.c_str());
    const aiScene* s = imp.ReadFile(in.file.string(), 0);
    if (!s) throw std::runtime_error(imp.GetErrorString());
    // A copy: Google Benchmark 1.8+ deprecates DoNotOptimize on a const value.
    unsigned meshes = s->mNumMeshes;
    benchmark::DoNotOptimize(meshes);
}

void report(benchmark::State& st, const Input& in, const Cost& own, const Cost& base) {
    st.counters["x_assimp"] = own.seconds / base.seconds;
    st.counters["mem_x_assimp"] = double(own.peak) / double(std::max<size_t>(base.peak, 1));
    st.counters["assimp_ms"] = base.seconds * 1e3;
    st.counters["peak_MB"] = double(own.peak) / 1e6;
    st.counters["input_MB"] = double(std::filesystem::file_size(in.file)) / 1e6;
    st.counters["glb_MB"] = double(std::filesystem::file_size(glb_of(in))) / 1e6;
}

// A baseline Assimp cannot produce (its glb2 exporter fails on a scene
// without meshes, say) skips the row with the reason instead of a ratio.
template <class Work>
bool baseline(benchmark::State& st, Work work) {
    try {
        work();
        return true;
    } catch (const std::exception& e) {
        st.SkipWithError(e.what());
        return false;
    }
}

// The benchmark loop, timed with the baseline's clock; an exception ends the
// row with its message.
template <class Work>
Cost timed(benchmark::State& st, Work work) {
    Cost c;
    double total = 0;
    for (auto _ : st) {
        const size_t before = heap_meter::in_use();
        heap_meter::reset_peak();
        const std::clock_t t0 = std::clock();
        try {
            work();
        } catch (const std::exception& e) {
            st.SkipWithError(e.what());
            return c;
        }
        total += double(std::clock() - t0) / CLOCKS_PER_SEC;
        c.peak = std::max(c.peak, heap_meter::peak() - before);
    }
    c.seconds = total / double(std::max<benchmark::IterationCount>(st.iterations(), 1));
    return c;
}

void BM_Import(benchmark::State& st, Input (*make)()) {
    const Input in = make();
    const std::filesystem::path& glb = glb_of(in);
    Cost base;
    if (!baseline(st, [&] { base = measure([&] { assimp_read(glb); }); })) return;
    const Cost own = timed(st, [&] { ripkit_import(in); });
    if (st.error_occurred()) return;
    report(st, in, own, base);
}

// `log` replayed with nothing decoded (io_floor.hpp) against Assimp reading
// the glb of `in`.
void floor_row(benchmark::State& st, const Input& in, const IoLog& log) {
    const std::filesystem::path& glb = glb_of(in);
    std::vector<uint8_t> scratch(largest_read(log));
    Cost base;
    if (!baseline(st, [&] { base = measure([&] { assimp_read(glb); }); })) return;
    const Cost own = timed(st, [&] { benchmark::DoNotOptimize(replay(log, scratch)); });
    if (st.error_occurred()) return;
    report(st, in, own, base);
    st.counters["read_MB"] = double(log.bytes_read()) / 1e6;
    st.counters["reads"] = double(log.reads());
}

// The floor under the import's ratio: the IOSystem calls of one import.
void BM_ReadFloor(benchmark::State& st, Input (*make)()) {
    const Input in = make();
    IoLog log;
    if (!baseline(st, [&] { ripkit_import(in, recording_io(log).release()); })) return;
    floor_row(st, in, log);
}

void BM_ConvertGlb(benchmark::State& st, Input (*make)()) {
    const Input in = make();
    const std::filesystem::path& glb = glb_of(in);
    std::filesystem::path assimp_out = glb, ripkit_out = glb;
    assimp_out += ".assimp.glb";
    ripkit_out += ".ripkit.glb";
    Cost base;
    const bool ok = baseline(st, [&] {
        base = measure([&] {
            Assimp::Importer imp;
            const aiScene* s = imp.ReadFile(glb.string(), 0);
            if (!s)
                throw std::runtime_error(std::string("Assimp cannot read it: ") +
                                         imp.GetErrorString());
            Assimp::Exporter ex;
            if (ex.Export(s, "glb2", assimp_out.string()) != AI_SUCCESS)
                throw std::runtime_error(std::string("Assimp's glb2 exporter fails on it: ") +
                                         ex.GetErrorString());
        });
    });
    if (!ok) return;
    const Cost own = timed(st, [&] { ripkit_glb(in, ripkit_out); });
    if (st.error_occurred()) return;
    report(st, in, own, base);
    const double io =
        double(std::filesystem::file_size(in.file) + std::filesystem::file_size(ripkit_out));
    st.counters["mem_x_io"] = double(own.peak) / io;
}

// Rugrats' floor for a reader that knew, without reading them, which sectors
// hold data (the seed: about one in five): only those read, each by its own
// seek, as a sparse reader through the host's IOSystem would. Found here from
// the sectors' subheaders, before timing.
void BM_ReadFloorDataSectors(benchmark::State& st) {
    const Input in = rugrats_open();
    const ripkit::Bytes file = ripkit::file_source(in.file.string(), ripkit::Limits{})->read_all();
    const ripkit::cd::SectorImage image = ripkit::cd::open_sectors(file);
    const size_t stride = ripkit::cd::sector_stride(image.shape());
    IoLog log;
    log.calls.push_back({IoCall::Open, 0, 0, in.file.string()});
    for (size_t i = 0; i < image.count(); ++i)
        if (const ripkit::cd::Sector s = image.sector(i); s.sub && s.sub->data()) {
            log.calls.push_back({IoCall::Seek, 0, image.sector_offset(i), {}});
            log.calls.push_back({IoCall::Read, 0, stride, {}});
        }
    log.calls.push_back({IoCall::Close, 0, 0, {}});
    floor_row(st, in, log);
}

const std::pair<const char*, Input (*)()> kInputs[] = {
    {"tr_bin", tr_bin},       {"tr_block", tr_block},   {"rugrats", rugrats_open},
    {"pikachu", pikachu_rom}, {"zouna", zouna_bigfile},
};

}  // namespace

int main(int argc, char** argv) {
    for (const auto& [name, make] : kInputs) {
        benchmark::RegisterBenchmark((std::string("Import/") + name).c_str(), BM_Import, make)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark((std::string("ConvertGlb/") + name).c_str(), BM_ConvertGlb,
                                     make)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark((std::string("ReadFloor/") + name).c_str(), BM_ReadFloor, make)
            ->Unit(benchmark::kMillisecond);
    }
    benchmark::RegisterBenchmark("ReadFloor/rugrats_data_sectors_only", BM_ReadFloorDataSectors)
        ->Unit(benchmark::kMillisecond);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
