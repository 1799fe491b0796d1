#include "zouna/keyframes/layout_extras.hpp"

namespace ripkit::zouna {

namespace {

nlohmann::json modifiers_json(const std::vector<Modifier>& mods) {
    nlohmann::json out = nlohmann::json::array();
    for (const Modifier& m : mods)
        out.push_back({{"crc", m.name}, {"id", m.id}, {"flags", m.flags}});
    return out;
}

}  // namespace

nlohmann::json layout_json(const Animation& a) {
    nlohmann::json bezier = nlohmann::json::array();
    for (const Modifier& m : a.nodes) {
        const Slice& sb = m.slices[kSliceBezierRot];
        if (!sb.count || m.slices[kSliceRot].count) continue;
        nlohmann::json keys = nlohmann::json::array();
        for (size_t k = sb.start; k < size_t(sb.start) + sb.count; ++k) {
            const Key& key = a.bezier_rot.keys[k];
            keys.push_back({key.time, key.value.x, key.value.y, key.value.z, key.in.x, key.in.y,
                            key.in.z, key.out.x, key.out.y, key.out.z});
        }
        bezier.push_back({{"bone_crc", m.name}, {"keys", keys}});
    }
    return {{"nodes", modifiers_json(a.nodes)},
            {"materials", modifiers_json(a.materials)},
            {"meshes", modifiers_json(a.meshes)},
            {"morphs", modifiers_json(a.morphs)},
            {"keyframer_flags",
             {{"translation", a.translation.flags},
              {"scale", a.scale.flags},
              {"material",
               {a.material[0].flags, a.material[1].flags, a.material[2].flags, a.material[3].flags,
                a.material[4].flags}},
              {"mesh_hide", a.mesh_hide.flags},
              {"morph_weight", a.morph_weight.flags}}},
            {"bezier_rotation", bezier}};
}

}  // namespace ripkit::zouna
