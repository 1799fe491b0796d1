#include "model_dump.hpp"

#include "face_dump.hpp"
#include "pointers.hpp"
#include "ripkit/n64/gbi.hpp"
#include "ripkit/number_text.hpp"

namespace ripkit::hey_you_pikachu {

namespace {

nlohmann::json nodes_json(const Hierarchy& h) {
    nlohmann::json nodes = nlohmann::json::array();
    for (size_t k = 0; k < h.nodes.size(); ++k) {
        const HierarchyNode& n = h.nodes[k];
        nodes.push_back({{"slot", k},
                         {"offset", n.offset},
                         {"parent", n.parent},
                         {"type", n.type},
                         {"scale", {n.scale.x, n.scale.y, n.scale.z}},
                         {"rotation", {n.rotation.x, n.rotation.y, n.rotation.z}},
                         {"translation", {n.translation.x, n.translation.y, n.translation.z}},
                         {"unknown24", hex(n.unknown24, 8)},
                         {"sibling", hex(n.sibling, 8)},
                         {"child", hex(n.child, 8)},
                         {"display_list", hex(n.display_list, 8)}});
    }
    return nodes;
}

nlohmann::json textures_json(const std::vector<n64::DecodedTexture>& textures) {
    nlohmann::json tex = nlohmann::json::array();
    for (const n64::DecodedTexture& t : textures)
        tex.push_back({{"format", n64::texture_format_name(t.tile.fmt, t.tile.siz)},
                       {"width", t.image.width},
                       {"height", t.image.height},
                       {"tmem", t.tile.tmem},
                       {"line", t.tile.line},
                       {"palette", t.tile.palette},
                       {"tlut", int(t.tlut)},
                       {"cms", t.tile.cms},
                       {"cmt", t.tile.cmt},
                       {"shifts", t.tile.shifts},
                       {"shiftt", t.tile.shiftt},
                       {"image_address", hex(t.image_address, 8)},
                       {"tlut_address", hex(t.tlut_address, 8)}});
    return tex;
}

}  // namespace

nlohmann::json dump_decoded_model(const DecodedModel& m, RecordSource source) {
    nlohmann::json j;
    nlohmann::json dw = nlohmann::json::array();
    for (uint32_t w : m.descriptor.words) dw.push_back(hex(w, 8));
    j["descriptor"] = {{"resource_id", m.descriptor.id},
                       {"rom_offset", hex(m.descriptor.rom_offset, 8)},
                       {"compression", m.descriptor.compression()},
                       {"rom_start", hex(m.descriptor.rom_start(), 8)},
                       {"rom_end", hex(m.descriptor.rom_end(), 8)},
                       {"words", dw}};
    j["resource"] = {{"compressed", m.resource->compressed},
                     {"packed_size", m.resource->packed_size},
                     {"unpacked_size", m.resource->data.size()}};
    nlohmann::json rr = nlohmann::json::array();
    for (uint32_t w : m.runtime_record) rr.push_back(hex(w, 8));
    j["runtime_record"] = {{"source", record_source_name(source)}, {"words", rr}};
    j["hierarchy_pointer"] = hex(m.hierarchy_pointer, 8);
    j["hierarchy_pointer_shape"] = pointer_shape_name(pointer_shape(m.hierarchy_pointer));
    j["hierarchy_offset"] = m.hierarchy_offset;
    j["facial_pointer"] = hex(m.facial_pointer, 8);
    j["pointer_rule"] = m.pointers.describe();
    if (!m.kseg0_base_source.empty()) j["kseg0_base_source"] = m.kseg0_base_source;
    j["nodes"] = nodes_json(m.hierarchy);
    nlohmann::json dls = nlohmann::json::array();
    for (const NodeDisplayList& d : m.display_lists)
        dls.push_back({{"node", d.node},
                       {"address", hex(d.address, 8)},
                       {"commands", d.commands},
                       {"triangles", d.triangles}});
    j["display_lists"] = dls;
    j["textures"] = textures_json(m.textures);
    j["triangles"] = m.triangles.size();
    j["draw_states"] = m.states.size();
    j["vertices_loaded"] = m.stats.vertices_loaded;
    j["foreign_matrices"] = m.stats.foreign_matrices;
    j["max_call_depth"] = m.stats.max_depth;
    if (m.facial_pointer) j["faces"] = faces_json(m.faces);
    return j;
}

}  // namespace ripkit::hey_you_pikachu
