// Decode + scene build of a large synthetic CUTSEQ.BIN (44 cutscenes, 2000
// frames, 10 actors of 16 meshes) against, in the same run: Assimp reading
// back a .glb of one of its cutscenes (exported by ripkit_export), plus plain
// memcpy and zlib inflate of the same bytes as floor baselines. One
// cutscene's scene written as FBX by ripkit's writer against the same scene
// as glb in memory.
#include <assimp/scene.h>
#include <benchmark/benchmark.h>

#include <assimp/Importer.hpp>
#include <cstring>
#include <filesystem>

#include "ripkit/codec/zlib.hpp"
#include "ripkit/export.hpp"
#include "ripkit/fbx_export.hpp"
#include "ripkit/gltf_export.hpp"
#include "tr_cutseq/cutscene_scene.hpp"
#include "tr_cutseq/cutseq_reader.hpp"
#include "tr_cutseq/cutseq_writer.hpp"
#include "tr_cutseq/testkit/demo_cutscenes.hpp"

using namespace ripkit;
using namespace ripkit::tr_cutseq;

namespace {

constexpr int kCutscenes = 44, kFrames = 2000, kActors = 10, kMeshes = 16;

struct Data {
    std::vector<Cutscene> cutscenes;
    Bytes bin, pak, block;  // block = cutscene 1 alone
    std::filesystem::path glb;
};

const Data& data() {
    static const Data d = [] {
        Data x;
        for (int k = 1; k <= kCutscenes; ++k) {
            DemoSpec s;
            s.index = k;
            s.frames = kFrames;
            s.actors = kActors;
            s.meshes = kMeshes;
            s.cuts = {500, 1400};
            s.seed = static_cast<uint32_t>(k);
            x.cutscenes.push_back(make_demo_cutscene(s));
        }
        x.bin = write_bin(x.cutscenes);
        x.pak = write_pak(x.cutscenes);
        x.block = write_block(x.cutscenes[0]);
        x.glb = std::filesystem::temp_directory_path() / "ripkit_tr_cutseq_bench.glb";
        Budget budget;
        const Scene s = build_scene(x.cutscenes[0], "tr5", SceneOptions{}, budget);
        ExportOptions eo;
        eo.format = OutputFormat::Glb;
        export_scene(s, x.glb, eo);
        return x;
    }();
    return d;
}

void BM_CutseqDecodeAndSceneAll(benchmark::State& st) {
    const Data& d = data();
    for (auto _ : st) {
        Budget budget;
        const CutseqFile f = read_cutseq(d.bin, ReadOptions{}, budget);
        size_t keys = 0;
        for (const Cutscene& c : f.cutscenes)
            if (!c.empty)
                keys += build_scene(c, "tr5", SceneOptions{}, budget).animations[0].channels.size();
        benchmark::DoNotOptimize(keys);
    }
    st.SetBytesProcessed(static_cast<int64_t>(st.iterations() * d.bin.size()));
    st.counters["file_MB"] = double(d.bin.size()) / 1e6;
}

void BM_CutseqDecodeAll(benchmark::State& st) {
    const Data& d = data();
    for (auto _ : st) {
        Budget budget;
        benchmark::DoNotOptimize(read_cutseq(d.bin, ReadOptions{}, budget).cutscenes.size());
    }
    st.SetBytesProcessed(static_cast<int64_t>(st.iterations() * d.bin.size()));
}

void BM_CutseqPakDecodeAndSceneAll(benchmark::State& st) {
    const Data& d = data();
    for (auto _ : st) {
        Budget budget;
        const CutseqFile f = read_cutseq(d.pak, ReadOptions{}, budget);
        size_t n = 0;
        for (const Cutscene& c : f.cutscenes)
            if (!c.empty) n += build_scene(c, "tr4", SceneOptions{}, budget).nodes.size();
        benchmark::DoNotOptimize(n);
    }
    st.SetBytesProcessed(static_cast<int64_t>(st.iterations() * d.pak.size()));
    st.counters["file_MB"] = double(d.pak.size()) / 1e6;
}

// One cutscene: our block -> Scene against Assimp reading the same cutscene's glb.
void BM_CutseqOneCutsceneScene(benchmark::State& st) {
    const Data& d = data();
    for (auto _ : st) {
        Budget budget;
        const CutseqFile f = read_cutseq(d.block, ReadOptions{}, budget);
        benchmark::DoNotOptimize(
            build_scene(f.cutscenes[0], "block", SceneOptions{}, budget).nodes.size());
    }
    st.SetBytesProcessed(static_cast<int64_t>(st.iterations() * d.block.size()));
    st.counters["input_MB"] = double(d.block.size()) / 1e6;
}

void BM_AssimpReadGlbOneCutscene(benchmark::State& st) {
    const Data& d = data();
    const auto size = std::filesystem::file_size(d.glb);
    for (auto _ : st) {
        Assimp::Importer imp;
        const aiScene* s = imp.ReadFile(d.glb.string(), 0);
        if (!s) st.SkipWithError(imp.GetErrorString());
        benchmark::DoNotOptimize(s);
    }
    st.SetBytesProcessed(static_cast<int64_t>(st.iterations() * size));
    st.counters["input_MB"] = double(size) / 1e6;
}

// ripkit's FBX writer: Euler curves following the slerp, split where they
// leave it (the cutscene's camera cuts), every array zlib-compressed.
void BM_OneCutsceneSceneToFbx(benchmark::State& st) {
    Budget scene_budget;
    const Scene s = build_scene(data().cutscenes[0], "tr5", SceneOptions{}, scene_budget);
    size_t bytes = 0;
    for (auto _ : st) {
        std::vector<std::string> notes;
        Budget budget;
        const Bytes fbx = fbx_bytes(s, notes, budget);
        bytes = fbx.size();
        benchmark::DoNotOptimize(fbx.data());
    }
    st.counters["fbx_MB"] = double(bytes) / 1e6;
}

// Baseline: the same scene as glb in memory (glTF keeps the quaternions).
void BM_OneCutsceneSceneToGlb(benchmark::State& st) {
    Budget scene_budget;
    const Scene s = build_scene(data().cutscenes[0], "tr5", SceneOptions{}, scene_budget);
    size_t bytes = 0;
    for (auto _ : st) {
        std::vector<std::string> notes;
        const Bytes glb = write_glb(build_gltf(s, notes));
        bytes = glb.size();
        benchmark::DoNotOptimize(glb.data());
    }
    st.counters["glb_MB"] = double(bytes) / 1e6;
}

void BM_BaselineMemcpyBin(benchmark::State& st) {
    const Data& d = data();
    Bytes out(d.bin.size());
    for (auto _ : st) {
        std::memcpy(out.data(), d.bin.data(), d.bin.size());
        benchmark::ClobberMemory();
    }
    st.SetBytesProcessed(static_cast<int64_t>(st.iterations() * d.bin.size()));
}

void BM_BaselineInflatePak(benchmark::State& st) {
    const Data& d = data();
    for (auto _ : st)
        benchmark::DoNotOptimize(
            codec::zlib_inflate(ByteSpan(d.pak).subspan(4), d.bin.size(), Limits{}).size());
    st.SetBytesProcessed(static_cast<int64_t>(st.iterations() * d.pak.size()));
}

}  // namespace

BENCHMARK(BM_CutseqDecodeAndSceneAll)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CutseqDecodeAll)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CutseqPakDecodeAndSceneAll)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CutseqOneCutsceneScene)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AssimpReadGlbOneCutscene)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OneCutsceneSceneToFbx)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OneCutsceneSceneToGlb)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BaselineMemcpyBin)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BaselineInflatePak)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
