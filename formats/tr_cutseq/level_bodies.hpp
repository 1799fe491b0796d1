// Cutscene actors with their bodies from the level (--level FILE.TR4/.TRC):
// each actor's slot looked up in the level, its joints placed by the slot's
// mesh tree (instead of --skeleton), its meshes bound rigidly to them, Lara
// drawn from LARA_SKIN and LARA_SKIN_JOINTS, and the rooms around.
// ASSUMPTION(level): the rest (bind) pose is the tree's offsets with zero
// rotations; Lara's joint vertices LARA_SKIN_JOINTS leaves unbound keep their
// own rest place, weighted 0.5/0.5 between the two bones they join.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cutseq_types.hpp"
#include "ripkit/scene.hpp"
#include "skeleton.hpp"
#include "tr_level/level_types.hpp"

namespace ripkit::tr_cutseq {

enum class RoomSet { None, Near, All };

struct LevelBodies {
    std::shared_ptr<const tr_level::Level> level;
    std::string path;
    RoomSet rooms = RoomSet::Near;
};

// "none", "near", "all" -> RoomSet; throws Error(Usage) for anything else.
RoomSet parse_room_set(const std::string& text);
const char* room_set_name(RoomSet r);

// The level moveable that gives `actor` its body, or null with `why` set: the
// slot is missing, failed to decode, or has another mesh count than the
// cutscene animates (the actor then stays a set of empties).
const tr_level::Moveable* actor_body(const tr_level::Level& level, const Actor& actor,
                                     std::string* why = nullptr);

// The level's mesh trees, as bones, for the slots of `c`'s actors that have a
// body (a pop on an empty stack dropped, as tr-level walks it).
Skeleton level_skeleton(const tr_level::Level& level, const Cutscene& c);

// What the user should know before converting: a level from the other game
// (nothing for a bare block, which says no game) ...
std::vector<std::string> level_warnings(const tr_level::Level& level, Variant variant);
// ... and each actor of `c` without a body (both numbers named).
std::vector<std::string> level_warnings(const tr_level::Level& level, const Cutscene& c);

// The rooms to draw for `c`: none, all that decoded, or those containing the
// camera or an actor's root at some frame. ASSUMPTION(rooms): those are the
// rooms the cutscene plays in.
std::vector<size_t> cutscene_rooms(const tr_level::Level& level, const Cutscene& c, RoomSet set);

// Adds, to a scene built with level_skeleton, each bodied actor's skin
// `actor<i>_skin` over its `actor<i>_mesh<j>` nodes and its meshes
// `actor<i>_geo`, `actor<i>_geo_1`, ... (one per material; Lara's joints
// among them) drawn at node `actor<i>_body`, and the rooms `room<k>` (world
// positions, as the cutscene's).
void add_level_bodies(Scene& scene, const Cutscene& c, const LevelBodies& bodies, bool native,
                      double scale);

}  // namespace ripkit::tr_cutseq
