// CD-XA ADPCM (4-bit, Level B/C) as the PlayStation CD-ROM controller
// decodes it. (The encoder, for tests and samples, is the core test kit's
// ripkit/codec/xa_encoder.hpp.)
//
// Rounding rule: the single rounding of psx-spx and the MiSTer core,
//   prediction = (old * K0 + older * K1 + 32) >> 6,
// which is also what ffmpeg's adpcm_xa decoder computes (DuckStation shifts
// each product separately and can differ by up to 86).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "ripkit/byte_reader.hpp"

namespace ripkit::xa {

constexpr size_t kGroups = 18;
constexpr size_t kGroupSize = 128;
constexpr size_t kPayloadSize = kGroups * kGroupSize;  // 2304 of the 2324 Form 2 bytes
constexpr size_t kSectorSize = 2324;                   // payload + 20 zero bytes
constexpr size_t kBlockSamples = 28;
constexpr size_t kSamplesPerSector = kGroups * 8 * kBlockSamples;  // 4032 (all channels)

// The two previous outputs of one channel; carried across the sectors of a stream.
struct History {
    int32_t old = 0;
    int32_t older = 0;
};

struct State {
    History ch[2];  // mono uses ch[0]
};

// Decodes one sector's 18 sound groups (4-bit samples) and appends 4032
// interleaved values to `out`. `payload_offset` is the absolute file offset
// used in errors. Throws Truncated when fewer than 2304 bytes are given.
void decode_sector(ByteSpan payload, bool stereo, State& state, std::vector<int16_t>& out,
                   uint64_t payload_offset = 0);

// The decoder's single step (exposed for the encoder and for tests that
// compute by hand), its prediction from the two previous outputs, and where
// sample j of sound block `block` of group `group` lands among the 4032
// interleaved values.
int16_t decode_sample(int nibble, int shift, int filter, History& h);
int32_t predict(const History& h, int filter);
size_t sample_index(size_t group, size_t block, size_t j, bool stereo);

}  // namespace ripkit::xa
