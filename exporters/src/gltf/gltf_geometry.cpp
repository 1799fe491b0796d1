// glTF nodes, meshes and skins written straight from the Scene: one glTF
// node per Scene node (same index, so no name matching), one glTF mesh per
// set of Scene meshes nodes draw (one primitive each; nodes drawing the same
// set share it), one glTF skin per Scene skin with the Scene's joints and
// inverse binds.
#include <cmath>
#include <limits>
#include <map>

#include "ripkit/error.hpp"
#include "ripkit/gltf_export.hpp"
#include "ripkit/out_of_memory.hpp"

namespace ripkit {

namespace {

using nlohmann::json;

constexpr int kArrayBuffer = 34962, kElementArrayBuffer = 34963;
constexpr int kUnsignedShort = 5123, kUnsignedInt = 5125, kFloat = 5126;

// What Assimp skipped and glTF cannot draw: a mesh with no triangle.
bool drawable(const Mesh& m) { return !m.positions.empty() && m.indices.size() >= 3; }

template <class T>
int add_accessor(GltfDoc& doc, const std::vector<T>& data, int component, const char* type,
                 int target) {
    const int view = doc.add_buffer_view(
        ByteSpan(reinterpret_cast<const uint8_t*>(data.data()), data.size() * sizeof(T)), target);
    doc.json["accessors"].push_back({{"bufferView", view},
                                     {"componentType", component},
                                     {"count", data.size()},
                                     {"type", type}});
    return int(doc.json["accessors"].size()) - 1;
}

int add_positions(GltfDoc& doc, const Mesh& m) {
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
    for (const glm::vec3& p : m.positions) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z))
            fail_no_offset(ErrorKind::BadValue, "finite positions in mesh '" + m.name + "'");
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    const int acc = add_accessor(doc, m.positions, kFloat, "VEC3", kArrayBuffer);
    doc.json["accessors"][size_t(acc)]["min"] = {lo.x, lo.y, lo.z};
    doc.json["accessors"][size_t(acc)]["max"] = {hi.x, hi.y, hi.z};
    return acc;
}

uint64_t mesh_bytes(const Mesh& m) {
    return m.positions.size() * (sizeof(glm::vec3) * 2 + sizeof(glm::vec2) + sizeof(glm::vec4) * 2 +
                                 sizeof(glm::u16vec4)) +
           m.indices.size() * sizeof(uint32_t);
}

json primitive(const Mesh& m, int default_material, GltfDoc& doc, Budget& budget) {
    budget.charge_bytes(mesh_bytes(m), "mesh '" + m.name + "' written as glTF");
    json attrs = {{"POSITION", add_positions(doc, m)}};
    if (!m.normals.empty())
        attrs["NORMAL"] = add_accessor(doc, m.normals, kFloat, "VEC3", kArrayBuffer);
    if (!m.uv0.empty())
        attrs["TEXCOORD_0"] = add_accessor(doc, m.uv0, kFloat, "VEC2", kArrayBuffer);
    if (!m.colors.empty())
        attrs["COLOR_0"] = add_accessor(doc, m.colors, kFloat, "VEC4", kArrayBuffer);
    if (m.skin >= 0) {
        std::vector<glm::u16vec4> joints(m.positions.size());
        std::vector<glm::vec4> weights(m.positions.size());
        for (size_t v = 0; v < joints.size(); ++v) {
            const Influence in = skin_influence(m, v);
            joints[v] = in.joints;
            weights[v] = in.weights;
        }
        attrs["JOINTS_0"] = add_accessor(doc, joints, kUnsignedShort, "VEC4", kArrayBuffer);
        attrs["WEIGHTS_0"] = add_accessor(doc, weights, kFloat, "VEC4", kArrayBuffer);
    }
    json prim = {
        {"attributes", attrs},
        {"indices", add_accessor(doc, m.indices, kUnsignedInt, "SCALAR", kElementArrayBuffer)},
        {"mode", 4}};
    prim["material"] = m.material >= 0 ? m.material : default_material;
    return prim;
}

// The one Scene skin of the meshes `n` draws (-1 when none).
int node_skin(const Scene& scene, const Node& n) {
    int k = -1;
    for (int mi : n.meshes) {
        const Mesh& m = scene.meshes[size_t(mi)];
        if (!drawable(m) || m.skin < 0) continue;
        if (k >= 0 && k != m.skin)
            fail_no_offset(ErrorKind::BadValue,
                           "node '" + n.name + "' to draw meshes of one skin (glTF: one per node)");
        k = m.skin;
    }
    return k;
}

