// Writers only tests, samples, fuzz seeds and benchmarks need (the encoder
// writes none of these): Skel_Z, MaterialAnim_Z and a small FUEL-family
// BigFile. The product writers are writer.hpp.
#pragma once

#include <string>
#include <vector>

#include "zouna/keyframes/material_anim.hpp"
#include "zouna/keyframes/skel.hpp"

namespace ripkit::zouna {

// Comp values are stored as round(value * scale); one outside s16 is Error(BadValue).
Bytes write_skel(const Skel& s, Endian e, const Variants& v);
Bytes write_material_anim(const MaterialAnim& m, Endian e, const Variants& v);
// A FUEL-family BigFile holding the given complete objects, `per_block` a block.
Bytes write_bigfile(const std::vector<Bytes>& objects, Endian e, const std::string& version,
                    size_t per_block);

}  // namespace ripkit::zouna
