// `dump`: every decoded key, values after the Comp scaling, names null when unknown.
#include "zouna/keyframes/keyframes_dump.hpp"

#include "zouna/document.hpp"

namespace ripkit::zouna {

namespace {

using nlohmann::json;

json vec(const glm::vec4& v, int n) {
    json a = json::array();
    for (int i = 0; i < n; ++i) a.push_back(v[i]);
    return a;
}

json name_json(const NameMap& names, uint32_t crc) {
    auto it = names.find(crc);
    return it != names.end() ? json(it->second) : json(nullptr);
}

const char* endian_name(Endian e) { return e == Endian::Little ? "little" : "big"; }

}  // namespace

// Keys [start, start+count) of one keyframer in the documented shape.
json keyframer_json(const Keyframer& k, size_t start, size_t count, const NameMap& names) {
    json keys = json::array();
    const int n = kf_dims(k.cls);
    for (size_t i = start; i < start + count && i < k.keys.size(); ++i) {
        const Key& key = k.keys[i];
        json j = {{"time", key.time}};
        switch (k.cls) {
            case KfClass::Hdl:
                j["crc"] = key.word;
                j["name"] = name_json(names, key.word);
                break;
            case KfClass::Flag:
                j["flag"] = key.word;
                break;
            case KfClass::Message: {
                json list = json::array();
                for (const Message& m : k.messages[i])
                    list.push_back({{"class", m.cls},
                                    {"receiver", m.receiver},
                                    {"c", m.c},
                                    {"parameter", m.parameter},
                                    {"id", m.id}});
                j["messages"] = list;
                break;
            }
            case KfClass::BezierRot:
                j["a"] = vec(key.value, 3);
                j["b"] = vec(key.in, 3);
                j["c"] = vec(key.out, 3);
                break;
            default:
                j["value"] = vec(key.value, n);
                if (kf_has_tangents(k.cls)) {
                    j["in"] = vec(key.in, n);
                    j["out"] = vec(key.out, n);
                }
                if (k.cls == KfClass::ExtVec3f) j["key_flags"] = key.key_flags;
        }
        keys.push_back(std::move(j));
    }
    json out = {{"class", kf_class_name(k.cls)}, {"keys", keys}};
    if (kf_has_flags(k.cls)) out["flags"] = k.flags;
    return out;
}

namespace {

json slice_json(const Keyframer& k, const Slice& s, const NameMap& names) {
    return keyframer_json(k, s.start, s.count, names);
}

json modifiers_json(const std::vector<Modifier>& mods, const char* key, const Keyframer* const* kfs,
                    const char* const* props, size_t n, const NameMap& names) {
    json out = json::array();
    for (const Modifier& m : mods) {
        json j = {
            {key, m.name}, {"name", name_json(names, m.name)}, {"id", m.id}, {"flags", m.flags}};
        for (size_t p = 0; p < n; ++p) {
            j[props[p]] = slice_json(*kfs[p], m.slices[p], names);
            j[props[p]]["start"] = m.slices[p].start;
        }
        out.push_back(std::move(j));
    }
    return out;
}

}  // namespace

json dump_animation(const Animation& a, Endian e, const NameMap& names) {
    json nodes = json::array();
    for (const Modifier& m : a.nodes) {
        json msgs = slice_json(a.messages, m.slices[kSliceMessage], names)["keys"];
        nodes.push_back(
            {{"bone", m.name},
             {"name", name_json(names, m.name)},
             {"id", m.id},
             {"flags", m.flags},
             {"translation", slice_json(a.translation, m.slices[kSliceTranslation], names)},
             {"scale", slice_json(a.scale, m.slices[kSliceScale], names)},
             {"rotation", slice_json(a.rot, m.slices[kSliceRot], names)},
             {"bezier_rotation", slice_json(a.bezier_rot, m.slices[kSliceBezierRot], names)},
             {"messages", msgs}});
    }
    const Keyframer* mat[5] = {&a.material[0], &a.material[1], &a.material[2], &a.material[3],
                               &a.material[4]};
    const Keyframer* mesh[1] = {&a.mesh_hide};
    const Keyframer* morph[1] = {&a.morph_weight};
    static const char* hide[1] = {"hide"};
    static const char* weight[1] = {"weight"};
    return {
        {"format", "zouna"},
        {"class", "Animation_Z"},
        {"endian", endian_name(e)},
        {"duration", a.duration},
        {"blending", a.blending},
        {"flags", a.flags},
        {"node_flags", a.node_flags},
        {"nodes", nodes},
        {"materials", modifiers_json(a.materials, "material", mat, kMaterialTrackNames, 5, names)},
        {"meshes", modifiers_json(a.meshes, "mesh", mesh, hide, 1, names)},
        {"morphs", modifiers_json(a.morphs, "morph", morph, weight, 1, names)}};
}

json dump_skel(const Skel& s, Endian e, const NameMap& names) {
    json bones = json::array();
    for (size_t i = 0; i < s.bones.size(); ++i) {
        const Bone& b = s.bones[i];
        json transform = json::array();  // the Mat4f at 164, floats in file order
        for (int c = 0; c < 16; ++c) transform.push_back(b.transform[c / 4][c % 4]);
        bones.push_back({{"index", i},
                         {"bone", b.name},
                         {"name", name_json(names, b.name)},
                         {"parent", b.parent},
                         {"indices", b.indices},
                         {"rotation", vec(b.rotation, 4)},
                         {"scale", vec(glm::vec4(b.scale, 0), 3)},
                         {"translation", vec(glm::vec4(b.translation, 0), 3)},
                         {"flags", b.flags},
                         {"user_define", b.user_define},
                         {"transform", transform}});
    }
    return {{"format", "zouna"},
            {"class", "Skel_Z"},
            {"endian", endian_name(e)},
            {"flags", s.flags},
            {"bones", bones}};
}

json dump_material_anim(const MaterialAnim& m, Endian e, const NameMap& names) {
    json tracks = json::object();
    for (auto [prop, kf] : material_anim_tracks(m))
        tracks[prop] = keyframer_json(*kf, 0, kf->keys.size(), names);
    return {{"format", "zouna"},
            {"class", "MaterialAnim_Z"},
            {"endian", endian_name(e)},
            {"base_material", m.base_material},
            {"name", name_json(names, m.base_material)},
            {"duration", m.duration},
            {"flags", m.flags},
            {"tracks", tracks}};
}

}  // namespace ripkit::zouna
