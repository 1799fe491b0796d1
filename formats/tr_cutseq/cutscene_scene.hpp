// Presents one decoded cutscene as a ripkit::Scene: the camera and its target,
// one node per actor with a child node per mesh, one 30 fps animation.
#pragma once

#include <optional>
#include <vector>

#include "cutseq_types.hpp"
#include "ripkit/limits.hpp"
#include "ripkit/scene.hpp"
#include "skeleton.hpp"

namespace ripkit::tr_cutseq {

// ASSUMPTION(frame_rate): 30 frames a second (TRX, TRN2 and the FBX encoder agree; not in the
// file).
inline constexpr double kFrameRate = 30.0;
inline constexpr int kCutsceneFov = 11488;  // AlterFOV argument, 65536 = 360 degrees
// ASSUMPTION(scale): 1 TR unit = 1/512 m (a 1024-unit sector = 2 m); --set scale=S.
inline constexpr double kDefaultScale = 1.0 / 512.0;  // metres per TR unit (1024-unit sector = 2 m)
// ASSUMPTION(cut_threshold): a move over 512 units (about 30 m/s) in one frame is a cut; --set
// cut_threshold.
inline constexpr double kDefaultCutThreshold = 512.0;  // TR units moved in one frame = a cut
inline constexpr double kCutEpsilon = 0.001;           // seconds before a cut's key

struct SceneOptions {
    bool native = false;  // TR units and axes (Y down), no conversion
    double scale = kDefaultScale;
    bool step = false;  // STEP instead of LINEAR
    double cut_threshold = kDefaultCutThreshold;
    int fov = kCutsceneFov;  // horizontal, 65536 = 360 degrees
    const Skeleton* skeleton = nullptr;
};

// Vertical field of view for the engine's horizontal `fov` units on a 4:3 screen.
double yfov_from_engine_fov(int fov);

// Engine world positions of the camera target / position and actor roots.
std::array<int64_t, 3> camera_world(const Cutscene& c, int node,
                                    int frame);                  // org + 2*run (no overflow)
std::array<int16_t, 3> actor_offset(const Actor& a, int frame);  // s16(3*run0)

// Frames k >= 1 where the camera, its target or an actor root moves more than
// the threshold (TR units) from frame k-1: camera cuts, never interpolated.
std::vector<int> find_cuts(const Cutscene& c, double threshold);

Scene build_scene(const Cutscene& c, const char* variant, const SceneOptions& opt, Budget& budget);

}  // namespace ripkit::tr_cutseq
