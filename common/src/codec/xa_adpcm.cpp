#include "ripkit/codec/xa_adpcm.hpp"

#include <algorithm>
#include <string>

#include "ripkit/error.hpp"

namespace ripkit::xa {

namespace {

constexpr int kK0[4] = {0, 60, 115, 98};
constexpr int kK1[4] = {0, 0, -52, -55};

inline int16_t clamp16(int32_t v) { return int16_t(std::clamp(v, -32768, 32767)); }

inline int32_t predict(const History& h, int filter) {
    return (h.old * kK0[filter] + h.older * kK1[filter] + 32) >> 6;
}

// Sample index (within the sector's 4032 interleaved values) of block b, sample j.
inline size_t out_index(size_t group, size_t block, size_t j, bool stereo) {
    if (stereo) return (group * 112 + (block / 2) * 28 + j) * 2 + (block & 1);
    return group * 224 + block * 28 + j;
}

}  // namespace

int16_t decode_sample(int nibble, int shift, int filter, History& h) {
    if (shift > 12) shift = 9;  // 13..15 act as 9 on the console
    const int32_t scaled = int32_t(int16_t(uint16_t(nibble & 0xF) << 12)) >> shift;
    const int16_t s = clamp16(scaled + predict(h, filter & 3));
    h.older = h.old;
    h.old = s;
    return s;
}

void decode_sector(ByteSpan payload, bool stereo, State& state, std::vector<int16_t>& out,
                   uint64_t payload_offset) {
    if (payload.size() < kPayloadSize)
        fail(ErrorKind::Truncated, payload_offset + payload.size(),
             "18 XA sound groups (2304 bytes), got " + std::to_string(payload.size()));
    const size_t base = out.size();
    out.resize(base + kSamplesPerSector);
    int16_t* dst = out.data() + base;
    for (size_t g = 0; g < kGroups; ++g) {
        const uint8_t* grp = payload.data() + g * kGroupSize;
        for (size_t b = 0; b < 8; ++b) {
            const uint8_t head = grp[4 + b];
            const int shift = head & 0x0F;
            const int filter = (head >> 4) & 0x03;
            History& h = state.ch[stereo ? (b & 1) : 0];
            for (size_t j = 0; j < kBlockSamples; ++j) {
                const int nib = (grp[16 + j * 4 + b / 2] >> ((b & 1) * 4)) & 0x0F;
                dst[out_index(g, b, j, stereo)] = decode_sample(nib, shift, filter, h);
            }
        }
    }
}

namespace {

struct BlockChoice {
    int filter = 0;
    int shift = 0;
    int64_t error = INT64_MAX;
    uint8_t nibbles[kBlockSamples] = {};
    History after;
};

// Encodes one block with a fixed filter/shift, stopping once it is no better
// than `best`.
BlockChoice try_block(const int16_t* x, size_t stride, int filter, int shift, History h,
                      int64_t best) {
    BlockChoice c;
    c.filter = filter;
    c.shift = shift;
    c.error = 0;
    const int32_t step = 1 << (12 - shift);
    for (size_t j = 0; j < kBlockSamples; ++j) {
        const int32_t pred = predict(h, filter);
        const int32_t r = int32_t(x[j * stride]) - pred;
        // Round to the nearest step (floor division keeps negatives symmetric).
        int32_t n = r >= 0 ? (r + step / 2) / step : -((-r + step / 2 - 1) / step);
        n = std::clamp(n, -8, 7);
        const int16_t dec = clamp16(n * step + pred);
        const int64_t d = int64_t(x[j * stride]) - dec;
        c.error += d * d;
        if (c.error >= best) return c;
        c.nibbles[j] = uint8_t(n & 0xF);
        h.older = h.old;
        h.old = dec;
    }
    c.after = h;
    return c;
}

BlockChoice encode_block(const int16_t* x, size_t stride, const History& h) {
    BlockChoice best;
    for (int filter = 0; filter < 4; ++filter)
        for (int shift = 0; shift <= 12; ++shift) {
            BlockChoice c = try_block(x, stride, filter, shift, h, best.error);
            if (c.error < best.error) best = c;
        }
    return best;
}

}  // namespace

Bytes encode_sector(std::span<const int16_t> samples, bool stereo, State& state) {
    if (samples.size() != kSamplesPerSector)
        fail_no_offset(ErrorKind::Usage,
                       "4032 samples for one XA sector, got " + std::to_string(samples.size()));
    Bytes out(kSectorSize, 0);
    for (size_t g = 0; g < kGroups; ++g) {
        uint8_t* grp = out.data() + g * kGroupSize;
        for (size_t b = 0; b < 8; ++b) {
            History& h = state.ch[stereo ? (b & 1) : 0];
            const size_t first = out_index(g, b, 0, stereo);
            const BlockChoice c = encode_block(samples.data() + first, stereo ? 2 : 1, h);
            h = c.after;
            const uint8_t head = uint8_t((c.filter << 4) | c.shift);
            grp[4 + b] = head;
            if (b < 4) grp[b] = head;
            if (b >= 4) grp[8 + b] = head;
            for (size_t j = 0; j < kBlockSamples; ++j)
                grp[16 + j * 4 + b / 2] |= uint8_t(c.nibbles[j] << ((b & 1) * 4));
        }
    }
    return out;
}

}  // namespace ripkit::xa
