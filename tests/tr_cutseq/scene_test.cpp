// Scene values against independent arithmetic: camera world positions and
// look-at, yfov, joint rotations from RotY*RotX*RotZ matrices (glm), actor
// roots, cut keys, skeleton placement, settings.
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <initializer_list>
#include <map>
#include <string_view>

#include "fresh_budget.hpp"
#include "hand_bytes.hpp"
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"
#include "tr_cutseq/cutscene_scene.hpp"
#include "tr_cutseq/cutseq_writer.hpp"
#include "tr_cutseq/document.hpp"
#include "tr_cutseq/skeleton.hpp"
#include "tr_cutseq/testkit/demo_cutscenes.hpp"

using namespace ripkit;
using namespace ripkit::tr_cutseq;
using Catch::Approx;

namespace {

const double kS = 1.0 / 512.0;

// Frame f's runs, node after node, (x, y, z) each.
void put_row(NodeTracks& t, int f, std::initializer_list<int16_t> row) {
    int k = 0;
    for (int16_t v : row) {
        t.at(f, k / 3, k % 3) = v;
        ++k;
    }
}

// Two frames, one actor with 2 meshes, values chosen by hand.
Cutscene hand_cutscene() {
    Cutscene c;
    c.index = 5;
    c.empty = false;
    c.frames = 2;
    c.origin = {10000, -2000, 20000};
    c.audio_track = 4;
    // frame 0: target run (0,0,0), position run (500,-300,1000); frame 1: target (10,0,0)
    c.camera.reset(2, 2);
    put_row(c.camera, 0, {0, 0, 0, 500, -300, 1000});
    put_row(c.camera, 1, {10, 0, 0, 500, -300, 1000});
    Actor a;
    a.slot = 0;
    a.meshes = 2;
    a.tracks.reset(3, 2);
    put_row(a.tracks, 0, {100, -50, 20, 128, 256, 64, 0, 0, 0});
    put_row(a.tracks, 1, {-30000, 0, 0, 1000, 100, 900, 0, 512, 0});
    c.actors.push_back(a);
    return c;
}

// The name as a view: GCC 14 takes a reference returned from a call given a
// temporary std::string for a dangling one.
const Channel& chan(const Scene& s, std::string_view node, AnimPath p) {
    const int n = s.find_node(std::string(node));
    REQUIRE(n >= 0);
    for (const Channel& c : s.animations.at(0).channels)
        if (c.node == n && c.path == p) return c;
    FAIL("no channel on " << node);
    throw 0;
}

glm::vec3 tr_to_out(double x, double y, double z) {
    return glm::vec3(float(x * kS), float(-y * kS), float(-z * kS));
}

// Independent: engine matrix Ry*Rx*Rz (right-handed, TR space), conjugated by
// the half turn about X (diag(1,-1,-1)) that makes Y up.
glm::mat3 expected_joint(int ax, int ay, int az) {
    const float k = float(2.0 * M_PI / 1024.0);
    glm::mat4 m(1.0f);
    m = glm::rotate(m, ay * k, glm::vec3(0, 1, 0));
    m = glm::rotate(m, ax * k, glm::vec3(1, 0, 0));
    m = glm::rotate(m, az * k, glm::vec3(0, 0, 1));
    const glm::mat3 c(glm::vec3(1, 0, 0), glm::vec3(0, -1, 0), glm::vec3(0, 0, -1));
    return c * glm::mat3(m) * c;
}

void check_rotation(const glm::vec4& q, const glm::mat3& want) {
    const glm::mat3 got = glm::mat3_cast(glm::quat(q.w, q.x, q.y, q.z));
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) CHECK(got[i][j] == Approx(want[i][j]).margin(1e-5));
}

}  // namespace

