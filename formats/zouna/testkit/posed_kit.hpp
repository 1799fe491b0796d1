// A variant of the test kit's model (body_kit.hpp) whose rest pose is not the
// identity and whose animation has a cubic Hermite track, for the skinning
// checks that a trivial rest pose cannot fail:
//
//   SKEL  ROOT at (0.5, 0.25, -0.75), rotated 90 degrees about +Y; CHILD at
//         (0, 1, 0) under ROOT, rotated 60 degrees about +X; Mat4f = each
//         bone's model matrix. The vertices (the kit's) are model space at bind.
//   BEND  2 s. CHILD: KeyframerVec3fComp translation, Hermite (flags 0), keys
//         t = 0 (0, 1, 0) out-tangent (1, 0, 0.5) and t = 2 (0.5, 1.5, -0.25)
//         in-tangent (-1, 2, 0), per-segment tangents (per the 2 s segment);
//         KeyframerRot held at 90 degrees about +Z (Quati16 (0, 0, 1414, 1414)
//         / 2000) at 0 and 2 s.
//         ROOT has no modifier (stays at rest).
#pragma once

#include "body_kit.hpp"

namespace ripkit::zouna {

KitSet kit_set_posed(Game g);

}  // namespace ripkit::zouna
