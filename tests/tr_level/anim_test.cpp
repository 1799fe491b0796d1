// A moveable's animations on a level laid out by hand (hand_level.hpp): the
// 40-byte anim record, a state change with its dispatch, three commands and
// three keyframes, every packing, with the expected angles, rotations and
// times worked out by hand from the public layout (reference tr-level.md
// section 4, TRosettaStone's tr4_animation).
#include <glm/gtc/quaternion.hpp>
#include <string_view>

#include "hand_level.hpp"
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"
#include "tr_level/anim_reader.hpp"
#include "tr_level/anim_scene.hpp"
#include "tr_level/document.hpp"
#include "tr_level/level_reader.hpp"

using namespace ripkit;
using namespace ripkit::tr_level;

namespace {

constexpr double kPi = 3.14159265358979323846;

// The words of the three keyframes, 13 a keyframe (the frame size), the last
// word of each garbage the reader must skip by the stride.
std::vector<int> frame_words() {
    return {// keyframe 0: bbox, offset (0, -100, 0); mesh 0 X = 256/1024 (90 degrees) in
            // three-axis words 0x1000 0x0000; mesh 1 Y alone = 1024/4096 (90 degrees): 0x8400.
            -10, 10, -20, 0, -5, 5, 0, -100, 0, 0x1000, 0x0000, 0x8400, 0xBEEF,
            // keyframe 1: offset (0, -100, 50); mesh 0 Y = 512 (180), Z = 1023 (-0.35):
            // (512 << 10 | 1023) = 0x000803FF; mesh 1 X alone = 4095 (-0.088): 0x4FFF.
            -10, 10, -20, 0, -5, 5, 0, -100, 50, 0x0008, 0x03FF, 0x4FFF, 0xBEEF,
            // keyframe 2: offset (10, -100, 100); mesh 0 Z alone = 2048 (180): 0xC800;
            // mesh 1 X, Y, Z = 1, 2, 3: (1 << 20 | 2 << 10 | 3) = 0x00100803.
            -10, 10, -20, 0, -5, 5, 10, -100, 100, 0xC800, 0x0010, 0x0803, 0xBEEF};
}

struct Layout {
    int rate = 2, frame_size = 13, frame_start = 10, frame_end = 13;
    int first_command = 5;  // the first command's kind word
    int command_count = 3;
    int state_change_count = 1;
    int frame_word_count = -1;  // -1: all the words
};

hand::AnimBytes anim_bytes(const Layout& l = {}) {
    using namespace hand;
    AnimBytes a;
    Bytes& s = a.sections;
    u32(s, 1);  // one anim, 40 bytes
    u32(s, 0);  // frame offset
    u8(s, l.rate);
    u8(s, l.frame_size);
    u16(s, 1);                              // state
    u32(s, 0x00018000);                     // speed 1.5
    for (int i = 0; i < 3; ++i) u32(s, 0);  // accel, lateral speed and accel
    for (int v : {l.frame_start, l.frame_end, 0, 10, l.state_change_count, 0, l.command_count, 0})
        u16(s, v);
    u32(s, 1);  // one state change: state 2, one dispatch from 0
    for (int v : {2, 1, 0}) u16(s, v);
    u32(s, 1);  // one dispatch: frames 10..12 go to anim 0 frame 10
    for (int v : {10, 12, 0, 10}) u16(s, v);
    // Commands: play sound 37 on land at frame 11; set position (0, 0, -256);
    // flip effect 3 at frame 12.
    const std::vector<int> commands = {l.first_command, 11, 0x4000 | 37, 1, 0, 0, -256, 6, 12, 3};
    u32(s, int64_t(commands.size()));
    for (int v : commands) u16(s, v);
    const std::vector<int> words = frame_words();
    const size_t count = l.frame_word_count < 0 ? words.size() : size_t(l.frame_word_count);
    u32(a.frames, int64_t(count));
    for (size_t i = 0; i < count; ++i) u16(a.frames, words[i]);
    a.animation = 0;
    return a;
}

Bytes level_bytes(const Layout& l = {}) {
    const hand::AnimBytes a = anim_bytes(l);
    return hand::minimal_level(false, &a);
}

Level read(const Layout& l = {}) {
    Budget budget;
    return read_level(level_bytes(l), budget);
}

std::unique_ptr<Document> open(const Layout& l = {}, Options o = {}) {
    Input in;
    in.path = "anims.tr4";
    in.bytes = level_bytes(l);
    return open_level(in, o);
}

void check_vec(const glm::vec3& got, glm::vec3 want, double margin = 1e-5) {
    CHECK(got.x == Approx(want.x).margin(margin));
    CHECK(got.y == Approx(want.y).margin(margin));
    CHECK(got.z == Approx(want.z).margin(margin));
}

// The output-space quaternion (x, y, z, w) applied to an output-space vector.
glm::vec3 turn(const glm::vec4& q, glm::vec3 v) { return glm::quat(q.w, q.x, q.y, q.z) * v; }

const Channel& channel(const Animation& a, int node, AnimPath path) {
    for (const Channel& c : a.channels)
        if (c.node == node && c.path == path) return c;
    FAIL("no channel");
    throw 0;
}

}  // namespace

