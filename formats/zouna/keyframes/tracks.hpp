// Keyframer slices -> ripkit::Channel, with the axis conversion.
#pragma once

#include <string>

#include "ripkit/scene.hpp"
#include "zouna/keyframes/keyframer.hpp"

namespace ripkit::zouna {

// What the values are, for the axis conversion. ASSUMPTION(handedness): Zouna
// is left-handed, Y up; glTF right-handed, Y up: mirror Z.
enum class ValueKind {
    Vector,    // positions and their tangents: z negated
    Rotation,  // unit quaternions: x and y negated (the mirror's conjugation)
    Plain,     // scale, colours, weights, indices: unchanged
};

glm::vec4 convert_value(glm::vec4 v, ValueKind kind, bool native);

// A channel holding `keys` with the engine's interpolation `mode`: Hermite ->
// CUBICSPLINE with exactly converted tangents, Linear -> LINEAR (slerp for
// rotations), Step -> STEP. Quaternions are normalised (glTF requires unit
// quaternions). Times must be finite and strictly increasing: anything else is
// Error(BadValue) naming `what` and the key.
Channel make_channel(int node, AnimPath path, const std::vector<curves::Key>& keys,
                     curves::Mode mode, ValueKind kind, bool native, const std::string& what);

// ASSUMPTION(bezier_rot): BezierRot keys are a = Euler angles in radians, b/c =
// per-segment tangents; evaluated as Hermite curves and baked to LINEAR
// quaternion keys at the key times and `bake_rate` samples per second.
// The samples are charged to `budget` before they are made.
Channel bake_bezier_rotation(int node, const std::vector<curves::Key>& keys, const Variants& v,
                             bool native, const std::string& what, Budget& budget);

// Euler angles (radians) to a quaternion (x, y, z, w); the order names the
// axis applied first ("xyz": X, then Y, then Z).
glm::dvec4 euler_to_quat(const glm::dvec3& angles, EulerOrder order);

}  // namespace ripkit::zouna
