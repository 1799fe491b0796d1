// One textured TR face into a scene mesh: one vertex per corner (UVs belong to
// the face, not the vertex), quads split (0,1,2)+(0,2,3) as the engine does,
// and each triangle's order reversed: TR shows faces whose corners run
// clockwise on screen, glTF counter-clockwise, and (x,-y,-z) is a rotation so
// it does not change that.
#pragma once

#include <map>
#include <string>

#include "level_types.hpp"
#include "materials.hpp"
#include "ripkit/scene.hpp"

namespace ripkit::tr_level {

// The scene meshes one TR mesh or room becomes, one per material: named
// `<base>`, then `<base>_1`, `<base>_2`, ..., drawn at `node`.
class MeshByMaterial {
  public:
    MeshByMaterial(Scene& scene, int node, std::string base, int skin = -1)
        : scene_(scene), node_(node), base_(std::move(base)), skin_(skin) {}

    Mesh& operator[](int material) {
        auto [it, fresh] = index_.try_emplace(material, int(scene_.meshes.size()));
        if (fresh) {
            Mesh m;
            // Appended piece by piece: `"_" + string` trips GCC 12's bogus -Wrestrict (PR 105651).
            m.name = base_;
            if (index_.size() > 1) {
                m.name += '_';
                m.name += std::to_string(index_.size() - 1);
            }
            m.material = material;
            m.skin = skin_;
            scene_.meshes.push_back(std::move(m));
            scene_.nodes[size_t(node_)].meshes.push_back(it->second);
        }
        return scene_.meshes[size_t(it->second)];
    }

  private:
    Scene& scene_;
    int node_;
    std::string base_;
    int skin_;
    std::map<int, int> index_;
};

// `add_vertex(v)` appends position (and normal/colour/joint when the mesh has
// them) of TR vertex index v to `out`; this adds the UV and the indices.
template <class AddVertex>
void emit_face(Mesh& out, const Face& f, const ObjectTexture& t, AddVertex&& add_vertex) {
    const int corners = f.quad ? 4 : 3;
    const uint32_t first = uint32_t(out.positions.size());
    for (int k = 0; k < corners; ++k) {
        add_vertex(f.v[size_t(k)]);
        out.uv0.push_back(object_texture_uv(t, k));
    }
    for (uint32_t c : {2u, 1u, 0u}) out.indices.push_back(first + c);
    if (f.quad)
        for (uint32_t c : {3u, 2u, 0u}) out.indices.push_back(first + c);
}

}  // namespace ripkit::tr_level