TEST_CASE("tr_level anims: the record, state change, dispatch and commands as laid out") {
    const Level level = read();
    REQUIRE(level.anims.size() == 1);
    const Anim& a = level.anims[0];
    CHECK(a.frame_offset == 0);
    CHECK(a.rate == 2);
    CHECK(a.frame_size == 13);
    CHECK(a.state == 1);
    CHECK(a.speed == 0x18000);
    CHECK(a.frame_start == 10);
    CHECK(a.frame_end == 13);
    CHECK(a.next_frame == 10);
    CHECK(a.state_change_count == 1);
    CHECK(a.command_count == 3);
    REQUIRE(level.state_changes.size() == 1);
    CHECK(level.state_changes[0].state == 2);
    REQUIRE(level.dispatches.size() == 1);
    CHECK(level.dispatches[0].low == 10);
    CHECK(level.dispatches[0].high == 12);
    CHECK(level.dispatches[0].next_frame == 10);
    REQUIRE(level.frames.size() == 39);

    REQUIRE(level.moveables.size() == 1);
    const Moveable& m = level.moveables[0];
    REQUIRE(m.anims.size() == 1);
    REQUIRE_FALSE(m.anims[0].error);
    const std::vector<AnimCommand>& c = m.anims[0].commands;
    REQUIRE(c.size() == 3);
    CHECK(c[0].kind == CommandKind::PlaySound);
    CHECK(c[0].operands[0] == 11);
    CHECK(c[0].operands[1] == (0x4000 | 37));
    CHECK(c[1].kind == CommandKind::SetPosition);
    CHECK(c[1].operands == std::array<int16_t, 3>{0, 0, -256});
    CHECK(c[2].kind == CommandKind::FlipEffect);
    CHECK(c[2].operands[1] == 3);
}

TEST_CASE("tr_level anims: keyframes of every packing, the stride skipping a word") {
    const Level level = read();
    const std::vector<KeyFrame>& k = level.moveables.at(0).anims.at(0).keys;
    // Span 3 at rate 2: keyframes at frames 0, 2 and 3.
    REQUIRE(k.size() == 3);
    CHECK(k[0].bbox == std::array<int16_t, 6>{-10, 10, -20, 0, -5, 5});
    CHECK(k[0].offset == std::array<int16_t, 3>{0, -100, 0});
    CHECK(k[2].offset == std::array<int16_t, 3>{10, -100, 100});
    using R = std::array<uint16_t, 3>;
    CHECK(k[0].rotations[0] == R{16384, 0, 0});
    CHECK(k[0].packing[0] == Packing::ThreeAxis);
    CHECK(k[0].rotations[1] == R{0, 16384, 0});
    CHECK(k[0].packing[1] == Packing::Y);
    CHECK(k[1].rotations[0] == R{0, 32768, 65472});
    CHECK(k[1].rotations[1] == R{65520, 0, 0});
    CHECK(k[1].packing[1] == Packing::X);
    CHECK(k[2].rotations[0] == R{0, 0, 32768});
    CHECK(k[2].packing[0] == Packing::Z);
    CHECK(k[2].rotations[1] == R{64, 128, 192});
    // Keyframe k starts 13 words after k - 1 (in bytes from the geometry start).
    CHECK(k[1].at == k[0].at + 26);
    CHECK(k[2].at == k[0].at + 52);
}

TEST_CASE("tr_level anims: keyframe count and the decoder on bare words") {
    Anim a;
    a.rate = 2;
    a.frame_start = 10;
    a.frame_end = 13;
    CHECK(keyframe_count(a) == 3);
    a.frame_end = 14;
    CHECK(keyframe_count(a) == 3);
    a.frame_end = 10;
    CHECK(keyframe_count(a) == 1);
    a.rate = 1;
    a.frame_end = 12;
    CHECK(keyframe_count(a) == 3);

    // A single-axis Z word 0xFFFF: 4095 of 4096, the most negative step.
    const std::vector<uint16_t> words = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFFFF};
    const KeyFrame f = decode_keyframe(words, 0, 1, 100);
    CHECK(f.rotations[0] == std::array<uint16_t, 3>{0, 0, 65520});
    CHECK(f.at == 100);
    CHECK(f.words == 10);
    // A three-axis word needs its second word within the frame words.
    const std::vector<uint16_t> cut = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0x1000};
    try {
        decode_keyframe(cut, 0, 1, 100);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Truncated);
        CHECK(e.offset() == 100 + 2 * 10);
    }
}

