// Reading a Scene's animation back: a node's rest value and a channel's value
// at any time, as glTF 2.0 defines the three interpolations. The aiScene
// hand-over (cubic samples), the FBX/Collada bakers and tests all evaluate
// through here so there is one definition of "what the curve says".
#pragma once

#include <glm/glm.hpp>

#include "ripkit/scene.hpp"

namespace ripkit {

// The node's rest translation / rotation (x, y, z, w) / scale.
glm::vec4 rest_value(const Node& node, AnimPath path);

// Unit length, or identity (0, 0, 0, 1) when q has no usable length.
glm::vec4 normalised_quat(glm::vec4 q);

// The channel's value at time t (seconds): STEP holds, LINEAR lerps (slerp for
// rotations, shortest path), CUBICSPLINE follows glTF 2.0 Appendix C with the
// channel's per-second tangents (rotations normalised); clamped outside the keys.
glm::vec4 evaluate_channel(const Channel& ch, double t);
// The same in double precision (exporters that differentiate the curve).
glm::dvec4 evaluate_channel_d(const Channel& ch, double t);

}  // namespace ripkit
