#include "ripkit/curves/curves.hpp"

#include <algorithm>
#include <cmath>

namespace ripkit::curves {

glm::dvec4 hermite(const glm::dvec4& p0, const glm::dvec4& m0, const glm::dvec4& p1,
                   const glm::dvec4& m1, double u) {
    const glm::dvec4 c2 = -3.0 * p0 + 3.0 * p1 - 2.0 * m0 - m1;
    const glm::dvec4 c3 = 2.0 * p0 - 2.0 * p1 + m0 + m1;
    return p0 + u * (m0 + u * (c2 + u * c3));
}

glm::dvec4 slerp(const glm::dvec4& a, const glm::dvec4& b_in, double u) {
    glm::dvec4 b = b_in;
    double d = glm::dot(a, b);
    if (d < 0.0) {  // the other hemisphere: same rotation, shorter arc
        b = -b;
        d = -d;
    }
    if (d > 0.9995) {
        const glm::dvec4 r = a + u * (b - a);
        const double len = glm::length(r);
        return len > 0.0 ? r / len : r;
    }
    const double theta = std::acos(std::min(d, 1.0));
    const double s = std::sin(theta);
    return (std::sin((1.0 - u) * theta) / s) * a + (std::sin(u * theta) / s) * b;
}

size_t find_segment(std::span<const Key> keys, double t) {
    // Last key with time <= t, kept within [0, n-2].
    auto it = std::upper_bound(keys.begin(), keys.end(), t,
                               [](double v, const Key& k) { return v < k.time; });
    size_t k = it == keys.begin() ? 0 : static_cast<size_t>(it - keys.begin()) - 1;
    return std::min(k, keys.size() - 2);
}

namespace {

// Shared clamping and segment lookup; `mix` interpolates inside a segment.
template <class Mix>
glm::dvec4 evaluate_with(std::span<const Key> keys, Mode mode, double t, Mix mix) {
    if (keys.empty()) return glm::dvec4(0.0);
    if (keys.size() == 1 || t <= keys.front().time) return glm::dvec4(keys.front().value);
    if (t >= keys.back().time) return glm::dvec4(keys.back().value);
    const size_t k = find_segment(keys, t);
    const Key& a = keys[k];
    const Key& b = keys[k + 1];
    const double d = b.time - a.time;
    if (!(d > 0.0)) return glm::dvec4(b.value);
    if (mode == Mode::Step) return glm::dvec4(a.value);
    return mix(a, b, (t - a.time) / d);
}

}  // namespace

glm::dvec4 evaluate(std::span<const Key> keys, Mode mode, double t) {
    return evaluate_with(keys, mode, t, [mode](const Key& a, const Key& b, double u) {
        if (mode == Mode::Linear) return glm::dvec4(a.value) + u * glm::dvec4(b.value - a.value);
        return hermite(glm::dvec4(a.value), glm::dvec4(a.out), glm::dvec4(b.value),
                       glm::dvec4(b.in), u);
    });
}

glm::dvec4 evaluate_rotation(std::span<const Key> keys, Mode mode, double t) {
    return evaluate_with(keys, mode, t, [](const Key& a, const Key& b, double u) {
        return slerp(glm::dvec4(a.value), glm::dvec4(b.value), u);
    });
}

void to_gltf_tangents(std::span<const Key> keys, std::vector<glm::vec4>& in_tangents,
                      std::vector<glm::vec4>& out_tangents) {
    const size_t n = keys.size();
    in_tangents.assign(n, glm::vec4(0.0f));
    out_tangents.assign(n, glm::vec4(0.0f));
    for (size_t k = 0; k + 1 < n; ++k) {
        const double d = keys[k + 1].time - keys[k].time;
        if (!(d > 0.0)) continue;  // callers guarantee increasing times
        out_tangents[k] = glm::vec4(glm::dvec4(keys[k].out) / d);
        in_tangents[k + 1] = glm::vec4(glm::dvec4(keys[k + 1].in) / d);
    }
}

glm::dvec4 evaluate_gltf_cubic(std::span<const double> times, std::span<const glm::vec4> values,
                               std::span<const glm::vec4> in_tangents,
                               std::span<const glm::vec4> out_tangents, double t) {
    const size_t n = times.size();
    if (n == 0) return glm::dvec4(0.0);
    if (n == 1 || t <= times[0]) return glm::dvec4(values[0]);
    if (t >= times[n - 1]) return glm::dvec4(values[n - 1]);
    size_t k = static_cast<size_t>(std::upper_bound(times.begin(), times.end(), t) - times.begin());
    k = std::min(k - 1, n - 2);
    return gltf_cubic_segment(times[k], times[k + 1], values[k], out_tangents[k], values[k + 1],
                              in_tangents[k + 1], t);
}

}  // namespace ripkit::curves
