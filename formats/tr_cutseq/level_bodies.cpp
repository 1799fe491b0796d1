#include "level_bodies.hpp"

#include "cutscene_scene.hpp"
#include "ripkit/error.hpp"
#include "tr_level/conversion.hpp"
#include "tr_level/lara_body.hpp"
#include "tr_level/materials.hpp"
#include "tr_level/moveable_scene.hpp"
#include "tr_level/room_scene.hpp"
#include "tr_level/slot_names.hpp"

namespace ripkit::tr_cutseq {

namespace {

using tr_level::Level;
using tr_level::Moveable;

std::string n(int64_t v) { return std::to_string(v); }

bool contains(const tr_level::Room& r, const std::array<int64_t, 3>& p) {
    return p[0] >= r.x && p[0] <= int64_t(r.x) + 1024 * int64_t(r.sectors_x) && p[2] >= r.z &&
           p[2] <= int64_t(r.z) + 1024 * int64_t(r.sectors_z) && p[1] >= r.y_top &&
           p[1] <= r.y_bottom;
}

}  // namespace

RoomSet parse_room_set(const std::string& text) {
    if (text == "none") return RoomSet::None;
    if (text == "near") return RoomSet::Near;
    if (text == "all") return RoomSet::All;
    fail_no_offset(ErrorKind::Usage, "--set rooms=none|near|all, got '" + text + "'");
}

const char* room_set_name(RoomSet r) {
    return r == RoomSet::None ? "none" : r == RoomSet::Near ? "near" : "all";
}

const Moveable* actor_body(const Level& level, const Actor& actor, std::string* why) {
    for (const Moveable& m : level.moveables) {
        if (m.slot != actor.slot) continue;
        if (m.error) {
            if (why) *why = "slot " + n(actor.slot) + " failed to decode (" + m.error->what() + ")";
            return nullptr;
        }
        if (m.mesh_count != actor.meshes) {
            if (why)
                *why = "slot " + n(actor.slot) + " has " + n(m.mesh_count) +
                       " meshes in the level, the cutscene animates " + n(actor.meshes);
            return nullptr;
        }
        return &m;
    }
    if (why) *why = "slot " + n(actor.slot) + " is not in the level";
    return nullptr;
}

Skeleton level_skeleton(const Level& level, const Cutscene& c) {
    Skeleton sk;
    for (const Actor& a : c.actors) {
        const Moveable* m = actor_body(level, a);
        if (!m || a.meshes < 1) continue;
        std::vector<Bone> bones;
        size_t depth = 0;
        for (const tr_level::TreeNode& t : tr_level::tree_nodes(level, *m)) {
            Bone b;
            b.flags = uint32_t(t.flags);
            if ((b.flags & 1) && depth == 0) b.flags &= ~1u;  // nothing to pop: keep the parent
            if (b.flags & 1) --depth;
            if (b.flags & 2) ++depth;
            b.offset = {t.dx, t.dy, t.dz};
            bones.push_back(b);
        }
        sk.slots[a.slot] = std::move(bones);
    }
    return sk;
}

std::vector<std::string> level_warnings(const Level& level, Variant variant) {
    std::vector<std::string> out;
    if ((variant == Variant::Tr4 && level.version == tr_level::Version::Tr5) ||
        (variant == Variant::Tr5 && level.version == tr_level::Version::Tr4))
        out.push_back(std::string("level: a ") + variant_name(variant) + " cutscene file with a " +
                      tr_level::version_name(level.version) +
                      " level; the slots may name other objects");
    return out;
}

std::vector<std::string> level_warnings(const Level& level, const Cutscene& c) {
    std::vector<std::string> out;
    for (size_t i = 0; i < c.actors.size(); ++i) {
        const Actor& a = c.actors[i];
        std::string why;
        if (a.slot < 0 || a.meshes == 0 || actor_body(level, a, &why)) continue;
        out.push_back("level: cutscene " + n(c.index) + " actor " + n(int64_t(i)) + ": " + why +
                      "; drawn as empties");
    }
    return out;
}

std::vector<size_t> cutscene_rooms(const Level& level, const Cutscene& c, RoomSet set) {
    std::vector<size_t> out;
    if (set == RoomSet::None) return out;
    for (size_t k = 0; k < level.rooms.size(); ++k) {
        const tr_level::Room& r = level.rooms[k];
        if (r.error) continue;
        bool visited = set == RoomSet::All;
        for (int f = 0; f < c.frames && !visited; ++f) {
            visited = contains(r, camera_world(c, 1, f));
            for (size_t a = 0; a < c.actors.size() && !visited; ++a) {
                const auto o = actor_offset(c.actors[a], f);
                visited = contains(r, {int64_t(c.origin[0]) + o[0], int64_t(c.origin[1]) + o[1],
                                       int64_t(c.origin[2]) + o[2]});
            }
        }
        if (visited) out.push_back(k);
    }
    return out;
}

void add_level_bodies(Scene& scene, const Cutscene& c, const LevelBodies& bodies, bool native,
                      double scale) {
    const Level& level = *bodies.level;
    const tr_level::Conversion conv{native, scale};
    tr_level::MaterialTable materials(level, scene);
    const tr_level::LaraSlots lara = tr_level::lara_slots(level);
    nlohmann::json drawn = nlohmann::json::array();
    for (size_t i = 0; i < c.actors.size(); ++i) {
        const Actor& a = c.actors[i];
        const Moveable* m = a.slot >= 0 ? actor_body(level, a) : nullptr;
        const std::string name = "actor" + n(int64_t(i));
        if (!m) {
            drawn.push_back(nullptr);
            continue;
        }
        std::vector<int> joints;
        for (int j = 0; j < a.meshes; ++j) joints.push_back(scene.find_node(name + "_mesh" + n(j)));
        const tr_level::RestPose pose = tr_level::rest_pose(level, *m);
        const int skin = tr_level::add_skin(scene, name + "_skin", joints, pose, conv);
        // Lara (actor 0, slot 0) as the engine draws her in cutscenes.
        const bool skinned_lara = i == 0 && tr_level::drawn_as_lara(lara, *m);
        // One identity node per body under the root: glTF gives a node one
        // skin, and skinned meshes ignore their node's transform anyway.
        const int body = scene.add_node(name + "_body", 0);
        scene.nodes[size_t(body)].extras = {
            {"actor", i},
            {"body",
             skinned_lara ? "LARA_SKIN and LARA_SKIN_JOINTS on LARA's tree" : "slot " + n(a.slot)}};
        const tr_level::BodyTarget target{scene, body, skin, level, materials, conv};
        if (skinned_lara)
            tr_level::add_lara_meshes(target, name, lara, pose);
        else
            tr_level::add_rigid_meshes(target, name, *m, pose);
        drawn.push_back(skinned_lara ? "lara_skin" : "slot");
    }
    const std::vector<size_t> rooms = cutscene_rooms(level, c, bodies.rooms);
    tr_level::add_rooms(scene, 0, level, rooms, materials, conv);
    scene.extras["level"] = {{"version", tr_level::version_name(level.version)},
                             {"rooms", room_set_name(bodies.rooms)},
                             {"rooms_drawn", rooms},
                             {"bodies", drawn}};
}

}  // namespace ripkit::tr_cutseq
