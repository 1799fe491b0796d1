// How a fuzz input maps onto the animation part of a ROM without a 12 MB
// buffer (shared by pikachu_anim_fuzz, its corpus writer and a unit test):
//   [0, 4)     time quantum (big-endian float, written at 0xA1158)
//   [4, 52)    banks 0..3: u32 start (range table), u32 track list, f32 duration
//   [52, ...)  bank data at kAnimBase; range entry 4 = its size; the ROM ends there
// Every bank that reads is turned into an animation for a small hierarchy
// (node types 1, 2, 7, 38, 40, 100) and the scene validated; the dump is built.
#pragma once

#include <cmath>
#include <cstdint>
#include <numbers>

#include "hey_you_pikachu/anim_dump.hpp"
#include "hey_you_pikachu/anim_reader.hpp"
#include "hey_you_pikachu/anim_scene.hpp"
#include "hey_you_pikachu/rom_layout.hpp"
#include "hey_you_pikachu/testkit/anim_builder.hpp"
#include "hey_you_pikachu/testkit/rom_builder.hpp"
#include "ripkit/error.hpp"
#include "ripkit/scene.hpp"

namespace pkfuzz {

constexpr size_t kAnimHeader = 4 + 4 * 12;
constexpr uint32_t kAnimFuzzBanks = 4;

inline void put_be32(ripkit::Bytes& b, size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + size_t(i)] = uint8_t(v >> (24 - 8 * i));
}

inline const ripkit::hey_you_pikachu::GameTrig& fuzz_trig() {
    static const ripkit::hey_you_pikachu::GameTrig trig = [] {
        std::vector<int16_t> t(ripkit::hey_you_pikachu::kSineEntries);
        for (size_t i = 0; i < t.size(); ++i)
            t[i] = int16_t(
                std::lround(std::sin(2.0 * std::numbers::pi * double(i) / 4096.0) * 32767.0));
        return ripkit::hey_you_pikachu::GameTrig(std::move(t),
                                                 float(65536.0 / (2.0 * std::numbers::pi)));
    }();
    return trig;
}

// Returns the number of animations built. A bank that cannot become an
// animation is an accepted outcome (its error goes to `errors` when given);
// validate_scene failing is a finding. The scene goes to `scene` when given
// (the fuzzer exports it).
inline size_t run_anim_input(ripkit::ByteSpan data, const ripkit::Limits& limits,
                             std::vector<ripkit::Error>* errors = nullptr,
                             ripkit::Scene* scene = nullptr) {
    using namespace ripkit;
    using namespace ripkit::hey_you_pikachu;
    if (data.size() < kAnimHeader) return 0;
    const ByteSpan body = data.subspan(kAnimHeader);
    Bytes tables(kAnimRangeTable + 4 * (kAnimBankCount + 1) - kAnimTrackTable, 0);
    for (uint32_t n = 0; n < kAnimFuzzBanks; ++n) {
        const uint8_t* e = data.data() + 4 + 12 * n;
        put_be32(tables, kAnimRangeTable - kAnimTrackTable + 4 * n, load_u32be(e));
        put_be32(tables, 4 * n, load_u32be(e + 4));
        put_be32(tables, kAnimDurationTable - kAnimTrackTable + 4 * n, load_u32be(e + 8));
    }
    for (uint32_t n = kAnimFuzzBanks; n <= kAnimBankCount; ++n)
        put_be32(tables, kAnimRangeTable - kAnimTrackTable + 4 * n, uint32_t(body.size()));
    RomWindows rom;
    rom.size = uint64_t(kAnimBase) + body.size();
    rom.windows = {{kAnimTrackTable, ByteSpan(tables)},
                   {kAnimTimeQuantum, data.subspan(0, 4)},
                   {kAnimBase, body}};
    Budget budget(limits);
    const AnimTables t = read_anim_tables(rom, budget);
    (void)anim_info(t);
    (void)anim_dump(t, nullptr);

    Hierarchy h;
    const int32_t types[] = {1, 2, 7, 38, 40, kTranslationOnlyType};
    Scene s;
    s.add_node("model", -1);
    std::vector<std::string> names;
    for (int i = 0; i < 6; ++i) {
        HierarchyNode n;
        n.type = types[i];
        n.parent = i - 1;
        n.rotation = {0.1f * float(i), 0.2f, 0.0f};
        n.translation = {0.0f, 10.0f, 0.0f};
        h.nodes.push_back(n);
        names.push_back("n");  // then the number: `"n" + string` trips GCC 12 (PR 105651)
        names.back() += std::to_string(i);
        s.add_node(names.back(), i);
    }
    (void)compatible_banks(t, h);
    const AnimMapping mapping = AnimMapping::from_options(Options{});
    for (const AnimBank& b : t.banks) {
        if (b.error && errors && b.index < kAnimFuzzBanks) errors->push_back(*b.error);
        if (b.error || b.empty()) continue;
        try {
            const EulerOrder order;
            const BankTarget target{h, names, s, fuzz_trig(), order, mapping};
            Animation a = build_bank_animation(b, t.quantum, target, budget);
            if (!a.channels.empty()) s.animations.push_back(std::move(a));
        } catch (const Error& e) {
            if (errors) errors->push_back(e);
        }
    }
    validate_scene(s);  // a bank that built must give a valid scene
    const size_t built = s.animations.size();
    if (scene) *scene = std::move(s);
    return built;
}

// The sample ROM's banks 3, 17 and 42 as one input (bank slots 0..2).
inline ripkit::Bytes anim_seed_input() {
    using namespace ripkit;
    using namespace ripkit::hey_you_pikachu;
    Bytes rom;
    const BuiltAnims built = write_anims(rom, sample_anim_spec());
    const size_t end = built.banks.back().end;
    Bytes in(kAnimHeader, 0);
    put_be32(in, 0, load_u32be(rom.data() + kAnimTimeQuantum));
    for (size_t n = 0; n < built.banks.size() && n < kAnimFuzzBanks; ++n) {
        const uint32_t idx = built.banks[n].index;
        put_be32(in, 4 + 12 * n, built.banks[n].start - kAnimBase);
        put_be32(in, 8 + 12 * n, built.banks[n].track_list - kAnimBase);
        put_be32(in, 12 + 12 * n, load_u32be(rom.data() + kAnimDurationTable + 4 * idx));
    }
    for (size_t n = built.banks.size(); n < kAnimFuzzBanks; ++n)  // unused slots: empty
        put_be32(in, 4 + 12 * n, uint32_t(end - kAnimBase));
    in.insert(in.end(), rom.begin() + kAnimBase, rom.begin() + long(end));
    return in;
}

}  // namespace pkfuzz
