// joint_angles against rotations multiplied out by hand: RotY * RotX * RotZ
// of the 10-bit angles as a quaternion product written longhand here.
#include "tr_cutseq/joint_angles.hpp"

#include <cmath>

#include "ripkit/scene_kit.hpp"
#include "ripkit_catch.hpp"
#include "tr_cutseq/joint_rotation.hpp"

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

TEST_CASE("tr_cutseq JointRotations is RotY*RotX*RotZ multiplied out, in either space") {
    const JointRotations& engine = JointRotations::get(false);
    const JointRotations& turned = JointRotations::get(true);
    double worst = 0.0;
    auto check = [&](int x, int y, int z) {
        const glm::dvec4 want = hand_quat(x, y, z);  // (x, y, z, w)
        // The half turn about X conjugates: (qx, qy, qz, qw) -> (qx, -qy, -qz, qw).
        const glm::dvec4 want_turned(want.x, -want.y, -want.z, want.w);
        const glm::dvec4 got(engine(int16_t(x), int16_t(y), int16_t(z)));
        const glm::dvec4 got_turned(turned(int16_t(x), int16_t(y), int16_t(z)));
        for (int c = 0; c < 4; ++c) {
            worst = std::max(worst, std::abs(got[c] - want[c]));
            worst = std::max(worst, std::abs(got_turned[c] - want_turned[c]));
        }
    };
    // Every angle on each axis with the other two off zero, then a grid
    // through all three; angles outside 0..1023 wrap as the engine masks them.
    for (int a = 0; a < 1024; ++a) {
        check(a, 300, 700);
        check(999, a, 13);
        check(512, 77, a);
    }
    for (int x = 0; x < 1024; x += 37)
        for (int y = 5; y < 1024; y += 41)
            for (int z = 11; z < 1024; z += 43) check(x, y, z);
    CHECK(worst < 1e-6);
    const glm::dvec4 wrapped(engine(int16_t(1024 + 100), int16_t(-24), int16_t(2048 + 5)));
    const glm::dvec4 plain(engine(100, 1000, 5));
    CHECK(wrapped == plain);
}

TEST_CASE("tr_cutseq JointRotations::channel keeps each key in its predecessor's hemisphere") {
    // Three tracks turning whole ways round at different speeds (and one
    // standing still for a while), read through a frame list that repeats a
    // frame as a cut's hold key does: the keys are the single-key rotations,
    // flipped as kit::keep_hemisphere flips them.
    const int frames = 900;
    std::vector<int16_t> x(frames), y(frames), z(frames);
    for (int f = 0; f < frames; ++f) {
        x[f] = int16_t(f * 7);
        y[f] = int16_t(f < 300 ? 40 : f * 13);
        z[f] = int16_t(1023 - f * 5);
    }
    std::vector<int> list;
    for (int f = 0; f < frames; ++f) {
        if (f == 450) list.push_back(449);
        list.push_back(f);
    }
    for (const bool turned : {false, true}) {
        const JointRotations& r = JointRotations::get(turned);
        std::vector<glm::vec4> want;
        for (const int f : list) want.push_back(r(x[f], y[f], z[f]));
        ripkit::kit::keep_hemisphere(want);
        std::vector<glm::vec4> got;
        r.channel(x.data(), y.data(), z.data(), list, got);
        REQUIRE(got.size() == want.size());
        size_t flipped = 0, same = 0;
        for (size_t k = 0; k < got.size(); ++k) {
            same += got[k] == want[k];
            flipped += got[k] == -r(x[list[k]], y[list[k]], z[list[k]]);
        }
        CHECK(same == got.size());
        CHECK(flipped > 100);  // the turns do cross hemispheres
    }
}
