// Scene nodes as FBX Models, cameras as camera NodeAttributes, node extras
// and value tracks as user properties.
#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <set>

#include "fbx_writer.hpp"
#include "ripkit/error.hpp"

namespace ripkit::fbxw {

using std::numbers::pi;

namespace {

// Properties a Model or camera attribute has itself: a user property of the
// same name would shadow it.
const std::set<std::string>& reserved_names() {
    static const std::set<std::string> names = {"Lcl Translation",
                                                "Lcl Rotation",
                                                "Lcl Scaling",
                                                "RotationActive",
                                                "PreRotation",
                                                "PostRotation",
                                                "InheritType",
                                                "RotationOrder",
                                                "Visibility",
                                                "DefaultAttributeIndex",
                                                "Show",
                                                "FocalLength",
                                                "FieldOfView",
                                                "FieldOfViewX",
                                                "FieldOfViewY",
                                                "FilmWidth",
                                                "FilmHeight",
                                                "NearPlane",
                                                "FarPlane",
                                                "ApertureMode",
                                                "GateFit",
                                                "AspectWidth",
                                                "AspectHeight",
                                                "AspectRatioMode",
                                                "FilmAspectRatio",
                                                "CameraProjectionType"};
    return names;
}

void check_name(const std::string& name, const char* what) {
    if (name.find('\0') != std::string::npos)
        fail_no_offset(ErrorKind::BadValue, std::string("FBX ") + what +
                                                " names without NUL bytes ('" +
                                                name.substr(0, name.find('\0')) + "...')");
}

int component_index(const nlohmann::json& extras) {
    const auto it = extras.find("component");
    if (it == extras.end() || !it->is_string()) return 0;
    const std::string c = it->get<std::string>();
    return c == "y" ? 1 : c == "z" ? 2 : 0;
}

// Per node: is it a skin joint, does it have children, is a joint below it.
struct NodeFacts {
    std::vector<bool> joint, parent, joint_below;
};

NodeFacts node_facts(const Scene& s) {
    const size_t n = s.nodes.size();
    NodeFacts f{std::vector<bool>(n), std::vector<bool>(n), std::vector<bool>(n)};
    for (const Skin& skin : s.skins)
        for (int j : skin.joints) f.joint[size_t(j)] = true;
    for (size_t i = n; i-- > 1;) {  // children come after their parents
        const size_t p = size_t(s.nodes[i].parent);
        f.parent[p] = true;
        if (f.joint[i] || f.joint_below[i]) f.joint_below[p] = true;
    }
    return f;
}

bool has_geometry(const Scene& s, const Node& n) {
    for (int m : n.meshes)
        if (!s.meshes[size_t(m)].indices.empty()) return true;
    return false;
}

fbx::Node& model(Doc& doc, int64_t id, const std::string& name, const char* type) {
    fbx::Node& m = doc.object("Model", id, name, "Model", type);
    m.add("Version").i32(232);
    return m;
}

void finish_model(fbx::Node& m) {
    m.add("Shading").c(true);
    m.add("Culling").str("CullingOff");
}

// A camera's Model is turned by camera_turn() (its rotation curves too, see
// fbx_anim.cpp).
void transform_props(fbx::Node& p70, const Node& n, bool camera) {
    const glm::dvec4 identity(0, 0, 0, 1);
    p_vector3(p70, "Lcl Translation", "Lcl Translation", "", "A", glm::dvec3(n.translation));
    p_vector3(p70, "Lcl Rotation", "Lcl Rotation", "", "A",
              turned_euler(glm::dvec4(n.rotation), camera ? camera_turn() : identity));
    p_vector3(p70, "Lcl Scaling", "Lcl Scaling", "", "A", glm::dvec3(n.scale));
    p_enum(p70, "InheritType", 1);  // parent * child, as glTF
    if (camera) p_int(p70, "DefaultAttributeIndex", 0);
}

// Film 24 mm high and as wide as the aspect, lens from the vertical field of
// view (Blender reads FocalLength and the film; ufbx ApertureMode 3 derives
// both angles from them; Assimp reads FieldOfView, the horizontal angle, and
// AspectWidth / AspectHeight).
void write_camera(Doc& doc, int64_t id, const Camera& cam) {
    check_name(cam.name, "camera");
    fbx::Node& a = doc.object("NodeAttribute", id, cam.name, "NodeAttribute", "Camera");
    fbx::Node& p70 = properties(a);
    const double aspect = cam.aspect > 0 ? double(cam.aspect) : 4.0 / 3.0;
    const double yfov = double(cam.yfov);
    const double hfov = 2.0 * std::atan(std::tan(0.5 * yfov) * aspect);
    constexpr double kInch = 25.4;
    p_enum(p70, "CameraProjectionType", 0);
    p_enum(p70, "AspectRatioMode", 2);  // fixed resolution
    p_double(p70, "AspectWidth", 480.0 * aspect);
    p_double(p70, "AspectHeight", 480.0);
    p_double(p70, "FilmWidth", kFilmHeightMm * aspect / kInch);
    p_double(p70, "FilmHeight", kFilmHeightMm / kInch);
    p_double(p70, "FilmAspectRatio", aspect);
    p_enum(p70, "ApertureMode", 3);  // focal length
    p_enum(p70, "GateFit", 2);       // horizontal
    p_number(p70, "FocalLength", focal_length_mm(yfov));
    fbx::Node& fov = p70.add("P").str("FieldOfView").str("FieldOfView").str("").str("A");
    fov.f64(hfov * 180.0 / pi);
    p70.add("P").str("FieldOfViewX").str("FieldOfViewX").str("").str("A").f64(hfov * 180.0 / pi);
    p70.add("P").str("FieldOfViewY").str("FieldOfViewY").str("").str("A").f64(yfov * 180.0 / pi);
    p_double(p70, "NearPlane", double(cam.znear));
    p_double(p70, "FarPlane", double(cam.zfar));
    p_user_extras(p70, cam.extras, reserved_names());
    a.add("TypeFlags").str("Camera");
    a.add("GeometryVersion").i32(124);
}

// A Model at its parent's origin holding what cannot go on the node itself.
fbx::Node& leaf_model(Doc& doc, int64_t id, int64_t parent, const std::string& name,
                      const char* type, bool camera) {
    fbx::Node& lm = model(doc, id, name, type);
    fbx::Node& p70 = properties(lm);
    if (camera)
        p_vector3(p70, "Lcl Rotation", "Lcl Rotation", "", "A",
                  turned_euler(glm::dvec4(0, 0, 0, 1), camera_turn()));
    finish_model(lm);
    doc.oo(id, parent);
    return lm;
}

std::string unique_name(const Scene& s, const std::string& base) {
    std::string name = base;
    for (int k = 2; s.find_node(name) >= 0; ++k) name = base + "_" + std::to_string(k);
    return name;
}

}  // namespace

namespace {

// Zouna's helpers (extras `track` = material, mesh, morph or material_anim,
// with a `property`) carry values of engine objects that are not nodes
// (materials, meshes, morph targets): how many translation components each
// animates is in its animation's extras `tracks`.
bool engine_track(const nlohmann::json& ex) {
    const auto t = ex.find("track");
    if (t == ex.end() || !t->is_string() || !ex.contains("property")) return false;
    const std::string k = t->get<std::string>();
    return k == "material" || k == "mesh" || k == "morph" || k == "material_anim";
}

std::map<std::string, int> track_components(const Scene& scene) {
    std::map<std::string, int> out;
    for (const Animation& a : scene.animations) {
        if (!a.extras.is_object()) continue;
        const nlohmann::json ex = a.extras.tree();
        const auto tracks = ex.find("tracks");
        if (tracks == ex.end() || !tracks->is_array()) continue;
        for (const nlohmann::json& t : *tracks)
            if (t.is_object() && t.contains("node") && t["node"].is_string() &&
                t.contains("components") && t["components"].is_number_integer())
                out[t["node"].get<std::string>()] = std::clamp(t["components"].get<int>(), 1, 3);
    }
    return out;
}

}  // namespace

std::vector<ValueTrack> value_tracks(const Scene& scene) {
    std::vector<ValueTrack> out;
    std::map<std::string, int> by_name;
    std::vector<std::set<std::string>> taken(scene.nodes.size());
    for (size_t i = 0; i < scene.nodes.size(); ++i) {
        by_name.emplace(scene.nodes[i].name, int(i));
        for (const auto& [key, value] : scene.nodes[i].extras.items()) taken[i].insert(key);
    }
    const std::map<std::string, int> components = track_components(scene);
    auto declare = [&](ValueTrack t, const std::string& base) {
        t.property = base;
        for (int k = 2;
             taken[size_t(t.target)].count(t.property) || reserved_names().count(t.property); ++k)
            t.property = base + "_" + std::to_string(k);
        taken[size_t(t.target)].insert(t.property);
        out.push_back(std::move(t));
    };
    for (size_t i = 0; i < scene.nodes.size(); ++i) {
        const nlohmann::json& ex = scene.nodes[i].extras;
        const auto what = ex.find("ripkit_track");
        if (engine_track(ex) && scene.nodes[i].parent >= 0) {
            // On the helper's parent, named after the helper (`material MAT
            // diffuse`), one property a component (`_x`, `_y`, `_z`).
            const auto n = components.find(scene.nodes[i].name);
            const int dims = n == components.end() ? 1 : n->second;
            for (int c = 0; c < dims; ++c) {
                ValueTrack t;
                t.node = int(i);
                t.target = scene.nodes[i].parent;
                t.component = c;
                std::string name = scene.nodes[i].name;
                if (dims > 1) name += c == 0 ? "_x" : c == 1 ? "_y" : "_z";
                declare(t, name);
            }
            continue;
        }
        if (what == ex.end() || !what->is_string() || what->get<std::string>().empty()) continue;
        ValueTrack t;
        t.node = int(i);
        const auto target = ex.find("target");
        const auto named = target != ex.end() && target->is_string()
                               ? by_name.find(target->get<std::string>())
                               : by_name.end();
        t.target = named != by_name.end() ? named->second : -1;
        if (t.target < 0 || t.target == int(i)) t.target = scene.nodes[i].parent;
        if (t.target < 0) continue;
        t.component = component_index(ex);
        declare(t, what->get<std::string>());
    }
    return out;
}

namespace {

// The Model of node i, with its attribute and the leaves for what cannot go
// on it.
void write_node(const Scene& scene, size_t i, const NodeFacts& facts,
                const std::vector<size_t>& tracks, Doc& doc, Models& m,
                std::vector<std::string>& notes) {
    const Node& n = scene.nodes[i];
    check_name(n.name, "node");
    const bool geometry = has_geometry(scene, n);
    if (geometry) m.geometry[i] = doc.new_id();
    // A mesh above the joints that bend it goes on a leaf of its own
    // (Blender builds no objects for a mesh that is its armature's parent).
    const bool mesh_here = geometry && !facts.joint_below[i];
    // A camera on a node with children or meshes goes on a leaf of its own:
    // the camera's turn would turn those too.
    const bool camera_here = n.camera >= 0 && !geometry && !facts.parent[i];
    const char* type = camera_here      ? "Camera"
                       : mesh_here      ? "Mesh"
                       : facts.joint[i] ? "LimbNode"
                                        : "Null";
    fbx::Node& mdl = model(doc, m.node[i], n.name, type);
    fbx::Node& p70 = properties(mdl);
    transform_props(p70, n, camera_here);
    m.camera_turned[i] = camera_here;
    p_user_extras(p70, n.extras, reserved_names());
    for (size_t k : tracks) {
        const ValueTrack& t = m.tracks[k];
        p_user_number(p70, t.property,
                      double(scene.nodes[size_t(t.node)].translation[t.component]));
    }
    finish_model(mdl);
    doc.oo(m.node[i], n.parent >= 0 ? m.node[size_t(n.parent)] : 0);
    if (std::string(type) == "LimbNode") {
        const int64_t attr = doc.new_id();
        doc.object("NodeAttribute", attr, n.name, "NodeAttribute", "LimbNode")
            .add("TypeFlags")
            .str("Skeleton");
        doc.oo(attr, m.node[i]);
    }
    m.geometry_model[i] = m.node[i];
    if (geometry && !mesh_here) {
        const std::string leaf = unique_name(scene, n.name + "_mesh");
        m.geometry_model[i] = doc.new_id();
        leaf_model(doc, m.geometry_model[i], m.node[i], leaf, "Mesh", false);
        notes.push_back("FBX: the meshes of node '" + n.name + "' are on its child Model '" + leaf +
                        "' (the node is above the joints that bend them)");
    }
    if (n.camera < 0) return;
    int64_t holder = m.node[i];
    fbx::Node* holder_model = &mdl;
    if (!camera_here) {
        const std::string leaf = unique_name(scene, n.name + "_camera");
        holder = doc.new_id();
        holder_model = &leaf_model(doc, holder, m.node[i], leaf, "Camera", true);
        notes.push_back("FBX: camera '" + scene.cameras[size_t(n.camera)].name +
                        "' is on child Model '" + leaf + "' of node '" + n.name +
                        "' (its node has children or meshes the camera's turn would move)");
    }
    const Camera& cam = scene.cameras[size_t(n.camera)];
    write_camera(doc, m.camera_attr[size_t(n.camera)], cam);
    doc.oo(m.camera_attr[size_t(n.camera)], holder);
    // Blender 3.4 reads user properties of Models, not of camera attributes:
    // the camera's extras also go on the Model holding it (a key the node's
    // extras have already gets the prefix "user_").
    std::set<std::string> taken = reserved_names();
    if (camera_here)
        for (const auto& [key, value] : n.extras.items()) taken.insert(key);
    p_user_extras(properties(*holder_model), cam.extras, taken);
}

}  // namespace

Models write_models(const Scene& scene, Doc& doc, std::vector<std::string>& notes) {
    Models m;
    m.tracks = value_tracks(scene);
    m.node.resize(scene.nodes.size());
    m.geometry.assign(scene.nodes.size(), 0);
    m.geometry_model.assign(scene.nodes.size(), 0);
    m.camera_turned.assign(scene.nodes.size(), false);
    m.camera_attr.resize(scene.cameras.size());
    for (int64_t& id : m.node) id = doc.new_id();
    for (int64_t& id : m.camera_attr) id = doc.new_id();
    const NodeFacts facts = node_facts(scene);
    std::vector<std::vector<size_t>> tracks_on(scene.nodes.size());
    for (size_t k = 0; k < m.tracks.size(); ++k) tracks_on[size_t(m.tracks[k].target)].push_back(k);
    for (size_t i = 0; i < scene.nodes.size(); ++i)
        write_node(scene, i, facts, tracks_on[i], doc, m, notes);
    return m;
}

}  // namespace ripkit::fbxw
