// Animation banks in the scene: type-keyed binding, compatibility, base pose
// kept, STEP/LINEAR/CUBICSPLINE channels that reproduce the game's pieces,
// rotations within 0.01 degrees, --anims, list and dump. Expected curves are
// the hand-written polynomials of anim_test_spec.hpp.
#include "hey_you_pikachu/anim_scene.hpp"

#include <cmath>
#include <glm/gtc/quaternion.hpp>
#include <string_view>

#include "anim_test_spec.hpp"
#include "channel_eval.hpp"
#include "pikachu_test_util.hpp"
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;
using namespace ripkit::hey_you_pikachu;

namespace {

const Bytes& anim_rom() {
    static const Bytes rom = build_rom(pktest::anim_rom_spec());
    return rom;
}

Options with(std::map<std::string, std::string> settings, std::vector<std::string> anims = {}) {
    Options o;
    o.settings = std::move(settings);
    std::string list;  // --anims takes one comma-separated list
    for (const std::string& a : anims) list += (list.empty() ? "" : ",") + a;
    if (!anims.empty()) o.format_options["anims"] = {list};
    return o;
}

// The name as a view: GCC 14 takes a reference returned from a call given a
// temporary std::string for a dangling one.
const Animation& anim(const Scene& s, std::string_view name) {
    for (const Animation& a : s.animations)
        if (a.name == name) return a;
    FAIL("no animation " << name);
    throw;
}

const Channel* channel(const Scene& s, const Animation& a, const std::string& node, AnimPath p) {
    const int n = s.find_node(node);
    for (const Channel& c : a.channels)
        if (c.node == n && c.path == p) return &c;
    return nullptr;
}

using pktest::angle_deg, pktest::key_quat, pktest::segment, pktest::slerp_at;

// glTF 2.0 cubic spline interpolation (spec, Appendix C).
glm::dvec3 hermite(const Channel& c, double t) {
    const size_t k = segment(c, t);
    const double h = c.times[k + 1] - c.times[k], s = (t - c.times[k]) / h;
    const double s2 = s * s, s3 = s2 * s;
    const glm::dvec3 v0(c.values[k]), v1(c.values[k + 1]);
    const glm::dvec3 b0(c.out_tangents[k]), a1(c.in_tangents[k + 1]);
    return (2 * s3 - 3 * s2 + 1) * v0 + (s3 - 2 * s2 + s) * h * b0 + (-2 * s3 + 3 * s2) * v1 +
           (s3 - s2) * h * a1;
}

glm::dvec3 lerp(const Channel& c, double t) {
    const size_t k = segment(c, t);
    const double f = (t - c.times[k]) / (c.times[k + 1] - c.times[k]);
    return glm::mix(glm::dvec3(c.values[k]), glm::dvec3(c.values[k + 1]), f);
}

// R = Rz * Ry * Rx with exact trig: the engine's rotation without the sine
// table's 4096-step angle quantization.
glm::dquat euler_xyz(double rx, double ry, double rz) {
    return glm::angleAxis(rz, glm::dvec3(0, 0, 1)) * glm::angleAxis(ry, glm::dvec3(0, 1, 0)) *
           glm::angleAxis(rx, glm::dvec3(1, 0, 0));
}

// Hand polynomials of bank 5's type-1 track.
double tx5(double t) { return t < 2 ? ((t - 2) * t + 0.5) * t + 3.25 : -0.5; }
double rz5(double t) { return t < 1 ? 2 * t + 1 : t < 1.5 ? -(t - 1) + 10 : -3; }

}  // namespace

TEST_CASE("compatibility: root type match, 0 < type < 38; list and dump show the banks") {
    const auto doc = pktest::open_rom(anim_rom());
    const auto items = doc->items();
    CHECK(items[0].fields["banks"] == nlohmann::json::array({5, 6, 7}));
    CHECK(items[0].label.find("banks 5,6,7") != std::string::npos);
    // Model 1's root is type 40: banks 5 and 9 have type-40 tracks, but a
    // 3-scalar type never qualifies.
    CHECK(items[1].fields["banks"].empty());
    CHECK(items[1].label.find("no animation banks") != std::string::npos);
    CHECK(doc->scene(1).animations.empty());

    const auto d = doc->dump(0);
    CHECK(d["models"][0]["banks"] == nlohmann::json::array({5, 6, 7}));
    const auto& a = d["animation"];
    CHECK(a["quantum"] == 0.25);
    REQUIRE(a["banks"].size() == 3);  // --item: that model's banks
    const auto& b5 = a["banks"][0];
    CHECK(b5["index"] == 5);
    CHECK(b5["start"] == "0xB77EB0");
    CHECK(b5["duration"] == 3.0);
    REQUIRE(b5["tracks"].size() == 3);
    const auto& t1 = b5["tracks"][1];
    CHECK(t1["node_type"] == 1);
    CHECK(t1["scalars"][0]["kind"] == 0);
    CHECK(t1["scalars"][0]["constant"] == 1.5);
    const auto& hold = t1["scalars"][2]["pieces"][2];
    CHECK(hold["ticks"] == 255);
    CHECK(hold["hold"] == true);
    CHECK(hold["start"] == 1.5);
    CHECK(hold["b"] == -3.0);
    CHECK(t1["scalars"][3]["pieces"][1]["base"] == -1);
    CHECK(t1["scalars"][3]["pieces"][1]["fraction"] == 128);
    CHECK(doc->dump(1)["animation"]["banks"].empty());
    CHECK(doc->dump(std::nullopt)["animation"]["banks"].size() == 230);
}

