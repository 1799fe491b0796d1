// What retail TR4 levels hold and the published layouts do not say, laid out
// by hand (hand_level.hpp) after the patterns of the ten levels of
// Popov72/TRN, with what the engine makes of each (TOMB4's GetFrames,
// AnimateItem, GetChange) worked out by hand: anim records kept without their
// frames (a frame size of 0; a frame offset the next anim's frames start at,
// as ACTOR1_SPEECH_HEAD1's 60 anims in angkor1), command and state change
// counts with bit 15 set (0xAAAA on one-frame anims), and a keyframe longer
// than the frame size. The other side of each line is in anim_test.cpp.
#include <string_view>

#include "hand_level.hpp"
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"
#include "tr_level/document.hpp"

using namespace ripkit;
using namespace ripkit::tr_level;

namespace {

struct Record {
    int frame_offset = 0, rate = 1, frame_size = 11, state = 0;
    int frame_start = 0, frame_end = 0;
    int changes = 0, change_index = 0, commands = 0, command_index = 0;
};

void record(hand::Bytes& s, const Record& r) {
    using namespace hand;
    u32(s, r.frame_offset);
    u8(s, r.rate);
    u8(s, r.frame_size);
    u16(s, r.state);
    for (int i = 0; i < 4; ++i) u32(s, 0);  // speeds
    for (int v : {r.frame_start, r.frame_end, 0, r.frame_start, r.changes, r.change_index,
                  r.commands, r.command_index})
        u16(s, v);
}

// Two meshes, one-axis words: a keyframe is 9 + 2 = 11 words.
//   anim 0: frames at byte 0, one keyframe; one play-sound command.
//   anim 1: frame size 0 (and rate 0), offset 22: no frames.
//   anim 2: frame size 24, offset 22, the next anim's: no frames (the
//           speech heads' pattern: a run of records at one offset).
//   anim 3: frames at byte 22; command count 0xAAAA from word 3, the end of
//           the list; state change count 0xFFFF from change 7, past the table.
//   anim 4: frames at byte 44; state change 0, whose dispatch count is 0x8001.
//   anim 5: offset 66, the end of the frame words: no frames.
hand::AnimBytes retail_anims() {
    using namespace hand;
    AnimBytes a;
    Bytes& s = a.sections;
    u32(s, 6);
    record(s, {0, 1, 11, 1, 20, 20, 0, 0, 1, 0});
    record(s, {22, 0, 0, 2, 0, 9, 0, 0, 0, 0});
    record(s, {22, 5, 24, 3, 0, 37, 0, 0, 0, 0});
    record(s, {22, 1, 11, 4, 0, 0, 0xFFFF, 7, 0xAAAA, 3});
    record(s, {44, 1, 11, 5, 0, 0, 1, 0, 0, 3});
    record(s, {66, 1, 11, 6, 0, 0, 0, 0, 0, 3});
    u32(s, 1);  // state change 0: state 2, dispatches 0x8001 from 5 (past the table)
    for (int v : {2, 0x8001, 5}) u16(s, v);
    u32(s, 0);  // dispatches
    u32(s, 3);  // play sound 9 at frame 20, anywhere
    for (int v : {5, 20, 9}) u16(s, v);
    const std::vector<int> words = {
        // anim 0: offset (0, -100, 0); mesh 0 X = 1024/4096 (90 degrees), mesh 1 Y = 1024
        -8, 8, -100, 0, -8, 8, 0, -100, 0, 0x4400, 0x8400,
        // anim 3: offset (0, -50, 0); mesh 0 Z = 2048 (180 degrees), mesh 1 X = 0
        -8, 8, -50, 0, -8, 8, 0, -50, 0, 0xC800, 0x4000,
        // anim 4: offset (5, -100, 7); mesh 0 Y = 512 (45 degrees), mesh 1 Z = 1024
        -8, 8, -100, 0, -8, 8, 5, -100, 7, 0x8200, 0xC400};
    u32(a.frames, int64_t(words.size()));
    for (int w : words) u16(a.frames, w);
    a.animation = 0;
    return a;
}

std::unique_ptr<Document> open(const hand::AnimBytes& a, Options o = {}) {
    Input in;
    in.path = "retail.tr4";
    in.bytes = hand::minimal_level(false, &a);
    return open_level(in, o);
}

const Level& level_of(const Document& d) { return dynamic_cast<const LevelDocument&>(d).level(); }

bool has(const std::vector<std::string>& lines, std::string_view text) {
    for (const std::string& l : lines)
        if (l.find(text) != std::string::npos) return true;
    return false;
}

}  // namespace

