// A 7056-sector OPEN.BIN-shaped stream (raw 2352, stereo 37.8 kHz XA):
// decoded with sound (open + scene with the played track) against reading
// the same bytes (memcpy). The ratio is the counter "x_memcpy".
#include <benchmark/benchmark.h>

#include <cstring>
#include <ctime>

#include "rugrats_cine/document.hpp"
#include "rugrats_cine/testkit/cine_writer.hpp"
#include "rugrats_cine/testkit/demo.hpp"

namespace {

using namespace ripkit;
using namespace ripkit::rugrats_cine;

const Bytes& stream() {
    static const Bytes bytes = [] {
        StreamSpec spec = make_demo_stream({.frames = 1411});
        std::vector<cd::SectorSpec> s = stream_sectors(spec);
        // 1 header + 1411 frames end at sector 7052; pad with the stream's audio to 7056.
        const cd::SectorSpec audio = s[s.size() - 2];
        while (s.size() < 7056) s.push_back(audio);
        return cd::write_sectors(s, cd::SectorShape::Raw2352);
    }();
    return bytes;
}

double memcpy_seconds() {
    const Bytes& in = stream();
    Bytes out(in.size());
    // CPU time, like the benchmark's own rate counters.
    const std::clock_t t0 = std::clock();
    for (int i = 0; i < 200; ++i) {
        std::memcpy(out.data(), in.data(), in.size());
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    return double(std::clock() - t0) / CLOCKS_PER_SEC / 200;
}

void BM_Memcpy(benchmark::State& state) {
    const Bytes& in = stream();
    Bytes out(in.size());
    for (auto _ : state) {
        std::memcpy(out.data(), in.data(), in.size());
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(in.size()));
}

void decode_bench(benchmark::State& state, const char* audio) {
    const Bytes& in = stream();
    const double base = memcpy_seconds();
    Options o;
    o.format_options["cine"] = {"3"};
    o.format_options["audio"] = {audio};
    size_t samples = 0;
    for (auto _ : state) {
        CineDocument doc(in, o);
        const Scene s = doc.scene(1);
        samples = s.audio ? s.audio->samples.size() : 0;
        benchmark::DoNotOptimize(samples);
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(in.size()));
    state.counters["sectors"] = double(in.size() / 2352);
    state.counters["samples"] = double(samples);
    state.counters["x_memcpy"] =
        benchmark::Counter(base * double(state.iterations()),
                           benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_DecodePlayed(benchmark::State& state) { decode_bench(state, "played"); }
void BM_DecodeAll(benchmark::State& state) { decode_bench(state, "all"); }

}  // namespace

BENCHMARK(BM_Memcpy)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_DecodePlayed)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeAll)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
