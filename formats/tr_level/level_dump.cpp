#include "level_dump.hpp"

#include <cstdio>

#include "anim_dump.hpp"
#include "level_checks.hpp"
#include "slot_names.hpp"

namespace ripkit::tr_level {

using nlohmann::json;

namespace {

json faces_json(const std::vector<Face>& faces, bool quads, bool with_effects) {
    json out = json::array();
    for (const Face& f : faces) {
        if (f.quad != quads) continue;
        json face = json::array();
        for (int k = 0; k < (f.quad ? 4 : 3); ++k) face.push_back(f.v[size_t(k)]);
        face.push_back(f.texture);
        if (with_effects) face.push_back(f.effects);
        out.push_back(std::move(face));
    }
    return out;
}

json vec(const Vec3s& v) { return json::array({v.x, v.y, v.z}); }

json room_json(const Level& level, size_t k) {
    const Room& r = level.rooms[k];
    json out = {{"index", k},
                {"offset", r.at},
                {"x", r.x},
                {"z", r.z},
                {"y_bottom", r.y_bottom},
                {"y_top", r.y_top},
                {"portals", r.portals},
                {"sectors", {r.sectors_z, r.sectors_x}},
                {"ambient", r.ambient},
                {"lights", r.lights},
                {"statics", r.statics},
                {"alt_room", r.alt_room},
                {"flags", r.flags}};
    const bool tr5 = level.version == Version::Tr5;
    if (tr5)
        out["layers"] = r.layers;
    else
        out["sprites"] = r.sprites;
    if (r.error) {
        out["error"] = error_json(*r.error);
        return out;
    }
    json vertices = json::array();
    for (const RoomVertex& v : r.vertices) {
        if (tr5)
            vertices.push_back({v.x, v.y, v.z, v.normal[0], v.normal[1], v.normal[2], v.colour});
        else
            vertices.push_back({int(v.x), int(v.y), int(v.z), v.lighting, v.attributes, v.colour});
    }
    out["vertices"] = std::move(vertices);
    out["quads"] = faces_json(r.faces, true, tr5);
    out["triangles"] = faces_json(r.faces, false, tr5);
    return out;
}

json mesh_json(const MeshRecord& rec) {
    json out = {{"pointer", rec.pointer}};
    if (rec.error) out["error"] = error_json(*rec.error);
    if (!rec.mesh) return out;
    const TrMesh& m = *rec.mesh;
    out["offset"] = m.at;
    out["centre"] = vec(m.centre);
    out["radius"] = m.radius;
    out["flags"] = m.flags;
    json vertices = json::array();
    for (const Vec3s& v : m.vertices) vertices.push_back(vec(v));
    out["vertices"] = std::move(vertices);
    out["normal_count"] = m.normal_count;
    if (m.normal_count > 0) {
        json normals = json::array();
        for (const Vec3s& v : m.normals) normals.push_back(vec(v));
        out["normals"] = std::move(normals);
    } else if (m.normal_count < 0) {
        out["lights"] = m.lights;
    }
    out["quads"] = faces_json(m.faces, true, true);
    out["triangles"] = faces_json(m.faces, false, true);
    return out;
}

json moveable_json(const Level& level, const Moveable& m) {
    json out = {{"slot", m.slot},           {"offset", m.at},
                {"meshes", m.mesh_count},   {"starting_mesh", m.starting_mesh},
                {"mesh_tree", m.mesh_tree}, {"frame_offset", m.frame_offset},
                {"animation", m.animation}};
    if (const char* name = slot_name(level.version, m.slot)) out["name"] = name;
    if (level.version == Version::Tr5) out["tr5_filler"] = m.tr5_filler;
    if (m.error) out["error"] = error_json(*m.error);
    return out;
}

json texture_json(const Level& level, const ObjectTexture& t) {
    json out = {{"offset", t.at},
                {"attribute", t.attribute},
                {"tile", t.tile},
                {"flags", t.flags},
                {"uv", t.uv},
                {"origin", {t.orig_u, t.orig_v}},
                {"size", {t.width, t.height}}};
    if (level.version == Version::Tr5) out["tr5_extra"] = t.tr5_extra;
    return out;
}

json header_json(const Level& level) {
    json out = {{"format", "tr-level"},
                {"version", version_name(level.version)},
                {"magic", level.magic},
                {"pages",
                 {{"room", level.room_pages},
                  {"object", level.object_pages},
                  {"bump", level.bump_pages},
                  {"count", level.pages.size()}}}};
    if (level.version == Version::Tr5) {
        out["lara_type"] = level.lara_type;
        out["weather"] = level.weather;
    }
    return out;
}

}  // namespace

json error_json(const Error& e) {
    json out = {{"kind", error_kind_name(e.kind())}, {"message", e.what()}};
    if (e.offset()) out["offset"] = *e.offset();
    return out;
}

json tail_json(const Level& level) {
    const Tail& t = level.tail;
    json out;
    out["version_tag"] = level.magic == kMagicTr4c ? "TR4c" : "TR4\\0";
    if (t.samples) {
        const SampleSection& s = *t.samples;
        out["samples"] = {
            {"count", s.count},
            {"offset", s.at},
            {"size", s.end - s.at},
            {"kept", s.in_sfx ? "in MAIN.SFX (the level holds start and size)" : "in the level"}};
    } else {
        out["samples"] = "none (the file ends after the geometry)";
    }
    if (t.ng) {
        json chunks = json::array();
        for (const NgChunk& c : t.ng->chunks) {
            char tag[8];
            std::snprintf(tag, sizeof tag, "0x%04X", unsigned(c.tag));
            const char* name = ng_tag_name(c.tag);
            chunks.push_back({{"offset", c.at},
                              {"tag", tag},
                              {"name", name ? name : "unknown"},
                              {"words", c.words}});
        }
        out["trng"] = {{"offset", t.ng->at}, {"size", t.ng->size}, {"chunks", std::move(chunks)}};
    } else {
        out["trng"] = "none";
    }
    if (t.unknown_bytes)
        out["unknown_tail"] = {{"offset", t.unknown_at}, {"size", t.unknown_bytes}};
    return out;
}

json dump_level(const Level& level) {
    json out = header_json(level);
    out["tail"] = tail_json(level);
    const SectionCounts& c = level.counts;
    out["geometry"] = {{"offset", level.geometry_at}, {"size", level.geometry_size}};
    out["sections"] = {{"floor_data_words", c.floor_data},
                       {"animations", c.animations},
                       {"state_changes", c.state_changes},
                       {"anim_dispatches", c.dispatches},
                       {"anim_command_words", c.anim_commands},
                       {"frame_words", c.frames},
                       {"static_meshes", c.statics},
                       {"sprite_textures", c.sprite_textures},
                       {"sprite_sequences", c.sprite_sequences},
                       {"cameras", c.cameras},
                       {"flyby_cameras", c.flyby_cameras},
                       {"sound_sources", c.sound_sources},
                       {"boxes", c.boxes},
                       {"overlap_words", c.overlaps},
                       {"animated_texture_words", c.animated_textures},
                       {"uv_rotate_groups", c.uv_rotate}};
    out["rooms"] = dump_rooms(level)["rooms"];
    out["mesh_pointers"] = level.mesh_pointers;
    json meshes = json::array();
    for (const MeshRecord& rec : level.meshes) meshes.push_back(mesh_json(rec));
    out["meshes"] = std::move(meshes);
    out["mesh_tree"] = level.mesh_tree;
    json moveables = json::array();
    for (const Moveable& m : level.moveables) moveables.push_back(moveable_json(level, m));
    out["moveables"] = std::move(moveables);
    json textures = json::array();
    for (const ObjectTexture& t : level.object_textures) textures.push_back(texture_json(level, t));
    out["object_textures"] = std::move(textures);
    return out;
}

json dump_moveable(const Level& level, const Moveable& m) {
    json out = header_json(level);
    out["moveable"] = moveable_json(level, m);
    if (m.error) return out;
    json meshes = json::array(), tree = json::array();
    for (int j = 0; j < m.mesh_count; ++j) {
        const size_t p = size_t(m.starting_mesh) + size_t(j);
        json mesh = mesh_json(level.meshes[size_t(level.mesh_of_pointer[p])]);
        mesh["mesh_pointer"] = p;
        meshes.push_back(std::move(mesh));
        if (j > 0) {
            const size_t i = tree_node_index(m, j);
            tree.push_back({level.mesh_tree[i], level.mesh_tree[i + 1], level.mesh_tree[i + 2],
                            level.mesh_tree[i + 3]});
        }
    }
    out["meshes"] = std::move(meshes);
    out["tree"] = std::move(tree);
    out["animations"] = dump_anims(level, m);
    return out;
}

json dump_rooms(const Level& level) {
    json out = header_json(level);
    json rooms = json::array();
    for (size_t k = 0; k < level.rooms.size(); ++k) rooms.push_back(room_json(level, k));
    out["rooms"] = std::move(rooms);
    return out;
}

}  // namespace ripkit::tr_level
