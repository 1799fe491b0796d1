// Skin_Z: which meshes a skinned model draws, with which Skel_Z (the link
// header's data name) and, per draw group, the bone palette its blend
// indices select from (zouna-meshes.md section 2).
#pragma once

#include "zouna/models/link.hpp"

namespace ripkit::zouna {

// One per draw group of the section's mesh.
struct SkinSubsection {
    uint32_t material = 0;                      // Ratatouille / WALL-E
    std::array<uint32_t, 4> animation_nodes{};  // FUEL
    std::vector<uint32_t> palette;              // Skel_Z bone names; 0xFFFFFFFF/E: sentinels
    uint32_t morph_packets = 0;                 // Ratatouille / WALL-E (count)
};

// One per Mesh_Z of the skin.
struct SkinSection {
    std::vector<SkinSubsection> subsections;
};

// Ratatouille / WALL-E: per-bone vertex blend lists (a second weight source).
struct BlendEntry {
    uint32_t vertex = 0;
    float weight = 0.0f;
};
struct BoneBlend {
    uint16_t mesh = 0;
    std::vector<BlendEntry> vertices, normals;
};
struct SkinBone {
    uint32_t name = 0;
    std::vector<BoneBlend> blends;
};

struct SkinZ {
    BodyLayout layout = BodyLayout::Fuel;
    ObjectLink link;  // data_name = the Skel_Z
    std::vector<uint32_t> meshes;
    std::vector<SkinBone> bones;  // Ratatouille / WALL-E
    bool class_ids = false;       // Ratatouille / WALL-E: the optional id maps were present
    uint32_t matrix_cache = 0;    // Ratatouille / WALL-E
    float one_and_a_half = 0.0f;  // FUEL (1.5 in every file ImZouna checked)
    uint32_t palette_size = 0;    // FUEL: names per subsection; Rat / WALL-E: 7
    std::vector<SkinSection> sections;
};

inline constexpr uint32_t kPaletteSentinel = 0xFFFFFFFFu;
inline constexpr uint32_t kPaletteSentinel2 = 0xFFFFFFFEu;
inline constexpr uint32_t kRatPaletteSize = 7;

// Decodes a Skin_Z; the section count must equal the mesh count (ImZouna),
// and the body must be consumed exactly.
SkinZ read_skin(ByteReader link, ByteReader body, BodyLayout layout, const Limits& limits);

}  // namespace ripkit::zouna
