// Link headers: the part of a Zouna object between the 24-byte object
// header and the body (zouna-meshes.md "Object links"). Scene objects
// (Mesh_Z, Skin_Z, Lod_Z) carry the object link header; resources
// (Material_Z, Bitmap_Z, MeshData_Z) a link name and, in Ratatouille and
// WALL-E, their dependency list.
#pragma once

#include <array>
#include <glm/glm.hpp>

#include "zouna/models/body_reader.hpp"

namespace ripkit::zouna {

struct ObjectLink {
    uint32_t link_name = 0;
    std::vector<uint32_t> dependencies;  // Ratatouille / WALL-E only
    uint32_t data_name = 0;              // Skin_Z: its Skel_Z; Mesh_Z: its MeshData_Z
    glm::vec4 sphere{0.0f};              // local bounding sphere: centre, radius
    std::array<float, 16> box{};         // Mat3x4f, Vec3f, f32 as stored
    float fade_out = 0.0f;
    uint32_t flags = 0;
    uint16_t type = 0;  // Skin 3, Lod 5, Mesh 6
};

// The object link header; FUEL: 98 bytes, Ratatouille / WALL-E: with the
// dependency list after the link name.
ObjectLink read_object_link(ByteReader& r, BodyLayout l, const Limits& limits);

// FUEL Mesh_Z's link header continues (ImZouna, bff): the Material_Z names
// then the MeshData_Z name, three fade distances, collision spheres (24
// bytes) and boxes (72 bytes).
struct FuelMeshLink {
    std::vector<uint32_t> names;
    std::array<float, 3> fade{};
    uint32_t spheres = 0, boxes = 0;  // counts (their shapes are not kept)
};
FuelMeshLink read_fuel_mesh_link(ByteReader& r, const Limits& limits);

struct ResourceLink {
    uint32_t link_name = 0;
    std::vector<uint32_t> dependencies;  // Ratatouille / WALL-E
};
// The rest of a Ratatouille / WALL-E resource link header (bff reads it as
// opaque bytes) is left unread.
ResourceLink read_resource_link(ByteReader& r, BodyLayout l, const Limits& limits);

}  // namespace ripkit::zouna
