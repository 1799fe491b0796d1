// Writers for everything the importer reads: keyframers, Animation_Z, Skel_Z,
// MaterialAnim_Z, object headers (stored or LZRS-compressed), BFF0 files and a
// small BigFile. Product code (the Animation_Z encoder writes through them);
// also used by tests, samples, fuzz seeds and benchmarks.
#pragma once

#include <string>

#include "animation.hpp"
#include "material_anim.hpp"
#include "skel.hpp"

namespace ripkit::zouna {

// Comp values are stored as round(value * scale); one outside s16 is Error(BadValue).
void write_keyframer(ByteWriter& w, const Keyframer& k, const Variants& v);
Bytes write_animation(const Animation& a, Endian e, const Variants& v);
Bytes write_skel(const Skel& s, Endian e, const Variants& v);
Bytes write_material_anim(const MaterialAnim& m, Endian e, const Variants& v);

// 24-byte header + link header + body (LZRS-compressed when `compress`).
Bytes write_object(uint32_t class_crc, uint32_t name_crc, ByteSpan link_header, ByteSpan body,
                   Endian e, bool compress);
// bff's extraction format: BFF0 header (platform index, version) + object.
Bytes write_bff0(ByteSpan object, uint8_t platform, const std::string& version);
// A FUEL-family BigFile holding the given complete objects, `per_block` a block.
Bytes write_bigfile(const std::vector<Bytes>& objects, Endian e, const std::string& version,
                    size_t per_block);

}  // namespace ripkit::zouna
