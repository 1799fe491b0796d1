#include "moveable_scene.hpp"


#include "face_emit.hpp"
#include "level_checks.hpp"
#include "slot_names.hpp"

namespace ripkit::tr_level {

namespace {

using Point = std::array<int64_t, 3>;

// Mesh j's origin at rest, from the parent's space: the offsets summed along
// the tree (exact integers, converted once).
std::vector<Point> rest_origins(const Skeleton& sk) {
    std::vector<Point> rest(sk.parent.size(), Point{0, 0, 0});
    for (size_t j = 1; j < sk.parent.size(); ++j)
        for (int a = 0; a < 3; ++a)
            rest[j][size_t(a)] = rest[size_t(sk.parent[j])][size_t(a)] + sk.offset[j][size_t(a)];
    return rest;
}

bool usable_normals(const TrMesh& tm) {
    if (tm.normals.size() != tm.vertices.size()) return false;
    for (const Vec3s& v : tm.normals)
        if (v.x == 0 && v.y == 0 && v.z == 0) return false;
    return true;
}

// ASSUMPTION: a vertex light L (0 bright .. 8191 dark) becomes the grey the
// engine shades with, (255 - (L >> 5)) / 255, as COLOR_0.
float shade(int16_t light) {
    const int l = light < 0 ? 0 : light > 8191 ? 8191 : light;
    return float(255 - (l >> 5)) / 255.0f;
}

void add_geometry(Scene& scene, int mesh_node, const std::string& name, const Level& level,
                  const TrMesh& tm, uint16_t joint, const Point& origin, int skin,
                  MaterialTable& materials, const Conversion& conv) {
    const bool normals = usable_normals(tm);
    const bool lights = !normals && tm.lights.size() == tm.vertices.size() && !tm.lights.empty();
    MeshByMaterial meshes(scene, mesh_node, name, skin);
    for (const Face& f : tm.faces) {
        const uint16_t tex = mesh_face_texture(f);
        // Objects are drawn single-sided whatever bit 15 says (output.cpp).
        Mesh& out = meshes[materials.material(tex, (f.effects & 1) != 0, false, false)];
        emit_face(out, f, level.object_textures[tex], [&](uint16_t v) {
            const Vec3s& p = tm.vertices[v];
            out.positions.push_back(conv.point(double(origin[0] + p.x), double(origin[1] + p.y),
                                               double(origin[2] + p.z)));
            if (normals) {
                const Vec3s& nv = tm.normals[v];
                out.normals.push_back(glm::normalize(conv.direction(nv.x, nv.y, nv.z)));
            }
            if (lights) {
                const float g = shade(tm.lights[v]);
                out.colors.push_back({g, g, g, 1.0f});
            }
            if (skin >= 0) out.joints.push_back(joint);
        });
    }
}

}  // namespace

Body add_body(Scene& scene, int parent, int mesh_node, const std::string& prefix,
              const Level& level, const Moveable& m, MaterialTable& materials,
              const Conversion& conv) {
    Body body;
    const std::vector<TreeNode> nodes = tree_nodes(level, m);
    const Skeleton sk = walk_tree(nodes);
    body.warnings = sk.warnings;
    const std::vector<Point> rest = rest_origins(sk);
    Skin skin;
    skin.name = prefix + "_skin";
    for (size_t j = 0; j < sk.parent.size(); ++j) {
        const int p = j == 0 ? parent : body.joints[size_t(sk.parent[j])];
        const int node = scene.add_node(prefix + "_mesh" + std::to_string(j), p);
        Node& n = scene.nodes[size_t(node)];
        if (j > 0) {
            n.translation = conv.point(sk.offset[j][0], sk.offset[j][1], sk.offset[j][2]);
            n.extras = {{"tree_flags", nodes[j - 1].flags}, {"parent_mesh", sk.parent[j]}};
        }
        n.extras["mesh"] = j;
        n.extras["mesh_pointer"] = size_t(m.starting_mesh) + j;
        body.joints.push_back(node);
        skin.joints.push_back(node);
        glm::mat4 ibm(1.0f);
        ibm[3] = glm::vec4(-conv.point(double(rest[j][0]), double(rest[j][1]), double(rest[j][2])),
                           1.0f);
        skin.inverse_bind.push_back(ibm);
    }
    if (body.joints.empty()) return body;
    skin.skeleton = body.joints[0];
    body.skin = int(scene.skins.size());
    scene.skins.push_back(std::move(skin));
    for (size_t j = 0; j < body.joints.size(); ++j) {
        const size_t pointer = size_t(m.starting_mesh) + j;
        const TrMesh& tm = *level.meshes[size_t(level.mesh_of_pointer[pointer])].mesh;
        add_geometry(scene, mesh_node, prefix + "_mesh" + std::to_string(j) + "_geo", level, tm,
                     uint16_t(j), rest[j], body.skin, materials, conv);
    }
    return body;
}

Scene moveable_scene(const Level& level, const Moveable& m, const Conversion& conv) {
    Scene scene;
    const std::string root = "slot" + std::to_string(m.slot);
    scene.name = root;
    const int r = scene.add_node(root, -1);
    scene.nodes[0].extras = {{"slot", m.slot}, {"meshes", m.mesh_count}};
    if (const char* name = slot_name(level.version, m.slot)) scene.nodes[0].extras["name"] = name;
    MaterialTable materials(level, scene);
    const Body body = add_body(scene, r, r, root, level, m, materials, conv);
    if (!body.warnings.empty()) scene.extras["warnings"] = body.warnings;
    return scene;
}

}  // namespace ripkit::tr_level
