#include "moveable_scene.hpp"

#include "anim_scene.hpp"
#include "body_mesh.hpp"
#include "face_emit.hpp"
#include "lara_body.hpp"
#include "level_checks.hpp"
#include "slot_names.hpp"

namespace ripkit::tr_level {

namespace {

bool usable_normals(const TrMesh& tm) {
    if (tm.normals.size() != tm.vertices.size()) return false;
    for (const Vec3s& v : tm.normals)
        if (v.x == 0 && v.y == 0 && v.z == 0) return false;
    return true;
}

// ASSUMPTION(vertex_light): a vertex light L (0 bright .. 8191 dark) becomes the grey the
// engine shades with, (255 - (L >> 5)) / 255, as COLOR_0.
float shade(int16_t light) {
    const int l = light < 0 ? 0 : light > 8191 ? 8191 : light;
    return float(255 - (l >> 5)) / 255.0f;
}

}  // namespace

void add_body_faces(const BodyTarget& t, const std::string& prefix, const TrMesh& tm,
                    const std::function<PlacedVertex(uint16_t)>& place) {
    const bool normals = usable_normals(tm);
    const bool lights = !normals && tm.lights.size() == tm.vertices.size() && !tm.lights.empty();
    for (const Face& f : tm.faces) {
        const uint16_t tex = mesh_face_texture(f);
        // ASSUMPTION(sidedness): objects are drawn single-sided whatever bit 15 says
        // (output.cpp).
        const int material = t.materials.material(tex, (f.effects & 1) != 0, false, false);
        Mesh& out =
            body_mesh(t.scene, t.mesh_node, prefix + "_geo", t.skin, material, {normals, lights});
        emit_face(out, f, t.level.object_textures[tex], [&](uint16_t v) {
            const PlacedVertex p = place(v);
            out.positions.push_back(p.position);
            if (normals) {
                const Vec3s& nv = tm.normals[v];
                out.normals.push_back(glm::normalize(t.conv.direction(nv.x, nv.y, nv.z)));
            }
            if (lights) {
                const float g = shade(tm.lights[v]);
                out.colors.push_back({g, g, g, 1.0f});
            }
            if (t.skin >= 0) push_influence(out, p.influence);
        });
    }
}

RestPose rest_pose(const Level& level, const Moveable& m) {
    RestPose pose;
    pose.nodes = tree_nodes(level, m);
    pose.skeleton = walk_tree(pose.nodes);
    const Skeleton& sk = pose.skeleton;
    pose.origin.assign(sk.parent.size(), {0, 0, 0});
    for (size_t j = 1; j < sk.parent.size(); ++j)
        for (size_t a = 0; a < 3; ++a)
            pose.origin[j][a] = pose.origin[size_t(sk.parent[j])][a] + sk.offset[j][a];
    return pose;
}

const TrMesh& moveable_mesh(const Level& level, const Moveable& m, int j) {
    const size_t pointer = size_t(m.starting_mesh) + size_t(j);
    return *level.meshes[size_t(level.mesh_of_pointer[pointer])].mesh;
}

glm::vec3 rest_point(const Conversion& conv, const std::array<int64_t, 3>& origin, const Vec3s& v) {
    return conv.point(double(origin[0] + v.x), double(origin[1] + v.y), double(origin[2] + v.z));
}

std::vector<int> add_joints(Scene& scene, int parent, const std::string& prefix, const Moveable& m,
                            const RestPose& pose, const Conversion& conv) {
    const Skeleton& sk = pose.skeleton;
    const size_t width = std::to_string(sk.parent.empty() ? 0 : sk.parent.size() - 1).size();
    std::vector<int> joints;
    for (size_t j = 0; j < sk.parent.size(); ++j) {
        const int p = j == 0 ? parent : joints[size_t(sk.parent[j])];
        std::string index = std::to_string(j);
        index.insert(0, width - index.size(), '0');
        const int node = scene.add_node(prefix + "_mesh" + index, p);
        Node& n = scene.nodes[size_t(node)];
        if (j > 0) {
            n.translation = conv.point(sk.offset[j][0], sk.offset[j][1], sk.offset[j][2]);
            n.extras = {{"tree_flags", pose.nodes[j - 1].flags}, {"parent_mesh", sk.parent[j]}};
        }
        n.extras["mesh"] = j;
        n.extras["mesh_pointer"] = size_t(m.starting_mesh) + j;
        joints.push_back(node);
    }
    return joints;
}

int add_skin(Scene& scene, const std::string& name, const std::vector<int>& joints,
             const RestPose& pose, const Conversion& conv) {
    Skin skin;
    skin.name = name;
    skin.joints = joints;
    for (size_t j = 0; j < joints.size(); ++j) {
        glm::mat4 ibm(1.0f);
        const auto& o = pose.origin[j];
        ibm[3] = glm::vec4(-conv.point(double(o[0]), double(o[1]), double(o[2])), 1.0f);
        skin.inverse_bind.push_back(ibm);
    }
    skin.skeleton = joints.empty() ? -1 : joints[0];
    scene.skins.push_back(std::move(skin));
    return int(scene.skins.size() - 1);
}

void add_rigid_meshes(const BodyTarget& t, const std::string& prefix, const Moveable& geometry,
                      const RestPose& pose) {
    for (int j = 0; j < geometry.mesh_count && size_t(j) < pose.origin.size(); ++j) {
        const TrMesh& tm = moveable_mesh(t.level, geometry, j);
        const std::array<int64_t, 3>& origin = pose.origin[size_t(j)];
        Influence rigid;
        rigid.joints = {uint16_t(j), 0, 0, 0};
        rigid.weights = {1, 0, 0, 0};
        add_body_faces(t, prefix, tm, [&](uint16_t v) {
            return PlacedVertex{rest_point(t.conv, origin, tm.vertices[v]), rigid};
        });
    }
}

Body add_body(BodyTarget t, int parent, const std::string& prefix, const Moveable& m) {
    Body body;
    const RestPose pose = rest_pose(t.level, m);
    body.warnings = pose.skeleton.warnings;
    body.joints = add_joints(t.scene, parent, prefix, m, pose, t.conv);
    if (body.joints.empty()) return body;
    body.skin = t.skin = add_skin(t.scene, prefix + "_skin", body.joints, pose, t.conv);
    const LaraSlots lara = lara_slots(t.level);
    body.lara = drawn_as_lara(lara, m);
    if (body.lara)
        add_lara_meshes(t, prefix, lara, pose);
    else
        add_rigid_meshes(t, prefix, m, pose);
    return body;
}

Body add_parts(const BodyTarget& t, int parent, const std::string& prefix, const Moveable& m) {
    Body body;
    const RestPose pose = rest_pose(t.level, m);
    body.warnings = pose.skeleton.warnings;
    body.joints = add_joints(t.scene, parent, prefix, m, pose, t.conv);
    const LaraSlots lara = lara_slots(t.level);
    body.lara = drawn_as_lara(lara, m);
    const Moveable& geometry = body.lara ? *lara.skin : m;
    for (size_t j = 0; j < body.joints.size() && int(j) < geometry.mesh_count; ++j) {
        const TrMesh& tm = moveable_mesh(t.level, geometry, int(j));
        const BodyTarget part{t.scene, body.joints[j], -1, t.level, t.materials, t.conv};
        const std::string name = t.scene.nodes[size_t(body.joints[j])].name;
        add_body_faces(part, name, tm, [&](uint16_t v) {
            return PlacedVertex{rest_point(t.conv, {0, 0, 0}, tm.vertices[v]), {}};
        });
    }
    return body;
}

Scene moveable_scene(const Level& level, const Moveable& m, const Conversion& conv,
                     const std::vector<uint32_t>& anims, BodyStyle style) {
    Scene scene;
    const std::string root = "slot" + std::to_string(m.slot);
    scene.name = root;
    const int r = scene.add_node(root, -1);
    scene.nodes[0].extras = {{"slot", m.slot}, {"meshes", m.mesh_count}};
    if (const char* name = slot_name(level.version, m.slot)) scene.nodes[0].extras["name"] = name;
    MaterialTable materials(level, scene);
    const BodyTarget t{scene, r, -1, level, materials, conv};
    const bool parts = style == BodyStyle::Parts;
    const Body body = parts ? add_parts(t, r, root, m) : add_body(t, r, root, m);
    if (body.lara)
        scene.nodes[0].extras["body"] = parts ? "LARA_SKIN on LARA's tree, part by part"
                                              : "LARA_SKIN and LARA_SKIN_JOINTS on LARA's tree";
    if (!body.warnings.empty()) scene.extras["warnings"] = body.warnings;
    if (nlohmann::json none = frameless_extras(level, m); !none.empty())
        scene.extras["anims_without_frames"] = std::move(none);
    if (!body.joints.empty() && !anims.empty()) {
        add_animations({scene, level, m, body.joints, conv}, anims);
        set_frame_range(scene, kFramesPerSecond);
    }
    return scene;
}

}  // namespace ripkit::tr_level
