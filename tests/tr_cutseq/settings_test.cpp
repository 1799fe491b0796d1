// tr-cutseq's --set settings reach the decoder and the scene with their typed
// values, against hand-built bytes and hand arithmetic: world = org + 2*run,
// output = (x, -y, -z) * scale, yfov = 2 atan(tan(h/2) * 3/4).
#include <cmath>

#include "hand_bytes.hpp"
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"
#include "scene_channels.hpp"
#include "tr_cutseq/document.hpp"

using namespace ripkit;
using namespace ripkit::tr_cutseq;
using Catch::Approx;

namespace {

// Two frames: the camera position starts at run (500, -300, 1000) and its x
// moves by 300 (world 600 units: a cut at the default threshold of 512).
Input hand_bin() {
    const int org[3] = {10000, -2000, 20000};
    hand::NodeSpec target, position, root, mesh;
    position.key[0] = 500;
    position.key[1] = -300;
    position.key[2] = 1000;
    position.t[0] = {10, {0x21, 300}};
    Input in;
    in.path = "CUTSEQ.BIN";
    in.bytes =
        hand::bin(44, {{1, hand::block(2, org, 7, {target, position}, {{0, {root, mesh}}})}});
    return in;
}

Scene scene_with(std::map<std::string, std::string> settings) {
    Options o;
    o.settings = std::move(settings);
    return open_cutseq(hand_bin(), o)->scene(1);
}

const Channel& camera_translation(const Scene& s) {
    return test::channel_of(s, "camera", AnimPath::Translation);
}

}  // namespace

TEST_CASE("tr_cutseq --set scale reaches the positions") {
    const Scene plain = scene_with({});
    const Channel& def = camera_translation(plain);
    // Default 1/512 m a unit: world (11000, -2600, 22000) -> (x, -y, -z) / 512.
    CHECK(glm::vec3(def.values[0]) == glm::vec3(11000 / 512.0f, 2600 / 512.0f, -22000 / 512.0f));
    const Scene two = scene_with({{"scale", "2"}});
    const Channel& scaled = camera_translation(two);
    CHECK(glm::vec3(scaled.values[0]) == glm::vec3(22000, 5200, -44000));
    CHECK(glm::vec3(scaled.values.back()) == glm::vec3(23200, 5200, -44000));
    CHECK(two.extras["scale"] == 2.0);
}

TEST_CASE("tr_cutseq --set fov, interp and cut_threshold reach the scene") {
    const Scene quarter = scene_with({{"fov", "16384"}});  // a quarter turn horizontally
    REQUIRE(quarter.cameras.size() == 1);
    CHECK(quarter.cameras[0].yfov == Approx(2.0 * std::atan(0.75)));

    // The 600-unit move is a cut: a hold key 1 ms before frame 1.
    const Scene plain = scene_with({});
    const Channel& cut = camera_translation(plain);
    CHECK(cut.interp == Interp::Linear);
    REQUIRE(cut.times.size() == 3);
    CHECK(cut.times[1] == Approx(1.0 / 30.0 - 0.001));
    const Scene threshold = scene_with({{"cut_threshold", "600"}});
    CHECK(camera_translation(threshold).times.size() == 2);
    const Scene stepped = scene_with({{"interp", "step"}});
    const Channel& step = camera_translation(stepped);
    CHECK(step.interp == Interp::Step);
    CHECK(step.times.size() == 2);
}

TEST_CASE("tr_cutseq --set entries limits the table read") {
    Options o;
    CHECK(open_cutseq(hand_bin(), o)->items().size() == 44);
    o.settings["entries"] = "2";
    CHECK(open_cutseq(hand_bin(), o)->items().size() == 2);
    o.settings["entries"] = "2.0";
    CHECK_THROWS_AS(open_cutseq(hand_bin(), o), Error);
}
