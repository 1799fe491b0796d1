// MeshData_Z (a Mesh_Z's data name) and Lod_Z (a model's levels of detail):
// small objects the model links through, zouna-meshes.md "Object links".
#pragma once

#include <glm/glm.hpp>

#include "zouna/models/link.hpp"

namespace ripkit::zouna {

struct MeshDataZ {
    BodyLayout layout = BodyLayout::Fuel;
    ResourceLink link;
    float value = 0.0f;           // Ratatouille / WALL-E: the f32 before the colour
    glm::vec4 color{1.0f};        // Ratatouille / WALL-E RGBA
    uint32_t flags = 0;           // FUEL: bit 3 skinned
    uint32_t volume_records = 0;  // Ratatouille: records in the volume block
};
MeshDataZ read_mesh_data(ByteReader link, ByteReader body, BodyLayout layout, const Limits& limits);

struct LodZ {
    BodyLayout layout = BodyLayout::Fuel;
    ObjectLink link;
    std::vector<uint32_t> components;  // Skin_Z / Mesh_Z / Particles_Z names, LOD 0 first
    uint32_t shadow = 0;               // Ratatouille / WALL-E shadow object (skipped)
    std::vector<std::pair<uint32_t, uint32_t>> animations, sounds;  // (id, name)
    uint32_t user_define = 0;
};
// The first component is LOD 0 (model_set.cpp, zouna-meshes.md [G]).
LodZ read_lod(ByteReader link, ByteReader body, BodyLayout layout, const Limits& limits);

}  // namespace ripkit::zouna
