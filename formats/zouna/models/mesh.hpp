// Mesh_Z: the geometry of a model (zouna-meshes.md section 1): vertex
// buffers by stride, u16 triangle-list index buffers, draw groups and the
// Material_Z list, for the Ratatouille, WALL-E and FUEL PC layouts. The rest
// of the body (collision shapes, strips, morph targets) is walked to stay in
// step and to consume the body exactly, and not kept.
#pragma once

#include <array>
#include <glm/glm.hpp>

#include "zouna/models/link.hpp"

namespace ripkit::zouna {

// One vertex with every field any published layout of its stride gives;
// which reading applies (normal byte order, the 48-byte layout, the /6 blend
// index rule) is decided when the model is built (model_checks.hpp).
struct Vertex {
    glm::vec3 position{0.0f};
    std::array<uint8_t, 4> tangent{}, normal{};  // strides 36, 48, 60: bytes as stored
    glm::vec2 uv{0.0f};                          // strides 24, 36, 48, 60
    glm::vec2 uv2{0.0f};                         // stride 36: lightmap uv
    float unknown24 = 0.0f;                      // stride 24: the f32 at 12
    // Stride 60: four f32 blend indices at 28, four f32 weights at 44.
    // Stride 48 (FUEL, bff): index [0] at 28, weight [0] at 44.
    std::array<float, 4> blend_index{}, blend_weight{};
    std::array<int32_t, 3> pad48{};  // stride 48: the three i32 at 32 (-1 in the FUEL reading)
    // Stride 48 as the Ratatouille PC template reads it: position + 3 x Vec3f at 12.
    std::array<glm::vec3, 3> volume{};
};

struct VertexBuffer {
    uint64_t offset = 0;  // of the first vertex (in the body as decoded), for messages
    uint32_t stride = 0;
    uint32_t flags = 0;  // WALL-E / FUEL (D3D pool and usage)
    std::vector<Vertex> vertices;
};

struct IndexBuffer {
    uint32_t flags = 0;  // WALL-E / FUEL
    std::vector<uint16_t> indices;
};

struct DrawGroup {
    // FUEL stores which buffers a group draws; Ratatouille / WALL-E do not
    // (resolved by stride, see mesh_group_buffers).
    uint32_t vertex_buffer = 0, index_buffer = 0;
    uint16_t prim_type = 4;  // Ratatouille: D3D primitive type (4 = triangle list)
    uint16_t shader = 0;     // Ratatouille: shader type
    uint32_t flags = 0;      // WALL-E / FUEL: bit 2 visible, bit 19 morph
    uint32_t first_vertex = 0, last_vertex = 0, vertex_count = 0;
    uint32_t first_index = 0, faces = 0;
    uint32_t range_begin = 0;
    uint16_t stride = 0;
    int16_t material = -1;  // FUEL: index into MeshZ::materials (-1: none)
};

struct MeshZ {
    BodyLayout layout = BodyLayout::Fuel;
    ObjectLink link;
    FuelMeshLink fuel_link;           // FUEL only
    std::vector<uint32_t> materials;  // Material_Z names
    std::vector<VertexBuffer> vertex_buffers;
    std::vector<IndexBuffer> index_buffers;
    std::vector<DrawGroup> groups;
    // What the body holds besides the drawing data, by count (for dump).
    uint32_t strips = 0, collision_faces = 0, morph_targets = 0;
};

// Decodes a Mesh_Z from its link header and (decompressed) body. Every count
// is checked against the bytes left; strides other than 12/24/36/48/60, a
// group whose stride differs from its buffer's, an index count that is not
// a multiple of 3, a group's faces past its index buffer, an index past its
// vertex buffer, a material index past the list, and leftover bytes are errors.
MeshZ read_mesh(ByteReader link, ByteReader body, BodyLayout layout, const Limits& limits);

// ASSUMPTION(group_buffer): see below.
// The buffers group `g` draws: FUEL's stored indices; Ratatouille / WALL-E
// (no index stored): the first vertex buffer of the group's
// stride and the index buffer at the same position (buffer 0 when there is
// only one) - public readers use only buffer 0. Throws BadIndex.
std::pair<uint32_t, uint32_t> mesh_group_buffers(const MeshZ& m, size_t g);

// The part of a vertex buffer one draw group draws: its vertices (indices
// into the buffer, ascending: the file's order) and triangles (indices into
// that list).
struct GroupGeometry {
    uint32_t vertex_buffer = 0;
    std::vector<uint32_t> vertices;
    std::vector<uint32_t> triangles;
};
GroupGeometry group_geometry(const MeshZ& m, size_t g);

}  // namespace ripkit::zouna