TEST_CASE("tr_level anims: the scene's animation at the engine's times, by hand") {
    const auto doc = open();
    const Scene s = doc->scene(0);
    REQUIRE(s.animations.size() == 1);
    const Animation& a = s.animations[0];
    CHECK(a.name == "anim_0_state_1");
    CHECK(a.duration == Approx(3.0 / 30));
    // Frames 0..3 at 30 a second (the add-on sets Blender's range from these).
    CHECK(s.extras["frame_rate"] == 30.0);
    CHECK(s.extras["frame_count"] == 4);
    const int mesh0 = s.find_node("slot0_mesh0"), mesh1 = s.find_node("slot0_mesh1");
    REQUIRE(mesh0 >= 0);
    REQUIRE(mesh1 >= 0);
    const Channel& root = channel(a, mesh0, AnimPath::Translation);
    REQUIRE(root.times.size() == 3);
    CHECK(root.times[0] == 0.0);
    CHECK(root.times[1] == Approx(2.0 / 30));
    CHECK(root.times[2] == Approx(3.0 / 30));
    // TR (x, y, z) -> (x, -y, -z) / 512.
    check_vec(glm::vec3(root.values[0]), {0, 100.0f / 512, 0});
    check_vec(glm::vec3(root.values[2]), {10.0f / 512, 100.0f / 512, -100.0f / 512});

    const Channel& r0 = channel(a, mesh0, AnimPath::Rotation);
    const Channel& r1 = channel(a, mesh1, AnimPath::Rotation);
    REQUIRE(r0.values.size() == 3);
    // Key 0, mesh 0: Rx(90) in TR takes TR +Y (output -Y) to TR +Z (output -Z).
    check_vec(turn(r0.values[0], {0, -1, 0}), {0, 0, -1});
    // Key 0, mesh 1: Ry(90) takes TR +X to TR -Z, output +Z.
    check_vec(turn(r1.values[0], {1, 0, 0}), {0, 0, 1});
    // Key 1, mesh 0: Ry(180) Rz(t), t = -360/1024 degrees: TR +X -> (cos t, sin t, 0)
    // -> (-cos t, sin t, 0), output (-cos t, -sin t, 0).
    const double t = -360.0 / 1024 * kPi / 180;
    check_vec(turn(r0.values[1], {1, 0, 0}), {float(-std::cos(t)), float(-std::sin(t)), 0});
    // Key 1, mesh 1: Rx(u), u = -360/4096 degrees: TR +Y -> (0, cos u, sin u),
    // output (0, -cos u, -sin u); the output vector of TR +Y is (0, -1, 0).
    const double u = -360.0 / 4096 * kPi / 180;
    check_vec(turn(r1.values[1], {0, -1, 0}), {0, float(-std::cos(u)), float(-std::sin(u))});
    // Key 2, mesh 0: Rz(180) takes TR +X to TR -X, output -X.
    check_vec(turn(r0.values[2], {1, 0, 0}), {-1, 0, 0});
}

TEST_CASE("tr_level anims: extras carry the record, state changes and commands") {
    const auto doc = open();
    const nlohmann::json x = doc->scene(0).animations.at(0).extras.tree();
    CHECK(x["anim"] == 0);
    CHECK(x["state"] == 1);
    CHECK(x["rate"] == 2);
    CHECK(x["speed"] == 1.5);
    CHECK(x["frames"] == nlohmann::json::array({10, 13}));
    CHECK(x["next_anim"] == 0);
    CHECK(x["next_frame"] == 10);
    REQUIRE(x["state_changes"].size() == 1);
    CHECK(x["state_changes"][0]["state"] == 2);
    CHECK(x["state_changes"][0]["dispatches"][0]["frames"] == nlohmann::json::array({10, 12}));
    REQUIRE(x["commands"].size() == 3);
    CHECK(x["commands"][0]["kind"] == "play_sound");
    CHECK(x["commands"][0]["sound"] == 37);
    CHECK(x["commands"][0]["where"] == "land");
    CHECK(x["commands"][0]["anim_frame"] == 1);
    CHECK(x["commands"][1]["kind"] == "set_position");
    CHECK(x["commands"][1]["offset"] == nlohmann::json::array({0, 0, -256}));
    CHECK(x["commands"][2]["effect"] == 3);
}

