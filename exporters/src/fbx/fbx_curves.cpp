// Scene channels as FBX curves (see channel_curves in fbx_writer.hpp).
#include <algorithm>
#include <array>
#include <cmath>
#include <glm/gtc/quaternion.hpp>
#include <numbers>

#include "fbx_writer.hpp"
#include "ripkit/limits.hpp"
#include "ripkit/scene_eval.hpp"

namespace ripkit::fbxw {

using std::numbers::pi;

namespace {

constexpr double kDeg = 180.0 / pi;
// How far (rotation matrix entries) a cubic Euler segment may stray from the
// glTF quaternion path at its quarter points before it is split.
constexpr double kRotationTolerance = 2e-5;
// A segment is halved at most this often (1024 pieces: a game's camera cut
// is a 0.1 ms segment turning half a circle, and gets its keys too).
constexpr int kMaxSplits = 10;
// Samples per segment when following a rotation to its end key: at most
// kWalkSteps, and for a slerp one per kWalkAngle of its turn (the Euler
// triple nearest the last one is the path's continuation over such a step).
constexpr int kWalkSteps = 8;
constexpr double kWalkAngle = 10.0 / kDeg;

// What one baked or split key costs while the document is built: its time,
// value, flags and slopes in the Curve, then in the encoded arrays.
constexpr uint64_t kKeyBytes = 64;
// Rotation path samples counted before they are charged as steps at once.
constexpr uint64_t kSampleCharge = 1 << 14;

glm::dmat3 quat_matrix(glm::dvec4 q) { return glm::mat3_cast(glm::dquat(q.w, q.x, q.y, q.z)); }

glm::dmat3 euler_matrix(glm::dvec3 deg) {
    const glm::dvec3 r = deg / kDeg;
    const double ca = std::cos(r.x), sa = std::sin(r.x), cb = std::cos(r.y), sb = std::sin(r.y),
                 cc = std::cos(r.z), sc = std::sin(r.z);
    const glm::dmat3 rx(1, 0, 0, 0, ca, sa, 0, -sa, ca);
    const glm::dmat3 ry(cb, 0, -sb, 0, 1, 0, sb, 0, cb);
    const glm::dmat3 rz(cc, sc, 0, -sc, cc, 0, 0, 0, 1);
    return rz * ry * rx;
}

double matrix_distance(const glm::dmat3& a, const glm::dmat3& b) {
    double d = 0;
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r) d = std::max(d, std::abs(a[c][r] - b[c][r]));
    return d;
}

double shift_near(double deg, double near) {
    return deg - 360.0 * std::round((deg - near) / 360.0);
}

// q * post, as (x, y, z, w).
glm::dvec4 turned(glm::dvec4 q, glm::dvec4 post) {
    const glm::dquat r =
        glm::dquat(q.w, q.x, q.y, q.z) * glm::dquat(post.w, post.x, post.y, post.z);
    return glm::dvec4(r.x, r.y, r.z, r.w);
}

glm::dvec4 rotation_at(const Channel& ch, glm::dvec4 post, double t) {
    glm::dvec4 q = evaluate_channel_d(ch, t);
    const double len = glm::length(q);
    q = len > 0.0 && std::isfinite(len) ? q / len : glm::dvec4(0, 0, 0, 1);
    return turned(q, post);
}

void push_key(Curve& c, double t, float v, int32_t flags, float out_slope = 0,
              float next_in_slope = 0) {
    c.times.push_back(t);
    c.values.push_back(v);
    c.flags.push_back(flags);
    c.slopes.push_back(out_slope);
    c.slopes.push_back(next_in_slope);
}

void push_euler(std::array<Curve, 3>& xyz, double t, glm::dvec3 e, int32_t flags) {
    for (int k = 0; k < 3; ++k) push_key(xyz[size_t(k)], t, float(e[k]), flags);
}

// A point of a rotation's Euler curve: angles (degrees) and the slopes
// (degrees per second) arriving at and leaving it.
struct EulerPoint {
    double t = 0;
    glm::dvec3 e{0.0}, in{0.0}, out{0.0};
};

// The Euler angles' derivative along the quaternion path at t, taken inside
// the segment on side `dir` (+1 after t, -1 before), second order.
glm::dvec3 path_slope(const Channel& ch, glm::dvec4 post, double t, glm::dvec3 e, double dir,
                      double segment) {
    const double h = segment * 1e-3;
    const glm::dvec3 e1 = euler_xyz_near(rotation_at(ch, post, t + dir * h), e);
    const glm::dvec3 e2 = euler_xyz_near(rotation_at(ch, post, t + 2 * dir * h), e1);
    return dir * (-3.0 * e + 4.0 * e1 - e2) / (2.0 * h);
}

glm::dvec3 hermite(const EulerPoint& a, const EulerPoint& b, double f) {
    const double dt = b.t - a.t, f2 = f * f, f3 = f2 * f;
    return (2 * f3 - 3 * f2 + 1) * a.e + (f3 - 2 * f2 + f) * dt * a.out + (-2 * f3 + 3 * f2) * b.e +
           (f3 - f2) * dt * b.in;
}

// Appends the points after a up to and including b, splitting the segment
// where the cubic Euler curve leaves the quaternion path.
void refine_rotation(const Channel& ch, glm::dvec4 post, const EulerPoint& a, const EulerPoint& b,
                     int depth, std::vector<EulerPoint>& out) {
    bool close = true;
    for (double f : {0.25, 0.5, 0.75})
        if (matrix_distance(euler_matrix(hermite(a, b, f)),
                            quat_matrix(rotation_at(ch, post, a.t + f * (b.t - a.t)))) >
            kRotationTolerance)
            close = false;
    if (close || depth >= kMaxSplits) {
        out.push_back(b);
        return;
    }
    EulerPoint m;
    m.t = 0.5 * (a.t + b.t);
    m.e = euler_xyz_near(rotation_at(ch, post, m.t), hermite(a, b, 0.5));
    const double half = 0.5 * (b.t - a.t);
    m.in = m.out =
        0.5 * (path_slope(ch, post, m.t, m.e, -1, half) + path_slope(ch, post, m.t, m.e, +1, half));
    refine_rotation(ch, post, a, m, depth + 1, out);
    refine_rotation(ch, post, m, b, depth + 1, out);
}

int walk_steps(const Channel& ch, size_t k) {
    if (ch.interp != Interp::Linear) return kWalkSteps;
    const double dot = std::abs(glm::dot(glm::dvec4(normalised_quat(ch.values[k - 1])),
                                         glm::dvec4(normalised_quat(ch.values[k]))));
    const double turn = 2.0 * std::acos(std::min(1.0, dot));
    return std::clamp(int(std::ceil(turn / kWalkAngle)), 1, kWalkSteps);
}

// STEP: constant keys. LINEAR / CUBICSPLINE: cubic Euler keys at the game's
// key times whose slopes follow the quaternion path, split where needed.
std::array<Curve, 3> rotation_curves(const Channel& ch, glm::dvec4 post, Budget& budget) {
    std::array<Curve, 3> xyz;
    std::vector<EulerPoint> pts;
    glm::dvec3 prev(0.0);
    // A key's path samples are the work here, tens of them a key where
    // another writer spends one step: the document's step limit counts them,
    // so a hostile scene's export stops at the limit instead of running on.
    uint64_t samples = 0;
    auto charge_samples = [&](uint64_t flush_at) {
        if (samples < flush_at) return;
        budget.charge_steps(samples, kWhat);
        samples = 0;
    };
    for (size_t k = 0; k < ch.times.size(); ++k) {
        const glm::dvec4 q = turned(glm::dvec4(normalised_quat(ch.values[k])), post);
        if (k == 0 || ch.interp == Interp::Step) {
            prev = euler_xyz_near(q, prev);
            pts.push_back({ch.times[k], prev, glm::dvec3(0.0), glm::dvec3(0.0)});
            continue;
        }
        // Follow the quaternion path to the key, so the end angles continue it.
        const double t0 = ch.times[k - 1], t1 = ch.times[k], dt = t1 - t0;
        glm::dvec3 e1 = prev;
        const int steps = walk_steps(ch, k);
        for (int s = 1; s <= steps; ++s)
            e1 = euler_xyz_near(rotation_at(ch, post, t0 + dt * s / steps), e1);
        pts.back().out = path_slope(ch, post, t0, prev, +1, dt);
        EulerPoint b{t1, e1, path_slope(ch, post, t1, e1, -1, dt), glm::dvec3(0.0)};
        const EulerPoint a = pts.back();
        const size_t before = pts.size();
        refine_rotation(ch, post, a, b, 0, pts);
        // The split keys beyond the game's one (the estimate counted that).
        const uint64_t added = pts.size() - before;
        if (added > 1) budget.charge_bytes((added - 1) * 3 * kKeyBytes, kWhat);
        // The walk, two path slopes (2 samples each) and the refinement: 3
        // samples a segment it tests (2 * added - 1) and 5 a split (added - 1).
        samples += uint64_t(steps) + 4 + 11 * added - 8;
        charge_samples(kSampleCharge);
        prev = e1;
    }
    charge_samples(1);
    for (size_t i = 0; i < pts.size(); ++i) {
        const EulerPoint& p = pts[i];
        const glm::dvec3 next_in = i + 1 < pts.size() ? pts[i + 1].in : glm::dvec3(0.0);
        for (int c = 0; c < 3; ++c) {
            if (ch.interp == Interp::Step) {
                push_key(xyz[size_t(c)], p.t, float(p.e[c]), kKeyConstant);
                continue;
            }
            const bool broken = float(p.in[c]) != float(p.out[c]);
            push_key(xyz[size_t(c)], p.t, float(p.e[c]),
                     kKeyCubic | kKeyUserTangent | (broken ? kKeyBroken : 0), float(p.out[c]),
                     float(next_in[c]));
        }
    }
    return xyz;
}

std::array<Curve, 3> vector_curves(const Channel& ch) {
    std::array<Curve, 3> xyz;
    const size_t n = ch.times.size();
    for (size_t k = 0; k < n; ++k) {
        for (int c = 0; c < 3; ++c) {
            Curve& curve = xyz[size_t(c)];
            const float v = ch.values[k][c];
            switch (ch.interp) {
                case Interp::Step:
                    push_key(curve, ch.times[k], v, kKeyConstant);
                    break;
                case Interp::Linear:
                    push_key(curve, ch.times[k], v, kKeyLinear);
                    break;
                case Interp::CubicSpline: {
                    const float out = ch.out_tangents[k][c];
                    const float next_in = k + 1 < n ? ch.in_tangents[k + 1][c] : 0.0f;
                    const bool broken = ch.in_tangents[k][c] != out;
                    push_key(curve, ch.times[k], v,
                             kKeyCubic | kKeyUserTangent | (broken ? kKeyBroken : 0), out, next_in);
                    break;
                }
            }
        }
    }
    return xyz;
}

// The first and last key times and every frame strictly between them.
std::vector<double> bake_times(double first, double last, double frame_rate, Budget& budget) {
    std::vector<double> t{first};
    if (!(frame_rate > 0) || !(last > first)) return t;
    const double frames = (last - first) * frame_rate + 2;
    const uint64_t n = frames < 1e18 ? uint64_t(frames) : uint64_t(1e18);
    budget.charge_steps(n, kWhat);
    budget.charge_bytes(n > UINT64_MAX / (3 * kKeyBytes) ? UINT64_MAX : n * 3 * kKeyBytes, kWhat);
    for (double f = std::floor(first * frame_rate) + 1; f / frame_rate < last - 1e-9; f += 1.0)
        if (f / frame_rate > first + 1e-9) t.push_back(f / frame_rate);
    t.push_back(last);
    return t;
}

// A frame this close to a key shows that key: 12 / 30.0 lies an ulp before a
// key at 0.4 s, and a STEP change there must not wait a frame.
constexpr double kFrameAtKey = 1e-6;

// t, or the key time within kFrameAtKey of it.
double snapped(const std::vector<double>& keys, double t) {
    const auto it = std::lower_bound(keys.begin(), keys.end(), t - kFrameAtKey);
    return it != keys.end() && std::abs(*it - t) <= kFrameAtKey ? *it : t;
}

std::array<Curve, 3> baked_curves(const Channel& ch, double frame_rate, glm::dvec4 post,
                                  Budget& budget) {
    std::array<Curve, 3> xyz;
    glm::dvec3 prev(0.0);
    for (double frame : bake_times(ch.times.front(), ch.times.back(), frame_rate, budget)) {
        const double t = snapped(ch.times, frame);
        if (ch.path == AnimPath::Rotation) {
            prev = euler_xyz_near(rotation_at(ch, post, t), prev);
            push_euler(xyz, frame, prev, kKeyLinear);
        } else {
            push_euler(xyz, frame, glm::dvec3(glm::vec3(evaluate_channel(ch, t))), kKeyLinear);
        }
    }
    return xyz;
}

}  // namespace