TEST_CASE("tr_cutseq scene: camera, target and field of view") {
    const Cutscene c = hand_cutscene();
    SceneOptions o;
    o.cut_threshold = 1e9;  // the hand actor's wrap is a "cut"; keep one key per frame here
    const Scene s = build_scene(c, "tr5", o, test::fresh_budget());
    validate_scene(s);
    CHECK(s.nodes[0].name == "root");
    const Channel& t = chan(s, "camera_target", AnimPath::Translation);
    const Channel& p = chan(s, "camera", AnimPath::Translation);
    REQUIRE(t.values.size() == 2);
    // world = org + 2*run, then (x, -y, -z) / 512
    CHECK(glm::vec3(t.values[1]) == tr_to_out(10000 + 20, -2000, 20000));
    CHECK(glm::vec3(p.values[0]) == tr_to_out(10000 + 1000, -2000 - 600, 20000 + 2000));
    CHECK(t.times[1] == Approx(1.0 / 30.0));
    // Orientation: local -Z points at the target, local X stays horizontal (roll 0).
    const Channel& r = chan(s, "camera", AnimPath::Rotation);
    for (size_t k = 0; k < 2; ++k) {
        const glm::quat q(r.values[k].w, r.values[k].x, r.values[k].y, r.values[k].z);
        const glm::vec3 dir = glm::normalize(glm::vec3(t.values[k]) - glm::vec3(p.values[k]));
        const glm::vec3 fwd = q * glm::vec3(0, 0, -1);
        CHECK(fwd.x == Approx(dir.x).margin(1e-5));
        CHECK(fwd.y == Approx(dir.y).margin(1e-5));
        CHECK(fwd.z == Approx(dir.z).margin(1e-5));
        CHECK((q * glm::vec3(1, 0, 0)).y == Approx(0).margin(1e-6));
        CHECK((q * glm::vec3(0, 1, 0)).y > 0);
    }
    REQUIRE(s.cameras.size() == 1);
    // 11488/65536 of a turn horizontally; yfov = 2 atan(tan(h/2) * 3/4).
    const double h = 11488.0 / 65536.0 * 2.0 * M_PI;
    CHECK(h * 180 / M_PI == Approx(63.105).epsilon(1e-4));
    CHECK(s.cameras[0].yfov == Approx(2.0 * std::atan(std::tan(h / 2) * 0.75)));
    CHECK(s.cameras[0].yfov == Approx(0.8633).epsilon(1e-3));
    CHECK(s.cameras[0].aspect == Approx(4.0 / 3.0));
}

TEST_CASE("tr_cutseq scene: actor root = org + s16(3*run0), joints RotY*RotX*RotZ") {
    const Cutscene c = hand_cutscene();
    SceneOptions o;
    o.cut_threshold = 1e9;
    const Scene s = build_scene(c, "tr5", o, test::fresh_budget());
    const Channel& root = chan(s, "actor0", AnimPath::Translation);
    CHECK(glm::vec3(root.values[0]) == tr_to_out(10000 + 300, -2000 - 150, 20000 + 60));
    // 3 * -30000 = -90000 wraps in s16 to -90000 + 131072 = 41072 - 65536 = -24464
    CHECK(glm::vec3(root.values[1]) == tr_to_out(10000 - 24464, -2000, 20000));
    const Channel& m0 = chan(s, "actor0_mesh0", AnimPath::Rotation);
    const Channel& m1 = chan(s, "actor0_mesh1", AnimPath::Rotation);
    check_rotation(m0.values[0], expected_joint(128, 256, 64));
    check_rotation(m0.values[1], expected_joint(1000, 100, 900));
    check_rotation(m1.values[1], expected_joint(0, 512, 0));
    // 90 degrees about TR's Y (y = 256): TR +Z (forward) goes to TR +X.
    const glm::mat3 ry = expected_joint(0, 256, 0);
    const glm::vec3 fwd_out = ry * glm::vec3(0, 0, -1);  // TR +Z is -Z out
    CHECK(fwd_out.x == Approx(1).margin(1e-6));
    CHECK(s.nodes[s.find_node("actor0")].extras["slot"] == 0);
    CHECK(s.nodes[s.find_node("actor0_mesh1")].parent == s.find_node("actor0_mesh0"));
}

TEST_CASE("tr_cutseq scene: --native keeps engine units and axes") {
    SceneOptions o;
    o.native = true;
    o.cut_threshold = 1e9;
    const Scene s = build_scene(hand_cutscene(), "tr5", o, test::fresh_budget());
    const Channel& p = chan(s, "camera", AnimPath::Translation);
    CHECK(glm::vec3(p.values[0]) == glm::vec3(11000, -2600, 22000));
    const Channel& m0 = chan(s, "actor0_mesh0", AnimPath::Rotation);
    const float k = float(2.0 * M_PI / 1024.0);
    glm::mat4 m = glm::rotate(glm::mat4(1), 256 * k, glm::vec3(0, 1, 0));
    m = glm::rotate(m, 128 * k, glm::vec3(1, 0, 0));
    m = glm::rotate(m, 64 * k, glm::vec3(0, 0, 1));
    check_rotation(m0.values[0], glm::mat3(m));
    // Camera up is TR up (-Y) in native space.
    const Channel& r = chan(s, "camera", AnimPath::Rotation);
    const glm::quat q(r.values[0].w, r.values[0].x, r.values[0].y, r.values[0].z);
    CHECK((q * glm::vec3(0, 1, 0)).y < 0);
}

