// From the decoded stream to what a user sees: face frames per record, the
// axis conversion, and the Scene (camera, actors, poses, faces, ending, audio).
#pragma once

#include <cstdint>
#include <glm/glm.hpp>
#include <vector>

#include "cine_reader.hpp"
#include "ripkit/format.hpp"
#include "ripkit/scene.hpp"

namespace ripkit::rugrats_cine {

struct Face {
    int mouth = 0;
    int eyes = 0;
};

// Runs the engine's face logic over every record; `seed` = cinematic number.
// One Face per actor and pose record in stream order (a frame's actors, then
// its poses), in one vector: two per frame cost an allocation each.
std::vector<Face> compute_faces(const Cinematic& c, uint32_t seed);

// Normalised (x, y, z, w); identity for an all-zero quaternion.
glm::vec4 normalise_quat(const Quat13& q);

// PS1 space (X right, Y down, Z forward) is the kit's half turn about X
// (kit::HalfTurnX), which also maps the engine camera's view axes (looking
// +Z, Y down) onto glTF's.

// Vertical field of view and aspect of the engine's projection: H on the
// 512 x 240 screen with the view's x row scaled by 512/320.
float engine_yfov(int h);
float engine_aspect(int h);

// The scene of one decoded cinematic with `audio`, its decoded soundtrack
// (nullopt: none, or not asked for). Charges the keys to `budget`, the document's.
Scene build_scene(const CineFile& file, const Cinematic& c, const CineOptions& o, Budget& budget,
                  std::optional<Audio> audio = std::nullopt);

}  // namespace ripkit::rugrats_cine
