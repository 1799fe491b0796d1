#include "anim_reader.hpp"

#include <algorithm>
#include <cmath>

#include "ripkit/decode_item.hpp"
#include "ripkit/number_text.hpp"
#include "rom_layout.hpp"

namespace ripkit::hey_you_pikachu {

namespace {

// kAnimBase + a table value, refused when it lies past the ROM end (the
// stored value and the table entry are named, so a user can find both).
uint64_t resolve(const RomWindows& rom, uint32_t rel, uint64_t table_entry, const char* what) {
    const uint64_t at = uint64_t(kAnimBase) + rel;
    if (at > rom.size)
        fail(ErrorKind::BadIndex, table_entry,
             std::string(what) + " inside the ROM (kAnimBase + " + hex(rel) + " = " +
                 hex(uint32_t(std::min<uint64_t>(at, 0xFFFFFFFFu))) + " is past its end " +
                 hex(uint32_t(rom.size)) + ")");
    return at;
}

struct Reader {
    const RomWindows& rom;
    float quantum;
    Budget& budget;

    // The bytes from `at` to the end of the window holding it, within the
    // ROM: a stream's records are read from it in turn, the window found
    // again only where it ends.
    ByteSpan span_from(uint64_t at) const {
        if (at >= rom.size) return {};
        const ByteSpan w = rom.from(at);
        return w.first(size_t(std::min<uint64_t>(w.size(), rom.size - at)));
    }
    // The span for the record after one at `at` read from `w`.
    ByteSpan next_span(ByteSpan w, uint64_t at) const {
        return w.size() > 0x10 ? w.subspan(0x10) : span_from(at + 0x10);
    }

    // One record into `p`: straight from `w` (span_from(at)) when it holds
    // all 16 bytes, else byte by byte (zeros where no window covers, an
    // error past the ROM). Filled in place: a piece built on the stack and
    // copied stalls on its narrow stores.
    void record(uint64_t at, ByteSpan w, AnimPiece& p) const {
        p.offset = uint32_t(at);
        if (w.size() >= 0x10) {
            p.a = bits_to_f32(load_u32be(w.data()));
            p.b = bits_to_f32(load_u32be(w.data() + 4));
            p.c = bits_to_f32(load_u32be(w.data() + 8));
            p.base = int16_t(load_u16be(w.data() + 12));
            p.fraction = w[14];
            p.ticks = w[15];
            return;
        }
        p.a = rom.f32(at, "an animated scalar record (float a)");
        p.b = rom.f32(at + 4, "an animated scalar record (float b)");
        p.c = rom.f32(at + 8, "an animated scalar record (float c)");
        p.base = int16_t(rom.u16(at + 12, "an animated scalar record (s16 base)"));
        p.fraction = rom.u8(at + 14, "an animated scalar record (u8 fraction)");
        p.ticks = rom.u8(at + 15, "an animated scalar record (u8 ticks)");
    }

    // How many records the stream at `at` holds by its ticks bytes alone
    // (stopping early where stream() will fail), so it is charged and
    // reserved once.
    size_t count(uint64_t at, float duration) const {
        size_t n = 0;
        uint64_t ticks_total = 0;
        ByteSpan w = span_from(at);
        while (n < kMaxPiecesPerStream && at + 0x10 <= rom.size) {
            const uint8_t ticks =
                w.size() >= 0x10 ? w[15] : rom.u8(at + 15, "an animated scalar record (u8 ticks)");
            ++n;
            if (ticks == 0 || ticks == kHoldTicks) break;
            ticks_total += ticks;
            if (double(ticks_total) * double(quantum) >= double(duration)) break;
            w = next_span(w, at);
            at += 0x10;
        }
        return n;
    }

