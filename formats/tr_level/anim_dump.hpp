// `dump` of a moveable's anims, values as stored: each anim's record, its
// keyframes (bounding box, root offset, per mesh the packing and the 16-bit
// angles), commands, and state changes with their dispatches.
#pragma once

#include <nlohmann/json.hpp>

#include "level_types.hpp"

namespace ripkit::tr_level {

nlohmann::json dump_anims(const Level& level, const Moveable& m);

}  // namespace ripkit::tr_level
