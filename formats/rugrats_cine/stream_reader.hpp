// The decoded cinematic stream: header sector and frame records, exactly as
// the seed's sector layout holds them (values as stored, quaternion parts as
// the signed 13-bit integers), plus where each came from.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "ripkit/byte_reader.hpp"
#include "ripkit/limits.hpp"

namespace ripkit::rugrats_cine {

constexpr uint32_t kMagic = 0xf00dbabe;
constexpr uint32_t kMagicAlt = 0xbabed00d;
constexpr uint16_t kDead = 0xdead;
constexpr uint32_t kEndMarker = 0xdddddddd;

using Quat13 = std::array<int32_t, 4>;  // (x, y, z, w) = (q0, q1, q2, q3), any scale
using Vec3i = std::array<int32_t, 3>;

struct Header {
    uint32_t magic = kMagic;
    uint16_t version = 3;
    uint16_t frames = 0;
    Bytes setup;  // opaque
};

struct ActorRecord {
    Quat13 q{};
    Vec3i position{};
    int16_t id = 0;
    uint16_t unknown_16 = 0;
    uint8_t mouth = 0;  // 4-bit field
    uint8_t eyes = 0;   // 2-bit field
};

struct PoseKey {
    uint8_t channel = 0;  // 6 bits
    Quat13 q{};
};

struct PoseRecord {
    Vec3i position{};
    uint16_t id = 0;
    uint8_t mouth = 0;  // 4-bit field
    uint8_t eyes = 0;   // 2-bit field
    std::vector<PoseKey> keys;
};

struct FrameRecord {
    uint16_t frame = 0;
    uint16_t unknown_02 = 0;
    size_t sector = 0;  // index of the sector in the file
    Vec3i camera_position{};
    Quat13 camera_q{};
    std::vector<ActorRecord> actors;
    std::vector<PoseRecord> poses;
};

// Two 13-bit signed parts and a 6-bit count from one record word.
struct PackedWord {
    int32_t lo = 0;    // bits 0-12
    int32_t hi = 0;    // bits 13-25
    uint32_t top = 0;  // bits 26-31
};
PackedWord unpack_word(uint32_t w);

// Packs the same (the writer's inverse); parts must fit 13 signed bits.
uint32_t pack_word(int32_t lo, int32_t hi, uint32_t top);

// The header at the reader's cursor (the cursor ends after the setup block).
Header read_header(ByteReader& r);

// One frame record from a data sector's payload. Returns false (and reads
// nothing) when the payload starts with the end marker.
bool read_frame(ByteReader& r, FrameRecord& out, const Limits& limits);

}  // namespace ripkit::rugrats_cine
