#include "cutseq_writer.hpp"

#include <algorithm>
#include <string>

#include "cutseq_reader.hpp"
#include "ripkit/codec/zlib.hpp"
#include "ripkit/error.hpp"
#include "track_reader.hpp"

namespace ripkit::tr_cutseq {

namespace {

unsigned width_for(int32_t v) {
    unsigned b = 1;
    const int64_t x = v;
    while (b < 32 && (x < -(int64_t{1} << (b - 1)) || x > (int64_t{1} << (b - 1)) - 1)) ++b;
    return b;
}

size_t run_length(std::span<const int32_t> d, size_t i) {
    size_t r = 1;
    while (i + r < d.size() && d[i + r] == d[i]) ++r;
    return r;
}

}  // namespace

EncodedTrack encode_track(std::span<const int32_t> deltas) {
    EncodedTrack t;
    for (int32_t v : deltas) t.bits = std::max(t.bits, width_for(v));
    if (t.bits > 15)
        fail_no_offset(ErrorKind::BadValue,
                       "per-frame deltas within the 15-bit range -16384..16383");
    size_t i = 0;
    while (i < deltas.size()) {
        const size_t run = run_length(deltas, i);
        if (run >= 2) {
            const size_t n = std::min<size_t>(run, 255);
            if (n <= 7) {
                t.words.push_back(static_cast<int32_t>(n));
                t.words.push_back(deltas[i]);
            } else {
                t.words.push_back(static_cast<int32_t>(0x10 | (n >> 5)));
                t.words.push_back(static_cast<int32_t>(n & 0x1F));
                t.words.push_back(deltas[i]);
            }
            i += n;
            continue;
        }
        size_t n = 1;  // literal run: stop before the next pair of equal deltas
        while (n < 16 && i + n < deltas.size() && run_length(deltas, i + n) < 2) ++n;
        t.words.push_back(static_cast<int32_t>(0x20 | (n & 0xF)));
        t.words.insert(t.words.end(), deltas.begin() + static_cast<ptrdiff_t>(i),
                       deltas.begin() + static_cast<ptrdiff_t>(i + n));
        i += n;
    }
    if (t.words.size() > 0xFFFF)
        fail_no_offset(ErrorKind::BadValue, "a track of at most 65535 words");
    t.bytes.assign(track_bytes(t.bits, static_cast<uint16_t>(t.words.size())), 0);
    const uint32_t mask = (1u << t.bits) - 1u;
    for (size_t w = 0; w < t.words.size(); ++w) {
        const uint64_t bit = static_cast<uint64_t>(w) * t.bits;
        const uint32_t v = (static_cast<uint32_t>(t.words[w]) & mask) << (bit & 7);
        for (size_t b = 0; b < 3; ++b)
            t.bytes[(bit >> 3) + b] |= static_cast<uint8_t>(v >> (8 * b));
    }
    return t;
}

namespace {

void write_node_block(ByteWriter& w, const NodeTracks& tr, bool actor) {
    const int frames = tr.frames;
    std::vector<EncodedTrack> tracks;
    for (int n = 0; n < tr.nodes; ++n) {
        for (int a = 0; a < 3; ++a) {
            const bool masked = actor && n > 0;
            std::vector<int32_t> deltas;
            deltas.reserve(static_cast<size_t>(std::max(frames - 1, 0)));
            for (int f = 1; f < frames; ++f) {
                const int32_t d = tr.at(f, n, a) - tr.at(f - 1, n, a);
                // Masked angles only matter modulo 1024, unmasked values modulo 65536:
                // take the shortest delta either way.
                deltas.push_back(masked ? ((d + 512) & 1023) - 512
                                        : static_cast<int16_t>(static_cast<uint16_t>(d)));
            }
            tracks.push_back(encode_track(deltas));
        }
    }
    for (int n = 0; n < tr.nodes; ++n) {
        const EncodedTrack* t = &tracks[static_cast<size_t>(n) * 3];
        for (int a = 0; a < 3; ++a) {
            const int16_t key = tr.frames ? tr.at(0, n, a) : 0;
            w.s16(actor && n > 0 ? static_cast<int16_t>(key & 1023) : key);
        }
        w.u16(static_cast<uint16_t>((t[0].bits << 10) | (t[1].bits << 5) | t[2].bits));
        for (int a = 0; a < 3; ++a) w.u16(static_cast<uint16_t>(t[a].words.size()));
    }
    for (const EncodedTrack& t : tracks) w.raw(t.bytes);
}

}  // namespace

Bytes write_block(const Cutscene& c) {
    if (c.frames < 1 || c.frames > 32767) fail_no_offset(ErrorKind::BadValue, "1..32767 frames");
    ByteWriter w;
    w.s16(static_cast<int16_t>(c.actors.size()));
    w.s16(static_cast<int16_t>(c.frames));
    for (int32_t o : c.origin) w.s32(o);
    w.s32(c.audio_track);
    const size_t camera_slot = w.size();
    w.u32(0);
    std::vector<size_t> actor_slots;
    for (const Actor& a : c.actors) {
        actor_slots.push_back(w.size());
        w.u32(0);
        w.s16(a.slot);
        w.s16(static_cast<int16_t>(a.meshes));
    }
    w.put_u32(camera_slot, static_cast<uint32_t>(w.size()));
    write_node_block(w, c.camera, false);
    for (size_t i = 0; i < c.actors.size(); ++i) {
        w.align(4);
        w.put_u32(actor_slots[i], static_cast<uint32_t>(w.size()));
        write_node_block(w, c.actors[i].tracks, true);
    }
    w.align(4);
    return w.bytes();
}

Bytes write_bin(const std::vector<Cutscene>& cutscenes, int entries) {
    if (entries < 1 || entries > kMaxEntries)
        fail_no_offset(ErrorKind::Usage, "a table of 1..255 entries");
    ByteWriter w;
    w.raw(std::string_view(kSignature, 8));
    w.zeros(8 * static_cast<size_t>(entries));
    for (const Cutscene& c : cutscenes) {
        if (c.index < 1 || c.index > entries)
            fail_no_offset(ErrorKind::Usage, "cutscene indices 1.." + std::to_string(entries));
        if (c.empty) continue;
        const Bytes block = write_block(c);
        w.put_u32(8 * static_cast<size_t>(c.index), static_cast<uint32_t>(w.size()));
        w.put_u32(8 * static_cast<size_t>(c.index) + 4, static_cast<uint32_t>(block.size()));
        w.raw(block);
    }
    return w.bytes();
}

Bytes write_pak(const std::vector<Cutscene>& cutscenes, int entries) {
    const Bytes bin = write_bin(cutscenes, entries);
    ByteWriter w;
    w.u32(static_cast<uint32_t>(bin.size()));
    w.raw(codec::zlib_deflate(bin));
    return w.bytes();
}

}  // namespace ripkit::tr_cutseq
