// Building every model of the synthetic ROM (open: layout search, LH5,
// hierarchy, display lists, textures; then a scene per model with PNGs)
// against two baselines in the same run: reading the ROM file, and liblhasa
// alone on the same LH5 streams. Compare the times (ratios in the README).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>

#include "pikachu_format.hpp"
#include "ripkit/codec/lh5.hpp"
#include "rom_builder.hpp"

using namespace ripkit;

namespace {

const pikachu::BuiltRom& built() {
    static const pikachu::BuiltRom rom = pikachu::build_rom_detailed(pikachu::sample_rom_spec());
    return rom;
}

const std::filesystem::path& rom_path() {
    static const std::filesystem::path p = [] {
        auto path = std::filesystem::temp_directory_path() / "ripkit_pikachu_bench.z64";
        std::ofstream f(path, std::ios::binary);
        f.write(reinterpret_cast<const char*>(built().rom.data()),
                std::streamsize(built().rom.size()));
        return path;
    }();
    return p;
}

void BM_ReadRomFile(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(read_file(rom_path().string(), Limits{}));
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(built().rom.size()));
}

void BM_LhasaAlone(benchmark::State& state) {
    for (auto _ : state)
        for (const auto& m : built().models)
            if (!m.packed.empty())
                benchmark::DoNotOptimize(codec::lh5_decode(m.packed, m.resource.size(), Limits{}));
}

void BM_BuildEveryModel(benchmark::State& state) {
    for (auto _ : state) {
        Input in;
        in.path = rom_path().string();
        in.bytes = read_file(in.path, Limits{});
        auto doc = formats::pikachu_format().open(in, Options{});
        for (const ItemSummary& s : doc->items())
            if (!s.empty) benchmark::DoNotOptimize(doc->scene(s.id));
    }
}

void BM_BuildEveryModelFixedLayout(benchmark::State& state) {
    Options o;
    o.settings = {
        {"descriptor_field", "0x04"}, {"runtime_record", "rom"}, {"kseg0_base", "0x80231A40"}};
    for (auto _ : state) {
        Input in;
        in.path = rom_path().string();
        in.bytes = read_file(in.path, Limits{});
        auto doc = formats::pikachu_format().open(in, o);
        for (const ItemSummary& s : doc->items())
            if (!s.empty) benchmark::DoNotOptimize(doc->scene(s.id));
    }
}

}  // namespace

BENCHMARK(BM_ReadRomFile)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LhasaAlone)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BuildEveryModel)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BuildEveryModelFixedLayout)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
