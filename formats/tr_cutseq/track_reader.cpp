#include "track_reader.hpp"

#include <algorithm>
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

namespace {

template <bool Mask>
int16_t stored(int16_t run) {
    return Mask ? static_cast<int16_t>(run & 1023) : run;
}

// `take` words of a literal run from word `off` added in turn to `run`: the
// bit position advances by the width instead of being multiplied out, and the
// width's mask and sign bit are made once (the decode's hottest loop).
template <bool Mask>
int16_t literal_run(int16_t* v, size_t take, const uint8_t* track, unsigned bits, uint32_t off,
                    int16_t run) {
    if (bits == 0) {
        for (size_t i = 0; i < take; ++i) v[i] = stored<Mask>(run);
        return run;
    }
    const uint32_t mask = (1u << bits) - 1u, sign = 1u << (bits - 1);
    uint64_t bit = uint64_t(off) * bits;
    for (size_t i = 0; i < take; ++i, bit += bits) {
        // Widths are at most 15 bits: a 32-bit window from the byte holds the word.
        const uint32_t w = (load_u32le(track + (bit >> 3)) >> (bit & 7)) & mask;
        run = static_cast<int16_t>(run + static_cast<int32_t>((w ^ sign) - sign));
        v[i] = stored<Mask>(run);
    }
    return run;
}

}  // namespace

void TrackDecoder::running(int16_t* v, size_t rows, int16_t start, bool mask) {
    if (mask)
        running_as<true>(v, rows, start);
    else
        running_as<false>(v, rows, start);
}

template <bool Mask>
void TrackDecoder::running_as(int16_t* v, size_t rows, int16_t start) {
    if (rows == 0) return;
    int16_t run = start;
    v[0] = stored<Mask>(run);
    size_t f = 1;
    while (f < rows && !spent_) {
        if (type_ == 0 && !command()) break;
        if (type_ == 2) {
            // A count of 0 is 65536 repeats (the engine's 16-bit counter wraps).
            const size_t k = std::min(rows - f, counter_ ? size_t(counter_) : size_t(65536));
            for (size_t i = 0; i < k; ++i)
                v[f++] = stored<Mask>(run = static_cast<int16_t>(run + data_));
            counter_ = static_cast<uint16_t>(counter_ - k);
            if (counter_ == 0) type_ = 0;
            continue;
        }
        const size_t k = std::min(rows - f, size_t(counter_));
        const size_t take = std::min(k, off_ < length_ ? size_t(length_ - off_) : size_t(0));
        run = literal_run<Mask>(v + f, take, track_, bits_, off_, run);
        f += take;
        off_ += static_cast<uint32_t>(take);
        counter_ = static_cast<uint16_t>(counter_ - take);
        if (take < k) {
            hold();
            break;
        }
        if (counter_ == 0) type_ = 0;
    }
    for (; f < rows; ++f) v[f] = stored<Mask>(run);
}

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

    // Track by track, each into its own run of the values (one decoder's
    // state stays in registers, its stores are sequential).
    for (int n = 0; n < nodes; ++n)
        for (int a = 0; a < 3; ++a) {
            const bool masked = kind == BlockKind::Actor && n > 0;
            decoders[size_t(n) * 3 + size_t(a)].running(
                out.tracks.track(n, a), static_cast<size_t>(frames), out.headers[n].key[a], masked);
        }
    for (const TrackDecoder& d : decoders) out.zero_repeat |= d.saw_zero_repeat();
    return out;
}

}  // namespace ripkit::tr_cutseq
