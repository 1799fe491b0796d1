// A BigFile for the animation choice of a model item: the test kit's set
// (body_kit.hpp) plus
//
//   SKEL2  Skel_Z: TAIL at the origin, TIP at (0, 1, 0) under TAIL (no kit
//          object links it).
//   WAG    Animation_Z: TAIL's KeyframerRot (the kit BEND's keys) - it drives
//          SKEL2's bones only.
//   NOD    Animation_Z: CHILD's KeyframerRot (the kit BEND's keys) - a second
//          animation of the kit skeleton SKEL.
#pragma once

#include "body_kit.hpp"

namespace ripkit::zouna {

// The kit objects, then SKEL2, WAG, NOD.
std::vector<KitObject> kit_objects_two_skeletons(const KitSet& k);
// kit_names() plus SKEL2, TAIL, TIP, WAG, NOD.
std::string kit_names_two_skeletons();

}  // namespace ripkit::zouna
