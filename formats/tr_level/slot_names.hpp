// The public names of the moveable slots the cutscene code and the reference
// page name (TOMB4/TOMB5 objects.h); other slots have no name here.
#pragma once

#include <cstdint>

#include "level_types.hpp"

namespace ripkit::tr_level {

inline constexpr int32_t kLaraSlot = 0;
inline constexpr int32_t kLaraSkinSlot = 8;
inline constexpr int32_t kLaraSkinJointsSlot = 9;

// nullptr when the slot has no public name in this table.
const char* slot_name(Version version, int32_t slot);

}  // namespace ripkit::tr_level
