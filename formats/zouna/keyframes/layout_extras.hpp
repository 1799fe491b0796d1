// What the direction back needs and no channel shows: the modifier order,
// stored ids and flags, each keyframer's flags and the BezierRot keys behind a
// baked rotation. anim_scene.cpp stores it as the animation's `animation_z`
// extra; the encoder reads it from there, or from a --base file's animation
// when the scene carries no extras (FBX).
#pragma once

#include <nlohmann/json.hpp>

#include "zouna/keyframes/animation.hpp"

namespace ripkit::zouna {

// BezierRot keys as [time, a.xyz, b.xyz, c.xyz] (a = value, b = in, c = out).
nlohmann::json layout_json(const Animation& a);

}  // namespace ripkit::zouna
