// Node animations for Assimp exporters that cannot take ripkit's channels as
// they are: one shared key list per node for T, R and S (Collada 5.2.5 skips
// a node whose counts differ), STEP held by an extra key just before each
// change, CUBICSPLINE sampled, times in the unit the exporter expects.
#pragma once

#include <glm/glm.hpp>

#include "ripkit/limits.hpp"
#include "ripkit/scene.hpp"
#include "ripkit/scene_eval.hpp"  // evaluate_channel

struct aiScene;

namespace ripkit {

struct BakeOptions {
    double seconds_to_key_time = 1.0;  // key time = seconds * this
    double ticks_per_second = 1.0;     // written to aiAnimation::mTicksPerSecond
    double cubic_sample_rate = 60.0;   // samples per second inside CUBICSPLINE segments
    double step_hold = 1e-3;  // seconds before a STEP change where the old value is repeated
};

// Replaces every aiAnimation of `ai` (which must come from `scene`, same
// order) with baked node channels, charging the baked keys to `budget`.
void bake_animations(const Scene& scene, aiScene* ai, const BakeOptions& opt, Budget& budget);

}  // namespace ripkit
