// Animation banks of Hey You, Pikachu! (seed sections 16-20): the three bank
// tables, track lists {s32 nodeType, u32 vectorOffset}, vectors of 6 or 3
// scalars {u32 kind, u32 value}, and the record streams of animated scalars
// (0x10 bytes: float a, b, c; s16 base; u8 fraction; u8 ticks) as piecewise
// functions of time. Plain data; anim_scene turns a bank into a ripkit
// Animation for one model.
//
// The reader works on a sparse view of the ROM (RomWindows) so the fuzz target
// can feed the tables and the bank data without a 12 MB buffer; the document
// passes one window over the whole ROM.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ripkit/byte_reader.hpp"
#include "ripkit/error.hpp"
#include "ripkit/limits.hpp"

namespace ripkit::hey_you_pikachu {

// Hostile tables must not allocate without bound: per-list caps here, the
// whole ROM's pieces through the document budget.
constexpr uint32_t kMaxTracksPerBank = 4096;
constexpr uint32_t kMaxPiecesPerStream = 65536;
constexpr uint8_t kHoldTicks = 255;  // seed 19: the terminal/hold record

enum class ScalarKind : uint32_t { Constant = 0, Cubic = 1, Linear = 2 };

struct AnimPiece {
    uint32_t offset = 0;  // ROM offset of the 0x10-byte record
    float a = 0, b = 0, c = 0;
    int16_t base = 0;
    uint8_t fraction = 0, ticks = 0;
    uint32_t start_ticks = 0;        // ticks before this piece (< 65536 pieces x 255 ticks)
    double start = 0, duration = 0;  // seconds; a hold lasts to the bank's end
    bool hold() const { return ticks == kHoldTicks; }
    double base_value() const { return double(base) + double(fraction) / 256.0; }
};

struct AnimScalar {
    uint32_t offset = 0;  // ROM offset of the {kind, value} pair
    uint32_t kind = 0, value = 0;
    double constant = 0;            // kind 0: (s32)value / 65536
    std::vector<AnimPiece> pieces;  // kinds 1 and 2, covering [0, bank duration]
    // Value at `t` seconds (engine semantics; t clamped to the stream).
    double eval(double t) const;
    // Left limit at `t` (the value the piece ending at t reaches).
    double eval_left(double t) const;
    // The piece whose span holds t (the last one at or after the end).
    size_t piece_at(double t) const;
    // Polynomial degree of piece k (0 constant or hold, 1 linear, 3 cubic).
    int degree(size_t k) const;
    // Value of piece k at `u` seconds after its start.
    double piece_value(size_t k, double u) const;  // inline below: rotation keys call it 3x a key
    double piece_slope(size_t k, double u) const;
};

// ASSUMPTION(anim_seconds): u is seconds since the piece start (not ticks, not bank time).
inline double AnimScalar::piece_value(size_t k, double u) const {
    const AnimPiece& p = pieces[k];
    if (p.hold()) u = 0.0;
    const double a = p.a, b = p.b, c = p.c;
    if (kind == uint32_t(ScalarKind::Linear)) return a * u + b;  // seed 19, kind 2
    return ((a * u + b) * u + c) * u + p.base_value();           // seed 19, kind 1
}

struct AnimTrack {
    uint32_t entry_offset = 0;  // ROM offset of {nodeType, vectorOffset}
    int32_t node_type = 0;
    uint32_t vector_offset = 0;       // as stored (relative to kAnimBase)
    std::vector<AnimScalar> scalars;  // 6 or 3
};

struct AnimBank {
    uint32_t index = 0;
    uint32_t start = 0, end = 0, track_list = 0;  // ROM offsets
    float duration = 0;                           // seconds (assumption)
    bool empty() const { return start == end; }
    std::vector<AnimTrack> tracks;
    std::optional<Error> error;  // this bank is unusable; the others are not affected
};

struct AnimTables {
    bool present = false;  // the ROM reaches kAnimBase
    std::string absent_reason;
    float quantum = 0;            // seconds per tick (assumption)
    std::optional<Error> error;   // tables unreadable: every bank carries it too
    std::vector<AnimBank> banks;  // kAnimBankCount when present
};

// Sparse read-only view of a ROM: windows of bytes at absolute offsets inside
// a ROM of `size` bytes; bytes of the ROM no window covers read as zero.
struct RomWindows {
    uint64_t size = 0;
    std::vector<std::pair<uint32_t, ByteSpan>> windows;
    // Throws Truncated naming `offset` and `what` when [offset, offset+4) is
    // outside the ROM.
    uint32_t u32(uint64_t offset, const char* what) const;
    float f32(uint64_t offset, const char* what) const { return bits_to_f32(u32(offset, what)); }
    uint16_t u16(uint64_t offset, const char* what) const;
    uint8_t u8(uint64_t offset, const char* what) const;
    // The bytes from `offset` to the end of the window holding it (empty
    // where none does).
    ByteSpan from(uint64_t offset) const;
};

// Reads every bank. Never throws for bank content: a bank that fails keeps
// its own error. Every piece is charged to `budget`, so banks past the
// document's total fail with AllocationLimit.
AnimTables read_anim_tables(const RomWindows& rom, Budget& budget);

// Number of scalars a track of this node type carries (seed 18).
int scalars_for_type(int32_t node_type);

}  // namespace ripkit::hey_you_pikachu