json node_json(const Node& n) {
    json out = {{"name", n.name}};
    for (float v : {n.translation.x, n.translation.y, n.translation.z, n.rotation.x, n.rotation.y,
                    n.rotation.z, n.rotation.w, n.scale.x, n.scale.y, n.scale.z})
        if (!std::isfinite(v))
            fail_no_offset(ErrorKind::BadValue, "finite TRS on node '" + n.name + "'");
    if (n.translation != glm::vec3(0.0f))
        out["translation"] = {n.translation.x, n.translation.y, n.translation.z};
    // glTF requires unit quaternions on nodes.
    const float len = std::sqrt(n.rotation.x * n.rotation.x + n.rotation.y * n.rotation.y +
                                n.rotation.z * n.rotation.z + n.rotation.w * n.rotation.w);
    const glm::vec4 q = len > 0.0f ? n.rotation / len : glm::vec4(0, 0, 0, 1);
    if (q != glm::vec4(0, 0, 0, 1)) out["rotation"] = {q.x, q.y, q.z, q.w};
    if (n.scale != glm::vec3(1.0f)) out["scale"] = {n.scale.x, n.scale.y, n.scale.z};
    return out;
}

bool is_ancestor_or_self(const Scene& scene, int a, int n) {
    for (; n >= 0; n = scene.nodes[size_t(n)].parent)
        if (n == a) return true;
    return false;
}

json skin_json(const Scene& scene, const Skin& s, GltfDoc& doc) {
    json out = {{"joints", s.joints}};
    if (!s.name.empty()) out["name"] = s.name;
    std::vector<float> m(16 * s.inverse_bind.size());
    for (size_t j = 0; j < s.inverse_bind.size(); ++j)
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r) m[16 * j + size_t(4 * c + r)] = s.inverse_bind[j][c][r];
    if (!s.joints.empty())
        out["inverseBindMatrices"] = doc.add_float_accessor(m, "MAT4", s.joints.size(), false);
    // `skeleton` only when it really is a common root (the validator rejects anything else).
    bool common = s.skeleton >= 0;
    for (int j : s.joints) common = common && is_ancestor_or_self(scene, s.skeleton, j);
    if (common) out["skeleton"] = s.skeleton;
    return out;
}

}  // namespace

void write_gltf_geometry(const Scene& scene, GltfDoc& doc, Budget& budget,
                         std::vector<std::string>& notes) {
    json& j = doc.json;
    j["asset"] = {{"version", "2.0"}, {"generator", "ripkit"}};
    j["scene"] = 0;
    j["scenes"] = json::array({{{"nodes", json::array({0})}}});
    j["nodes"] = json::array();
    j["accessors"] = json::array();
    bool needs_default = false;
    for (const Mesh& m : scene.meshes) needs_default |= drawable(m) && m.material < 0;
    const int default_material = int(scene.materials.size());
    if (!scene.materials.empty() || needs_default) {
        // Filled by fix_gltf_materials; the default is the untextured white Assimp used.
        j["materials"] = json::array();
        for (size_t i = 0; i < scene.materials.size(); ++i)
            j["materials"].push_back(json::object());
        if (needs_default)
            j["materials"].push_back({{"name", "ripkit_default"},
                                      {"pbrMetallicRoughness",
                                       {{"baseColorFactor", {1.0, 1.0, 1.0, 1.0}},
                                        {"metallicFactor", 0.0},
                                        {"roughnessFactor", 1.0}}}});
    }
    std::vector<std::vector<int>> children(scene.nodes.size());
    for (size_t i = 1; i < scene.nodes.size(); ++i)
        children[size_t(scene.nodes[i].parent)].push_back(int(i));
    // Nodes drawing the same meshes share one glTF mesh (written once).
    std::map<std::vector<int>, size_t> written;
    std::vector<std::string> undrawn;
    for (size_t i = 0; i < scene.nodes.size(); ++i) {
        detail::stop_if_out_of_memory("the glTF writer");
        const Node& n = scene.nodes[i];
        json out = node_json(n);
        if (!children[i].empty()) out["children"] = children[i];
        std::vector<int> drawn;
        for (int mi : n.meshes) {
            const Mesh& m = scene.meshes.at(size_t(mi));
            if (drawable(m))
                drawn.push_back(mi);
            else
                undrawn.push_back(m.name);
        }
        if (!drawn.empty()) {
            auto [it, fresh] = written.try_emplace(drawn, 0);
            if (fresh) {
                json prims = json::array();
                for (int mi : drawn)
                    prims.push_back(
                        primitive(scene.meshes[size_t(mi)], default_material, doc, budget));
                j["meshes"].push_back({{"name", scene.meshes[size_t(drawn[0])].name},
                                       {"primitives", std::move(prims)}});
                it->second = j["meshes"].size() - 1;
            }
            out["mesh"] = it->second;
            const int skin = node_skin(scene, n);
            if (skin >= 0) out["skin"] = skin;
        }
        j["nodes"].push_back(std::move(out));
    }
    // glTF has no primitive without a triangle (a mesh with no vertices or
    // fewer than three indices): said, not dropped silently.
    if (!undrawn.empty())
        notes.push_back("glTF: " + std::to_string(undrawn.size()) +
                        " mesh(es) without a triangle not written (first: '" + undrawn[0] + "')");
    for (const Skin& s : scene.skins) j["skins"].push_back(skin_json(scene, s, doc));
    if (j["accessors"].empty()) j.erase("accessors");
}

}  // namespace ripkit
