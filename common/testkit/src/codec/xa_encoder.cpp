#include "ripkit/codec/xa_encoder.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

#include "ripkit/error.hpp"

namespace ripkit::xa {

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
        // The decoder's own step, so the history stays what a console holds.
        const int16_t dec = decode_sample(n & 0xF, shift, filter, h);
        const int64_t d = int64_t(x[j * stride]) - dec;
        c.error += d * d;
        if (c.error >= best) return c;
        c.nibbles[j] = uint8_t(n & 0xF);
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
            const size_t first = sample_index(g, b, 0, stereo);
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
