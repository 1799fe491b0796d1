// glTF 2.0: geometry, skins and embedded textures from Assimp's glb2
// exporter, then everything 5.2.5 loses written from the Scene.
#include "ripkit/gltf_export.hpp"

#include <assimp/scene.h>

#include <assimp/Exporter.hpp>
#include <cmath>
#include <functional>
#include <map>
#include <set>

#include "ripkit/assimp/scene_to_assimp.hpp"
#include "ripkit/error.hpp"
#include "ripkit/export_detail.hpp"
#include "ripkit/out_of_memory.hpp"

namespace ripkit {

namespace {

using nlohmann::json;

GltfDoc assimp_glb(const Scene& scene, Budget* budget) {
    AssimpHandoverOptions opt;
    opt.include_animations = false;  // written below with exact interpolation
    opt.budget = budget;
    std::unique_ptr<aiScene> ai = to_aiscene(scene, opt);
    Assimp::Exporter exporter;
    const aiExportDataBlob* blob = detail::guard_alloc(
        "Assimp's glb2 exporter", [&] { return exporter.ExportToBlob(ai.get(), "glb2", 0); });
    if (!blob)
        fail_no_offset(ErrorKind::Io, std::string("Assimp's glb2 exporter to succeed: ") +
                                          exporter.GetErrorString());
    return parse_glb(ByteSpan(static_cast<const uint8_t*>(blob->data), blob->size));
}

// Scene node index -> glTF node index, matched by name (Assimp keeps aiNode
// names; the Scene guarantees they are unique).
std::vector<int> map_nodes(const Scene& scene, const json& gltf) {
    std::map<std::string, int> by_name;
    if (gltf.contains("nodes"))
        for (size_t i = 0; i < gltf["nodes"].size(); ++i) {
            const json& n = gltf["nodes"][i];
            if (n.contains("name") && n["name"].is_string())
                by_name.emplace(n["name"].get<std::string>(), int(i));
        }
    std::vector<int> map(scene.nodes.size(), -1);
    for (size_t i = 0; i < scene.nodes.size(); ++i) {
        const auto it = by_name.find(scene.nodes[i].name);
        if (it == by_name.end())
            fail_no_offset(ErrorKind::BadValue,
                           "Assimp's glTF output to keep node '" + scene.nodes[i].name + "'");
        map[i] = it->second;
    }
    return map;
}

void add_cameras(const Scene& scene, const std::vector<int>& node_map, json& gltf) {
    if (scene.cameras.empty()) return;
    json& cams = gltf["cameras"];
    if (!cams.is_array()) cams = json::array();
    for (const Camera& c : scene.cameras) {
        json persp = {{"yfov", c.yfov}, {"znear", c.znear}};
        if (c.aspect > 0.0f) persp["aspectRatio"] = c.aspect;
        if (c.zfar > c.znear) persp["zfar"] = c.zfar;
        json extras = c.extras.is_object() ? c.extras : json::object();
        if (!c.yfov_times.empty()) {
            extras["yfov_times"] = c.yfov_times;
            extras["yfov_values"] = c.yfov_values;
        }
        json cam = {{"type", "perspective"}, {"perspective", persp}};
        if (!c.name.empty()) cam["name"] = c.name;
        if (!extras.empty()) cam["extras"] = extras;
        cams.push_back(cam);
        gltf["nodes"][size_t(node_map.at(size_t(c.node)))]["camera"] = cams.size() - 1;
    }
}

// Every node gets the Scene's own TRS instead of Assimp's matrix: glTF forbids
// a matrix on animated nodes, and the TRS are exact.
void set_node_trs(const Scene& scene, const std::vector<int>& node_map, json& gltf) {
    for (size_t i = 0; i < scene.nodes.size(); ++i) {
        const Node& n = scene.nodes[i];
        json& out = gltf["nodes"][size_t(node_map[i])];
        out.erase("matrix");
        out.erase("translation");
        out.erase("rotation");
        out.erase("scale");
        if (n.translation != glm::vec3(0.0f))
            out["translation"] = {n.translation.x, n.translation.y, n.translation.z};
        for (float v : {n.translation.x, n.translation.y, n.translation.z, n.rotation.x,
                        n.rotation.y, n.rotation.z, n.rotation.w, n.scale.x, n.scale.y, n.scale.z})
            if (!std::isfinite(v))
                fail_no_offset(ErrorKind::BadValue, "finite TRS on node '" + n.name + "'");
        // glTF requires unit quaternions on nodes.
        const float len = std::sqrt(n.rotation.x * n.rotation.x + n.rotation.y * n.rotation.y +
                                    n.rotation.z * n.rotation.z + n.rotation.w * n.rotation.w);
        const glm::vec4 q = len > 0.0f ? n.rotation / len : glm::vec4(0, 0, 0, 1);
        if (q != glm::vec4(0, 0, 0, 1)) out["rotation"] = {q.x, q.y, q.z, q.w};
        if (n.scale != glm::vec3(1.0f)) out["scale"] = {n.scale.x, n.scale.y, n.scale.z};
    }
}

void set_view_target(json& gltf, const json& accessor_index, int target) {
    if (!accessor_index.is_number_integer()) return;
    const json& acc = gltf["accessors"].at(accessor_index.get<size_t>());
    if (!acc.contains("bufferView")) return;
    json& view = gltf["bufferViews"].at(acc["bufferView"].get<size_t>());
    if (!view.contains("target")) view["target"] = target;
}

bool is_ancestor_or_self(const Scene& scene, int a, int n) {
    for (; n >= 0; n = scene.nodes[size_t(n)].parent)
        if (n == a) return true;
    return false;
}

// Assimp writes one glTF skin per skinned mesh; the Scene skin with the same
// joints supplies `skeleton`, kept only when it really is a common root
// (the validator rejects anything else).
void set_skeleton(const Scene& scene, const std::vector<int>& node_map, json& skin) {
    for (const Skin& s : scene.skins) {
        if (s.skeleton < 0 || !skin.contains("joints") || skin["joints"].size() != s.joints.size())
            continue;
        bool same = true;
        for (size_t k = 0; k < s.joints.size() && same; ++k)
            same = skin["joints"][k] == node_map[size_t(s.joints[k])];
        if (!same) continue;
        bool common = true;
        for (int j : s.joints) common = common && is_ancestor_or_self(scene, s.skeleton, j);
        if (common) skin["skeleton"] = node_map[size_t(s.skeleton)];
        return;
    }
}

// 5.2.5 leaves JOINTS_0/WEIGHTS_0 views without a target (validator hint)
// and declares extensions it does not use (FB_ngon_encoding, KHR_materials_volume).
void tidy(const Scene& scene, const std::vector<int>& node_map, json& gltf) {
    if (gltf.contains("meshes"))
        for (const json& mesh : gltf["meshes"]) {
            const json prims = mesh.value("primitives", json::array());
            for (const json& prim : prims) {
                const json attrs = prim.value("attributes", json::object());
                for (const auto& [name, acc] : attrs.items())
                    set_view_target(gltf, acc, 34962);  // ARRAY_BUFFER
                if (prim.contains("indices")) set_view_target(gltf, prim["indices"], 34963);
            }
        }
    if (gltf.contains("skins"))
        for (json& skin : gltf["skins"]) set_skeleton(scene, node_map, skin);
    std::set<std::string> used;
    std::function<void(const json&)> scan = [&](const json& j) {
        if (j.is_object()) {
            for (const auto& [k, v] : j.items()) {
                if (k == "extensions" && v.is_object())
                    for (const auto& [ext, unused] : v.items()) used.insert(ext);
                if (k != "extensionsUsed" && k != "extensionsRequired") scan(v);
            }
        } else if (j.is_array()) {
            for (const json& v : j) scan(v);
        }
    };
    scan(gltf);
    for (const char* key : {"extensionsUsed", "extensionsRequired"}) {
        if (!gltf.contains(key)) continue;
        json kept = json::array();
        for (const json& e : gltf[key])
            if (e.is_string() && used.count(e.get<std::string>())) kept.push_back(e);
        if (kept.empty())
            gltf.erase(key);
        else
            gltf[key] = kept;
    }
}

// Assimp 5.2.5 reads node extras into aiMetadata, where an array or object
// becomes nested metadata that its own scene copy cannot duplicate: every
// `assimp export` of such a file aborts. So node extras hold scalars only and
// a nested value goes as its JSON text under "<key>_json" (docs/architecture.md
// "Metadata conventions"; the Blender add-on turns it back into the value).
json assimp_safe_node_extras(const Node& n) {
    json out = json::object();
    for (const auto& [key, value] : n.extras.items()) {
        if (value.is_primitive()) {
            out[key] = value;
            continue;
        }
        const std::string text_key = key + "_json";
        if (n.extras.contains(text_key))
            fail_no_offset(ErrorKind::BadValue, "node '" + n.name + "' extras to hold '" + key +
                                                    "' or '" + text_key + "', not both");
        out[text_key] = value.dump(-1, ' ', false, json::error_handler_t::replace);
    }
    return out;
}

void add_node_extras(const Scene& scene, const std::vector<int>& node_map, json& gltf) {
    for (size_t i = 0; i < scene.nodes.size(); ++i) {
        const Node& n = scene.nodes[i];
        if (n.extras.is_object() && !n.extras.empty())
            gltf["nodes"][size_t(node_map[i])]["extras"] = assimp_safe_node_extras(n);
    }
    if (gltf.contains("scenes") && !gltf["scenes"].empty()) {
        json ex = scene.extras.is_object() ? scene.extras : json::object();
        if (!scene.name.empty()) gltf["scenes"][0]["name"] = scene.name;
        if (!ex.empty()) gltf["scenes"][0]["extras"] = ex;
    }
}

// A textured material on a primitive without UVs is a validator error
// (MESH_PRIMITIVE_TOO_FEW_TEXCOORDS); such primitives get an untextured copy
// of the material, as the texture could not be mapped anyway.
void untextured_without_uvs(GltfDoc& doc, std::vector<std::string>& notes) {
    json& j = doc.json;
    if (!j.contains("meshes") || !j.contains("materials")) return;
    std::map<size_t, size_t> copies;
    for (json& mesh : j["meshes"]) {
        if (!mesh.contains("primitives")) continue;
        for (json& prim : mesh["primitives"]) {
            if (!prim.contains("material") || !prim.contains("attributes")) continue;
            if (prim["attributes"].contains("TEXCOORD_0")) continue;
            const size_t m = prim["material"].get<size_t>();
            const json& mat = j["materials"].at(m);
            if (!mat.contains("pbrMetallicRoughness") ||
                !mat["pbrMetallicRoughness"].contains("baseColorTexture"))
                continue;
            auto it = copies.find(m);
            if (it == copies.end()) {
                json copy = mat;
                copy["pbrMetallicRoughness"].erase("baseColorTexture");
                copy["name"] = mat.value("name", std::string("material")) + "_untextured";
                if (copy.contains("extras")) copy["extras"].erase("ripkit_texture_switch");
                j["materials"].push_back(copy);
                it = copies.emplace(m, j["materials"].size() - 1).first;
                notes.push_back("glTF: material '" + mat.value("name", std::string()) +
                                "' is drawn untextured on a mesh without UVs");
            }
            prim["material"] = it->second;
        }
    }
}

// Assimp leaves samplers, textures or images nobody references when the
// materials are rewritten; validators warn on unused objects only, so they stay.

}  // namespace

GltfDoc build_gltf(const Scene& scene, std::vector<std::string>& notes, Budget* budget) {
    GltfDoc doc = assimp_glb(scene, budget);
    const std::vector<int> node_map = map_nodes(scene, doc.json);
    set_node_trs(scene, node_map, doc.json);
    add_cameras(scene, node_map, doc.json);
    add_node_extras(scene, node_map, doc.json);
    fix_gltf_materials(scene, node_map, doc);
    write_gltf_animations(scene, node_map, doc);
    untextured_without_uvs(doc, notes);
    split_skins(scene, node_map, doc);
    tidy(scene, node_map, doc.json);
    make_inverse_binds_affine(doc);
    doc.json["asset"]["generator"] = "ripkit (Assimp 5.2.5 glb2 + ripkit repairs)";
    doc.sync_buffer_length();
    // Nothing binary at all (a bare node tree): glTF forbids an empty buffer.
    if (doc.bin.empty() && !doc.json.contains("bufferViews")) doc.json.erase("buffers");
    return doc;
}

}  // namespace ripkit
