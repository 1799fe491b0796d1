// Writes animation banks into a synthetic ROM (rom_builder's RomSpec::anims):
// the time quantum, the three bank tables for all kAnimBankCount banks (banks
// not given are empty: start == end) and, from kAnimBase on, each bank's track
// list, vectors and record streams, laid out bank after bank. The ROM grows to
// fit. Offsets of everything written come back for tests that corrupt them.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ripkit/byte_reader.hpp"

namespace ripkit::hey_you_pikachu {

struct AnimPieceSpec {
    float a = 0, b = 0, c = 0;
    int16_t base = 0;
    uint8_t fraction = 0, ticks = 1;
};

struct AnimScalarSpec {
    uint32_t kind = 0;     // 0 constant, 1 cubic, 2 linear (anything else is written as is)
    int32_t constant = 0;  // kind 0: the stored value (value / 65536 is the constant)
    std::vector<AnimPieceSpec> pieces;  // kinds 1, 2: the record stream
};

struct AnimTrackSpec {
    int32_t node_type = 1;
    std::vector<AnimScalarSpec> scalars;  // 6 for types < 38, 3 otherwise
};

struct AnimBankSpec {
    uint32_t index = 0;  // bank number, < kAnimBankCount; banks in increasing order
    float duration = 1.0f;
    std::vector<AnimTrackSpec> tracks;
};

struct AnimSpec {
    bool present = false;  // false: the ROM stays short of kAnimBase (no banks)
    float quantum = 1.0f / 30.0f;
    std::vector<AnimBankSpec> banks;
};

struct BuiltAnimScalar {
    uint32_t offset = 0;         // ROM offset of {kind, value}
    uint32_t stream_offset = 0;  // ROM offset of the first record (kinds 1, 2)
};

struct BuiltAnimTrack {
    uint32_t entry_offset = 0, vector_offset = 0;  // ROM offsets
    std::vector<BuiltAnimScalar> scalars;
};

struct BuiltAnimBank {
    uint32_t index = 0, start = 0, end = 0, track_list = 0;  // ROM offsets
    std::vector<BuiltAnimTrack> tracks;
};

struct BuiltAnims {
    std::vector<BuiltAnimBank> banks;
};

// Writes `spec` into `rom` (resized as needed); throws Error(Usage) on a bank
// index out of range or out of order.
BuiltAnims write_anims(Bytes& rom, const AnimSpec& spec);

// The banks of the bundled sample (sample_rom_spec): bank 3 for root type 1
// (constant, linear, cubic and hold pieces, a jump, a fast-spinning cubic
// rotation on type 2), bank 17 for root types 1 and 4 (constants, a 3-scalar
// type-40 track no sample node has), bank 42 for root type 12 (no sample model).
AnimSpec sample_anim_spec();
// All kAnimBankCount banks filled, for benchmarks: 20 node types (1..20) of 6
// scalars, each 30 pieces of 4 ticks (cubic, linear, constant in turn), 4 s long.
AnimSpec every_bank_anim_spec();

}  // namespace ripkit::hey_you_pikachu