glm::dvec3 euler_xyz_near(glm::dvec4 q, glm::dvec3 near) {
    const glm::dmat3 m = quat_matrix(q);
    auto r = [&](int row, int col) { return m[col][row]; };
    const glm::dvec3 near_rad = near / kDeg;
    // R = Rz(c) Ry(b) Rx(a): c from the first column, then Rz(-c) R = Ry(b) Rx(a).
    const double c0 = std::atan2(r(1, 0), r(0, 0));
    const std::array<double, 3> cs = {c0, c0 + pi, near_rad.z};
    // The third candidate only at gimbal lock, where any c will do.
    const size_t candidates = std::hypot(r(0, 0), r(1, 0)) < 1e-9 ? 3 : 2;
    glm::dvec3 best = near;
    double best_dist = 1e300;
    for (size_t i = 0; i < candidates; ++i) {
        const double c = cs[i];
        const double cc = std::cos(c), sc = std::sin(c);
        const double m00 = cc * r(0, 0) + sc * r(1, 0);
        const double m11 = -sc * r(0, 1) + cc * r(1, 1);
        const double m12 = -sc * r(0, 2) + cc * r(1, 2);
        const double m20 = r(2, 0);
        const glm::dvec3 e(std::atan2(-m12, m11) * kDeg, std::atan2(-m20, m00) * kDeg, c * kDeg);
        const glm::dvec3 s(shift_near(e.x, near.x), shift_near(e.y, near.y),
                           shift_near(e.z, near.z));
        const double dist =
            std::abs(s.x - near.x) + std::abs(s.y - near.y) + std::abs(s.z - near.z);
        if (dist < best_dist - 1e-9) {
            best_dist = dist;
            best = s;
        }
    }
    return best;
}