TEST_CASE(
    "tracks bind by node type: both type-7 nodes, not by index; untracked nodes keep the "
    "base pose") {
    const auto doc = pktest::open_rom(anim_rom());
    const Scene s = doc->scene(0);
    validate_scene(s);
    REQUIRE(s.animations.size() == 3);
    const Animation& a = anim(s, "bank_5");
    CHECK(a.duration == 3.0);
    CHECK(a.frame_rate == 30.0);
    CHECK(a.extras.tree()["bank"] == 5);
    CHECK(a.extras.tree()["unbound_track_types"] == nlohmann::json::array({40}));
    CHECK(a.extras.tree()["quantum"] == 0.25);
    // node1 and node2 (type 7) share track 0; node0 (type 1) takes track 1.
    const Channel* r1 = channel(s, a, "node1_t7", AnimPath::Rotation);
    const Channel* r2 = channel(s, a, "node2_t7", AnimPath::Rotation);
    REQUIRE(r1);
    REQUIRE(r2);
    CHECK(r1->times == r2->times);
    CHECK(r1->values == r2->values);
    // Type 7's translation is constant (0, 2, 0): it replaces the base pose.
    const Channel* t1 = channel(s, a, "node1_t7", AnimPath::Translation);
    REQUIRE(t1);
    CHECK(t1->interp == Interp::Step);
    CHECK(t1->values[0] == glm::vec4(0, 2, 0, 0));
    // Node 3 (type 3) has no track: no channel, its base pose stays.
    const int n3 = s.find_node("node3_t3");
    for (const Animation& x : s.animations)
        for (const Channel& c : x.channels) CHECK(c.node != n3);
    CHECK(s.nodes[size_t(n3)].translation == glm::vec3(7, 0, 0));
    CHECK(s.nodes[size_t(n3)].scale == glm::vec3(2, 2, 2));
}

TEST_CASE("translation with a cubic piece: CUBICSPLINE tangents reproduce the polynomial") {
    const auto doc = pktest::open_rom(anim_rom());
    const Scene s = doc->scene(0);
    const Channel* c = channel(s, anim(s, "bank_5"), "node0_t1", AnimPath::Translation);
    REQUIRE(c);
    CHECK(c->interp == Interp::CubicSpline);
    // Boundaries 0, 2, 3 and the jump at 2 (4.25 -> -0.5) one epsilon before.
    REQUIRE(c->times.size() == 4);
    CHECK(c->times[1] == Approx(2.0 - kJumpEpsilon));
    CHECK(c->times[2] == 2.0);
    CHECK(c->values[1].x == Approx(tx5(2.0 - kJumpEpsilon)));
    CHECK(c->values[2].x == Approx(-0.5));
    for (double t : {0.1, 0.3, 0.77, 1.2, 1.7, 1.99, 2.3, 2.9}) {
        INFO("t = " << t);
        const glm::dvec3 v = hermite(*c, t);
        CHECK(v.x == Approx(tx5(t)).margin(1e-5));
        CHECK(v.y == Approx(0.25 * t * t).margin(1e-5));  // ty: 0.25 t^2
        CHECK(v.z == Approx(4.0).margin(1e-6));           // tz: hold of b = 4
    }
}