TEST_CASE("tr_level retail: anims without frames are listed, not converted, not errors") {
    const auto doc = open(retail_anims());
    const Moveable& m = level_of(*doc).moveables.at(0);
    REQUIRE(m.anims.size() == 6);
    CHECK(m.anims[0].frames == AnimFrames::Carried);
    CHECK(m.anims[1].frames == AnimFrames::SizeZero);
    CHECK(m.anims[2].frames == AnimFrames::NoWords);
    CHECK(m.anims[3].frames == AnimFrames::Carried);
    CHECK(m.anims[4].frames == AnimFrames::Carried);
    CHECK(m.anims[5].frames == AnimFrames::NoWords);
    for (const MoveableAnim& a : m.anims) CHECK_FALSE(a.error);

    const ItemSummary item = doc->items().at(0);
    CHECK(item.label.find("6 animations (3 carry no frames in this level)") != std::string::npos);
    CHECK(item.fields["anims_without_frames"] == nlohmann::json::array({1, 2, 5}));
    CHECK_FALSE(item.fields.contains("animations_failed"));
    const nlohmann::json info = doc->info();
    CHECK(info["anims_without_frames"]["count"] == 3);
    CHECK(info["anims_without_frames"]["by_slot"]["0"] == "3 of 6: 1-2, 5");

    const Scene s = doc->scene(0);
    REQUIRE(s.animations.size() == 3);
    CHECK(s.animations[0].name == "anim_0_state_1");
    CHECK(s.animations[1].name == "anim_3_state_4");
    CHECK(s.animations[2].name == "anim_4_state_5");
    REQUIRE(s.notes.size() == 1);
    CHECK(s.notes[0] ==
          "slot 0: 3 of 6 anims carry no frames in this level: 1-2, 5 (not converted)");
    const nlohmann::json none = s.extras["anims_without_frames"];
    REQUIRE(none.size() == 3);
    CHECK(none[0]["anim"] == 1);
    CHECK(none[0]["why"] == "frame size 0");
    CHECK(none[1]["why"] == "no frame words before the next anim's");
    CHECK(none[1]["frame_size"] == 24);
    CHECK(none[1]["frames"] == nlohmann::json::array({0, 37}));
    CHECK(none[2]["level_anim"] == 5);

    // The records stay in the dump.
    const nlohmann::json d = doc->dump(int64_t(0))["animations"];
    CHECK(d[1]["without_frames"] == "frame size 0");
    CHECK(d[1]["record"]["frame_end"] == 9);
    CHECK_FALSE(d[1].contains("keyframes"));
    CHECK(d[3]["keyframes"].size() == 1);
}

TEST_CASE("tr_level retail: the keyframes that are there, by hand") {
    const auto doc = open(retail_anims());
    const Moveable& m = level_of(*doc).moveables.at(0);
    using R = std::array<uint16_t, 3>;
    // One-axis words: X 0x4400 -> 1024 << 4 = 16384; Z 0xC800 -> 2048 << 4.
    REQUIRE(m.anims[0].keys.size() == 1);
    CHECK(m.anims[0].keys[0].rotations[0] == R{16384, 0, 0});
    CHECK(m.anims[0].keys[0].rotations[1] == R{0, 16384, 0});
    REQUIRE(m.anims[3].keys.size() == 1);
    CHECK(m.anims[3].keys[0].offset == std::array<int16_t, 3>{0, -50, 0});
    CHECK(m.anims[3].keys[0].rotations[0] == R{0, 0, 32768});
    REQUIRE(m.anims[4].keys.size() == 1);
    CHECK(m.anims[4].keys[0].offset == std::array<int16_t, 3>{5, -100, 7});
    CHECK(m.anims[4].keys[0].rotations[0] == R{0, 8192, 0});
    CHECK(m.anims[4].keys[0].rotations[1] == R{0, 0, 16384});
    // Anim 3's keyframe is at byte 22 of the frame words.
    CHECK(m.anims[3].keys[0].at == m.anims[0].keys[0].at + 22);
}

