// A moveable's anims as Scene animations over its joint nodes: one animation
// `anim_<k>_state_<s>` per anim (k counts from the moveable's first anim, as
// Tomb Editor numbers them), keys at the stored keyframes (keyframe i at
// frame min(i x rate, last - first), 30 frames a second), each mesh's
// rotation on its joint, the root offset as mesh 0's translation; the record,
// its state changes with their dispatches, and its commands as extras.
#pragma once

#include <string>
#include <vector>

#include "conversion.hpp"
#include "level_types.hpp"
#include "ripkit/scene.hpp"

namespace ripkit::tr_level {

// ASSUMPTION(anim_rate): the engine shows 30 frames a second (as tr-cutseq).
inline constexpr double kFramesPerSecond = 30.0;

// The moveable-relative anim numbers `selection` names ("all", "none",
// numbers and ranges "3-7"), in order, each once; throws Error(Usage) for a
// number at or past `count` or a word it does not know. "all" and ranges
// pass over the anims `without_frames` marks; a number naming one is an
// Error(Usage).
std::vector<uint32_t> select_anims(const std::vector<std::string>& selection, size_t count,
                                   const std::vector<bool>& without_frames = {});

// The records of the moveable's anims without frames, for the scene extras
// `anims_without_frames`: anim, level_anim, why, state, frames, rate,
// frame_size, frame_offset.
nlohmann::json frameless_extras(const Level& level, const Moveable& m);

struct AnimTarget {
    Scene& scene;
    const Level& level;
    const Moveable& moveable;
    const std::vector<int>& joints;  // node of mesh j
    const Conversion& conv;
};

// Adds the moveable's anims numbered `chosen` (select_anims). The anims must
// have decoded (Moveable::anims[k].error empty).
void add_animations(const AnimTarget& t, const std::vector<uint32_t>& chosen);

}  // namespace ripkit::tr_level