TEST_CASE("tr_cutseq scene: cuts get a hold key, STEP gets none") {
    DemoSpec d;
    d.frames = 100;
    d.actors = 2;
    d.cuts = {40};
    const Cutscene c = make_demo_cutscene(d);
    CHECK(find_cuts(c, kDefaultCutThreshold) == std::vector<int>{40});
    const Scene lin = build_scene(c, "tr4", SceneOptions{}, test::fresh_budget());
    validate_scene(lin);
    const Channel& p = chan(lin, "camera", AnimPath::Translation);
    REQUIRE(p.values.size() == 101);  // 100 frames + 1 hold key
    CHECK(p.interp == Interp::Linear);
    CHECK(p.times[40] == Approx(40.0 / 30.0 - 0.001));
    CHECK(p.values[40] == p.values[39]);  // holds frame 39 until just before 40
    CHECK(p.times[41] == Approx(40.0 / 30.0));
    const auto w40 = camera_world(c, 1, 40);
    CHECK(glm::vec3(p.values[41]) == tr_to_out(w40[0], w40[1], w40[2]));
    // Every channel shares the key times.
    for (const Channel& ch : lin.animations[0].channels) CHECK(ch.times.size() == 101);
    SceneOptions so;
    so.step = true;
    const Scene st = build_scene(c, "tr4", so, test::fresh_budget());
    for (const Channel& ch : st.animations[0].channels) {
        CHECK(ch.times.size() == 100);
        CHECK(ch.interp == Interp::Step);
    }
    CHECK(st.animations[0].duration == Approx(99.0 / 30.0));
    // 2 actors x 15 meshes + actor roots + camera T/R + target T
    CHECK(st.animations[0].channels.size() == 2 * 15 + 2 + 3);
    CHECK(st.find_node("actor1_mesh14") >= 0);
}

TEST_CASE("tr_cutseq skeleton: pop/push walk and bone offsets") {
    // meshes 0..4: 1 child of 0 (push), 2 child of 1, 3 pops back to 0 (pop), 4 child of 3.
    const std::string json = R"({"format":"ripkit-tr-skeleton","slots":{"0":{"bones":[
        {"flags":2,"dx":0,"dy":-100,"dz":0},
        {"flags":0,"dx":10,"dy":20,"dz":30},
        {"flags":1,"dx":-50,"dy":0,"dz":0},
        {"flags":0,"dx":0,"dy":0,"dz":7}]}}})";
    const Skeleton sk =
        parse_skeleton(ByteSpan(reinterpret_cast<const uint8_t*>(json.data()), json.size()));
    CHECK(walk_bones(sk.slots.at(0), 5, Limits{}) == std::vector<int>{-1, 0, 1, 0, 3});
    Cutscene c = hand_cutscene();
    Actor& a = c.actors[0];
    a.meshes = 5;
    a.tracks.nodes = 6;
    a.tracks.values.assign(6 * 3 * 2, 0);
    SceneOptions o;
    o.skeleton = &sk;
    const Scene s = build_scene(c, "tr4", o, test::fresh_budget());
    validate_scene(s);
    CHECK(s.nodes[s.find_node("actor0_mesh3")].parent == s.find_node("actor0_mesh0"));
    CHECK(s.nodes[s.find_node("actor0_mesh4")].parent == s.find_node("actor0_mesh3"));
    CHECK(s.nodes[s.find_node("actor0_mesh2")].translation == tr_to_out(10, 20, 30));
    CHECK(s.nodes[s.find_node("actor0_mesh1")].translation == tr_to_out(0, -100, 0));
}