    std::vector<AnimPiece> stream(uint64_t at, float duration) {
        static const std::string kWhat = "animation pieces of the whole ROM";
        std::vector<AnimPiece> out;
        const size_t charged = count(at, duration);
        budget.alloc(charged, sizeof(AnimPiece), at, kWhat);
        budget.charge_steps(charged, kWhat, at);
        out.reserve(charged);
        uint64_t ticks_total = 0;
        ByteSpan w = span_from(at);
        for (;;) {
            if (out.size() >= kMaxPiecesPerStream)
                fail(ErrorKind::AllocationLimit, at,
                     "a record stream that reaches the bank duration (" + decimal(duration) +
                         " s) or a hold within " + std::to_string(kMaxPiecesPerStream) + " pieces");
            if (out.size() >= charged) {
                budget.alloc(1, sizeof(AnimPiece), at, kWhat);
                budget.charge_steps(1, kWhat, at);
            }
            AnimPiece& p = out.emplace_back();
            record(at, w, p);
            if (!std::isfinite(p.a) || !std::isfinite(p.b) || !std::isfinite(p.c))
                fail(ErrorKind::BadValue, at, "finite coefficients a, b, c in a scalar record");
            if (p.ticks == 0)
                fail(ErrorKind::BadValue, at + 15,
                     "a piece of at least 1 tick (ticks 0 would last zero seconds)");
            p.start_ticks = uint32_t(ticks_total);
            p.start = double(ticks_total) * double(quantum);
            if (p.hold()) {
                // ASSUMPTION(anim_hold): ticks 255 holds the piece's value at its start
                // for the rest of the bank and ends the stream.
                p.duration = std::max(0.0, double(duration) - p.start);
                break;
            }
            p.duration = double(p.ticks) * double(quantum);
            ticks_total += p.ticks;
            // ASSUMPTION(anim_hold): a stream ends when its pieces reach the bank
            // duration; the last value then holds.
            if (double(ticks_total) * double(quantum) >= double(duration)) break;
            w = next_span(w, at);
            at += 0x10;
        }
        return out;
    }

    AnimTrack track(uint64_t entry, int32_t type, uint32_t vector_rel, float duration) {
        AnimTrack t;
        t.entry_offset = uint32_t(entry);
        t.node_type = type;
        t.vector_offset = vector_rel;
        // ASSUMPTION(anim_offsets): vector offsets are relative to kAnimBase, like the tables'.
        const uint64_t vec = resolve(rom, vector_rel, entry + 4, "a track vector");
        const int n = scalars_for_type(type);
        for (int i = 0; i < n; ++i) {
            const uint64_t at = vec + uint64_t(i) * 8;
            AnimScalar s;
            s.offset = uint32_t(at);
            s.kind = rom.u32(at, "a scalar kind");
            s.value = rom.u32(at + 4, "a scalar value");
            switch (s.kind) {
                case uint32_t(ScalarKind::Constant):
                    s.constant = double(int32_t(s.value)) / 65536.0;
                    break;
                case uint32_t(ScalarKind::Cubic):
                case uint32_t(ScalarKind::Linear): {
                    // ASSUMPTION(anim_offsets): stream offsets are relative to kAnimBase.
                    const uint64_t st = resolve(rom, s.value, at + 4, "a scalar record stream");
                    s.pieces = with_context("scalar", i, [&] { return stream(st, duration); });
                    break;
                }
                default:
                    fail(ErrorKind::BadValue, at,
                         "scalar kind 0 (constant), 1 (cubic) or 2 (linear), got " +
                             std::to_string(s.kind));
            }
            t.scalars.push_back(std::move(s));
        }
        return t;
    }

