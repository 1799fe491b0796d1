// The engine's joint rotation RotY(y) * RotX(x) * RotZ(z) of three 10-bit
// angles as a float quaternion (x, y, z, w), for every mesh key of a cutscene
// (half a million an import): four lanes at once from per-axis tables of the
// half-angle sines and cosines, so a key is two lane products and a sum
// instead of six table reads and sixteen scalar products. joint_quaternion
// (joint_angles.hpp) is the same rotation in double, built from angle-axis
// factors; the test sweeps the two against each other.
#pragma once

#include <cstdint>
#include <cstring>
#include <glm/glm.hpp>
#include <vector>

namespace ripkit::tr_cutseq {

class JointRotations {
  public:
    // With `half_turn_x`, the result is conjugated by the half turn about X
    // that takes TR space to glTF's (qx, qy, qz, qw) -> (qx, -qy, -qz, qw).
    static const JointRotations& get(bool half_turn_x);

    // One key, as channel() makes it before turning it to a hemisphere.
    glm::vec4 operator()(int16_t ax, int16_t ay, int16_t az) const {
        const F4 q = rotate(ax, ay, az);
        glm::vec4 out;
        std::memcpy(&out, &q, sizeof out);
        return out;
    }

    // A mesh's channel: appends to `out` the rotation of each frame in
    // `frames` of the three angle tracks, each key turned to its
    // predecessor's hemisphere (as kit::keep_hemisphere does) so LINEAR keys
    // take the short way. Appended, not written over a resized vector: the
    // keys are megabytes of fresh memory, and zeroing them first costs as
    // much again.
    void channel(const int16_t* x, const int16_t* y, const int16_t* z,
                 const std::vector<int>& frames, std::vector<glm::vec4>& out) const;

  private:
    using F4 = float __attribute__((vector_size(16)));
    explicit JointRotations(bool half_turn_x);

    F4 rotate(int16_t ax, int16_t ay, int16_t az) const {
        // (qY * qX) in (x, y, z, w) order is y_[ay] * x_[ax] lane by lane:
        // (cy sx, sy cx, -sy sx, cy cx). Times qZ: p * cz plus p with its
        // lane pairs swapped times (sz, -sz, sz, -sz), the half turn's signs
        // folded into the two Z tables.
        const F4 p = y_[ay & 1023] * x_[ax & 1023];
        const F4 swapped = {p[1], p[0], p[3], p[2]};
        return p * zc_[az & 1023] + swapped * zs_[az & 1023];
    }

    F4 y_[1024], x_[1024], zc_[1024], zs_[1024];
};

}  // namespace ripkit::tr_cutseq