TEST_CASE("tr_cutseq skeleton errors are clear") {
    const auto err = [](const std::string& j) -> std::string {
        try {
            parse_skeleton(ByteSpan(reinterpret_cast<const uint8_t*>(j.data()), j.size()));
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::BadValue);
            return e.what();
        }
        return "no error";
    };
    CHECK(err("{").find("valid skeleton JSON") != std::string::npos);
    CHECK(err(R"({"slots":[]})").find("slots") != std::string::npos);
    CHECK(err(R"({"slots":{"x":{"bones":[]}}})").find("slots.x") != std::string::npos);
    CHECK(
        err(R"({"slots":{"0":{"bones":[{"flags":0,"dx":1,"dy":2}]}}})").find("slots.0.bones[0]") !=
        std::string::npos);
    CHECK(err(R"({"slots":{"0":{"bones":[{"flags":0,"dx":1.5,"dy":2,"dz":3}]}}})").find("dx") !=
          std::string::npos);
    CHECK_THROWS_AS(walk_bones({Bone{1, {0, 0, 0}}}, 2, Limits{}), Error);  // pop on empty stack
    CHECK_THROWS_AS(walk_bones({}, 3, Limits{}), Error);                    // too few bones
}

TEST_CASE("tr_cutseq document: info, items, dump schema, settings") {
    std::vector<Cutscene> list;
    DemoSpec d;
    d.index = 2;
    d.frames = 10;
    d.actors = 2;
    d.audio_track = 9;
    list.push_back(make_demo_cutscene(d));
    Input in;
    in.path = "CUTSEQ.BIN";
    in.bytes = write_bin(list);
    Options opt;
    auto doc = open_cutseq(in, opt);
    const auto info = doc->info();
    CHECK(info["variant"] == "tr5");
    CHECK(info["cutscenes"] == 44);
    CHECK(info["non_empty"] == 1);
    const auto items = doc->items();
    REQUIRE(items.size() == 44);
    CHECK(items[0].empty);
    CHECK(items[1].id == 2);
    CHECK(items[1].fields["slots"] == nlohmann::json::array({0, 101}));
    CHECK(items[1].fields["audio_track"] == 9);
    CHECK(doc->default_item() == 2);
    const auto j = doc->dump(2);
    CHECK(j["format"] == "tr-cutseq");
    const auto& cs = j["cutscenes"][0];
    CHECK(cs["frames"] == 10);
    CHECK(cs["camera"]["position"].size() == 10);
    const Cutscene& c = list[0];
    const auto w = camera_world(c, 1, 3);
    CHECK(cs["camera"]["position"][3] == nlohmann::json(w));
    CHECK(w[0] == c.origin[0] + 2 * c.camera.at(3, 1, 0));
    CHECK(cs["actors"][1]["meshes"] == 15);
    CHECK(cs["actors"][1]["rotation"].size() == 10);
    CHECK(cs["actors"][1]["rotation"][4].size() == 15);
    CHECK(cs["actors"][1]["rotation"][4][2][0] == c.actors[1].tracks.at(4, 3, 0));
    CHECK(cs["actors"][1]["offset"][5][0] == int16_t(3 * c.actors[1].tracks.at(5, 0, 0)));
    CHECK(doc->dump(std::nullopt)["cutscenes"].size() == 44);
    CHECK(doc->dump(1)["cutscenes"][0]["empty"] == true);
    CHECK_THROWS_AS(doc->scene(1), Error);   // empty
    CHECK_THROWS_AS(doc->scene(45), Error);  // out of range
    CHECK(doc->scene(2).cameras.size() == 1);
    // Metadata contract (docs/architecture.md): the demo's 10 frames at TR's 30 fps.
    const Scene contract = doc->scene(2);
    CHECK(contract.extras["frame_rate"] == 30.0);
    CHECK(contract.extras["frame_count"] == 10);
    CHECK_FALSE(contract.extras.contains("frames"));
    CHECK(contract.animations[0].duration == Approx(9.0 / 30.0));
    opt.settings["interp"] = "cubic";
    CHECK_THROWS_AS(open_cutseq(in, opt), Error);
    opt.settings["interp"] = "step";
    opt.settings["scale"] = "1";
    const Scene s = open_cutseq(in, opt)->scene(2);
    CHECK(s.animations[0].channels[0].interp == Interp::Step);
    CHECK(s.extras["scale"] == 1.0);
}

