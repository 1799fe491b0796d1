#include "ripkit/scene_eval.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

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

namespace {

// The key whose segment holds t and the fraction u into it; nullopt outside
// the keys (the first or last value holds there).
struct Segment {
    size_t k = 0;
    double u = 0;
};

std::optional<Segment> segment_at(const Channel& ch, double t) {
    if (t <= ch.times.front() || t >= ch.times.back()) return std::nullopt;
    const size_t k =
        size_t(std::upper_bound(ch.times.begin(), ch.times.end(), t) - ch.times.begin()) - 1;
    return Segment{k, (t - ch.times[k]) / (ch.times[k + 1] - ch.times[k])};
}

}  // namespace

glm::dvec4 evaluate_channel_d(const Channel& ch, double t) {
    const size_t n = ch.times.size();
    if (n == 0 || ch.values.size() != n) return glm::dvec4(0.0);
    const std::optional<Segment> seg = segment_at(ch, t);
    if (!seg) return glm::dvec4(t <= ch.times.front() ? ch.values.front() : ch.values.back());
    const bool rot = ch.path == AnimPath::Rotation;
    const glm::dvec4 a(ch.values[seg->k]), b(ch.values[seg->k + 1]);
    switch (ch.interp) {
        case Interp::Step:
            return a;
        case Interp::Linear:
            if (rot)
                return curves::slerp(glm::dvec4(normalised_quat(ch.values[seg->k])),
                                     glm::dvec4(normalised_quat(ch.values[seg->k + 1])), seg->u);
            return a + seg->u * (b - a);
        case Interp::CubicSpline: {
            const glm::dvec4 v = curves::evaluate_gltf_cubic(ch.times, ch.values, ch.in_tangents,
                                                             ch.out_tangents, t);
            const double len = glm::length(v);
            if (!rot) return v;
            return len > 0.0 && std::isfinite(len) ? v / len : glm::dvec4(0, 0, 0, 1);
        }
    }
    return a;
}

glm::vec4 evaluate_channel(const Channel& ch, double t) {
    const size_t n = ch.times.size();
    if (n == 0 || ch.values.size() != n) return glm::vec4(0.0f);
    const bool rot = ch.path == AnimPath::Rotation;
    const std::optional<Segment> seg = segment_at(ch, t);
    if (!seg) return t <= ch.times.front() ? ch.values.front() : ch.values.back();
    const size_t k = seg->k;
    const double u = seg->u;
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
