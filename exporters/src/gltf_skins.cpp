// One glTF skin per Scene skin. Assimp 5.2.5's glb2 exporter gathers the
// bones of every skinned mesh of a scene into one skin, so two cutscene
// actors become one armature in Blender, joined at their common ancestor.
// Here each node that draws the meshes of one Scene skin gets that skin's own
// glTF skin - its joints in the Scene's order, with the inverse bind matrices
// Assimp wrote for them - and its primitives' JOINTS_0 are renumbered into
// it. Whatever does not split cleanly (a node or mesh drawn for two skins, a
// weighted joint outside the node's skin, an accessor shared across skins)
// keeps Assimp's skin: a valid file either way.
#include <algorithm>
#include <cstring>
#include <map>
#include <optional>

#include "gltf_accessors.hpp"
#include "ripkit/gltf_export.hpp"

namespace ripkit {

namespace {

using nlohmann::json;

using gltf::Elements;

// The accessor `index` names, when it is one whose elements can be rewritten in place.
std::optional<Elements> elements(GltfDoc& doc, const json& index, const char* type,
                                 size_t components) {
    if (!index.is_number_unsigned()) return std::nullopt;
    const Elements e = gltf::accessor_elements(doc, index.get<size_t>(), type, components);
    if (e.status != Elements::Status::Ok) return std::nullopt;
    return e;
}

uint32_t get_uint(const Elements& e, size_t v, size_t c) {
    const uint8_t* at = e.first + v * e.stride + c * e.component;
    if (e.component == 1) return *at;
    uint16_t x;
    std::memcpy(&x, at, 2);
    return x;
}

bool nonzero(const Elements& e, size_t v, size_t c) {
    const uint8_t* at = e.first + v * e.stride + c * e.component;
    if (e.component == 4) {
        float f;
        std::memcpy(&f, at, 4);
        return f != 0.0f;
    }
    for (size_t b = 0; b < e.component; ++b)
        if (at[b]) return true;
    return false;
}

void put_uint(const Elements& e, size_t v, size_t c, uint32_t x) {
    uint8_t* at = e.first + v * e.stride + c * e.component;
    if (e.component == 1) {
        *at = uint8_t(x);
    } else {
        const uint16_t s = uint16_t(x);
        std::memcpy(at, &s, 2);
    }
}

// The Scene skin whose meshes `scene_node` draws; -1 when none or several.
int skin_of(const Scene& scene, int scene_node) {
    int k = -1;
    for (int m : scene.nodes[size_t(scene_node)].meshes) {
        const int s = scene.meshes[size_t(m)].skin;
        if (s < 0) continue;
        if (k >= 0 && k != s) return -1;
        k = s;
    }
    return k;
}

using Key = std::pair<size_t, int>;  // Assimp's skin, Scene skin

struct Plan {
    std::map<size_t, Key> node_key;               // glTF node -> its skin's key
    std::map<size_t, Key> mesh_key;               // glTF mesh -> the key of every node drawing it
    std::vector<Key> keys;                        // in order of first use
    std::map<Key, std::vector<int>> joints;       // glTF node of each new joint
    std::map<Key, std::vector<size_t>> old_slot;  // its index in Assimp's skin
};

std::optional<Plan> plan_split(const Scene& scene, const std::vector<int>& node_map,
                               const json& gltf) {
    std::vector<int> scene_of(gltf["nodes"].size(), -1);
    for (size_t i = 0; i < node_map.size(); ++i)
        if (node_map[i] >= 0 && size_t(node_map[i]) < scene_of.size())
            scene_of[size_t(node_map[i])] = int(i);
    Plan p;
    for (size_t n = 0; n < gltf["nodes"].size(); ++n) {
        const json& node = gltf["nodes"][n];
        if (!node.contains("skin")) continue;
        if (!node.contains("mesh") || scene_of[n] < 0) return std::nullopt;
        const int k = skin_of(scene, scene_of[n]);
        if (k < 0) return std::nullopt;
        const Key key{node["skin"].get<size_t>(), k};
        const size_t mesh = node["mesh"].get<size_t>();
        const auto [it, fresh] = p.mesh_key.emplace(mesh, key);
        if (!fresh && it->second != key) return std::nullopt;
        p.node_key[n] = key;
        if (p.joints.count(key)) continue;
        p.keys.push_back(key);
        const json& old = gltf["skins"].at(key.first)["joints"];
        for (int j : scene.skins[size_t(k)].joints) {
            const int target = node_map[size_t(j)];
            size_t slot = 0;
            while (slot < old.size() && old[slot] != target) ++slot;
            if (slot == old.size()) return std::nullopt;
            p.joints[key].push_back(target);
            p.old_slot[key].push_back(slot);
        }
    }
    if (p.keys.size() == gltf["skins"].size()) {
        // Already one glTF skin per Scene skin, in the Scene's joint order?
        bool same = true;
        for (const Key& key : p.keys)
            same = same && gltf["skins"][key.first]["joints"] == json(p.joints[key]);
        if (same) return std::nullopt;
    }
    return p;
}

// JOINTS_0 of every primitive renumbered into its node's new skin, worked out
// before anything is written so a refusal leaves the file untouched.
struct Renumber {
    size_t accessor = 0;
    Elements joints;
    std::vector<uint16_t> values;  // 4 per vertex
};

std::optional<std::vector<Renumber>> plan_renumber(GltfDoc& doc, const Plan& p) {
    std::vector<Renumber> out;
    std::map<size_t, Key> accessor_key;
    for (const auto& [mesh, key] : p.mesh_key) {
        const json& old_joints = doc.json["skins"][key.first]["joints"];
        std::map<int, uint16_t> new_index;
        const std::vector<int>& nj = p.joints.at(key);
        for (size_t i = 0; i < nj.size(); ++i) new_index[nj[i]] = uint16_t(i);
        for (const json& prim : doc.json["meshes"].at(mesh).value("primitives", json::array())) {
            const json attrs = prim.value("attributes", json::object());
            if (attrs.contains("JOINTS_1")) return std::nullopt;
            if (!attrs.contains("JOINTS_0")) continue;
            const size_t acc = attrs["JOINTS_0"].get<size_t>();
            const auto [it, fresh] = accessor_key.emplace(acc, key);
            if (!fresh) {
                if (it->second != key) return std::nullopt;
                continue;  // renumbered once
            }
            const auto j = elements(doc, attrs["JOINTS_0"], "VEC4", 4);
            const auto w = elements(doc, attrs.value("WEIGHTS_0", json()), "VEC4", 4);
            if (!j || j->component == 4 || !w || w->count != j->count) return std::nullopt;
            Renumber r{acc, *j, {}};
            r.values.reserve(4 * j->count);
            for (size_t v = 0; v < j->count; ++v)
                for (size_t c = 0; c < 4; ++c) {
                    const uint32_t old = get_uint(*j, v, c);
                    const auto found = old < old_joints.size()
                                           ? new_index.find(old_joints[old].get<int>())
                                           : new_index.end();
                    if (found != new_index.end()) {
                        r.values.push_back(found->second);
                    } else if (!nonzero(*w, v, c)) {
                        r.values.push_back(0);
                    } else {
                        return std::nullopt;
                    }
                }
            out.push_back(std::move(r));
        }
    }
    return out;
}

void set_bounds(json& acc, const std::vector<uint16_t>& values) {
    json lo = json::array(), hi = json::array();
    for (size_t c = 0; c < 4; ++c) {
        uint16_t a = 0xFFFF, b = 0;
        for (size_t i = c; i < values.size(); i += 4) {
            a = std::min(a, values[i]);
            b = std::max(b, values[i]);
        }
        lo.push_back(values.empty() ? 0 : a);
        hi.push_back(b);
    }
    acc["min"] = lo;
    acc["max"] = hi;
}

// The matrices Assimp wrote for the new skin's joints, in its order.
std::optional<std::vector<float>> inverse_binds(GltfDoc& doc, const json& old_skin,
                                                const std::vector<size_t>& slots) {
    const auto m = elements(doc, old_skin.value("inverseBindMatrices", json()), "MAT4", 16);
    if (!m || m->component != 4) return std::nullopt;
    std::vector<float> out(16 * slots.size());
    for (size_t i = 0; i < slots.size(); ++i) {
        if (slots[i] >= m->count) return std::nullopt;
        std::memcpy(&out[16 * i], m->first + slots[i] * m->stride, 64);
    }
    return out;
}

}  // namespace

void split_skins(const Scene& scene, const std::vector<int>& node_map, GltfDoc& doc) {
    json& gltf = doc.json;
    if (!gltf.contains("skins") || !gltf.contains("nodes") || scene.skins.size() < 2) return;
    const std::optional<Plan> p = plan_split(scene, node_map, gltf);
    if (!p) return;
    const auto renumber = plan_renumber(doc, *p);
    if (!renumber) return;
    std::vector<std::vector<float>> matrices;
    for (const Key& key : p->keys) {
        auto m = inverse_binds(doc, gltf["skins"][key.first], p->old_slot.at(key));
        if (!m) return;
        matrices.push_back(std::move(*m));
    }
    // Nothing refused: write.
    for (const Renumber& r : *renumber) {
        for (size_t v = 0; v < r.joints.count; ++v)
            for (size_t c = 0; c < 4; ++c) put_uint(r.joints, v, c, r.values[4 * v + c]);
        json& acc = gltf["accessors"][r.accessor];
        if (acc.contains("min") || acc.contains("max")) set_bounds(acc, r.values);
    }
    json skins = json::array();
    std::map<Key, size_t> index;
    for (size_t i = 0; i < p->keys.size(); ++i) {
        const Key& key = p->keys[i];
        const Skin& s = scene.skins[size_t(key.second)];
        json skin = {{"joints", p->joints.at(key)}};
        if (!s.name.empty()) skin["name"] = s.name;
        skin["inverseBindMatrices"] =
            doc.add_float_accessor(matrices[i], "MAT4", p->joints.at(key).size(), false);
        index[key] = i;
        skins.push_back(std::move(skin));
    }
    gltf["skins"] = std::move(skins);
    for (const auto& [node, key] : p->node_key) gltf["nodes"][node]["skin"] = index.at(key);
}

}  // namespace ripkit
