#include "cutseq_reader.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "ripkit/codec/zlib.hpp"
#include "ripkit/decode_item.hpp"
#include "ripkit/error.hpp"
#include "track_reader.hpp"

namespace ripkit::tr_cutseq {

const char* variant_name(Variant v) {
    switch (v) {
        case Variant::Tr4:
            return "tr4";
        case Variant::Tr5:
            return "tr5";
        case Variant::Block:
            return "block";
    }
    return "tr5";
}

bool has_signature(ByteSpan data) {
    return data.size() >= 8 && std::memcmp(data.data(), kSignature, 8) == 0;
}

bool looks_like_pak(ByteSpan data) {
    if (data.size() < 4 + 2 + 4) return false;
    const uint8_t cmf = data[4], flg = data[5];
    return cmf == 0x78 && ((cmf << 8) | flg) % 31 == 0 && !(flg & 0x20);
}

namespace {

constexpr size_t kHeaderBytes = 24;  // numactors .. camera_offset
constexpr size_t kActorHeaderBytes = 8;

// `values` running values about to be decoded (and as many track steps).
void charge_values(Budget& budget, uint64_t values, uint64_t offset) {
    budget.alloc(values, sizeof(int16_t), offset, "decoded track values");
    budget.charge_steps(values, "decoded track values", offset);
}

}  // namespace

bool looks_like_block(ByteSpan data, uint64_t file_size) {
    const uint64_t size = std::max<uint64_t>(file_size, data.size());
    if (data.size() < kHeaderBytes + 28) return false;
    const int16_t actors = static_cast<int16_t>(load_u16le(data.data()));
    const int16_t frames = static_cast<int16_t>(load_u16le(data.data() + 2));
    if (actors < 0 || actors > 64 || frames < 1) return false;
    const size_t table_end = kHeaderBytes + kActorHeaderBytes * static_cast<size_t>(actors);
    const uint32_t cam = load_u32le(data.data() + 20);
    if (table_end > data.size() || cam < table_end || cam > size - 28) return false;
    for (int a = 0; a < actors; ++a) {
        const uint8_t* p = data.data() + kHeaderBytes + kActorHeaderBytes * a;
        const uint32_t off = load_u32le(p);
        const int16_t nodes = static_cast<int16_t>(load_u16le(p + 6));
        if (off < table_end || off >= size || nodes < 1 || nodes > 256) return false;
    }
    return true;
}

Cutscene read_cutscene(const ByteReader& data, int index, Budget& budget,
                       std::vector<std::string>& warnings) {
    const Limits& limits = budget.limits();
    Cutscene c;
    c.index = index;
    c.empty = false;
    ByteReader r = data;
    const int16_t numactors = r.s16("numactors");
    const int16_t numframes = r.s16("numframes");
    if (numactors < 0)
        r.fail_at(0, ErrorKind::BadValue, "numactors >= 0, got " + std::to_string(numactors));
    if (numframes < 1)
        r.fail_at(2, ErrorKind::BadValue, "numframes >= 1, got " + std::to_string(numframes));
    c.frames = numframes;
    for (int a = 0; a < 3; ++a) c.origin[a] = r.s32("origin");
    c.audio_track = r.s32("audio_track");
    c.camera_offset = r.u32("camera_offset");
    check_alloc(limits, static_cast<uint64_t>(numactors), kActorHeaderBytes, r.abs_pos(), "actors");
    r.need(kActorHeaderBytes * static_cast<size_t>(numactors),
           std::to_string(numactors) + " actor headers");
    struct Head {
        uint32_t offset;
        int16_t slot, nodes;
    };
    std::vector<Head> heads(static_cast<size_t>(numactors));
    for (Head& h : heads) {
        h.offset = r.u32("actor data offset");
        h.slot = r.s16("actor object slot");
        h.nodes = r.s16("actor nodes");
        if (h.nodes < 0)
            r.fail_at(r.pos() - 2, ErrorKind::BadValue,
                      "actor nodes >= 0, got " + std::to_string(h.nodes));
    }
    with_context("camera", [&] {
        if (c.camera_offset >= data.size())
            data.fail_at(20, ErrorKind::BadIndex,
                         "a camera offset below the block size " + std::to_string(data.size()) +
                             ", got " + std::to_string(c.camera_offset));
        charge_values(budget, static_cast<uint64_t>(c.frames) * 6, data.abs(20));
        DecodedBlock b =
            decode_node_block(data, c.camera_offset, 2, c.frames, BlockKind::Camera, limits);
        c.camera = std::move(b.tracks);
        c.camera_headers = std::move(b.headers);
        // The scene cannot aim a camera that sits on its target or straight
        // above or below it (no heading): it holds the last orientation.
        int held = 0;
        for (int f = 0; f < c.frames; ++f)
            held += c.camera.at(f, 0, 0) == c.camera.at(f, 1, 0) &&
                    c.camera.at(f, 0, 2) == c.camera.at(f, 1, 2);
        if (held)
            warnings.push_back("cutscene " + std::to_string(index) +
                               " camera: " + std::to_string(held) +
                               " frames with the target on the camera's vertical; the last "
                               "orientation is held there");
        if (b.zero_repeat)
            warnings.push_back("cutscene " + std::to_string(index) +
                               " camera: repeat count 0 (wraps as in the engine)");
    });
    c.actors.reserve(heads.size());
    for (size_t i = 0; i < heads.size(); ++i) {
        with_context("actor " + std::to_string(i), [&] {
            const Head& h = heads[i];
            const size_t at = kHeaderBytes + kActorHeaderBytes * i;
            if (h.offset >= data.size())
                data.fail_at(at, ErrorKind::BadIndex,
                             "an actor offset below the block size " + std::to_string(data.size()) +
                                 ", got " + std::to_string(h.offset));
            const int nodes = h.nodes + 1;
            charge_values(budget, static_cast<uint64_t>(c.frames) * nodes * 3, data.abs(at));
            DecodedBlock b =
                decode_node_block(data, h.offset, nodes, c.frames, BlockKind::Actor, limits);
            Actor act;
            act.slot = h.slot;
            act.meshes = h.nodes;
            act.tracks = std::move(b.tracks);
            act.headers = std::move(b.headers);
            if (b.zero_repeat)
                warnings.push_back("cutscene " + std::to_string(index) + " actor " +
                                   std::to_string(i) + ": repeat count 0 (wraps as in the engine)");
            c.actors.push_back(std::move(act));
        });
    }
    return c;
}

namespace {

// With --set entries=N a table that does not fit the data is the setting's
// fault when the data alone gives a table: a usage error saying so.
[[noreturn]] void fail_entry(const ByteReader& r, size_t at, ErrorKind data_kind,
                             const std::string& expected, const CutseqFile& out) {
    if (!out.entries_set || out.inferred_entries == 0) r.fail_at(at, data_kind, expected);
    r.fail_at(at, ErrorKind::Usage,
              expected + "; --set entries=" + std::to_string(out.table_entries) +
                  " disagrees with the data, which reads as " +
                  std::to_string(out.inferred_entries) + " entries");
}

// The entries and their places; no cutscene is decoded. An entry whose data
// lies outside the file keeps that error (a usage error - --set entries
// against the data - ends the open).
// `file`: the file's head (kHeaderLimit bytes or all of it), of `file_size` bytes in all.
void read_table(ByteSpan file, uint64_t file_size, Variant variant, std::optional<int> set,
                Budget& budget, CutseqFile& out) {
    ByteReader r(file);
    const TableScan scan = scan_table(file, file_size);
    if (set) {
        out.entries_set = true;
        out.inferred_entries =
            scan.valid > 0 && scan.later_used == 0 ? table_length(scan, variant) : 0;
        out.table_entries = *set;
    } else {
        out.table_entries = out.inferred_entries =
            infer_entries(file, file_size, scan, variant, out.warnings);
    }
    const int entries = out.table_entries;
    const uint64_t table_end = 8 + 8 * static_cast<uint64_t>(entries);
    if (table_end > file_size)
        fail_entry(r, 8, ErrorKind::Truncated,
                   "a table of " + std::to_string(entries) + " cutscene entries (" +
                       std::to_string(table_end) + " bytes) inside the " +
                       std::to_string(file_size) + "-byte file",
                   out);
    for (int k = 1; k <= entries; ++k) {
        Cutscene c;
        c.index = k;
        c.offset = r.u32_at(8 * static_cast<size_t>(k), "cutscene offset");
        c.size = r.u32_at(8 * static_cast<size_t>(k) + 4, "cutscene size");
        if (!entry_unused(c.offset, c.size)) {
            c.empty = false;
            c.error = decode_item(budget, "cutscene " + std::to_string(k), [&] {
                if (c.offset < table_end || c.offset > file_size || c.size > file_size - c.offset)
                    fail_entry(r, 8 * static_cast<size_t>(k), ErrorKind::BadIndex,
                               "a cutscene [" + std::to_string(c.offset) + ", +" +
                                   std::to_string(c.size) + ") after the " +
                                   std::to_string(entries) + "-entry table (byte " +
                                   std::to_string(table_end) + ") and inside the " +
                                   std::to_string(file_size) + "-byte file",
                               out);
            });
        }
        out.cutscenes.push_back(std::move(c));
    }
}

// A bare block is the whole file: its error is the file's.
Cutscene read_block(ByteSpan input, Budget& budget, std::vector<std::string>& warnings) {
    return with_context("cutscene data block", [&] {
        Cutscene c = read_cutscene(ByteReader(input), 1, budget, warnings);
        c.offset = 0;
        c.size = static_cast<uint32_t>(std::min<uint64_t>(input.size(), UINT32_MAX));
        return c;
    });
}

}  // namespace

namespace {

void check_entries_option(const ReadOptions& options) {
    if (options.entries && (*options.entries < 1 || *options.entries > kMaxEntries))
        fail_no_offset(ErrorKind::Usage, "entries between 1 and 255");
}

// A TR5 BIN's table from `head` (the file's first kHeaderLimit bytes, or all of it).
CutseqTable read_tr5_table(ByteSpan head, uint64_t file_size, const ReadOptions& options,
                           Budget& budget) {
    CutseqTable t;
    CutseqFile& out = t.file;
    out.variant = Variant::Tr5;
    out.file_size = out.decompressed_size = file_size;
    read_table(head.first(std::min<size_t>(head.size(), kHeaderLimit)), file_size, Variant::Tr5,
               options.entries, budget, out);
    return t;
}

}  // namespace

CutseqTable read_cutseq_table(ByteSpan input, const ReadOptions& options, Budget& budget) {
    if (input.empty()) fail(ErrorKind::Truncated, 0, "a CUTSEQ.PAK/BIN file (the file is empty)");
    check_entries_option(options);
    if (has_signature(input)) return read_tr5_table(input, input.size(), options, budget);
    CutseqTable t;
    CutseqFile& out = t.file;
    out.file_size = input.size();
    if (looks_like_pak(input)) {
        out.variant = Variant::Tr4;
        ByteReader r(input);
        const uint32_t size = r.u32("uncompressed size");
        // The inflated file is held as long as the table (its entries point into it).
        budget.charge_bytes(size, "the inflated CUTSEQ data", 0);
        t.inflated = codec::zlib_inflate(input.subspan(4), size, budget.limits(), 4);
        out.decompressed_size = t.inflated.size();
        if (!has_signature(t.inflated))
            fail(ErrorKind::WrongFormat, 0, "decompressed data starting with \"(C) DEL!\"");
        with_context("decompressed CUTSEQ data", [&] {
            read_table(t.inflated, t.inflated.size(), Variant::Tr4, options.entries, budget, out);
        });
        return t;
    }
    out.variant = Variant::Block;
    out.decompressed_size = input.size();
    out.table_entries = out.inferred_entries = 1;
    out.cutscenes.push_back(read_block(input, budget, out.warnings));
    return t;
}

CutseqTable read_cutseq_table(const ByteSource& input, const ReadOptions& options, Budget& budget) {
    Bytes head_bytes;
    const ByteSpan head = input.read(0, std::min<uint64_t>(input.size(), kHeaderLimit),
                                     "the CUTSEQ header", head_bytes);
    if (has_signature(head)) {
        check_entries_option(options);
        return read_tr5_table(head, input.size(), options, budget);
    }
    Bytes whole;
    return read_cutseq_table(input.read(0, input.size(), "the CUTSEQ file", whole), options,
                             budget);
}

Cutscene decode_entry(const ByteSource& data, const Cutscene& entry, Budget& budget,
                      std::vector<std::string>& warnings) {
    if (entry.empty || entry.error) return entry;
    Cutscene c = entry;
    c.error = decode_item(budget, "cutscene " + std::to_string(entry.index), [&] {
        // Bytes read from a file are held while their cutscene decodes.
        const uint64_t read = data.in_memory() ? 0 : entry.size;
        budget.charge_bytes(read, "the cutscene's bytes read from the file", entry.offset);
        Bytes scratch;
        const ByteReader block(data.read(entry.offset, entry.size, "cutscene data", scratch),
                               entry.offset);
        c = read_cutscene(block, entry.index, budget, warnings);
        c.offset = entry.offset;
        c.size = entry.size;
        budget.release_bytes(read);
    });
    return c;
}

CutseqFile read_cutseq(ByteSpan input, const ReadOptions& options, Budget& budget) {
    CutseqTable t = read_cutseq_table(input, options, budget);
    if (t.file.variant == Variant::Block) return std::move(t.file);
    const std::shared_ptr<const ByteSource> data =
        view_source(t.file.variant == Variant::Tr4 ? ByteSpan(t.inflated) : input);
    const size_t n = t.file.cutscenes.size();
    for (size_t k = 0; k < n; ++k) {
        Cutscene& c = t.file.cutscenes[k];
        budget.progress(k + 1, n, "cutscene " + std::to_string(c.index));
        c = decode_entry(*data, c, budget, t.file.warnings);
    }
    if (t.file.variant == Variant::Tr4) budget.release_bytes(t.inflated.size());
    return std::move(t.file);
}

}  // namespace ripkit::tr_cutseq
