// Checks an FBX ripkit wrote against the .glb ripkit wrote of the same scene:
// the glb's samplers evaluated by the glTF 2.0 rules (written here), the FBX
// read by the strict reader and evaluated by ufbx's rules (fbx_reader.hpp).
#pragma once

#include <string>

#include "fbx_reader.hpp"
#include "gltf_reader.hpp"

namespace ripkit::test {

struct FbxGltfCounts {
    size_t channels = 0;             // node channels compared
    size_t samples = 0;              // times compared
    size_t extra_rotation_keys = 0;  // Euler keys added where no line follows the slerp
    double worst = 0;                // largest difference seen
};

// Every animation channel of `g` (by node name and animation name) against
// the FBX curves: same key times and counts for translation and scale, key
// flags by interpolation (STEP constant, LINEAR linear, CUBICSPLINE cubic with
// user tangents; rotations other than STEP cubic, with every game key time a
// key), values at the keys and between them within 1e-4
// (rotations as rotation matrices, the Euler curves composed Rz Ry Rx; a
// camera Model turned 90 degrees about Y). Value tracks (extras
// ripkit_track) also against their target's animated user property, camera
// yfov changes against the FocalLength curve. With `baked`, every key is
// linear, at most a frame apart, and equal to the glTF at its time.
FbxGltfCounts check_fbx_against_gltf(const Glb& g, const fbxr::Document& fbx, bool baked = false);

// The lens ripkit's FBX and the Blender add-on derive from a vertical field
// of view on a 24 mm high film: 12 / tan(yfov / 2) mm.
double lens_mm(double yfov);

}  // namespace ripkit::test
