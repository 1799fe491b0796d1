// `dump` of the mesh-family classes: every decoded field, names null when unknown.
#include "zouna/models/model_dump.hpp"

#include "zouna/models/model_set.hpp"

namespace ripkit::zouna {

namespace {

using nlohmann::json;

json name(const NameMap& names, uint32_t crc) {
    json j = {{"crc", crc}, {"name", nullptr}};
    if (auto it = names.find(crc); it != names.end()) j["name"] = it->second;
    return j;
}

json name_list(const NameMap& names, const std::vector<uint32_t>& list) {
    json a = json::array();
    for (uint32_t n : list) a.push_back(name(names, n));
    return a;
}

json object_link(const ObjectLink& k, const NameMap& names) {
    return {{"link_name", k.link_name},
            {"dependencies", name_list(names, k.dependencies)},
            {"data_name", name(names, k.data_name)},
            {"sphere", {k.sphere.x, k.sphere.y, k.sphere.z, k.sphere.w}},
            {"box", k.box},
            {"fade_out", k.fade_out},
            {"flags", k.flags},
            {"type", k.type}};
}

json vertex(const Vertex& v, uint32_t stride) {
    json j = {{"position", {v.position.x, v.position.y, v.position.z}}};
    if (stride == 12) return j;
    j["uv"] = {v.uv.x, v.uv.y};
    if (stride == 24) {
        j["unknown"] = v.unknown24;
        return j;
    }
    j["tangent"] = v.tangent;
    j["normal"] = v.normal;
    if (stride == 36) j["uv2"] = {v.uv2.x, v.uv2.y};
    if (stride == 48) {
        j["blend_index"] = v.blend_index[0];
        j["pad"] = v.pad48;
        j["blend_weight"] = v.blend_weight[0];
        json vol = json::array();
        for (const glm::vec3& x : v.volume) vol.push_back({x.x, x.y, x.z});
        j["volume"] = vol;
    }
    if (stride == 60) {
        j["blend_indices"] = v.blend_index;
        j["blend_weights"] = v.blend_weight;
    }
    return j;
}

json mesh(const MeshZ& m, const NameMap& names) {
    json j = {{"class", "Mesh_Z"},
              {"layout", body_layout_name(m.layout)},
              {"link", object_link(m.link, names)},
              {"materials", name_list(names, m.materials)},
              {"strips", m.strips},
              {"collision_faces", m.collision_faces},
              {"morph_targets", m.morph_targets}};
    if (m.layout == BodyLayout::Fuel)
        j["fuel_link"] = {{"names", name_list(names, m.fuel_link.names)},
                          {"fade", m.fuel_link.fade},
                          {"spheres", m.fuel_link.spheres},
                          {"boxes", m.fuel_link.boxes}};
    json vbs = json::array();
    for (const VertexBuffer& b : m.vertex_buffers) {
        json vs = json::array();
        for (const Vertex& v : b.vertices) vs.push_back(vertex(v, b.stride));
        vbs.push_back({{"stride", b.stride}, {"flags", b.flags}, {"vertices", vs}});
    }
    j["vertex_buffers"] = vbs;
    json ibs = json::array();
    for (const IndexBuffer& b : m.index_buffers)
        ibs.push_back({{"flags", b.flags}, {"indices", b.indices}});
    j["index_buffers"] = ibs;
    json gs = json::array();
    for (const DrawGroup& g : m.groups)
        gs.push_back({{"vertex_buffer", g.vertex_buffer},
                      {"index_buffer", g.index_buffer},
                      {"prim_type", g.prim_type},
                      {"shader", g.shader},
                      {"flags", g.flags},
                      {"first_vertex", g.first_vertex},
                      {"last_vertex", g.last_vertex},
                      {"vertex_count", g.vertex_count},
                      {"first_index", g.first_index},
                      {"faces", g.faces},
                      {"range_begin", g.range_begin},
                      {"stride", g.stride},
                      {"material", g.material}});
    j["groups"] = gs;
    return j;
}

json skin(const SkinZ& s, const NameMap& names) {
    json secs = json::array();
    for (const SkinSection& sec : s.sections) {
        json subs = json::array();
        for (const SkinSubsection& sub : sec.subsections)
            subs.push_back({{"material", name(names, sub.material)},
                            {"animation_nodes", sub.animation_nodes},
                            {"palette", name_list(names, sub.palette)},
                            {"morph_packets", sub.morph_packets}});
        secs.push_back({{"subsections", subs}});
    }
    json bones = json::array();
    for (const SkinBone& b : s.bones) {
        json blends = json::array();
        for (const BoneBlend& bl : b.blends) {
            auto list = [](const std::vector<BlendEntry>& l) {
                json a = json::array();
                for (const BlendEntry& e : l) a.push_back({e.vertex, e.weight});
                return a;
            };
            blends.push_back({{"mesh", bl.mesh},
                              {"vertices", list(bl.vertices)},
                              {"normals", list(bl.normals)}});
        }
        bones.push_back({{"bone", name(names, b.name)}, {"blends", blends}});
    }
    return {{"class", "Skin_Z"},
            {"layout", body_layout_name(s.layout)},
            {"link", object_link(s.link, names)},
            {"skeleton", name(names, s.link.data_name)},
            {"meshes", name_list(names, s.meshes)},
            {"palette_size", s.palette_size},
            {"one_and_a_half", s.one_and_a_half},
            {"matrix_cache", s.matrix_cache},
            {"class_ids", s.class_ids},
            {"bones", bones},
            {"sections", secs}};
}

json material(const MaterialZ& m, const NameMap& names) {
    return {{"class", "Material_Z"},
            {"layout", body_layout_name(m.layout)},
            {"link_name", m.link.link_name},
            {"dependencies", name_list(names, m.link.dependencies)},
            {"diffuse", {m.diffuse.r, m.diffuse.g, m.diffuse.b, m.diffuse.a}},
            {"emissive", {m.emissive.r, m.emissive.g, m.emissive.b}},
            {"specular", {m.specular.r, m.specular.g, m.specular.b}},
            {"specular_power", m.specular_power},
            {"alpha_ref", m.alpha_ref},
            {"translation", {m.translation.x, m.translation.y}},
            {"scale", {m.scale.x, m.scale.y}},
            {"rotation", m.rotation},
            {"render_flags", m.render_flags},
            {"object_flags", m.object_flags},
            {"collision_flags", m.collision_flags},
            {"texture_mask", m.texture_mask},
            {"textures", name_list(names, m.textures)},
            {"diffuse_bitmap", name(names, material_diffuse(m))}};
}

json bitmap(const BitmapZ& b, const NameMap& names) {
    return {{"class", "Bitmap_Z"},
            {"layout", body_layout_name(b.layout)},
            {"link_name", b.link.link_name},
            {"dependencies", name_list(names, b.link.dependencies)},
            {"width", b.width},
            {"height", b.height},
            {"size", b.size},
            {"format", b.format},
            {"format_copy", b.format_copy},
            {"palette_format", b.palette_format},
            {"transparency", b.transparency},
            {"mips", b.mips},
            {"flags", b.flags},
            {"bitmap_class", b.bitmap_class},
            {"bitmap_type", b.bitmap_type},
            {"bitmap_class2", b.bitmap_class2},
            {"layer", b.layer},
            {"dds_file", b.dds_file},
            {"levels", b.levels},
            {"pixels", image::pixel_format_name(b.pixel)},
            {"data_bytes", b.data_bytes},
            {"chain_bytes", b.chain_bytes}};
}

json mesh_data(const MeshDataZ& d, const NameMap& names) {
    return {{"class", "MeshData_Z"},
            {"layout", body_layout_name(d.layout)},
            {"link_name", d.link.link_name},
            {"dependencies", name_list(names, d.link.dependencies)},
            {"value", d.value},
            {"color", {d.color.r, d.color.g, d.color.b, d.color.a}},
            {"flags", d.flags},
            {"skinned", (d.flags & 8) != 0},
            {"volume_records", d.volume_records}};
}

json lod(const LodZ& d, const NameMap& names) {
    auto pairs = [&](const std::vector<std::pair<uint32_t, uint32_t>>& l) {
        json a = json::array();
        for (const auto& [id, n] : l) a.push_back({{"id", id}, {"object", name(names, n)}});
        return a;
    };
    return {{"class", "Lod_Z"},
            {"layout", body_layout_name(d.layout)},
            {"link", object_link(d.link, names)},
            {"components", name_list(names, d.components)},
            {"shadow", name(names, d.shadow)},
            {"animations", pairs(d.animations)},
            {"sounds", pairs(d.sounds)},
            {"user_define", d.user_define}};
}

}  // namespace

nlohmann::json dump_model_object(const ModelDecoded& d, const NameMap& names) {
    return std::visit(
        [&](const auto& x) -> json {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, MeshZ>) return mesh(x, names);
            if constexpr (std::is_same_v<T, SkinZ>) return skin(x, names);
            if constexpr (std::is_same_v<T, MaterialZ>) return material(x, names);
            if constexpr (std::is_same_v<T, BitmapZ>) return bitmap(x, names);
            if constexpr (std::is_same_v<T, MeshDataZ>) return mesh_data(x, names);
            if constexpr (std::is_same_v<T, LodZ>) return lod(x, names);
        },
        d);
}

}  // namespace ripkit::zouna
