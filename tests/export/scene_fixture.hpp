// Hand-built scenes for the exporter tests. Every value is chosen here, so
// the tests compare the outputs against these numbers, not against the code
// under test.
#pragma once

#include "ripkit/scene.hpp"

namespace ripkit::test {

// A tiny RGBA PNG written with libpng (independent of the project's encoder).
Bytes make_png(int width, int height, uint8_t r, uint8_t g, uint8_t b);

// Nodes: root, "cam" (camera), "mover" (T STEP, R LINEAR, S CUBICSPLINE),
// "bone_a" / "bone_b" (joints), "skinned" (mesh with two joints), "face"
// (textured mesh with texture switching), "face_track" (STEP translation.x).
// Animation "take" of 2 s; audio 8 kHz stereo.
Scene make_full_scene();

// Adds "mover_mouth", a face track on "mover" in the docs/architecture.md
// convention (extras ripkit_track "mouth", component x): STEP 3 -> 5 at
// 0.4 s -> 4 at 1.2 s, resting at `rest`. Returns its node.
int add_mouth_track(Scene& s, float rest);

// The cubic channel of make_full_scene (scale on "mover"): keys at 0, 1, 2 s.
const Channel& cubic_channel(const Scene& s);

// glTF Hermite evaluation written out from the spec formula, for checks.
glm::vec4 hermite_reference(double t0, double t1, glm::vec4 v0, glm::vec4 out0, glm::vec4 v1,
                            glm::vec4 in1, double t);

}  // namespace ripkit::test
