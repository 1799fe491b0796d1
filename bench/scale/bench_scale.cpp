// Linear work: each benchmark converts one input whose scene has N nodes or
// channels - decode, scene, validate_scene, glb in memory - at N = 10k and 100k
// (Pikachu: 6.5k and 65k, its joint indices are 16-bit). The baseline is the
// same benchmark's 10k run: the 100k/10k time ratio is near 10 when the work is
// linear (the quadratic paths this replaced gave 100 and more).
#include <benchmark/benchmark.h>

#include <map>

#include "ripkit/gltf_export.hpp"
#include "scale.hpp"

using namespace ripkit;

namespace {

// Inputs built once per size (building them is not what is measured).
template <class Make>
const Bytes& cached(std::map<size_t, Bytes>& cache, size_t n, Make make) {
    auto it = cache.find(n);
    if (it == cache.end()) it = cache.emplace(n, make(n)).first;
    return it->second;
}

void convert(benchmark::State& state, const Format& format, const Bytes& bytes, const char* path) {
    size_t out = 0, nodes = 0, channels = 0;
    for (auto _ : state) {
        Input in;
        in.path = path;
        in.bytes = bytes;
        const auto doc = format.open(in, Options{});
        const Scene scene = doc->scene(doc->default_item());
        validate_scene(scene);
        std::vector<std::string> notes;
        const Bytes glb = write_glb(build_gltf(scene, notes));
        out = glb.size();
        nodes = scene.nodes.size();
        channels = 0;
        for (const Animation& a : scene.animations) channels += a.channels.size();
        benchmark::DoNotOptimize(glb.data());
    }
    state.counters["nodes"] = double(nodes);
    state.counters["channels"] = double(channels);
    state.counters["glb_bytes"] = double(out);
}

void BM_ZounaBonesOfOneName(benchmark::State& state) {
    static std::map<size_t, Bytes> inputs;
    const Bytes& b = cached(inputs, size_t(state.range(0)), scale::zouna_same_name_skeleton);
    convert(state, scale::zouna(), b, "SKEL.Skel_Z");
}

void BM_RugratsActorChannels(benchmark::State& state) {
    static std::map<size_t, Bytes> inputs;
    const Bytes& b = cached(inputs, size_t(state.range(0)), scale::rugrats_many_actors);
    convert(state, scale::rugrats(), b, "MANY.STR");
}

void BM_PikachuSiblingNodes(benchmark::State& state) {
    static std::map<size_t, Bytes> inputs;
    const Bytes& b = cached(inputs, size_t(state.range(0)), scale::pikachu_siblings);
    convert(state, scale::pikachu(), b, "siblings.z64");
}

}  // namespace

BENCHMARK(BM_ZounaBonesOfOneName)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RugratsActorChannels)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PikachuSiblingNodes)->Arg(6500)->Arg(65000)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
