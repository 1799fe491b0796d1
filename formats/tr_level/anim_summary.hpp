// What `list`, `info` and a conversion say about a moveable's anims: which
// carry no frames in this level (anim_reader.hpp anim_frames) and which did
// not decode, counted from the moveable's first anim as `--anims` counts.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "level_types.hpp"

namespace ripkit::tr_level {

std::vector<uint32_t> anims_without_frames(const Moveable& m);
size_t failed_anims(const Moveable& m);

// "3, 63-64, 122" for {3, 63, 64, 122}.
std::string number_ranges(const std::vector<uint32_t>& numbers);

// "240 of 445 anims carry no frames in this level: 63-64, ..."; empty when
// every anim carries its frames.
std::string frames_note(const Moveable& m);

}  // namespace ripkit::tr_level
