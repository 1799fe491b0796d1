// Skin_Z palettes -> per-vertex bones and weights (zouna-meshes.md section
// 2): section i of the skin belongs to its mesh i, subsection j to draw group
// j of that mesh; a stored blend index f is palette slot f / blend_divisor
// (the /6 rule, blend_divisor: a vertex-shader constant offset of 6 float4
// registers per bone), the slot's Name a Skel_Z bone. Sentinel slots
// (0xFFFFFFFF / 0xFFFFFFFE) keep the previous subsection's bone for that
// slot (palette_sentinel=previous, SamuraiOndo). Zero weights are skipped,
// the rest normalised; a 48-byte vertex has one bone, weight 1; a vertex
// without blend data (strides 12-36, the 48-byte "volume" reading) is bound
// to palette slot 0 (ASSUMPTION(unweighted): see schema.cpp).
#pragma once

#include "ripkit/scene.hpp"
#include "zouna/keyframes/skel.hpp"
#include "zouna/models/mesh.hpp"
#include "zouna/models/model_checks.hpp"
#include "zouna/models/skin.hpp"

namespace ripkit::zouna {

struct SkinBinding {
    // [section][group][vertex of group_geometry order]: joints = Skel_Z bone
    // indices, weights summing to 1. An empty section: its mesh is missing.
    std::vector<std::vector<std::vector<Influence>>> groups;
    uint64_t zero_weight_vertices = 0;  // bound to their first slot, weight 1
    uint64_t sentinel_slots_used = 0;   // resolved from a previous subsection
};

// `meshes[i]` is the Mesh_Z of skin section i, or null when it is missing.
// Errors (BadIndex / BadValue, naming the mesh, group, vertex and its offset):
// subsection count != group count, a blend index not a multiple of the
// divisor or past the palette, a used slot that is a sentinel in subsection 0
// (or with palette_sentinel=error), a palette Name that is no bone of the
// skeleton, negative or non-finite weights.
SkinBinding bind_skin(const SkinZ& skin, const std::vector<const MeshZ*>& meshes, const Skel& skel,
                      const Variants& v, const MeshReading& reading);

}  // namespace ripkit::zouna
