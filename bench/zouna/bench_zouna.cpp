// Decoding and baking a million keys, against memcpy of the same bytes (the
// baseline every ratio is read against, in the same run).
#include <benchmark/benchmark.h>

#include <cstring>

#include "zouna/container/lzrs.hpp"
#include "zouna/encode/animation_writer.hpp"
#include "zouna/keyframes/keyframer.hpp"
#include "zouna/keyframes/tracks.hpp"

using namespace ripkit;
using namespace ripkit::zouna;

namespace {

constexpr size_t kKeys = 1'000'000;

const Bytes& million_vec3fcomp() {
    static const Bytes bytes = [] {
        Keyframer k;
        k.cls = KfClass::Vec3fComp;
        k.flags = 1;
        k.keys.resize(kKeys);
        for (size_t i = 0; i < kKeys; ++i) {
            Key& key = k.keys[i];
            key.time = float(i) / 30.0f;
            key.value = glm::vec4(float(i % 97) / 64.0f, 1.0f, -0.5f, 0);
            key.in = glm::vec4(0.25f, 0, 0.125f, 0);
            key.out = glm::vec4(-0.25f, 0.5f, 0, 0);
        }
        ByteWriter w(Endian::Little);
        write_keyframer(w, k, Variants{});
        return std::move(w.bytes());
    }();
    return bytes;
}

Keyframer decode_all() {
    ByteReader r(million_vec3fcomp());
    Budget budget;
    return read_keyframer(r, KfClass::Vec3fComp, Variants{}, budget);
}

void BM_MemcpyBaseline(benchmark::State& state) {
    const Bytes& src = million_vec3fcomp();
    Bytes dst(src.size());
    for (auto _ : state) {
        std::memcpy(dst.data(), src.data(), src.size());
        benchmark::DoNotOptimize(dst.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(src.size()));
}

void BM_DecodeMillionKeys(benchmark::State& state) {
    for (auto _ : state) {
        Keyframer k = decode_all();
        benchmark::DoNotOptimize(k.keys.data());
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(million_vec3fcomp().size()));
}

// Decoded keys -> CUBICSPLINE channel with exact glTF tangents and axis conversion.
void BM_BakeMillionKeysToChannel(benchmark::State& state) {
    const Keyframer k = decode_all();
    for (auto _ : state) {
        Channel c = make_channel(0, AnimPath::Translation, to_curve(k, 0, k.keys.size()),
                                 curves::Mode::Hermite, ValueKind::Vector, false, "bench");
        benchmark::DoNotOptimize(c.values.data());
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(million_vec3fcomp().size()));
}

// The engine's Hermite evaluation at a million times (one per key segment).
void BM_EvaluateMillionTimes(benchmark::State& state) {
    const Keyframer k = decode_all();
    const auto keys = to_curve(k, 0, k.keys.size());
    for (auto _ : state) {
        double sum = 0;
        for (size_t i = 0; i + 1 < kKeys; ++i)
            sum += curves::evaluate(keys, curves::Mode::Hermite, (double(i) + 0.5) / 30.0).x;
        benchmark::DoNotOptimize(sum);
    }
}

void BM_LzrsDecompress(benchmark::State& state) {
    static const Bytes packed = lzrs_compress(million_vec3fcomp());
    Limits limits;
    for (auto _ : state) {
        Bytes out = lzrs_decompress(ByteReader(packed), limits);
        benchmark::DoNotOptimize(out.data());
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(million_vec3fcomp().size()));
}

}  // namespace

BENCHMARK(BM_MemcpyBaseline)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeMillionKeys)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BakeMillionKeysToChannel)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EvaluateMillionTimes)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LzrsDecompress)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