namespace {

class MemFiles : public FileSource {
  public:
    std::map<std::string, std::string> files;
    std::optional<Bytes> read(const std::string& path, const Limits&) const override {
        auto it = files.find(path);
        if (it == files.end()) return std::nullopt;
        return Bytes(it->second.begin(), it->second.end());
    }
};

}  // namespace

TEST_CASE("tr_cutseq --skeleton is read through Options::files") {
    DemoSpec d;
    d.frames = 5;
    d.actors = 2;
    d.meshes = 3;
    Input in;
    in.path = "CUTSEQ.BIN";
    in.bytes = write_bin({make_demo_cutscene(d)});
    MemFiles files;
    // Slot 0 (Lara): mesh 1 pushes, mesh 2 pops back to mesh 0. Slot 101 absent.
    files.files["lara.json"] =
        R"({"slots":{"0":{"bones":[{"flags":2,"dx":1,"dy":2,"dz":3},{"flags":1,"dx":-4,"dy":5,"dz":6}]}}})";
    files.files["bad.json"] = R"({"slots":{"0":{"bones":[{"flags":2}]}}})";
    Options opt;
    opt.files = &files;
    opt.format_options["skeleton"] = {"lara.json"};
    const Scene s = open_cutseq(in, opt)->scene(1);
    CHECK(s.nodes[s.find_node("actor0_mesh2")].parent == s.find_node("actor0_mesh0"));
    CHECK(s.nodes[s.find_node("actor0_mesh2")].translation == tr_to_out(-4, 5, 6));
    CHECK(s.nodes[s.find_node("actor0")].extras["skeleton"] == true);
    CHECK(s.nodes[s.find_node("actor1")].extras["skeleton"] == false);
    CHECK(s.nodes[s.find_node("actor1_mesh2")].translation == glm::vec3(0));
    opt.format_options["skeleton"] = {"missing.json"};
    CHECK_THROWS_AS(open_cutseq(in, opt), Error);
    opt.format_options["skeleton"] = {"bad.json"};
    try {
        open_cutseq(in, opt);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.file() == "bad.json");
        CHECK(std::string(e.what()).find("slots.0.bones[0]") != std::string::npos);
    }
    // Too few bones for the actor: the scene names the slot.
    files.files["short.json"] = R"({"slots":{"0":{"bones":[]}}})";
    opt.format_options["skeleton"] = {"short.json"};
    auto doc = open_cutseq(in, opt);
    try {
        doc->scene(1);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(std::string(e.what()).find("skeleton slot 0") != std::string::npos);
    }
}

TEST_CASE("tr_cutseq scene: a mesh turning a whole way round keeps to one hemisphere") {
    // Y angles 0, 90, 180, 270 degrees and back to 0 (10 bits a turn): the
    // quaternions of the angles alone jump from (w -0.71) to (w 1) at the
    // wrap; kept continuous, the last key is the whole turn, -identity.
    Cutscene c;
    c.frames = 5;
    c.camera.reset(2, 5);
    for (int f = 0; f < 5; ++f) c.camera.at(f, 1, 2) = 1000;  // camera 1000 along z
    Actor a;
    a.slot = 0;
    a.meshes = 1;
    a.tracks.reset(2, 5);
    int f = 0;
    for (int ay : {0, 256, 512, 768, 0}) a.tracks.at(f++, 1, 1) = int16_t(ay);
    c.actors.push_back(a);
    SceneOptions o;
    o.step = true;  // no cut keys: five keys, one a frame
    const Scene s = build_scene(c, "tr5", o, test::fresh_budget());
    const Channel& r = chan(s, "actor0_mesh0", AnimPath::Rotation);
    REQUIRE(r.values.size() == 5);
    for (size_t k = 0; k < 5; ++k) {
        // Half of the turn so far, about Y (the half turn about X keeps w
        // and flips y: output y = -sin).
        const double half = double(k) * 0.25 * 3.14159265358979323846;
        CHECK(r.values[k].w == Approx(std::cos(half)).margin(1e-6));
        CHECK(r.values[k].y == Approx(-std::sin(half)).margin(1e-6));
        CHECK(r.values[k].x == Approx(0).margin(1e-6));
        CHECK(r.values[k].z == Approx(0).margin(1e-6));
        if (k) CHECK(glm::dot(r.values[k], r.values[k - 1]) >= 0.0f);
    }
}
