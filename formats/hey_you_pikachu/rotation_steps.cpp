#include "rotation_steps.hpp"

#include <algorithm>
#include <cmath>

namespace ripkit::hey_you_pikachu {

double SegmentPoly::max_abs_slope(double h) const {
    // p' = c1 + 2 c2 u + 3 c3 u^2: its extremes are at the ends and the vertex.
    auto slope = [&](double u) { return std::fabs((3.0 * c[3] * u + 2.0 * c[2]) * u + c[1]); };
    double m = std::max(slope(0.0), slope(h));
    if (c[3] != 0.0) {
        const double v = -c[2] / (3.0 * c[3]);
        if (v > 0.0 && v < h) m = std::max(m, slope(v));
    }
    return m;
}

double SegmentPoly::max_abs_accel(double h) const {
    // p'' = 2 c2 + 6 c3 u is linear: the larger end.
    return std::max(std::fabs(2.0 * c[2]), std::fabs(2.0 * c[2] + 6.0 * c[3] * h));
}

double rotation_steps(const std::array<SegmentPoly, 3>& euler, double h, double tol_rad,
                      double max_turn_rad, double min_rate) {
    bool moving = false;
    for (const SegmentPoly& p : euler) moving |= p.moving();
    if (!moving || !(h > 0.0)) return 1.0;
    std::array<double, 3> speed{};
    double accel = 0.0, sum_speed = 0.0;
    for (size_t i = 0; i < 3; ++i) {
        speed[i] = euler[i].max_abs_slope(h);
        sum_speed += speed[i];
        accel += euler[i].max_abs_accel(h);
    }
    for (size_t i = 0; i < 3; ++i)
        for (size_t j = i + 1; j < 3; ++j) accel += speed[i] * speed[j];
    // std::max would drop a NaN: overflowed coefficients are refused here.
    if (!std::isfinite(accel) || !std::isfinite(sum_speed)) return HUGE_VAL;
    const double n =
        std::max({1.0, std::ceil(h * std::sqrt(accel / (8.0 * tol_rad))),
                  std::ceil(h * sum_speed / max_turn_rad), std::ceil(h * min_rate - 1e-9)});
    return std::isfinite(n) ? n : HUGE_VAL;
}

}  // namespace ripkit::hey_you_pikachu
