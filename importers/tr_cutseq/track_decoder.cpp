#include "track_decoder.hpp"

#include <string>

#include "ripkit/error.hpp"

namespace ripkit::tr_cutseq {

namespace {

NodeHeader read_header(ByteReader& r) {
    NodeHeader h;
    for (int a = 0; a < 3; ++a) h.key[a] = r.s16("node start value");
    h.packmethod = r.u16("packmethod");
    for (int a = 0; a < 3; ++a) h.length[a] = r.u16("track length");
    return h;
}

}  // namespace

DecodedBlock decode_node_block(const ByteReader& data, size_t at, int nodes, int frames,
                               BlockKind kind, const Limits& limits) {
    DecodedBlock out;
    check_alloc(limits, static_cast<uint64_t>(nodes), 14, data.abs(at), "node headers");
    data.need_at(at, static_cast<size_t>(nodes) * 14, std::to_string(nodes) + " node headers");
    ByteReader r = data;
    r.seek(at, "node block");
    out.headers.reserve(static_cast<size_t>(nodes));
    for (int n = 0; n < nodes; ++n) out.headers.push_back(read_header(r));

    // Track byte ranges first, so a short block fails before any allocation.
    std::vector<TrackDecoder> decoders;
    decoders.reserve(static_cast<size_t>(nodes) * 3);
    size_t pos = r.pos();
    for (int n = 0; n < nodes; ++n) {
        for (int a = 0; a < 3; ++a) {
            const NodeHeader& h = out.headers[n];
            const size_t bytes = track_bytes(h.bits(a), h.length[a]);
            data.need_at(pos, bytes,
                         "node " + std::to_string(n) + " axis " + std::string(1, "XYZ"[a]) +
                             " track of " + std::to_string(h.length[a]) + " words x " +
                             std::to_string(h.bits(a)) + " bits");
            decoders.emplace_back(data.data().data() + pos, h.bits(a), h.length[a]);
            pos += bytes;
        }
    }
    out.end = pos;

    const uint64_t count = static_cast<uint64_t>(frames) * static_cast<uint64_t>(nodes) * 3;
    check_alloc(limits, count, sizeof(int16_t), data.abs(at), "decoded track values");
    out.tracks.nodes = nodes;
    out.tracks.frames = frames;
    out.tracks.values.resize(static_cast<size_t>(count));

    // Track by track (one decoder's state stays in registers), each value
    // landing in its frame's row.
    const size_t stride = static_cast<size_t>(nodes) * 3;
    for (int n = 0; n < nodes; ++n) {
        const bool masked = kind == BlockKind::Actor && n > 0;
        for (int a = 0; a < 3; ++a) {
            TrackDecoder& d = decoders[size_t(n) * 3 + a];
            int16_t* v = out.tracks.values.data() + size_t(n) * 3 + a;
            int16_t run = out.headers[n].key[a];
            for (int f = 0; f < frames; ++f, v += stride) {
                if (f > 0) run = static_cast<int16_t>(run + d.next());
                *v = masked ? static_cast<int16_t>(run & 1023) : run;
            }
        }
    }
    for (const TrackDecoder& d : decoders) out.zero_repeat |= d.saw_zero_repeat();
    return out;
}

}  // namespace ripkit::tr_cutseq
