// KeyframerBezierRot values: an Animation_Z laid out by hand whose one bone
// rotates only through BezierRot keys, and the baked quaternions checked
// against the reference's cubic Hermite written out here and Euler rotation
// matrices multiplied by hand - under the documented assumptions (a = Euler
// angles in radians, b = tangent in, c = tangent out, per segment, X applied
// first unless --set bezier_rot says otherwise).
#include <cmath>

#include "hand_math.hpp"
#include "ripkit_catch.hpp"
#include "test_util.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/encode/animation_writer.hpp"
#include "zouna/format.hpp"

using namespace ripkit;
using namespace ripkit::zouna;
using namespace zouna_test;

namespace {

using namespace hand;

// Key 0: time 0, a (0, 0, 0), b (-5, -5, -5) (no segment before it uses it),
// c (1.5, 0.4, 0). Key 1: time 2, a (1, 0.5, 0), b (0, -0.3, 0), c (9, 9, 9)
// (no segment after it).
Bytes bezier_animation(bool big) {
    Hand h{big, {}};
    h.f32(2.0f), h.f32(0.0f), h.u16(0);  // duration, blending, flag
    h.u16(0);                            // node data flag
    h.u32(0);                            // KeyframerRot: none (so BezierRot drives)
    h.u32(2);                            // KeyframerBezierRot: 2 keys of 40 bytes
    for (float f : {0.0f, 0.0f, 0.0f, 0.0f, -5.0f, -5.0f, -5.0f, 1.5f, 0.4f, 0.0f}) h.f32(f);
    for (float f : {2.0f, 1.0f, 0.5f, 0.0f, 0.0f, -0.3f, 0.0f, 9.0f, 9.0f, 9.0f}) h.f32(f);
    h.u16(0), h.u32(0);                              // scale Vec3fComp
    h.u16(0), h.u32(0);                              // translation Vec3fComp
    h.u32(0);                                        // KeyframerMessage
    for (int i = 0; i < 7; ++i) h.u16(0), h.u32(0);  // material x5, mesh, morph
    h.u32(1);                                        // one node modifier (28 bytes)
    h.u32(asobo_crc32("TETE")), h.u16(0), h.u16(0);
    h.u16(0), h.u16(0);            // translation
    h.u16(0), h.u16(0);            // rot
    h.u16(0), h.u16(2);            // bezier rot: keys 0..1
    h.u16(0), h.u16(0);            // scale
    h.u16(0), h.u16(0);            // message
    h.u32(0), h.u32(0), h.u32(0);  // material, mesh, morph modifiers
    return h.b;
}

// The reference's Hermite form with P0, T0 = key 0's a and c, P1, T1 =
// key 1's a and b, u = t / 2:
// P0 + u (T0 + u ((-3 P0 + 3 P1 - 2 T0 - T1) + u (2 P0 - 2 P1 + T0 + T1))).
// x: P0 0, P1 1, T0 1.5, T1 0    -> 1.5 u - 0.5 u^3
// y: P0 0, P1 .5, T0 .4, T1 -.3  -> u (0.4 + u (1.0 - 0.9 u))
V3 hand_angles(double t) {
    const double u = t / 2.0;
    return {1.5 * u - 0.5 * u * u * u, u * (0.4 + u * (1.0 - 0.9 * u)), 0.0};
}

// The Z mirror between the engine's left-handed space and glTF: S M S.
M3 mirrored(M3 m) {
    m[0][2] = -m[0][2], m[1][2] = -m[1][2], m[2][0] = -m[2][0], m[2][1] = -m[2][1];
    return m;
}

void check_matrix(const M3& got, const M3& want) {
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) {
            INFO("row " << r << " col " << c);
            CHECK(got[r][c] == Approx(want[r][c]).margin(1e-5));
        }
}

Scene scene_of(bool big, Options o = {}) {
    Input in;
    in.path = "x";
    const Endian e = big ? Endian::Big : Endian::Little;
    in.bytes = write_object(asobo_crc32("Animation_Z"), asobo_crc32("ANIM"), {},
                            bezier_animation(big), e, false);
    return formats::zouna_format().open(in, o)->scene(asobo_crc32("ANIM"));
}

const Channel& rotation(const Scene& s) {
    const int n = s.find_node(std::to_string(asobo_crc32("TETE")));
    for (const Channel& c : s.animations.at(0).channels)
        if (c.node == n && c.path == AnimPath::Rotation) return c;
    FAIL("no rotation channel");
    throw;
}

glm::vec4 at(const Channel& c, double t) {
    for (size_t i = 0; i < c.times.size(); ++i)
        if (std::abs(c.times[i] - t) < 1e-9) return c.values[i];
    FAIL("no key at " << t);
    throw;
}

}  // namespace

TEST_CASE("BezierRot: Hermite Euler angles, X then Y then Z, mirrored, at 60 samples a second") {
    // Spot values of the hand curve: u = .25 gives x = .375 - .0078125, y = .25 (.4 + .25 *
    // .775); u = .5 gives x = .75 - .0625, y = .5 (.4 + .5 * .55).
    CHECK(hand_angles(0.5)[0] == Approx(0.3671875));
    CHECK(hand_angles(0.5)[1] == Approx(0.1484375));
    CHECK(hand_angles(1.0)[0] == Approx(0.6875));
    CHECK(hand_angles(1.0)[1] == Approx(0.3375));
    for (bool big : {false, true}) {
        INFO("big endian " << big);
        const Scene s = scene_of(big);
        validate_scene(s);
        const Channel& c = rotation(s);
        CHECK(c.interp == Interp::Linear);
        REQUIRE(c.times.size() == 121);  // 0 .. 2 s at 1/60
        for (double t : {0.0, 0.5, 1.0, 1.25, 2.0}) {
            INFO("t " << t);
            const V3 e = hand_angles(t);
            // "X applied first": R = Rz * Ry * Rx.
            const M3 engine = mul(rot_z(e[2]), mul(rot_y(e[1]), rot_x(e[0])));
            check_matrix(quat_matrix(at(c, t)), mirrored(engine));
        }
        // Neither key 0's b nor key 1's c enters: at the ends the angles are
        // the keys' own a.
        check_matrix(quat_matrix(at(c, 2.0)), mirrored(mul(rot_y(0.5), rot_x(1.0))));
    }
}

TEST_CASE("BezierRot: --set bezier_rot=zyx applies Z, then Y, then X; --native keeps the axes") {
    Options o;
    o.settings["bezier_rot"] = "zyx";
    const Channel c = rotation(scene_of(false, o));
    const V3 e = hand_angles(1.0);
    check_matrix(quat_matrix(at(c, 1.0)),
                 mirrored(mul(rot_x(e[0]), mul(rot_y(e[1]), rot_z(e[2])))));
    // The two orders really differ here (about 0.1 in some entries).
    const M3 xyz = mul(rot_y(e[1]), rot_x(e[0])), zyx = mul(rot_x(e[0]), rot_y(e[1]));
    CHECK(std::abs(xyz[0][1] - zyx[0][1]) > 0.05);
    Options native;
    native.native = true;
    const Channel n = rotation(scene_of(false, native));
    check_matrix(quat_matrix(at(n, 1.0)), xyz);
}
