// The direction back: a scene laid out as build_scene lays out a cutscene
// (nodes camera, camera_target, actor<i>, actor<i>_mesh<j>; docs/formats/
// tr_cutseq.md) -> the engine's running values, sampled at 30 fps.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cutseq_types.hpp"
#include "ripkit/scene.hpp"

namespace ripkit::tr_cutseq {

struct FromSceneOptions {
    bool native = false;          // the scene is in TR units and axes
    std::optional<double> scale;  // metres per TR unit (default: scene extras, else 1/512)
    std::optional<int> frames;    // default: from the animation's length
    // Scene time of frame 0 (default: the animation's earliest key; a DCC tool
    // exports frame F at F / fps, so a scene imported at frame 1 starts at 1/30 s).
    std::optional<double> start;
    std::string animation;           // default: the first
    const Cutscene* base = nullptr;  // what the scene does not say comes from here
};

// Throws Error(BadValue) naming node, frame and value for what the format
// cannot hold, Error(BadValue) naming every missing node the game needs.
// `warnings` gets one line listing the nodes that were ignored.
Cutscene cutscene_from_scene(const Scene& scene, int index, const FromSceneOptions& options,
                             std::vector<std::string>& warnings);

}  // namespace ripkit::tr_cutseq
