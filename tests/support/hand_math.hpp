// Rotation arithmetic written out longhand for tests that compute expected
// values apart from the code under test (which uses glm): 3 x 3 row-major
// matrices, the rotation of a quaternion, rotations about one axis.
#pragma once

#include <array>
#include <cmath>

namespace hand {

using V3 = std::array<double, 3>;
using M3 = std::array<V3, 3>;  // rows

inline V3 mul(const M3& m, const V3& v) {
    return {m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
            m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
            m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2]};
}

inline M3 mul(const M3& a, const M3& b) {
    M3 m{};
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
            for (int k = 0; k < 3; ++k) m[r][c] += a[r][k] * b[k][c];
    return m;
}

inline M3 transpose(const M3& m) {
    return {
        {{m[0][0], m[1][0], m[2][0]}, {m[0][1], m[1][1], m[2][1]}, {m[0][2], m[1][2], m[2][2]}}};
}

// The rotation of (x, y, z, w) / |q|: v -> q v q*, expanded.
inline M3 quat_matrix(double x, double y, double z, double w) {
    const double n = std::sqrt(x * x + y * y + z * z + w * w);
    x /= n, y /= n, z /= n, w /= n;
    return {{{1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
             {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
             {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}}};
}
template <class Q>
M3 quat_matrix(const Q& q) {
    return quat_matrix(q[0], q[1], q[2], q[3]);
}

// Right-handed rotations by `a` radians about one axis.
inline M3 rot_x(double a) {
    return {{{1, 0, 0}, {0, std::cos(a), -std::sin(a)}, {0, std::sin(a), std::cos(a)}}};
}
inline M3 rot_y(double a) {
    return {{{std::cos(a), 0, std::sin(a)}, {0, 1, 0}, {-std::sin(a), 0, std::cos(a)}}};
}
inline M3 rot_z(double a) {
    return {{{std::cos(a), -std::sin(a), 0}, {std::sin(a), std::cos(a), 0}, {0, 0, 1}}};
}

}  // namespace hand
