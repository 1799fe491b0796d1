// glTF 2.0 written directly from the Scene in one pass: geometry and skins
// (gltf_geometry.cpp), then cameras, extras, materials and animations.
#include "ripkit/gltf_export.hpp"

#include <cmath>
#include <map>

#include "ripkit/error.hpp"

namespace ripkit {

namespace {

using nlohmann::json;

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

}  // namespace

GltfDoc build_gltf(const Scene& scene, std::vector<std::string>& notes) {
    return build_gltf(scene, notes, *scene_budget(scene));
}

GltfDoc build_gltf(const Scene& scene, std::vector<std::string>& notes, Budget& b) {
    if (scene.nodes.empty()) fail_no_offset(ErrorKind::BadValue, "a scene with a root node");
    GltfDoc doc;
    write_gltf_geometry(scene, doc, b, notes);
    // Node i of the Scene is node i of the file.
    std::vector<int> node_map(scene.nodes.size());
    for (size_t i = 0; i < node_map.size(); ++i) node_map[i] = int(i);
    add_cameras(scene, node_map, doc.json);
    add_node_extras(scene, node_map, doc.json);
    for (const Texture& t : scene.textures)
        b.charge_bytes(t.png.size(), "texture '" + t.name + "' written as glTF");
    fix_gltf_materials(scene, node_map, doc);
    write_gltf_animations(scene, node_map, doc);
    untextured_without_uvs(doc, notes);
    make_inverse_binds_affine(doc);
    doc.sync_buffer_length();
    // Nothing binary at all (a bare node tree): glTF forbids an empty buffer.
    if (doc.bin.empty() && !doc.json.contains("bufferViews")) doc.json.erase("buffers");
    return doc;
}

}  // namespace ripkit
