// The seed's rules for the camera and for single-model actors, checked with
// arbitrary (non-identity, unnormalised) quaternions against arithmetic
// written here from the seed's text, not from the importer:
// - camera: the record's quaternion goes through the transpose of the parts'
//   matrix, and a point p is seen at view (p - camera), projected with H 178
//   onto 512 x 240 with the view's x row scaled by 512/320;
// - actor: the quaternion goes through the parts' matrix itself;
// - ids 510 and 511: the actor moves 0x2000 down and object 602 (601 for
//   511) takes the record's rotation and position.
// The parts' matrix is taken to be the usual rotation of a unit quaternion
// (x, y, z, w) = (q0, q1, q2, q3) / |q| ("at any scale").
#include <array>
#include <cmath>
#include <string_view>

#include "hand_math.hpp"
#include "ripkit_catch.hpp"
#include "rugrats_cine/document.hpp"
#include "rugrats_cine/testkit/cine_writer.hpp"
#include "rugrats_cine/testkit/demo.hpp"

using namespace ripkit;
using namespace ripkit::rugrats_cine;

namespace {

using namespace hand;  // quat_matrix(q) is the parts' matrix of q

V3 sub(const V3& a, const V3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
V3 add(const V3& a, const V3& b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
V3 v3(const Vec3i& v) { return {double(v[0]), double(v[1]), double(v[2])}; }
V3 v3(const glm::vec4& v) { return {v.x, v.y, v.z}; }
// Engine space (Y down, Z forward) seen from glTF (Y up, cameras look -Z).
V3 flip(const V3& v) { return {v[0], -v[1], -v[2]}; }

// The name as a view: GCC 14 takes a reference returned from a call given a
// temporary std::string for a dangling one.
const Channel& channel(const Scene& s, std::string_view node, AnimPath path) {
    const int n = s.find_node(std::string(node));
    for (const Channel& c : s.animations.at(0).channels)
        if (c.node == n && c.path == path) return c;
    FAIL("no channel for " << node);
    throw;
}

// Value of a STEP channel at record `rec` (its keys are at rec / 30 s).
glm::vec4 at_record(const Channel& c, size_t rec) {
    for (size_t i = 0; i < c.times.size(); ++i)
        if (std::abs(c.times[i] - double(rec) / 30.0) < 1e-9) return c.values[i];
    FAIL("no key at record " << rec);
    throw;
}

void check_close(const V3& got, const V3& want, double tol) {
    for (int i = 0; i < 3; ++i) {
        INFO("component " << i << ": got " << got[i] << ", want " << want[i]);
        CHECK(std::abs(got[i] - want[i]) <= tol);
    }
}

struct Pixel {
    double x, y;
};

// The engine's screen position of view-space v: H 178, x row scaled 512/320,
// centred on 512 x 240 (screen y grows down like view y).
Pixel engine_pixel(const V3& v) {
    return {256.0 + 178.0 * (512.0 / 320.0) * v[0] / v[2], 120.0 + 178.0 * v[1] / v[2]};
}

// A glTF client's pixel for camera-space v (looking -Z) with the camera's
// yfov and aspect, on the same 512 x 240 screen.
Pixel gltf_pixel(const V3& v, const Camera& cam) {
    const double t = std::tan(double(cam.yfov) / 2.0);
    const double ndc_x = v[0] / -v[2] / (double(cam.aspect) * t);
    const double ndc_y = v[1] / -v[2] / t;
    return {256.0 + 256.0 * ndc_x, 120.0 - 120.0 * ndc_y};
}

const std::array<Quat13, 3> kCameraQ = {
    Quat13{1200, -2100, 700, 3000}, Quat13{-3000, 500, 2500, -1000}, Quat13{40, 4000, -300, 90}};
const std::array<Vec3i, 3> kCameraPos = {Vec3i{100, -900, -2500}, Vec3i{-4000, 250, 1234},
                                         Vec3i{0, 0, 0}};
const std::array<V3, 4> kPoints = {V3{500, -300, 4000}, V3{-1200, 800, 2500}, V3{3000, 3000, -3000},
                                   V3{10, -2000, 700}};

Scene scene_of(const StreamSpec& spec) {
    return CineDocument(write_stream(spec, cd::SectorShape::Raw2352), Options{}).scene(1);
}

}  // namespace

TEST_CASE("camera: view = transpose(parts matrix of q) * (p - camera), any q") {
    StreamSpec spec = make_demo_stream({.frames = 3, .sound = false});
    for (size_t i = 0; i < 3; ++i) {
        spec.frames[i].camera_q = kCameraQ[i];
        spec.frames[i].camera_position = kCameraPos[i];
    }
    const Scene s = scene_of(spec);
    const Node& root = s.nodes[size_t(s.nodes[size_t(s.find_node("camera"))].parent)];
    REQUIRE(root.translation == glm::vec3(0));
    REQUIRE(root.rotation == glm::vec4(0, 0, 0, 1));
    const Camera& cam = s.cameras.at(0);
    const Channel& t = channel(s, "camera", AnimPath::Translation);
    const Channel& r = channel(s, "camera", AnimPath::Rotation);
    size_t in_front = 0;
    for (size_t rec = 0; rec < 3; ++rec) {
        const M3 view = transpose(quat_matrix(kCameraQ[rec]));
        const M3 gltf_to_world = quat_matrix(at_record(r, rec));
        const V3 gltf_cam = v3(at_record(t, rec));
        check_close(gltf_cam, flip(v3(kCameraPos[rec])), 1e-3);
        for (const V3& p : kPoints) {
            INFO("record " << rec << ", point " << p[0] << " " << p[1] << " " << p[2]);
            const V3 v = mul(view, sub(p, v3(kCameraPos[rec])));  // the engine's view space
            // The same point through the glTF camera node (world-to-camera is
            // the inverse of the node's rotation, its transpose).
            const V3 g = mul(transpose(gltf_to_world), sub(flip(p), gltf_cam));
            check_close(g, flip(v), 0.05);
            if (v[2] > 1.0) {
                ++in_front;
                const Pixel e = engine_pixel(v), c = gltf_pixel(g, cam);
                CHECK(c.x == Approx(e.x).margin(0.01));
                CHECK(c.y == Approx(e.y).margin(0.01));
            }
        }
    }
    CHECK(in_front >= 3);  // the projection check ran
}

TEST_CASE("actor: world = parts matrix of q * local + position, any q") {
    StreamSpec spec = make_demo_stream({.frames = 2, .sound = false});
    const Quat13 q{-1700, 2900, 1100, -2300};
    const Vec3i pos{-321, 654, 987};
    spec.frames[1].actors.at(0).q = q;
    spec.frames[1].actors.at(0).position = pos;
    const Scene s = scene_of(spec);
    const glm::vec4 rq = at_record(channel(s, "actor_5", AnimPath::Rotation), 1);
    const V3 rt = v3(at_record(channel(s, "actor_5", AnimPath::Translation), 1));
    for (const V3& l : kPoints) {
        const V3 world = add(mul(quat_matrix(q), l), v3(pos));  // engine
        const V3 g = add(mul(quat_matrix(rq), flip(l)), rt);    // the glTF node
        check_close(g, flip(world), 0.05);
    }
}

TEST_CASE("ids 510 and 511: 0x2000 down, and 602 / 601 take the record") {
    StreamSpec spec = make_demo_stream({.frames = 2, .sound = false});
    ActorRecord a510, a511;
    a510.id = 510;
    a510.q = {300, -1200, 2200, 1500};
    a510.position = {11, -22, 33};
    a511.id = 511;
    a511.q = {-2500, 100, -900, 3100};
    a511.position = {-4000, 5000, -6000};
    spec.frames[1].actors.push_back(a510);
    spec.frames[1].actors.push_back(a511);
    const Scene s = scene_of(spec);
    struct Case {
        const ActorRecord& rec;
        const char *self, *other;
    };
    for (const Case& c :
         {Case{a510, "actor_510", "actor_602"}, Case{a511, "actor_511", "actor_601"}}) {
        INFO(c.self);
        // The record itself is 0x2000 below (engine +Y) the stored position.
        const V3 down = add(v3(c.rec.position), V3{0, 8192, 0});
        check_close(v3(at_record(channel(s, c.self, AnimPath::Translation), 1)), flip(down), 1e-3);
        check_close(v3(at_record(channel(s, c.other, AnimPath::Translation), 1)),
                    flip(v3(c.rec.position)), 1e-3);
        // Both carry the record's rotation: a local point lands where the
        // engine puts it (positions aside).
        for (const char* node : {c.self, c.other}) {
            const glm::vec4 rq = at_record(channel(s, node, AnimPath::Rotation), 1);
            for (const V3& l : kPoints)
                check_close(mul(quat_matrix(rq), flip(l)), flip(mul(quat_matrix(c.rec.q), l)),
                            0.05);
        }
        CHECK(s.nodes[size_t(s.find_node(c.other))].extras["ripkit.driven_by"] == c.self);
    }
    // Each id drives only its own partner.
    CHECK(s.nodes[size_t(s.find_node("actor_601"))].extras["ripkit.driven_by"] == "actor_511");
    CHECK(s.nodes[size_t(s.find_node("actor_602"))].extras["ripkit.driven_by"] == "actor_510");
    // Frame 0 had neither: the partners' first keys are at record 1.
    CHECK(channel(s, "actor_601", AnimPath::Translation).times.front() == Approx(1.0 / 30.0));
}
