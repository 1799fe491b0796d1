// Lara as the engine draws her in cutscenes (laraskin.cpp, delstuff.cpp): the
// body meshes of LARA_SKIN on LARA's tree, and LARA_SKIN_JOINTS meshes 1..14
// stitched between the body meshes they join.
#pragma once

#include <string>

#include "conversion.hpp"
#include "level_types.hpp"
#include "materials.hpp"
#include "moveable_scene.hpp"
#include "ripkit/scene.hpp"

namespace ripkit::tr_level {

struct LaraSlots {
    const Moveable* lara = nullptr;    // slot 0: the tree (offsets)
    const Moveable* skin = nullptr;    // slot 8: the 15 body meshes, or null
    const Moveable* joints = nullptr;  // slot 9: the 15 joint meshes (0 unused), or null
};

// The slots of `level` that decoded with 15 meshes (null otherwise).
LaraSlots lara_slots(const Level& level);

// Whether `m` is drawn as the engine draws Lara: it is LARA (slot 0, 15
// meshes) and the level has LARA_SKIN.
inline bool drawn_as_lara(const LaraSlots& s, const Moveable& m) { return s.skin && s.lara == &m; }

// LARA_SKIN's meshes (add_rigid_meshes) and the
// joints of add_lara_joints, on LARA's rest pose `lara`.
void add_lara_meshes(const BodyTarget& t, const std::string& prefix, const LaraSlots& slots,
                     const RestPose& lara);

// The body meshes joint j stitches: {a, b} (j = 1..14; reference section 5).
std::array<int, 2> lara_joint_pair(int j);

// Adds the faces of LARA_SKIN_JOINTS meshes 1..14 to the body's meshes and
// `skin` (whose joint k is body mesh k). A joint vertex within 1 unit on every
// axis of a vertex of body mesh a or b, both laid out at rest on their own
// trees, takes that body vertex's place with weight 1 on its bone, as the
// engine binds it.
// ASSUMPTION(lara_joints): an unbound joint vertex sits at its own rest place on LARA's tree
// (origin of mesh j) with weights 0.5 / 0.5 on bones a and b (TRN2 and
// wadblender); the engine's half-angle matrix for knees and elbows is not
// reproduced.
void add_lara_joints(const BodyTarget& t, const std::string& prefix, const LaraSlots& slots,
                     const RestPose& lara);

}  // namespace ripkit::tr_level
