// The scene kit (ripkit/scene_kit.hpp) against values worked out by hand:
// the half turn about X as the matrix diag(1, -1, -1), camera orientations
// from the vectors they must map, STEP keys from the records written.
#include "ripkit/scene_kit.hpp"

#include <glm/gtc/quaternion.hpp>

#include "ripkit_catch.hpp"

using namespace ripkit;
using Catch::Matchers::WithinAbs;

namespace {

void check_vec(const glm::vec3& got, const glm::vec3& want) {
    CHECK_THAT(got.x, WithinAbs(want.x, 1e-6));
    CHECK_THAT(got.y, WithinAbs(want.y, 1e-6));
    CHECK_THAT(got.z, WithinAbs(want.z, 1e-6));
}

}  // namespace

TEST_CASE("HalfTurnX maps Y-down points to Y-up and keeps native ones") {
    const kit::HalfTurnX ax{false, 0.5};
    check_vec(ax.point(2, 4, 6), {1, -2, -3});
    check_vec(ax.up(), {0, 1, 0});
    CHECK(ax.length(20) == 10.0f);
    const kit::HalfTurnX native{true, 0.5};
    check_vec(native.point(2, 4, 6), {2, 4, 6});
    check_vec(native.up(), {0, -1, 0});
    CHECK(native.length(20) == 20.0f);
}

TEST_CASE("HalfTurnX conjugates rotations by the turn: M R(q) M^-1 = R(q')") {
    // A rotation of 40 degrees about a skew axis; M = diag(1, -1, -1).
    const glm::quat q = glm::angleAxis(0.7f, glm::normalize(glm::vec3(1, 2, 3)));
    const kit::HalfTurnX ax{false, 1.0};
    const glm::mat3 m(glm::vec3(1, 0, 0), glm::vec3(0, -1, 0), glm::vec3(0, 0, -1));
    const glm::mat3 want = m * glm::mat3_cast(q) * m;
    const glm::mat3 got = glm::mat3_cast(ax.rotation(q));
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r) CHECK_THAT(got[c][r], WithinAbs(want[c][r], 1e-6));
    const glm::vec4 v = ax.rotation(kit::xyzw(q));
    const glm::quat g = ax.rotation(q);
    CHECK(v == glm::vec4(g.x, g.y, g.z, g.w));
    CHECK(kit::HalfTurnX{true, 1.0}.rotation(kit::xyzw(q)) == kit::xyzw(q));
}

TEST_CASE("keep_hemisphere flips keys that point away from the previous one") {
    std::vector<glm::vec4> q = {
        {0, 0, 0, 1}, {0, 0, 0.6f, -0.8f}, {0, 0, 0.8f, -0.6f}, {0, 0, -0.8f, 0.6f}};
    kit::keep_hemisphere(q);
    CHECK(q[0] == glm::vec4(0, 0, 0, 1));
    CHECK(q[1] == glm::vec4(0, 0, -0.6f, 0.8f));  // dot with q0 was -0.8
    CHECK(q[2] == glm::vec4(0, 0, -0.8f, 0.6f));  // against the flipped q1
    CHECK(q[3] == glm::vec4(0, 0, -0.8f, 0.6f));  // already on q2's side
}

TEST_CASE("look_at turns the camera's -Z onto the target with +Y up") {
    const glm::vec3 up(0, 1, 0);
    const auto ahead = kit::look_at({0, 0, 0}, {0, 0, -5}, up);
    REQUIRE(ahead);
    check_vec(*ahead * glm::vec3(0, 0, -1), {0, 0, -1});
    // Looking along +X from (1, 2, 3): -Z goes to +X, +Y stays up, so +X goes to +Z.
    const auto right = kit::look_at({1, 2, 3}, {9, 2, 3}, up);
    REQUIRE(right);
    check_vec(*right * glm::vec3(0, 0, -1), {1, 0, 0});
    check_vec(*right * glm::vec3(0, 1, 0), {0, 1, 0});
    check_vec(*right * glm::vec3(1, 0, 0), {0, 0, 1});
    // Down a 45-degree slope: forward (0, -1, -1)/sqrt2, camera up tilted toward -Z.
    const auto down = kit::look_at({0, 1, 1}, {0, 0, 0}, up);
    REQUIRE(down);
    const float h = std::sqrt(0.5f);
    check_vec(*down * glm::vec3(0, 0, -1), {0, -h, -h});
    check_vec(*down * glm::vec3(0, 1, 0), {0, h, -h});
    CHECK_FALSE(kit::look_at({1, 1, 1}, {1, 1, 1}, up));  // no direction
    CHECK_FALSE(kit::look_at({0, 0, 0}, {0, 4, 0}, up));  // straight up: roll undefined
}

