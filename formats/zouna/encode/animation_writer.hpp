// Writers for what the Animation_Z encoder (the direction back) writes:
// keyframers, Animation_Z, object headers (stored or LZRS-compressed) and BFF0
// files. Product code; also used by tests, samples, fuzz seeds and benchmarks.
// (Skel_Z, MaterialAnim_Z and BigFile writers are the test kit's, kit_writer.hpp.)
#pragma once

#include <string>

#include "zouna/keyframes/animation.hpp"
#include "zouna/keyframes/material_anim.hpp"
#include "zouna/keyframes/skel.hpp"

namespace ripkit::zouna {

// Comp values are stored as round(value * scale); one outside s16 is Error(BadValue).
void write_keyframer(ByteWriter& w, const Keyframer& k, const Variants& v);
Bytes write_animation(const Animation& a, Endian e, const Variants& v);

// 24-byte header + link header + body (LZRS-compressed when `compress`).
Bytes write_object(uint32_t class_crc, uint32_t name_crc, ByteSpan link_header, ByteSpan body,
                   Endian e, bool compress);
// bff's extraction format: bff's BFF0 header (bff0_header: platform index,
// the version in bff's binary form) + object.
Bytes write_bff0(ByteSpan object, uint8_t platform, const std::string& version);

}  // namespace ripkit::zouna