TEST_CASE("tr_level retail: counts with bit 15 set are none, as the engine's signed shorts") {
    const auto doc = open(retail_anims());
    const Moveable& m = level_of(*doc).moveables.at(0);
    CHECK(m.anims[0].commands.size() == 1);
    CHECK(m.anims[3].commands.empty());  // 0xAAAA from the end of the list: no read at all
    const Scene s = doc->scene(0);
    CHECK(s.animations[1].extras.tree()["state_changes"].empty());
    // Anim 4's state change 0 is kept, its dispatch count 0x8001 is none.
    const nlohmann::json changes = s.animations[2].extras.tree()["state_changes"];
    REQUIRE(changes.size() == 1);
    CHECK(changes[0]["state"] == 2);
    CHECK(changes[0]["dispatches"].empty());
    const std::vector<std::string> w = doc->warnings();
    CHECK(has(w,
              "slot 0 anim 3 (level anim 3): command count 43690 is -21846 as the engine "
              "reads it (a signed short): no commands"));
    CHECK(has(w, "slot 0 anim 3 (level anim 3): state change count 65535 is -1"));
    CHECK(has(w, "slot 0 anim 4 (level anim 4): state change 0's dispatch count 32769 is -32767"));
    CHECK(doc->dump(int64_t(0))["animations"][4]["state_changes"][0]["dispatches"].empty());
}

TEST_CASE("tr_level retail: --anims passes over anims without frames, refuses one by number") {
    Options range;
    range.format_options["anims"] = {"0-2"};
    const Scene s = open(retail_anims(), range)->scene(0);
    REQUIRE(s.animations.size() == 1);
    CHECK(s.animations[0].name == "anim_0_state_1");
    Options named;
    named.format_options["anims"] = {"1"};
    try {
        (void)open(retail_anims(), named)->scene(0);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Usage);
        CHECK(std::string(e.what()).find("anim 1 has none") != std::string::npos);
    }
}

TEST_CASE("tr_level retail: a keyframe longer than the frame size reads on, as the engine") {
    // One anim of two keyframes 10 words apart whose keyframes take 11: the
    // engine starts keyframe 1 at word 10 (GetFrames: frame_ptr + size * 1)
    // and reads 11 words from there, so word 10 is keyframe 0's mesh 1 and
    // keyframe 1's first bounding box word.
    using namespace hand;
    AnimBytes a;
    u32(a.sections, 1);
    record(a.sections, {0, 1, 10, 1, 0, 1, 0, 0, 0, 0});
    for (int i = 0; i < 3; ++i) u32(a.sections, 0);
    const std::vector<int> words = {-8,     8, -8, 8, -8, 8, 0, -100, 0, 0x4400,
                                    0x8400,  // k0 mesh 1 Y = 16384; k1 bbox[0] = -31744
                                    1,      2, 3,  4, 5,  1, 2, 3,
                                    0xC800,   // k1 mesh 0 Z = 32768
                                    0x4100};  // k1 mesh 1 X = 256 << 4 = 4096
    u32(a.frames, int64_t(words.size()));
    for (int w : words) u16(a.frames, w);
    a.animation = 0;
    const auto doc = open(a);
    const MoveableAnim& ma = level_of(*doc).moveables.at(0).anims.at(0);
    REQUIRE_FALSE(ma.error);
    REQUIRE(ma.keys.size() == 2);
    using R = std::array<uint16_t, 3>;
    CHECK(ma.keys[0].rotations[1] == R{0, 16384, 0});
    CHECK(ma.keys[1].bbox == std::array<int16_t, 6>{-31744, 1, 2, 3, 4, 5});
    CHECK(ma.keys[1].offset == std::array<int16_t, 3>{1, 2, 3});
    CHECK(ma.keys[1].rotations[0] == R{0, 0, 32768});
    CHECK(ma.keys[1].rotations[1] == R{4096, 0, 0});
    CHECK(has(doc->warnings(), "keyframes take up to 11 words but lie 10 apart (the frame size)"));
    CHECK(doc->scene(0).animations.size() == 1);
}
