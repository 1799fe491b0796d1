// Format-agnostic keyframe curves: the interpolation rules old engines use
// (cubic Hermite with per-segment tangents, linear, step, quaternion slerp)
// evaluated exactly, plus the exact conversion of per-segment tangents to glTF
// CUBICSPLINE tangents (per second), so a glTF client evaluates the same curve.
//
// "Per-segment" tangents are derivatives with respect to the segment's own
// parameter u in [0, 1] (u = (t - t0) / (t1 - t0)); they are what Zouna's
// keyframers store and what Hermite/Bezier handles in many engines mean. glTF
// stores derivatives per second, so a per-segment tangent T on a segment of
// duration d becomes T / d - and since a key's incoming and outgoing segments
// have different durations, its glTF in and out tangents differ.
#pragma once

#include <cstddef>
#include <glm/glm.hpp>
#include <span>
#include <vector>

namespace ripkit::curves {

enum class Mode { Step, Linear, Hermite };

struct Key {
    double time = 0.0;
    glm::vec4 value{0.0f};
    glm::vec4 in{0.0f};   // per-segment tangent used on the segment ending at this key
    glm::vec4 out{0.0f};  // per-segment tangent used on the segment starting at this key
};

// Cubic Hermite on one segment with per-segment tangents, in the engine's
// Horner form: p0 + u*(m0 + u*((-3p0 + 3p1 - 2m0 - m1) + u*(2p0 - 2p1 + m0 + m1))).
glm::dvec4 hermite(const glm::dvec4& p0, const glm::dvec4& m0, const glm::dvec4& p1,
                   const glm::dvec4& m1, double u);

// Shortest-path spherical interpolation of unit quaternions (x, y, z, w); falls
// back to normalised lerp when the two are nearly equal.
glm::dvec4 slerp(const glm::dvec4& a, const glm::dvec4& b, double u);

// Index k of the segment [keys[k], keys[k+1]] containing t, for k in
// [0, n-2]; requires n >= 2 and non-decreasing times. t outside the keys gives
// the first or last segment (callers clamp before).
size_t find_segment(std::span<const Key> keys, double t);

// The curve's value at t: clamps to the first/last key outside the keys;
// Step holds the previous key; zero-length segments yield the later key.
// Empty keys give zero.
glm::dvec4 evaluate(std::span<const Key> keys, Mode mode, double t);
// The same for unit quaternions: Linear and Hermite both mean slerp (the
// ASSUMPTION documented by the formats using it), Step holds.
glm::dvec4 evaluate_rotation(std::span<const Key> keys, Mode mode, double t);

// glTF CUBICSPLINE tangents (per second) from per-segment tangents, exactly:
// out[k] = keys[k].out / (t[k+1] - t[k]), in[k] = keys[k].in / (t[k] - t[k-1]);
// in[0] and out[n-1] (unused by glTF) are zero. Times must be strictly increasing.
void to_gltf_tangents(std::span<const Key> keys, std::vector<glm::vec4>& in_tangents,
                      std::vector<glm::vec4>& out_tangents);

// A glTF CUBICSPLINE sampler evaluated as the glTF specification defines it
// (Appendix C); used to check conversions independently of `hermite`.
glm::dvec4 evaluate_gltf_cubic(std::span<const double> times, std::span<const glm::vec4> values,
                               std::span<const glm::vec4> in_tangents,
                               std::span<const glm::vec4> out_tangents, double t);

// The same inside one segment: keys (t0, v0, out-tangent b0) and (t1, v1,
// in-tangent a1), t0 <= t <= t1. Inline for samplers that walk a segment's
// samples (the hand-over to Assimp); evaluate_gltf_cubic's result, bit for bit.
inline glm::dvec4 gltf_cubic_segment(double t0, double t1, const glm::vec4& v0, const glm::vec4& b0,
                                     const glm::vec4& v1, const glm::vec4& a1, double t) {
    const double td = t1 - t0;
    const double s = (t - t0) / td;
    const double s2 = s * s, s3 = s2 * s;
    // Spec: vk * (2s^3 - 3s^2 + 1) + td*bk*(s^3 - 2s^2 + s) + vk+1*(-2s^3 + 3s^2)
    //       + td*ak+1*(s^3 - s^2)
    return glm::dvec4(v0) * (2 * s3 - 3 * s2 + 1) + td * glm::dvec4(b0) * (s3 - 2 * s2 + s) +
           glm::dvec4(v1) * (-2 * s3 + 3 * s2) + td * glm::dvec4(a1) * (s3 - s2);
}

}  // namespace ripkit::curves
