// Evaluating a LINEAR rotation channel the way a glTF client does (slerp of
// the key quaternions), for the Pikachu animation tests.
#pragma once

#include <algorithm>
#include <cmath>
#include <glm/gtc/quaternion.hpp>

#include "ripkit/scene.hpp"

namespace pktest {

// The key segment holding t: the last key at or before t (the last segment
// at or after the end).
inline size_t segment(const ripkit::Channel& c, double t) {
    const auto it = std::upper_bound(c.times.begin(), c.times.end(), t);
    const size_t k = it == c.times.begin() ? 0 : size_t(it - c.times.begin()) - 1;
    return std::min(k, c.times.size() - 2);
}

inline glm::dquat key_quat(const ripkit::Channel& c, size_t k) {
    const glm::vec4 v = c.values[k];
    return glm::dquat(v.w, v.x, v.y, v.z);
}

inline glm::dquat slerp_at(const ripkit::Channel& c, double t) {
    const size_t k = segment(c, t);
    const double f = std::clamp((t - c.times[k]) / (c.times[k + 1] - c.times[k]), 0.0, 1.0);
    return glm::slerp(key_quat(c, k), key_quat(c, k + 1), f);
}

// The rotation angle between two rotations, in degrees.
inline double angle_deg(const glm::dquat& a, const glm::dquat& b) {
    const double d = std::min(1.0, std::fabs(glm::dot(glm::normalize(a), glm::normalize(b))));
    return 2.0 * std::acos(d) * 180.0 / 3.14159265358979323846;
}

}  // namespace pktest