TEST_CASE("holds and constants leave as STEP, linear pieces as LINEAR with the jump kept") {
    const auto doc = pktest::open_rom(anim_rom());
    const Scene s = doc->scene(0);
    const Channel* st = channel(s, anim(s, "bank_6"), "node0_t1", AnimPath::Translation);
    REQUIRE(st);
    CHECK(st->interp == Interp::Step);
    // tx 3, ty {b = 1 for 2 ticks} then hold of 5, tz -1.
    REQUIRE(st->times == std::vector<double>{0.0, 0.5, 1.0});
    CHECK(st->values[0] == glm::vec4(3, 1, -1, 0));
    CHECK(st->values[1] == glm::vec4(3, 5, -1, 0));
    CHECK(st->values[2] == glm::vec4(3, 5, -1, 0));

    const Channel* li = channel(s, anim(s, "bank_7"), "node0_t1", AnimPath::Translation);
    REQUIRE(li);
    CHECK(li->interp == Interp::Linear);
    // tx: 4t then 4 - 2(t-1) (continuous at 1); ty: t then 7 (jump at 0.5).
    REQUIRE(li->times.size() == 5);
    CHECK(li->times[1] == Approx(0.5 - kJumpEpsilon));
    for (double t : {0.1, 0.25, 0.4, 0.6, 0.9, 1.3, 1.8}) {
        INFO("t = " << t);
        const glm::dvec3 v = lerp(*li, t);
        CHECK(v.x == Approx(t < 1 ? 4 * t : 4 - 2 * (t - 1)).margin(1e-5));
        CHECK(v.y == Approx(t < 0.5 ? t : 7.0).margin(1e-5));
    }
    CHECK(li->values.back() == glm::vec4(2, 7, 0, 0));
}

TEST_CASE("rotation keys: the base-pose rotation of the Euler triple, LINEAR, jumps kept") {
    const auto doc = pktest::open_rom(anim_rom());
    const Scene s = doc->scene(0);
    const Channel* c = channel(s, anim(s, "bank_5"), "node0_t1", AnimPath::Rotation);
    REQUIRE(c);
    CHECK(c->interp == Interp::Linear);
    // rx 1.5, ry -0.5, rz = s2 (2t+1 | 10-(t-1) | hold -3), through the model's trig.
    auto expect = [&](double t) {
        const glm::vec3 e(1.5f, -0.5f, float(rz5(t)));
        const glm::quat q = glm::normalize(glm::quat_cast(rotation_matrix(e, doc->trig(), {})));
        return glm::dquat(q.w, q.x, q.y, q.z);
    };
    for (size_t k = 0; k < c->times.size(); ++k) {
        INFO("key " << k << " t = " << c->times[k]);
        CHECK(angle_deg(key_quat(*c, k), expect(c->times[k])) < 1e-4);
        if (k) CHECK(glm::dot(key_quat(*c, k), key_quat(*c, k - 1)) >= 0.0);  // one hemisphere
    }
    // Keys at every boundary, the jumps one epsilon before; nothing dense in the hold.
    auto has = [&](double t) {
        for (double x : c->times)
            if (std::fabs(x - t) < 1e-9) return true;
        return false;
    };
    CHECK(has(1.0));
    CHECK(has(1.0 - kJumpEpsilon));
    CHECK(has(1.5));
    CHECK(has(1.5 - kJumpEpsilon));
    CHECK(c->times.back() == 3.0);
    CHECK(c->times[c->times.size() - 2] == 1.5);
    size_t in_first = 0;
    for (double x : c->times) in_first += x < 1.0 - kJumpEpsilon;
    CHECK(in_first >= 60);  // >= 60 keys a second where the angle moves
}

TEST_CASE("a fast-spinning cubic rotation stays within 0.01 degrees of the engine's") {
    // rx = 4t^3 + 2t^2 + 25t (up to 145 rad/s), ry = t + 0.3, rz = 0.
    auto engine = [](double t) {
        using pktest::kSpinA, pktest::kSpinB, pktest::kSpinC, pktest::kTiltA, pktest::kTiltB;
        return euler_xyz(((kSpinA * t + kSpinB) * t + kSpinC) * t, kTiltA * t + kTiltB, 0.0);
    };
    SECTION("continuous trig (--set rotation=host): the bound itself") {
        const auto doc = pktest::open_rom(anim_rom(), with({{"rotation", "host"}}));
        const Scene s = doc->scene(0);
        const Channel* c = channel(s, anim(s, "bank_5"), "node1_t7", AnimPath::Rotation);
        REQUIRE(c);
        CHECK(c->times.size() >= 180);
        double worst = 0.0;
        for (int i = 0; i <= 30000; ++i) {
            const double t = 3.0 * i / 30000.0;
            worst = std::max(worst, angle_deg(slerp_at(*c, t), engine(t)));
        }
        // And the middle of every key segment, where slerp strays most.
        for (size_t k = 0; k + 1 < c->times.size(); ++k) {
            const double t = 0.5 * (c->times[k] + c->times[k + 1]);
            worst = std::max(worst, angle_deg(slerp_at(*c, t), engine(t)));
        }
        INFO("keys " << c->times.size() << ", worst " << worst << " degrees");
        CHECK(worst < kRotationToleranceDeg);
    }
    SECTION("game sine table: exact at keys, within 0.01 degrees plus the table's steps") {
        const auto doc = pktest::open_rom(anim_rom());
        const Scene s = doc->scene(0);
        const Channel* c = channel(s, anim(s, "bank_5"), "node1_t7", AnimPath::Rotation);
        REQUIRE(c);
        double worst = 0.0;
        for (int i = 0; i <= 30000; ++i) {
            const double t = 3.0 * i / 30000.0;
            worst = std::max(worst, angle_deg(slerp_at(*c, t), engine(t)));
        }
        // The table holds 4096 angles a turn: each axis is off by at most
        // 360/4096 degrees (plus 16-bit angle rounding), three axes at most 3x.
        CHECK(worst < kRotationToleranceDeg + 3 * (360.0 / 4096 + 360.0 / 65536));
    }
}

