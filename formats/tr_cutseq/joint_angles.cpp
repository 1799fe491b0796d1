#include "joint_angles.hpp"

#include <cmath>
#include <glm/gtc/quaternion.hpp>

#include "tr_level/mesh_tree.hpp"

namespace ripkit::tr_cutseq {

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kUnits = 1024.0 / (2.0 * kPi);  // 10-bit units per radian

int16_t wrap(double units) { return static_cast<int16_t>(std::lround(units) & 1023); }

int circular(int a, int b) {
    const int d = ((a - b) % 1024 + 1024) % 1024;
    return d > 512 ? 1024 - d : d;
}

int distance(const Angles& a, const Angles& b) {
    return circular(a[0], b[0]) + circular(a[1], b[1]) + circular(a[2], b[2]);
}

}  // namespace

glm::dvec4 joint_quaternion(const Angles& a) {
    // 10-bit angles are the top bits of the engine's 16-bit ones.
    const glm::dquat q =
        tr_level::rotation_yxz_quat((a[0] & 1023) << 6, (a[1] & 1023) << 6, (a[2] & 1023) << 6);
    return {q.x, q.y, q.z, q.w};
}

Angles joint_angles(const glm::dvec4& v, const Angles* previous) {
    const glm::dmat3 m = glm::mat3_cast(glm::dquat(v.w, v.x, v.y, v.z));
    // glm is column-major: r(i, j) = row i, column j of Ry * Rx * Rz, which is
    //   [ .          .          sy*cx ]
    //   [ cx*sz      cx*cz      -sx   ]
    //   [ .          .          cy*cx ]
    const auto r = [&](int i, int j) { return m[j][i]; };
    const double cx = std::hypot(r(1, 0), r(1, 1));
    const double sx = -r(1, 2);
    if (cx > 1e-6) {
        const Angles a = {wrap(std::atan2(sx, cx) * kUnits),
                          wrap(std::atan2(r(0, 2), r(2, 2)) * kUnits),
                          wrap(std::atan2(r(1, 0), r(1, 1)) * kUnits)};
        const Angles b = {wrap(std::atan2(sx, -cx) * kUnits),
                          wrap(std::atan2(-r(0, 2), -r(2, 2)) * kUnits),
                          wrap(std::atan2(-r(1, 0), -r(1, 1)) * kUnits)};
        return previous && distance(b, *previous) < distance(a, *previous) ? b : a;
    }
    // Gimbal lock: x = +-90 degrees. Row 0 is (cos(y - z), sin(y - z), 0) at
    // +90 and (cos(y + z), -sin(y + z), 0) at -90; keep y from the previous
    // frame (a first frame: y = 0).
    const double x = sx > 0 ? kPi / 2 : -kPi / 2;
    const double y = previous ? ((*previous)[1] & 1023) / kUnits : 0.0;
    const double combined = std::atan2(sx > 0 ? r(0, 1) : -r(0, 1), r(0, 0));
    const double z = sx > 0 ? y - combined : combined - y;
    return {wrap(x * kUnits), wrap(y * kUnits), wrap(z * kUnits)};
}

}  // namespace ripkit::tr_cutseq
