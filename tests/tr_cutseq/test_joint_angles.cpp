// joint_angles against rotations multiplied out by hand: RotY * RotX * RotZ
// of the 10-bit angles as a quaternion product written longhand here.
#include <catch2/catch.hpp>
#include <cmath>

#include "joint_angles.hpp"

using namespace ripkit::tr_cutseq;

namespace {

constexpr double kPi = 3.14159265358979323846;

// (w, x, y, z) products of the three single-axis half-angle quaternions.
glm::dvec4 hand_quat(int x, int y, int z) {
    const double hx = x * kPi / 1024, hy = y * kPi / 1024, hz = z * kPi / 1024;
    const double qy[4] = {std::cos(hy), 0, std::sin(hy), 0};
    const double qx[4] = {std::cos(hx), std::sin(hx), 0, 0};
    const double qz[4] = {std::cos(hz), 0, 0, std::sin(hz)};
    auto mul = [](const double* a, const double* b, double* o) {
        o[0] = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
        o[1] = a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2];
        o[2] = a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1];
        o[3] = a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0];
    };
    double t[4], q[4];
    mul(qy, qx, t);
    mul(t, qz, q);
    return {q[1], q[2], q[3], q[0]};
}

// A previous frame's angles, kept alive for the call.
const Angles& prev(int16_t x, int16_t y, int16_t z) {
    static Angles a;
    a = {x, y, z};
    return a;
}

}  // namespace

TEST_CASE("tr_cutseq joint_angles inverts RotY*RotX*RotZ") {
    // Single axes, then all three; x on the principal branch.
    CHECK(joint_angles(hand_quat(0, 0, 0), nullptr) == Angles{0, 0, 0});
    CHECK(joint_angles(hand_quat(100, 0, 0), nullptr) == Angles{100, 0, 0});
    CHECK(joint_angles(hand_quat(0, 700, 0), nullptr) == Angles{0, 700, 0});
    CHECK(joint_angles(hand_quat(0, 0, 1000), nullptr) == Angles{0, 0, 1000});
    CHECK(joint_angles(hand_quat(37, 512, 900), nullptr) == Angles{37, 512, 900});
    CHECK(joint_angles(hand_quat(1000, 300, 17), nullptr) == Angles{1000, 300, 17});
    // A first frame takes x in -90..90 degrees whatever y and z are.
    CHECK(joint_angles(hand_quat(66, 600, 700), nullptr) == Angles{66, 600, 700});
    // The quaternion's sign does not matter.
    CHECK(joint_angles(-hand_quat(1000, 300, 17), nullptr) == Angles{1000, 300, 17});
    // joint_quaternion is the same rotation as the hand product.
    const glm::dvec4 a = joint_quaternion({123, 456, 789}), b = hand_quat(123, 456, 789);
    CHECK(std::abs(std::abs(glm::dot(a, b)) - 1.0) < 1e-12);
}

TEST_CASE("tr_cutseq joint_angles takes the triple nearest the previous frame") {
    // (212, 552, 572) is also (300, 40, 60): the previous frame decides.
    CHECK(joint_angles(hand_quat(300, 40, 60), &prev(290, 40, 60)) == Angles{300, 40, 60});
    CHECK(joint_angles(hand_quat(300, 40, 60), &prev(210, 550, 570)) == Angles{212, 552, 572});
    // Crossing gimbal lock in one step of 12 keeps the branch.
    CHECK(joint_angles(hand_quat(262, 100, 200), &prev(250, 100, 200)) == Angles{262, 100, 200});
}

TEST_CASE("tr_cutseq joint_angles at gimbal lock keeps y from the previous frame") {
    // x = 256 (+90 degrees): only y - z is defined.
    const Angles up = joint_angles(hand_quat(256, 100, 30), &prev(250, 90, 0));
    CHECK(up[0] == 256);
    CHECK(up[1] == 90);
    CHECK(((up[1] - up[2]) & 1023) == 70);
    // x = 768 (-90 degrees): only y + z is defined.
    const Angles down = joint_angles(hand_quat(768, 100, 30), &prev(760, 120, 0));
    CHECK(down[0] == 768);
    CHECK(down[1] == 120);
    CHECK(((down[1] + down[2]) & 1023) == 130);
}
