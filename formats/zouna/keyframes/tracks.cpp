#include "zouna/keyframes/tracks.hpp"

#include <cmath>
#include <cstdio>
#include <glm/gtc/quaternion.hpp>

namespace ripkit::zouna {

glm::vec4 convert_value(glm::vec4 v, ValueKind kind, bool native) {
    if (native) return v;
    if (kind == ValueKind::Vector) v.z = -v.z;
    if (kind == ValueKind::Rotation) v.x = -v.x, v.y = -v.y;
    return v;
}

namespace {

void check_times(const std::vector<curves::Key>& keys, const std::string& what) {
    for (size_t i = 0; i < keys.size(); ++i) {
        if (!std::isfinite(keys[i].time) || keys[i].time < 0)
            fail_no_offset(ErrorKind::BadValue,
                           what + " key " + std::to_string(i) + ": a finite, non-negative time");
        if (i && !(keys[i].time > keys[i - 1].time))
            fail_no_offset(ErrorKind::BadValue, what + " key " + std::to_string(i) +
                                                    ": a time after " +
                                                    std::to_string(keys[i - 1].time) + ", got " +
                                                    std::to_string(keys[i].time));
    }
}

std::string short_number(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", v);
    return b;
}

// glTF tangents are per second: the engine's per-segment tangent divided by
// the segment's length, which overflows a float on a segment of 1e-44 s.
void check_tangents(const std::vector<curves::Key>& keys, const Channel& c,
                    const std::string& what) {
    auto in_range = [](const glm::vec4& v) {
        for (int i = 0; i < 4; ++i)
            if (!(std::fabs(v[i]) <= kMaxSceneMagnitude)) return false;
        return true;
    };
    for (size_t k = 0; k < c.times.size(); ++k) {
        if (in_range(c.in_tangents[k]) && in_range(c.out_tangents[k])) continue;
        const size_t seg = in_range(c.out_tangents[k]) ? k - 1 : k;
        fail_no_offset(ErrorKind::BadValue,
                       what + " key " + std::to_string(k) +
                           ": a segment long enough for its tangent per second to stay within "
                           "+-1e18 (the segment from " +
                           short_number(keys[seg].time) + " s lasts " +
                           short_number(keys[seg + 1].time - keys[seg].time) + " s)");
    }
}

glm::vec4 normalized(glm::vec4 q) {
    const float l = glm::length(q);
    return l > 0.0f ? q / l : glm::vec4(0, 0, 0, 1);
}

}  // namespace

Channel make_channel(int node, AnimPath path, const std::vector<curves::Key>& keys,
                     curves::Mode mode, ValueKind kind, bool native, const std::string& what) {
    check_times(keys, what);
    Channel c;
    c.node = node;
    c.path = path;
    const bool cubic = mode == curves::Mode::Hermite && keys.size() > 1;
    c.interp = cubic                                             ? Interp::CubicSpline
               : (mode == curves::Mode::Step || keys.size() < 2) ? Interp::Step
                                                                 : Interp::Linear;
    c.times.reserve(keys.size());
    c.values.reserve(keys.size());
    for (const auto& k : keys) {
        c.times.push_back(k.time);
        glm::vec4 v = convert_value(k.value, kind, native);
        if (kind == ValueKind::Rotation) v = normalized(v);
        c.values.push_back(v);
    }
    if (cubic) {
        curves::to_gltf_tangents(keys, c.in_tangents, c.out_tangents);
        for (auto& t : c.in_tangents) t = convert_value(t, kind, native);
        for (auto& t : c.out_tangents) t = convert_value(t, kind, native);
        check_tangents(keys, c, what);
    }
    return c;
}

glm::dvec4 euler_to_quat(const glm::dvec3& a, EulerOrder order) {
    const glm::dquat qx = glm::angleAxis(a.x, glm::dvec3(1, 0, 0));
    const glm::dquat qy = glm::angleAxis(a.y, glm::dvec3(0, 1, 0));
    const glm::dquat qz = glm::angleAxis(a.z, glm::dvec3(0, 0, 1));
    glm::dquat q;
    // The axis applied first is the rightmost factor.
    switch (order) {
        case EulerOrder::XYZ:
            q = qz * qy * qx;
            break;
        case EulerOrder::XZY:
            q = qy * qz * qx;
            break;
        case EulerOrder::YXZ:
            q = qz * qx * qy;
            break;
        case EulerOrder::YZX:
            q = qx * qz * qy;
            break;
        case EulerOrder::ZXY:
            q = qy * qx * qz;
            break;
        case EulerOrder::ZYX:
            q = qx * qy * qz;
            break;
    }
    return {q.x, q.y, q.z, q.w};
}

Channel bake_bezier_rotation(int node, const std::vector<curves::Key>& keys, const Variants& v,
                             bool native, const std::string& what, Budget& budget) {
    check_times(keys, what);
    std::vector<double> times;
    if (!keys.empty()) {
        const double t0 = keys.front().time, t1 = keys.back().time;
        const double span = (t1 - t0) * v.bake_rate;
        if (span > 1e6)
            fail_no_offset(ErrorKind::AllocationLimit,
                           what + ": at most 1e6 baked samples, the keys span " +
                               std::to_string(t1 - t0) + " s");
        const size_t n = static_cast<size_t>(std::ceil(span));
        budget.alloc(n + keys.size() + 1, sizeof(double) * 2 + sizeof(glm::vec4), std::nullopt,
                     what + " baked samples");
        budget.charge_steps(n + keys.size(), what + " baked samples");
        size_t k = 0;
        // Key times plus the grid t0 + i/rate, merged in order.
        for (size_t i = 0; i <= n; ++i) {
            const double g = std::min(t0 + static_cast<double>(i) / v.bake_rate, t1);
            while (k < keys.size() && keys[k].time < g - 1e-9) {
                if (times.empty() || keys[k].time > times.back() + 1e-9)
                    times.push_back(keys[k].time);
                ++k;
            }
            if (times.empty() || g > times.back() + 1e-9) times.push_back(g);
        }
        while (k < keys.size()) {
            if (keys[k].time > times.back() + 1e-9) times.push_back(keys[k].time);
            ++k;
        }
    }
    Channel c;
    c.node = node;
    c.path = AnimPath::Rotation;
    c.interp = times.size() > 1 ? Interp::Linear : Interp::Step;
    for (double t : times) {
        const glm::dvec4 e = curves::evaluate(keys, curves::Mode::Hermite, t);
        const glm::vec4 q(euler_to_quat(glm::dvec3(e), v.bezier_order));
        c.times.push_back(t);
        c.values.push_back(normalized(convert_value(q, ValueKind::Rotation, native)));
    }
    return c;
}

}  // namespace ripkit::zouna
