#include "joint_rotation.hpp"

#include <cmath>

namespace ripkit::tr_cutseq {

JointRotations::JointRotations(bool half_turn_x) {
    constexpr double kPi = 3.14159265358979323846;
    const float g = half_turn_x ? -1.0f : 1.0f;  // the sign of lanes y and z
    for (int i = 0; i < 1024; ++i) {
        // Half of the angle i * 2 pi / 1024, in double before the one rounding.
        const float s = float(std::sin(i * kPi / 1024.0)), c = float(std::cos(i * kPi / 1024.0));
        y_[i] = F4{c, s, -s, c};
        x_[i] = F4{s, c, s, c};
        zc_[i] = F4{c, g * c, g * c, c};
        zs_[i] = F4{s, -g * s, g * s, -s};
    }
}

void JointRotations::channel(const int16_t* x, const int16_t* y, const int16_t* z,
                             const std::vector<int>& frames, std::vector<glm::vec4>& out) const {
    using I4 = int32_t __attribute__((vector_size(16)));
    out.reserve(out.size() + frames.size());
    // Key k is negated when its dot with key k-1 as stored is negative. That
    // dot is the dot of the two unflipped rotations times k-1's sign, so the
    // decision needs only k-1's flip bit: the vector work of each key no
    // longer waits for the previous key's (a chain of some twenty cycles a
    // key when the flipped quaternion itself was carried). A zero or NaN dot
    // keeps the key as it is, as the dot test does.
    F4 prev = {0, 0, 0, 0};  // the first key has dot 0: kept
    bool flipped = false;
    for (const int f : frames) {
        const F4 q = rotate(x[f], y[f], z[f]);
        const F4 d = q * prev;
        const float dot = (d[0] + d[1]) + (d[2] + d[3]);  // glm::dot's order
        flipped = (dot < 0.0f || dot > 0.0f) && ((dot < 0.0f) != flipped);
        prev = q;
        I4 bits;
        std::memcpy(&bits, &q, sizeof bits);
        bits ^= flipped ? INT32_MIN : 0;  // every lane's sign bit
        glm::vec4 v;
        std::memcpy(&v, &bits, sizeof v);
        out.push_back(v);
    }
}

const JointRotations& JointRotations::get(bool half_turn_x) {
    static const JointRotations engine(false), turned(true);
    return half_turn_x ? turned : engine;
}

}  // namespace ripkit::tr_cutseq
