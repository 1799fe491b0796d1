#include "ripkit/scene_eval.hpp"

#include <algorithm>
#include <cmath>

#include "ripkit/curves/curves.hpp"

namespace ripkit {

glm::vec4 rest_value(const Node& n, AnimPath p) {
    switch (p) {
        case AnimPath::Translation:
            return glm::vec4(n.translation, 0.0f);
        case AnimPath::Rotation:
            return n.rotation;
        case AnimPath::Scale:
            return glm::vec4(n.scale, 0.0f);
    }
    return glm::vec4(0.0f);
}

glm::vec4 normalised_quat(glm::vec4 q) {
    const float len = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    return len > 0.0f && std::isfinite(len) ? q / len : glm::vec4(0, 0, 0, 1);
}

glm::vec4 evaluate_channel(const Channel& ch, double t) {
    const size_t n = ch.times.size();
    if (n == 0 || ch.values.size() != n) return glm::vec4(0.0f);
    const bool rot = ch.path == AnimPath::Rotation;
    if (t <= ch.times.front()) return ch.values.front();
    if (t >= ch.times.back()) return ch.values.back();
    const size_t k =
        size_t(std::upper_bound(ch.times.begin(), ch.times.end(), t) - ch.times.begin()) - 1;
    const double u = (t - ch.times[k]) / (ch.times[k + 1] - ch.times[k]);
    switch (ch.interp) {
        case Interp::Step:
            return ch.values[k];
        case Interp::Linear:
            if (rot)
                return glm::vec4(curves::slerp(glm::dvec4(normalised_quat(ch.values[k])),
                                               glm::dvec4(normalised_quat(ch.values[k + 1])), u));
            return ch.values[k] + float(u) * (ch.values[k + 1] - ch.values[k]);
        case Interp::CubicSpline: {
            const glm::vec4 v = glm::vec4(curves::evaluate_gltf_cubic(
                ch.times, ch.values, ch.in_tangents, ch.out_tangents, t));
            return rot ? normalised_quat(v) : v;
        }
    }
    return ch.values[k];
}

}  // namespace ripkit
