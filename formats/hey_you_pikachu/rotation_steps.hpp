// How many equal LINEAR (slerp) steps a rotation key segment needs, from a
// closed bound on how far the Euler curve bends inside it, so keys are laid in
// one pass with no probing of the curve.
//
// Over a segment each Euler angle is a cubic θi(u). The body angular velocity
// of R = R3(θ3) R2(θ2) R1(θ1) (any order) is a sum of the three rates along
// rotated unit axes, so |ω| <= Σ max|θi'|, and its derivative adds, for each
// pair of axes, the turn of one axis by the other's rate:
//     |ω'| <= B = Σ max|θi''| + Σ_{i<j} max|θi'| max|θj'|.
// A curve whose angular acceleration is at most B leaves the geodesic (slerp)
// between its ends by at most B s^2 / 8 over a step of s seconds, the chord
// rule of a curve with bounded second derivative; the bound is second order in
// s, so steps are also kept under `max_turn_rad` of turn, where it holds.
#pragma once

#include <array>

namespace ripkit::hey_you_pikachu {

// c[0] + c[1] u + c[2] u^2 + c[3] u^3, u in seconds from the segment start.
struct SegmentPoly {
    std::array<double, 4> c{};
    double at(double u) const { return ((c[3] * u + c[2]) * u + c[1]) * u + c[0]; }
    bool moving() const { return c[1] != 0.0 || c[2] != 0.0 || c[3] != 0.0; }
    double max_abs_slope(double h) const;  // max |p'(u)| over [0, h]
    double max_abs_accel(double h) const;  // max |p''(u)| over [0, h]
};

// Steps for a segment of `h` seconds: enough for a deviation of at most
// `tol_rad`, a turn of at most `max_turn_rad` a step and `min_rate` steps a
// second; 1 when no angle moves. HUGE_VAL when the coefficients overflow (the
// caller's key cap then refuses the channel).
double rotation_steps(const std::array<SegmentPoly, 3>& euler, double h, double tol_rad,
                      double max_turn_rad, double min_rate);

}  // namespace ripkit::hey_you_pikachu
