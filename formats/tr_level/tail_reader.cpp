#include "tail_reader.hpp"

#include <cstring>
#include <string>

#include "ripkit/byte_reader.hpp"
#include "section_walk.hpp"

namespace ripkit::tr_level {

namespace {

constexpr uint16_t kNg = 0x474E;           // "NG"
constexpr size_t kFooterBytes = 8;         // "NGLE", u32 size
constexpr uint64_t kSmallestTrailer = 14;  // "NG", a zero u32, the footer

std::string n(uint64_t v) { return std::to_string(v); }

// One chunk header; returns false at the zero word that ends the chunks.
bool read_chunk(ByteReader& r, NgChunk& c) {
    c.at = r.abs_pos();
    if (r.remaining() < 4)
        fail(ErrorKind::Truncated, c.at,
             "the zero u32 that ends the NG chunks, before the footer at " + n(r.abs(r.size())));
    const uint16_t w0 = r.u16("NG chunk size");
    if (w0 == 0) {
        if (r.u16("NG end tag") != 0)
            fail(ErrorKind::BadValue, c.at, "a zero u32 after the last NG chunk");
        if (!r.at_end())
            fail(ErrorKind::BadValue, r.abs_pos(),
                 "the footer \"NGLE\" right after the zero u32 that ends the NG chunks (" +
                     n(r.remaining()) + " bytes between)");
        return false;
    }
    // ASSUMPTION(ng_chunk_size): bit 15 of the first word makes the count
    // 31-bit with a third header word, as TRNG's own ParseNgField reads.
    uint32_t header = 2;
    c.words = w0;
    if (w0 & 0x8000) {
        c.words = (uint32_t(w0 & 0x7FFF) << 16) | r.u16("NG chunk size (low word)");
        header = 3;
    }
    c.tag = r.u16("NG chunk tag");
    if (c.words < header)
        fail(ErrorKind::BadValue, c.at,
             "an NG chunk of at least its " + n(header) + " header words, got " + n(c.words));
    const uint64_t bytes = uint64_t(c.words - header) * 2;
    if (bytes > r.remaining())
        fail(ErrorKind::Truncated, c.at,
             "an NG chunk of " + n(c.words) + " words that ends before the footer at " +
                 n(r.abs(r.size())) + " (it would end at " + n(r.abs_pos() + bytes) + ")");
    r.skip(size_t(bytes), "NG chunk");
    return true;
}

// The trailer the footer describes, or none when the file does not end in
// "NGLE". `from`: the first byte after the geometry.
std::optional<NgTrailer> find_trailer(ByteSpan file, uint64_t from, Budget& budget) {
    if (file.size() - from < kFooterBytes) return std::nullopt;
    const uint64_t footer = file.size() - kFooterBytes;
    if (std::memcmp(file.data() + footer, "NGLE", 4) != 0) return std::nullopt;
    const uint32_t size = load_u32le(file.data() + footer + 4);
    const uint64_t room = file.size() - from;
    if (size < kSmallestTrailer || size > room)
        fail(ErrorKind::BadValue, footer + 4,
             "an NG trailer size of " + n(kSmallestTrailer) + " to " + n(room) +
                 " bytes (what follows the geometry), got " + n(size));
    NgTrailer ng;
    ng.size = size;
    ng.at = file.size() - size;
    ByteReader r(file.subspan(size_t(ng.at), size - kFooterBytes), ng.at);
    if (r.u16("NG") != kNg)
        fail(ErrorKind::BadValue, ng.at,
             "\"NG\" where the footer's size (" + n(size) + " at offset " + n(footer + 4) +
                 ") puts the trailer's start");
    NgChunk c;
    while (read_chunk(r, c)) {
        budget.alloc(1, sizeof(NgChunk), c.at, "NG chunks");
        ng.chunks.push_back(c);
    }
    return ng;
}

SampleSection read_samples(ByteReader& r, bool trng, Budget& budget) {
    SampleSection s;
    s.at = r.abs_pos();
    s.count = r.u32("sample count");
    // TRNG keeps its samples in MAIN.SFX and here only where each one is.
    if (trng && s.count > 0 && r.remaining() == uint64_t(s.count) * 8) {
        s.in_sfx = true;
        skip_records(r, s.count, 8, "MAIN.SFX sample entries");
    } else {
        need_records(r, s.count, 8, "samples");
        for (uint32_t i = 0; i < s.count; ++i) {
            budget.progress(i, s.count, "samples");
            r.u32("sample uncompressed size");
            const uint32_t bytes = r.u32("sample compressed size");
            r.skip(bytes, "sample " + n(i) + " data (" + n(bytes) + " bytes)");
        }
    }
    s.end = r.abs_pos();
    return s;
}

}  // namespace

Tail read_tail(ByteSpan file, uint64_t at, Budget& budget) {
    Tail t;
    t.ng = with_context("NG trailer", [&] { return find_trailer(file, at, budget); });
    const uint64_t end = t.ng ? t.ng->at : file.size();
    if (end == at) return t;
    ByteReader r(file.subspan(size_t(at), size_t(end - at)), at);
    t.samples = with_context("samples", [&] { return read_samples(r, t.ng.has_value(), budget); });
    if (r.at_end()) return t;
    if (t.ng)
        fail(ErrorKind::BadValue, r.abs_pos(),
             "the NG trailer right after the samples (it starts at " + n(end) + ", " +
                 n(r.remaining()) + " bytes later)");
    if (r.remaining() >= 2 && r.u16_at(r.pos()) == kNg)
        fail(ErrorKind::BadValue, r.abs_pos(),
             "an NG trailer that ends in its footer (\"NGLE\" and its size as the file's last 8 "
             "bytes)");
    t.unknown_at = r.abs_pos();
    t.unknown_bytes = r.remaining();
    return t;
}

const char* ng_tag_name(uint16_t tag) {
    switch (tag) {
        case 0x8002:
            return "animated textures";
        case 0x8005:
            return "moveables table";
        case 0x8009:
            return "extra room flags";
        case 0x800D:
            return "level flags";
        case 0x8017:
            return "partial textures";
        case 0x8018:
            return "remapped tails";
        case 0x8021:
            return "statics table";
        case 0x8024:
            return "level version";
        case 0x8025:
            return "TOM version";
        case 0x8037:
            return "room remap";
        case 0x8047:
            return "plugin names";
        case 0x8048:
            return "plugin floor table";
        case 0x804E:
            return "plugin id remap";
        default:
            return nullptr;
    }
}

}  // namespace ripkit::tr_level