glm::dvec4 camera_turn() { return glm::dvec4(0.0, std::sqrt(0.5), 0.0, std::sqrt(0.5)); }

glm::dvec3 turned_euler(glm::dvec4 q, glm::dvec4 post) {
    return euler_xyz_near(turned(q, post), glm::dvec3(0.0));
}

// The Scene's angles are in (0, pi) (validate_scene); the smallest is held at
// a lens a float still holds.
double focal_length_mm(double yfov) {
    return std::min(0.5 * kFilmHeightMm / std::tan(0.5 * yfov), 1e30);
}

std::array<Curve, 3> channel_curves(const Channel& ch, bool bake, double frame_rate, Budget& budget,
                                    glm::dvec4 post) {
    if (ch.times.empty()) return {};
    if (bake) return baked_curves(ch, frame_rate, post, budget);
    return ch.path == AnimPath::Rotation ? rotation_curves(ch, post, budget) : vector_curves(ch);
}

Curve step_curve(const std::vector<double>& times, const std::vector<double>& values, bool bake,
                 double frame_rate, Budget& budget) {
    Curve c;
    if (times.empty()) return c;
    if (!bake) {
        for (size_t k = 0; k < times.size(); ++k)
            push_key(c, times[k], float(values[k]), kKeyConstant);
        return c;
    }
    size_t k = 0;
    for (double t : bake_times(times.front(), times.back(), frame_rate, budget)) {
        while (k + 1 < times.size() && times[k + 1] <= t + kFrameAtKey) ++k;
        push_key(c, t, float(values[k]), kKeyLinear);
    }
    return c;
}

}  // namespace ripkit::fbxw