TEST_CASE("value tracks and texture switching follow the metadata convention") {
    CHECK(kit::value_track_name("pose_12", "mouth") == "pose_12_mouth");
    const nlohmann::json e = kit::value_track_extras("pose_12", "mouth");
    CHECK(e ==
          nlohmann::json{{"ripkit_track", "mouth"}, {"target", "pose_12"}, {"component", "x"}});
    CHECK(kit::value_key(7) == glm::vec4(7, 0, 0, 0));
    Material m;
    kit::switch_textures(m, {4, 2, 9}, 1, "model_face0");
    CHECK(m.texture == 2);
    CHECK(m.switch_textures == std::vector<int>{4, 2, 9});
    CHECK(m.switch_track_node == "model_face0");
    CHECK_THROWS(kit::switch_textures(m, {4}, 1, "x"));
}

TEST_CASE("attach_camera links the camera and its node both ways") {
    Scene s;
    s.add_node("root", -1);
    const int n = s.add_node("cam", 0);
    Camera c;
    c.name = "c";
    c.yfov = 0.5f;
    CHECK(kit::attach_camera(s, n, c) == 0);
    REQUIRE(s.cameras.size() == 1);
    CHECK(s.cameras[0].node == n);
    CHECK(s.cameras[0].yfov == 0.5f);
    CHECK(s.nodes[size_t(n)].camera == 0);
}

TEST_CASE("StepKeys: one STEP key per record written, the last write of a record wins") {
    Scene s;
    const int root = s.add_node("root", -1);
    kit::StepKeys keys(s, root, 30.0);
    const int a = keys.node("a");
    CHECK(keys.node("a") == a);  // found, not added again
    const int face = keys.node("a_mouth", a);
    CHECK(s.nodes[size_t(face)].parent == a);
    keys.translate(a, 0, {1, 2, 3});
    keys.translate(a, 0, {4, 5, 6});  // same record: replaces
    keys.translate(a, 3, {7, 8, 9});
    keys.rotate(a, 2, {0, 0, 1, 0});
    keys.value(face, 1, 5);
    const Animation anim = keys.finish("clip", 4);
    CHECK(anim.name == "clip");
    CHECK(anim.frame_rate == 30.0);
    CHECK(anim.duration == Approx(0.1));  // records 0..3 at 30 per second
    REQUIRE(anim.channels.size() == 3);
    const Channel& t = anim.channels[0];
    CHECK(t.node == a);
    CHECK(t.path == AnimPath::Translation);
    CHECK(t.interp == Interp::Step);
    CHECK(t.times == std::vector<double>{0.0, 3 / 30.0});
    CHECK(t.values == std::vector<glm::vec4>{{4, 5, 6, 0}, {7, 8, 9, 0}});
    const Channel& r = anim.channels[1];
    CHECK(r.path == AnimPath::Rotation);
    CHECK(r.times == std::vector<double>{2 / 30.0});
    CHECK(anim.channels[2].node == face);
    CHECK(anim.channels[2].values == std::vector<glm::vec4>{{5, 0, 0, 0}});
    // The first key is the rest pose.
    CHECK(s.nodes[size_t(a)].translation == glm::vec3(4, 5, 6));
    CHECK(s.nodes[size_t(a)].rotation == glm::vec4(0, 0, 1, 0));
    CHECK(s.nodes[size_t(face)].translation == glm::vec3(5, 0, 0));
}

TEST_CASE("StepKeys: records written out of order come out in record order") {
    Scene s;
    const int root = s.add_node("root", -1);
    kit::StepKeys keys(s, root, 10.0);
    const int b = keys.node("b");
    const int a = keys.node("a");  // a node added later, with a higher index
    keys.translate(b, 5, {5, 0, 0});
    keys.translate(b, 2, {2, 0, 0});  // before the last
    keys.translate(b, 9, {9, 0, 0});
    keys.translate(b, 2, {3, 0, 0});  // replaces record 2, not the last
    keys.translate(b, 0, {0, 0, 1});  // before the first
    keys.rotate(a, 1, {0, 0, 0, 1});
    const Animation anim = keys.finish("clip", 10);
    REQUIRE(anim.channels.size() == 2);
    CHECK(anim.channels[0].node == b);  // node order: b was added first
    CHECK(anim.channels[0].times == std::vector<double>{0.0, 0.2, 0.5, 0.9});
    CHECK(anim.channels[0].values ==
          std::vector<glm::vec4>{{0, 0, 1, 0}, {3, 0, 0, 0}, {5, 0, 0, 0}, {9, 0, 0, 0}});
    CHECK(anim.channels[1].node == a);
    CHECK(s.nodes[size_t(b)].translation == glm::vec3(0, 0, 1));
}