TEST_CASE("tr_level anims: list counts them, dump shows them") {
    const auto doc = open();
    const std::vector<ItemSummary> items = doc->items();
    CHECK(items.at(0).fields["animations"] == 1);
    CHECK(items.at(0).label.find("1 animations") != std::string::npos);
    const nlohmann::json d = doc->dump(int64_t(0));
    const nlohmann::json& anim = d["animations"].at(0);
    CHECK(anim["record"]["frame_size"] == 13);
    CHECK(anim["keyframes"].size() == 3);
    CHECK(anim["keyframes"][2]["rotations"][0]["packing"] == "z");
    CHECK(anim["keyframes"][2]["rotations"][1]["angles"] == nlohmann::json::array({64, 128, 192}));
    CHECK(anim["commands"][1]["operands"] == nlohmann::json::array({0, 0, -256}));
}

TEST_CASE("tr_level anims: an anim that does not decode is the item's error, not empty") {
    struct Case {
        const char* what;
        Layout layout;
        ErrorKind kind;
    };
    Layout zero_rate;
    zero_rate.rate = 0;
    Layout short_frames;
    short_frames.frame_word_count = 30;  // keyframe 2 needs words 26..38
    Layout commands_past;
    commands_past.command_count = 4;  // the three commands take all 10 words
    Layout changes_past;
    changes_past.state_change_count = 2;  // one state change in the table
    Layout backwards;
    backwards.frame_end = 9;
    for (const Case& c : {Case{"rate 0", zero_rate, ErrorKind::BadValue},
                          Case{"frames cut", short_frames, ErrorKind::Truncated},
                          Case{"commands past the list", commands_past, ErrorKind::Truncated},
                          Case{"state changes past theirs", changes_past, ErrorKind::BadIndex},
                          Case{"last before first", backwards, ErrorKind::BadValue}}) {
        INFO(c.what);
        const auto doc = open(c.layout);
        const std::vector<ItemSummary> items = doc->items();
        CHECK(items.at(0).fields["animations_failed"] == 1);
        try {
            (void)doc->scene(0);
            FAIL("no error");
        } catch (const Error& e) {
            CHECK(e.kind() == c.kind);
            CHECK(e.offset());
            CHECK(std::string(e.what()).find("slot 0 anim 0") != std::string::npos);
        }
        Options none;
        none.format_options["anims"] = {"none"};
        CHECK(open(c.layout, none)->scene(0).animations.empty());
    }
}

TEST_CASE("tr_level --anims: numbers, ranges, all and none") {
    CHECK(select_anims({"all"}, 3) == std::vector<uint32_t>{0, 1, 2});
    CHECK(select_anims({"none"}, 3).empty());
    CHECK(select_anims({"2", "0-1", "1"}, 3) == std::vector<uint32_t>{2, 0, 1});
    CHECK_THROWS_AS(select_anims({"3"}, 3), Error);
    CHECK_THROWS_AS(select_anims({"2-1"}, 3), Error);
    CHECK_THROWS_AS(select_anims({"x"}, 3), Error);
    try {
        select_anims({"5"}, 3);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Usage);
    }
}

TEST_CASE("tr_level anims: a command kind outside 1..6 is its word alone, as the engine reads") {
    // Kind word 9, then what were the play-sound operands: AnimateItem's switch
    // has no case for 9, 11 or 0x4025, so each is one word and the three
    // commands are [9], [11], [0x4025].
    Layout l;
    l.first_command = 9;
    const auto doc = open(l);
    const Level& level = dynamic_cast<const LevelDocument&>(*doc).level();
    const std::vector<AnimCommand>& c = level.moveables.at(0).anims.at(0).commands;
    REQUIRE(c.size() == 3);
    CHECK(uint16_t(c[0].kind) == 9);
    CHECK(uint16_t(c[1].kind) == 11);
    CHECK(uint16_t(c[2].kind) == (0x4000 | 37));
    CHECK(c[1].at == c[0].at + 2);
    CHECK(c[2].at == c[0].at + 4);
    const nlohmann::json x = doc->scene(0).animations.at(0).extras.tree();
    CHECK(x["commands"][0]["kind"] == "unknown");
    CHECK(x["commands"][0]["code"] == 9);
    // One warning a command, naming the kind.
    size_t warned = 0;
    for (const std::string& w : doc->warnings())
        warned += w.find("has kind") != std::string::npos ? 1 : 0;
    CHECK(warned == 3);
}
