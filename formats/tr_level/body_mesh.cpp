#include "body_mesh.hpp"

namespace ripkit::tr_level {

namespace {

// A body mesh is made with its first face, so an existing one has vertices
// and its kind shows in which arrays it fills.
VertexKind kind_of(const Mesh& m) { return {!m.normals.empty(), !m.colors.empty()}; }

bool named_for(const std::string& name, const std::string& base) {
    if (name == base) return true;
    return name.size() > base.size() + 1 && name.compare(0, base.size(), base) == 0 &&
           name[base.size()] == '_' &&
           name.find_first_not_of("0123456789", base.size() + 1) == std::string::npos;
}

}  // namespace

Mesh& body_mesh(Scene& scene, int node, const std::string& base, int skin, int material,
                VertexKind kind) {
    size_t count = 0;
    for (int i : scene.nodes[size_t(node)].meshes) {
        Mesh& m = scene.meshes[size_t(i)];
        if (!named_for(m.name, base)) continue;
        ++count;
        const VertexKind k = kind_of(m);
        if (m.material == material && k.normals == kind.normals && k.colors == kind.colors)
            return m;
    }
    Mesh m;
    // Appended piece by piece: `"_" + string` trips GCC 12's bogus -Wrestrict (PR 105651).
    m.name = base;
    if (count > 0) {
        m.name += '_';
        m.name += std::to_string(count);
    }
    m.material = material;
    m.skin = skin;
    scene.meshes.push_back(std::move(m));
    scene.nodes[size_t(node)].meshes.push_back(int(scene.meshes.size() - 1));
    return scene.meshes.back();
}

void push_influence(Mesh& mesh, const Influence& influence) {
    const bool rigid = influence.weights[0] == 1.0f;
    if (rigid && mesh.weighted_joints.empty()) {
        mesh.joints.push_back(influence.joints[0]);
        return;
    }
    if (!mesh.joints.empty()) {
        for (uint16_t j : mesh.joints) {
            mesh.weighted_joints.push_back({j, 0, 0, 0});
            mesh.weights.push_back({1, 0, 0, 0});
        }
        mesh.joints.clear();
    }
    mesh.weighted_joints.push_back(influence.joints);
    mesh.weights.push_back(influence.weights);
}

}  // namespace ripkit::tr_level
