// Plausible synthetic cutscenes for the bundled samples, the tests, the fuzz
// seed corpus and the benchmark: a camera flight around the origin looking at
// Lara's hips, actors walking with swinging joints, optional camera cuts.
#pragma once

#include <cstdint>
#include <vector>

#include "tr_cutseq/cutseq_types.hpp"

namespace ripkit::tr_cutseq {

struct DemoSpec {
    int index = 1;
    int frames = 120;
    int actors = 2;  // actor 0 is Lara (slot 0)
    int meshes = 15;
    std::vector<int> cuts;  // frames where the camera jumps to a new shot
    int32_t audio_track = -1;
    bool no_lara = false;  // TR5: slot -1 on actor 0
    uint32_t seed = 1;
};

Cutscene make_demo_cutscene(const DemoSpec& spec);

}  // namespace ripkit::tr_cutseq
