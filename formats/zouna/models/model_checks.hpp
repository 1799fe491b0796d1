// The readings of Mesh_Z data the public sources disagree on
// (zouna-meshes.md sections 1-2), decided once per document: by the setting
// when it names one, else by the check on the data the reference proposes.
//  - normal byte order: the order under which the face normals of the most
//    triangles agree (or, consistently, disagree) with their stored vertex
//    normals;
//  - winding: whether the output (after the axis conversion) must reverse the
//    index order for counter-clockwise front faces, from the same agreement;
//  - the 48-byte vertex: FUEL's one-bone layout when every such vertex has
//    the three i32 -1 pads bff names, else the Rat template's position + 3 x
//    Vec3f (no blend data).
#pragma once

#include <nlohmann/json.hpp>

#include "zouna/models/mesh.hpp"

namespace ripkit::zouna {

struct MeshReading {
    NormalOrder normal_order = NormalOrder::D3dColor;  // never Auto
    bool reverse_winding = false;
    Vertex48 vertex48 = Vertex48::Blend;  // never Auto
    nlohmann::json evidence = nlohmann::json::object();
};

// `mirrored`: the output mirrors Z (glTF axes from the engine's left-handed ones).
MeshReading decide_mesh_reading(const std::vector<const MeshZ*>& meshes, const Variants& v,
                                bool mirrored);

// A stored u8 x 4 vector in engine space (b / 255 * 2 - 1 per byte, in the
// order's component order, normalised; zero when it has no length).
glm::vec3 decode_normal(const std::array<uint8_t, 4>& b, NormalOrder o);

// Calls fn(vertex buffer, a, b, c) for every triangle of every draw group.
template <class Fn>
void for_each_triangle(const MeshZ& m, Fn&& fn) {
    for (size_t g = 0; g < m.groups.size(); ++g) {
        const auto [vb, ib] = mesh_group_buffers(m, g);
        const std::vector<uint16_t>& idx = m.index_buffers[ib].indices;
        const DrawGroup& grp = m.groups[g];
        const size_t end = grp.first_index + size_t(grp.faces) * 3;
        for (size_t k = grp.first_index; k < end; k += 3)
            fn(m.vertex_buffers[vb], idx[k], idx[k + 1], idx[k + 2]);
    }
}

}  // namespace ripkit::zouna