TEST_CASE("--set anim_track6 remaps scalars; undriven components keep the base pose") {
    const auto doc = pktest::open_rom(anim_rom(), with({{"anim_track6", "rx,tx,ty,tz,sx,sy"}}));
    const Scene s = doc->scene(0);
    const Animation& a = anim(s, "bank_5");
    // Type 7: rx spin, tx tilt, ty 0, tz 0, sx 2, sy 0; ry/rz/sz from the base pose.
    const Channel* r = channel(s, a, "node1_t7", AnimPath::Rotation);
    REQUIRE(r);
    const glm::quat q0 = glm::normalize(
        glm::quat_cast(rotation_matrix(glm::vec3(0.0f, 0.2f, 0.3f), doc->trig(), {})));
    CHECK(angle_deg(key_quat(*r, 0), glm::dquat(q0.w, q0.x, q0.y, q0.z)) < 1e-4);
    const Channel* sc = channel(s, a, "node1_t7", AnimPath::Scale);
    REQUIRE(sc);
    CHECK(sc->values[0] == glm::vec4(2, 0, 1, 0));  // sz = base 1
    const Channel* tr = channel(s, a, "node1_t7", AnimPath::Translation);
    REQUIRE(tr);
    CHECK(tr->interp == Interp::Linear);
    CHECK(tr->values[0].x == Approx(pktest::kTiltB));
    CHECK(a.extras.tree()["mapping6"] == "rx,tx,ty,tz,sx,sy");

    CHECK_THROWS_AS(pktest::open_rom(anim_rom(), with({{"anim_track6", "rx,rx,ry,rz,tx,ty"}})),
                    Error);
    CHECK_THROWS_AS(pktest::open_rom(anim_rom(), with({{"anim_track3", "rx,ry"}})), Error);
    CHECK_THROWS_AS(pktest::open_rom(anim_rom(), with({{"anim_track3", "rx,ry,qq"}})), Error);
}

TEST_CASE("--anims picks banks by number or name; an incompatible one is a usage error") {
    {
        const auto doc = pktest::open_rom(anim_rom(), with({}, {"7", "bank_5"}));
        const Scene s = doc->scene(0);
        REQUIRE(s.animations.size() == 2);
        CHECK(s.animations[0].name == "bank_7");
        CHECK(s.animations[1].name == "bank_5");
    }
    // (An empty --anims is no selection: every compatible bank, as on the command line.)
    for (const char* bad : {"9", "bank_9", "bank_x", "230"}) {
        INFO(bad);
        const auto doc = pktest::open_rom(anim_rom(), with({}, {bad}));
        try {
            doc->scene(0);
            FAIL("no error");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::Usage);
            CHECK(std::string(e.what()).find("5, 6, 7") != std::string::npos);
        }
    }
}

TEST_CASE("the sample ROM's banks: 3 and 17 for root type 1, 17 alone for root type 4") {
    const auto doc = pktest::open_rom(build_rom(sample_rom_spec()));
    const auto items = doc->items();
    for (int i : {0, 1, 2})
        CHECK(items[size_t(i)].fields["banks"] == nlohmann::json::array({3, 17}));
    CHECK(items[3].fields["banks"] == nlohmann::json::array({17}));
    for (int i : {0, 1, 2, 3}) {
        const Scene s = doc->scene(i);
        validate_scene(s);
        CHECK(s.animations.size() == (i == 3 ? 1u : 2u));
    }
    CHECK(doc->info()["animation"]["nonempty_banks"] == 3);
}
