// What the encoder refuses, and how it says so: one error naming every
// missing node, one warning listing the ignored ones, values the format
// cannot hold named by node, frame and value.
#include "fresh_budget.hpp"
#include "ripkit/encode/scene_encoder.hpp"
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"
#include "tr_cutseq/cutscene_scene.hpp"
#include "tr_cutseq/cutseq_reader.hpp"
#include "tr_cutseq/format.hpp"
#include "tr_cutseq/testkit/demo_cutscenes.hpp"

using namespace ripkit;
using namespace ripkit::tr_cutseq;

namespace {

Scene demo_scene(int frames = 40) {
    DemoSpec d;
    d.frames = frames;
    d.actors = 2;
    d.meshes = 5;
    return build_scene(make_demo_cutscene(d), "tr5", SceneOptions{}, test::fresh_budget());
}

EncodeResult encode(const Scene& s) {
    EncodeOptions o;
    o.out_path = "OUT.BIN";
    return formats::tr_cutseq_encoder().encode(s, o);
}

Channel& chan(Scene& s, const std::string& node, AnimPath p) {
    for (Channel& c : s.animations.at(0).channels)
        if (c.node == s.find_node(node) && c.path == p) return c;
    FAIL("no channel " << node);
    throw 0;
}

}  // namespace

TEST_CASE("tr_cutseq pack names every missing node in one error") {
    Scene s = demo_scene();
    s.nodes[size_t(s.find_node("camera_target"))].name = "target";
    s.nodes[size_t(s.find_node("actor1_mesh3"))].name = "arm";
    s.nodes[size_t(s.find_node("actor0"))].name = "lara";
    try {
        encode(s);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::BadValue);
        CHECK_THAT(e.what(), Catch::Matchers::ContainsSubstring(
                                 "missing: camera_target, actor0, actor1_mesh3"));
    }
}

TEST_CASE("tr_cutseq pack lists ignored nodes in one warning") {
    Scene s = demo_scene();
    s.add_node("lamp", 0);
    s.add_node("actor0_mesh9", s.find_node("actor0"));  // past the actor's 5 meshes
    s.add_node("actor7_mesh0", 0);                      // no actor7
    const EncodeResult r = encode(s);
    REQUIRE(r.warnings.size() == 1);
    CHECK_THAT(r.warnings[0], Catch::Matchers::ContainsSubstring("ignored 3 nodes") &&
                                  Catch::Matchers::ContainsSubstring("lamp") &&
                                  Catch::Matchers::ContainsSubstring("actor0_mesh9") &&
                                  Catch::Matchers::ContainsSubstring("actor7_mesh0"));
}

TEST_CASE("tr_cutseq pack refuses values the engine cannot hold, naming node, frame, value") {
    {
        // 200 m from the origin: camera runs are s16, world = org + 2 * run.
        Scene s = demo_scene();
        Channel& c = chan(s, "camera", AnimPath::Translation);
        c.values[10].x = float(s.nodes[0].extras["origin"][0].get<double>() / 512.0 + 200.0);
        CHECK_THROWS_WITH(encode(s),
                          Catch::Matchers::ContainsSubstring("camera frame 10: x") &&
                              Catch::Matchers::ContainsSubstring("more than 65536 units"));
    }
    {
        // A jump of 40000 units in one frame: deltas are at most 15-bit words.
        Scene s = demo_scene();
        Channel& c = chan(s, "camera_target", AnimPath::Translation);
        const float org = float(s.nodes[0].extras["origin"][2].get<double>());
        for (size_t k = 0; k < c.values.size(); ++k)
            c.values[k].z = -(org + (k < 6 ? -20000.0f : 20000.0f)) / 512.0f;
        CHECK_THROWS_WITH(
            encode(s), Catch::Matchers::ContainsSubstring("camera_target frame 6: z moves 40000") &&
                           Catch::Matchers::ContainsSubstring("at most 32766"));
    }
    {
        Scene s = demo_scene(2);
        chan(s, "camera", AnimPath::Translation).times.back() = 1200.0;  // 36001 frames
        CHECK_THROWS_WITH(encode(s), Catch::Matchers::ContainsSubstring("1..32767 frames"));
    }
    {
        Scene s = demo_scene();
        s.nodes[size_t(s.find_node("actor1"))].extras.erase("slot");
        CHECK_THROWS_WITH(encode(s), Catch::Matchers::ContainsSubstring("slot") &&
                                         Catch::Matchers::ContainsSubstring("actor1"));
    }
}

TEST_CASE("tr_cutseq pack reads actor 0's slot from slot, no_lara, or Lara by default") {
    const auto slot0 = [](const Scene& s) {
        return read_cutseq(encode(s).bytes, ReadOptions{}, test::fresh_budget())
            .cutscenes.at(0)
            .actors.at(0)
            .slot;
    };
    Scene s = demo_scene();
    Node& lara = s.nodes[size_t(s.find_node("actor0"))];
    lara.extras["slot"] = 7;
    CHECK(slot0(s) == 7);
    lara.extras.erase("slot");
    CHECK(slot0(s) == 0);              // actor 0 is Lara (docs/formats/tr_cutseq.md)
    const EncodeResult r = encode(s);  // ...and a warning says it was not read
    REQUIRE(r.warnings.size() == 1);
    CHECK_THAT(r.warnings[0], Catch::Matchers::ContainsSubstring("actor0 slot (0, Lara)") &&
                                  Catch::Matchers::ContainsSubstring("give --base"));
    lara.extras["no_lara"] = true;
    CHECK(slot0(s) == -1);  // TR5's "no Lara" marker
}
