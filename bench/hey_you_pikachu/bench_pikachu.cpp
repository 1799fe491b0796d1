// Building every model of the synthetic ROM (open: layout search, LH5,
// hierarchy, display lists, textures; then a scene per model with PNGs)
// against two baselines in the same run: reading the ROM file, and liblhasa
// alone on the same LH5 streams. Compare the times (ratios in
// docs/performance.md "Each format's benchmarks").
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>

#include "hey_you_pikachu/anim_reader.hpp"
#include "hey_you_pikachu/anim_scene.hpp"
#include "hey_you_pikachu/document.hpp"
#include "hey_you_pikachu/format.hpp"
#include "hey_you_pikachu/rom_layout.hpp"
#include "hey_you_pikachu/testkit/rom_builder.hpp"
#include "ripkit/codec/lh5.hpp"

using namespace ripkit;

namespace {

const hey_you_pikachu::BuiltRom& built() {
    static const hey_you_pikachu::BuiltRom rom =
        hey_you_pikachu::build_rom_detailed(hey_you_pikachu::sample_rom_spec());
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
        auto doc = formats::hey_you_pikachu_format().open(in, Options{});
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
        auto doc = formats::hey_you_pikachu_format().open(in, o);
        for (const ItemSummary& s : doc->items())
            if (!s.empty) benchmark::DoNotOptimize(doc->scene(s.id));
    }
}

// Every bank filled (anim_builder.hpp every_bank_anim_spec).
const hey_you_pikachu::BuiltRom& anim_built() {
    static const hey_you_pikachu::BuiltRom rom = [] {
        hey_you_pikachu::RomSpec spec = hey_you_pikachu::sample_rom_spec();
        spec.anims = hey_you_pikachu::every_bank_anim_spec();
        return hey_you_pikachu::build_rom_detailed(spec);
    }();
    return rom;
}

// Baseline: touch the same bytes the bank reader reads (tables + bank data).
void BM_ReadAnimBytes(benchmark::State& state) {
    const Bytes& rom = anim_built().rom;
    const size_t end = anim_built().anims.banks.back().end;
    for (auto _ : state) {
        uint32_t sum = 0;
        for (size_t i = hey_you_pikachu::kAnimTrackTable;
             i < hey_you_pikachu::kAnimRangeTable + 4 * 231; i += 4)
            sum += load_u32be(rom.data() + i);
        for (size_t i = hey_you_pikachu::kAnimBase; i + 4 <= end; i += 4)
            sum += load_u32be(rom.data() + i);
        benchmark::DoNotOptimize(sum);
    }
    state.SetBytesProcessed(int64_t(state.iterations()) *
                            int64_t(end - hey_you_pikachu::kAnimBase));
}

void BM_DecodeAllBanks(benchmark::State& state) {
    const Bytes& rom = anim_built().rom;
    const hey_you_pikachu::RomWindows w{rom.size(), {{0u, ByteSpan(rom)}}};
    for (auto _ : state) {
        Budget budget;
        benchmark::DoNotOptimize(hey_you_pikachu::read_anim_tables(w, budget));
    }
}

// Every compatible bank of model 0 (root type 1, 9 nodes) as animations.
void BM_BuildBankAnimations(benchmark::State& state) {
    Input in;
    in.path = "bench.z64";
    in.bytes = anim_built().rom;
    const auto doc = formats::hey_you_pikachu_format().open(in, Options{});
    const auto& pd = static_cast<const hey_you_pikachu::PikachuDocument&>(*doc);
    const auto& m = pd.model(0);
    const Scene base = doc->scene(0);
    std::vector<std::string> names;
    for (size_t k = 0; k < m.hierarchy.nodes.size(); ++k) names.push_back(base.nodes[k + 1].name);
    const hey_you_pikachu::AnimMapping mapping =
        hey_you_pikachu::AnimMapping::from_options(Options{});
    const Bytes& rom = anim_built().rom;
    const hey_you_pikachu::RomWindows w{rom.size(), {{0u, ByteSpan(rom)}}};
    size_t keys = 0;
    for (auto _ : state) {
        Budget budget;
        const hey_you_pikachu::AnimTables t = hey_you_pikachu::read_anim_tables(w, budget);
        const hey_you_pikachu::BankTarget target{m.hierarchy,       names,  base, pd.trig(),
                                                 pd.layout().euler, mapping};
        for (uint32_t b : hey_you_pikachu::compatible_banks(t, m.hierarchy)) {
            const Animation a =
                hey_you_pikachu::build_bank_animation(t.banks[b], t.quantum, target, budget);
            for (const Channel& c : a.channels) keys += c.times.size();
        }
    }
    state.counters["keys_per_iteration"] = double(keys) / double(state.iterations());
}

}  // namespace

BENCHMARK(BM_ReadAnimBytes)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_DecodeAllBanks)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BuildBankAnimations)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReadRomFile)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LhasaAlone)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BuildEveryModel)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BuildEveryModelFixedLayout)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
