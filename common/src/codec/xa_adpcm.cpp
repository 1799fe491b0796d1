#include "ripkit/codec/xa_adpcm.hpp"

#include <algorithm>
#include <string>

#include "ripkit/error.hpp"

namespace ripkit::xa {

namespace {

constexpr int kK0[4] = {0, 60, 115, 98};
constexpr int kK1[4] = {0, 0, -52, -55};

inline int16_t clamp16(int32_t v) { return int16_t(std::clamp(v, -32768, 32767)); }

}  // namespace

int32_t predict(const History& h, int filter) {
    return (h.old * kK0[filter] + h.older * kK1[filter] + 32) >> 6;
}

size_t sample_index(size_t group, size_t block, size_t j, bool stereo) {
    if (stereo) return (group * 112 + (block / 2) * 28 + j) * 2 + (block & 1);
    return group * 224 + block * 28 + j;
}

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
                dst[sample_index(g, b, j, stereo)] = decode_sample(nib, shift, filter, h);
            }
        }
    }
}

}  // namespace ripkit::xa