    void bank(AnimBank& b, const std::optional<Error>& tables_error) {
        const uint32_t n = b.index;
        const uint64_t range = kAnimRangeTable + 4ull * n;
        b.start = uint32_t(
            resolve(rom, rom.u32(range, "a bank start (range table)"), range, "a bank start"));
        b.end = uint32_t(
            resolve(rom, rom.u32(range + 4, "a bank end (range table)"), range + 4, "a bank end"));
        const uint64_t tl = kAnimTrackTable + 4ull * n;
        const uint32_t tl_rel = rom.u32(tl, "a track list offset (track table)");
        b.track_list = uint32_t(std::min<uint64_t>(uint64_t(kAnimBase) + tl_rel, 0xFFFFFFFFu));
        const uint64_t du = kAnimDurationTable + 4ull * n;
        // ASSUMPTION(anim_seconds): the duration table holds seconds (the quantum's unit).
        b.duration = rom.f32(du, "a bank duration (duration table)");
        if (b.empty()) return;  // listed, no tracks; its other entries are not used
        if (tables_error) throw *tables_error;
        if (b.end < b.start)
            fail(ErrorKind::BadValue, range + 4,
                 "a bank end at or after its start (" + hex(b.start) + ", end " + hex(b.end) + ")");
        if (!std::isfinite(b.duration) || b.duration <= 0.0f)
            fail(ErrorKind::BadValue, du,
                 "a positive finite bank duration in seconds, got " + decimal(double(b.duration)));
        resolve(rom, tl_rel, tl, "a track list");
        uint64_t at = b.track_list;
        for (;;) {
            if (b.tracks.size() >= kMaxTracksPerBank)
                fail(ErrorKind::AllocationLimit, at,
                     "a track list ending (node type <= 0) within " +
                         std::to_string(kMaxTracksPerBank) + " tracks");
            const int32_t type = int32_t(rom.u32(at, "a track entry (s32 node type)"));
            if (type <= 0) break;
            const uint32_t vec = rom.u32(at + 4, "a track entry (u32 vector offset)");
            b.tracks.push_back(with_context("track", b.tracks.size(),
                                            [&] { return track(at, type, vec, b.duration); }));
            at += 8;
        }
    }
};

}  // namespace

uint8_t RomWindows::u8(uint64_t offset, const char* what) const {
    if (offset >= size)
        fail(ErrorKind::Truncated, offset,
             std::string(what) + " inside the ROM (it ends at " + hex(uint32_t(size)) + ")");
    const ByteSpan w = from(offset);
    return w.empty() ? 0 : w[0];
}

ByteSpan RomWindows::from(uint64_t offset) const {
    for (const auto& [at, bytes] : windows)
        if (offset >= at && offset - at < bytes.size()) return bytes.subspan(size_t(offset - at));
    return {};
}

uint16_t RomWindows::u16(uint64_t offset, const char* what) const {
    if (offset + 2 > size) u8(size, what);  // throws naming the offset
    return uint16_t(u8(offset, what) << 8 | u8(offset + 1, what));
}

uint32_t RomWindows::u32(uint64_t offset, const char* what) const {
    if (offset + 4 > size)
        fail(ErrorKind::Truncated, offset,
             std::string(what) + " inside the ROM (it ends at " + hex(uint32_t(size)) + ")");
    // Fast path: the whole word in one window.
    if (const ByteSpan w = from(offset); w.size() >= 4) return load_u32be(w.data());
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v = v << 8 | u8(offset + uint64_t(i), what);
    return v;
}

int scalars_for_type(int32_t node_type) { return node_type < kAnimShortTrackType ? 6 : 3; }

AnimTables read_anim_tables(const RomWindows& rom, Budget& budget) {
    AnimTables t;
    if (rom.size < kAnimBase) {
        t.absent_reason = "the ROM ends at " + hex(uint32_t(rom.size)) +
                          ", before the animation base " + hex(kAnimBase);
        return t;
    }
    t.present = true;
    try {
        t.quantum = rom.f32(kAnimTimeQuantum, "the time quantum");
        // ASSUMPTION(anim_seconds): the quantum is seconds per tick.
        if (!std::isfinite(t.quantum) || t.quantum <= 0.0f)
            fail(ErrorKind::BadValue, kAnimTimeQuantum,
                 "a positive finite time quantum (seconds per tick), got " +
                     decimal(double(t.quantum)));
    } catch (const Error& e) {
        t.error = e;
    }
    Reader r{rom, t.quantum, budget};
    t.banks.resize(kAnimBankCount);
    for (uint32_t n = 0; n < kAnimBankCount; ++n) {
        AnimBank& b = t.banks[n];
        b.index = n;
        b.error = decode_item(budget, "bank " + std::to_string(n), [&] { r.bank(b, t.error); });
        if (b.error) b.tracks.clear();
    }
    return t;
}

size_t AnimScalar::piece_at(double t) const {
    if (pieces.empty()) return 0;
    auto it = std::upper_bound(pieces.begin(), pieces.end(), t,
                               [](double v, const AnimPiece& p) { return v < p.start; });
    return it == pieces.begin() ? 0 : size_t(it - pieces.begin()) - 1;
}

int AnimScalar::degree(size_t k) const {
    const AnimPiece& p = pieces[k];
    if (p.hold()) return 0;
    if (kind == uint32_t(ScalarKind::Linear)) return p.a != 0.0f ? 1 : 0;
    if (p.a != 0.0f || p.b != 0.0f) return 3;
    return p.c != 0.0f ? 1 : 0;
}

double AnimScalar::piece_slope(size_t k, double u) const {
    const AnimPiece& p = pieces[k];
    if (p.hold()) return 0.0;
    if (kind == uint32_t(ScalarKind::Linear)) return p.a;
    return (3.0 * p.a * u + 2.0 * p.b) * u + p.c;
}

double AnimScalar::eval(double t) const {
    if (pieces.empty()) return constant;
    const size_t k = piece_at(t);
    const AnimPiece& p = pieces[k];
    return piece_value(k, std::clamp(t - p.start, 0.0, p.duration));
}

double AnimScalar::eval_left(double t) const {
    if (pieces.empty()) return constant;
    size_t k = piece_at(t);
    if (k > 0 && pieces[k].start >= t) --k;
    const AnimPiece& p = pieces[k];
    return piece_value(k, std::clamp(t - p.start, 0.0, p.duration));
}

}  // namespace ripkit::hey_you_pikachu
