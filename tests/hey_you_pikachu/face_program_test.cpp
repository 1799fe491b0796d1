// Facial selector programs run on hand-written instruction tables: the frame
// sequences below are worked out by hand from the instruction semantics
// (docs/formats/hey_you_pikachu.md), never copied from the interpreter's output.
#include "hey_you_pikachu/face_program.hpp"

#include <string>

#include "pikachu_test_util.hpp"
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;
using namespace ripkit::hey_you_pikachu;

namespace {

struct Ins {
    int32_t op;
    float duration;
    int16_t first, last;
};

constexpr uint32_t kBase = 0x6BC90;

// The table as big-endian bytes, written independently of the ROM builder.
Bytes table(const std::vector<Ins>& ins) {
    Bytes b;
    auto u32 = [&](uint32_t v) {
        for (int i = 3; i >= 0; --i) b.push_back(uint8_t(v >> (8 * i)));
    };
    for (const Ins& i : ins) {
        u32(uint32_t(i.op));
        u32(f32_to_bits(i.duration));
        u32((uint32_t(uint16_t(i.first)) << 16) | uint16_t(i.last));
    }
    return b;
}

using Keys = std::vector<std::pair<double, uint32_t>>;

void check_keys(const FaceTimeline& t, const Keys& want) {
    REQUIRE(t.keys.size() == want.size());
    for (size_t i = 0; i < want.size(); ++i) {
        INFO("key " << i);
        CHECK(t.keys[i].time == Approx(want[i].first).margin(1e-6));
        CHECK(t.keys[i].image == want[i].second);
    }
}

Error error_of(const std::vector<Ins>& ins, uint32_t images, int32_t selector = 0,
               std::optional<double> horizon = std::nullopt) {
    const Bytes b = table(ins);
    try {
        run_face_program(b, kBase, selector, images, horizon);
    } catch (const Error& e) {
        return e;
    }
    FAIL("expected an error");
    return Error(ErrorKind::BadValue, std::nullopt, "");
}

using pktest::says;

// The eye blink: open 2 s, close 1..2 at 0.05 s each, 1 again, loop.
const std::vector<Ins> kBlink = {
    {0, 2.0f, 0, 0}, {1, 0.05f, 1, 2}, {0, 0.05f, 1, 1}, {3, -1, 0, 0}};

}  // namespace

TEST_CASE("a blink loop runs one pass for its natural length") {
    const Bytes b = table(kBlink);
    const FaceTimeline t = run_face_program(b, kBase, 0, 3, std::nullopt);
    check_keys(t, {{0.0, 0}, {2.0, 1}, {2.05, 2}, {2.1, 1}});
    CHECK(t.loops);
    CHECK_FALSE(t.ends);
    CHECK(t.natural_length == Approx(2.15).margin(1e-6));
    CHECK(t.horizon == Approx(2.15).margin(1e-6));
    REQUIRE(t.program.size() == 4);
    CHECK(t.program[1].op == 1);
    CHECK(t.program[3].offset == kBase + 36);
    // 30 fps: frames 0..59 before 2 s show 0; 60 (2.000) 1; 61 (2.033) 1;
    // 62 (2.067) 2; 63 (2.100) 1; 64 (2.133) 1; 65 frames cover 2.15 s.
    std::vector<uint32_t> want(60, 0);
    for (uint32_t v : {1u, 1u, 2u, 1u, 1u}) want.push_back(v);
    CHECK(face_frames(t) == want);
}

TEST_CASE("a loop that spends time is run to the horizon") {
    const Bytes b = table(kBlink);
    const FaceTimeline t = run_face_program(b, kBase, 0, 3, 5.0);
    check_keys(t, {{0.0, 0},
                   {2.0, 1},
                   {2.05, 2},
                   {2.1, 1},
                   {2.15, 0},
                   {4.15, 1},
                   {4.2, 2},
                   {4.25, 1},
                   {4.3, 0}});
    CHECK(t.horizon == 5.0);
    CHECK(face_frames(t).size() == 150);
    CHECK(face_frames(t)[149] == 0);  // 4.967 s: open again
    CHECK(face_frames(t)[125] == 1);  // 4.167 s
}

TEST_CASE("a jump into the middle repeats only the loop body") {
    // Intro 0 for 1 s, then 1 and 2 for 0.5 s each forever.
    const std::vector<Ins> p = {{0, 1.0f, 0, 0}, {0, 0.5f, 1, 1}, {0, 0.5f, 2, 2}, {3, -1, 1, 0}};
    const Bytes b = table(p);
    const FaceTimeline natural = run_face_program(b, kBase, 0, 3, std::nullopt);
    check_keys(natural, {{0, 0}, {1, 1}, {1.5, 2}});
    CHECK(natural.natural_length == 2.0);
    const FaceTimeline longer = run_face_program(b, kBase, 0, 3, 3.5);
    check_keys(longer, {{0, 0}, {1, 1}, {1.5, 2}, {2, 1}, {2.5, 2}, {3, 1}});
}

TEST_CASE("a program that ends holds its last image; op 2 shows at once") {
    // 0.25 s each 0..3, 1 for 0.5 s, 2 at once, end.
    const std::vector<Ins> p = {{1, 0.25f, 0, 3}, {0, 0.5f, 1, 1}, {2, 0, 2, 2}, {3, 1.0f, 0, 0}};
    const Bytes b = table(p);
    const FaceTimeline t = run_face_program(b, kBase, 0, 4, std::nullopt);
    check_keys(t, {{0, 0}, {0.25, 1}, {0.5, 2}, {0.75, 3}, {1.0, 1}, {1.5, 2}});
    CHECK(t.ends);
    CHECK(t.natural_length == 1.5);
    const FaceTimeline held = run_face_program(b, kBase, 0, 4, 3.0);
    const auto frames = face_frames(held);
    REQUIRE(frames.size() == 90);
    CHECK(frames[44] == 1);  // 1.467 s
    CHECK(frames[45] == 2);  // 1.5 s
    CHECK(frames[89] == 2);  // held to the horizon
}

TEST_CASE("ranges run either way; the last image shown at one time wins") {
    const std::vector<Ins> p = {{2, 0, 4, 4}, {1, 0.1f, 3, 1}, {2, 0, 0, 0}, {3, 0, 0, 0}};
    const Bytes b = table(p);
    const FaceTimeline t = run_face_program(b, kBase, 0, 5, std::nullopt);
    // op 2 shows 4 at 0 but the range shows 3 at 0 too: 3 wins.
    check_keys(t, {{0, 3}, {0.1, 2}, {0.2, 1}, {0.3, 0}});
    CHECK(t.first_image() == 3);
}

TEST_CASE("a selector starts mid-table; jumps are relative to the program start") {
    // Program 2 jumps to its own instruction 0; read as an absolute index the
    // jump would land on program 0, whose image 7 is past the bank.
    const std::vector<Ins> p = {{0, 9.0f, 7, 7},
                                {3, 1, 0, 0},  // program 0
                                {0, 1.0f, 1, 1},
                                {0, 1.0f, 2, 2},
                                {3, -1, 0, 0}};  // program 2
    const Bytes b = table(p);
    const FaceTimeline t = run_face_program(b, kBase, 2, 3, 4.0);
    check_keys(t, {{0, 1}, {1, 2}, {2, 1}, {3, 2}});
    CHECK(t.program.front().offset == kBase + 24);
}

TEST_CASE("bad programs give clear errors") {
    SECTION("jumps forever without time passing") {
        const Error e = error_of({{0, 1.0f, 0, 0}, {2, 0, 1, 1}, {3, -1, 1, 0}}, 2);
        CHECK(e.kind() == ErrorKind::StepLimit);
        CHECK(says(e, "jumps forever"));
        const Error self = error_of({{3, -1, 0, 0}}, 2);
        CHECK(says(self, "jumps forever"));
        // The cycle starts after the natural length was reached: still found.
        const Error late =
            error_of({{0, 1.0f, 0, 0}, {3, -1, 2, 0}, {2, 0, 1, 1}, {3, -1, 2, 0}}, 2);
        CHECK(says(late, "jumps forever"));
    }
    SECTION("zero, negative and non-finite durations") {
        const Error z = error_of({{0, 0.0f, 0, 0}}, 1);
        CHECK(z.kind() == ErrorKind::BadValue);
        CHECK(says(z, "zero durations"));
        CHECK(z.offset() == kBase + 4);
        CHECK(says(error_of({{1, -0.5f, 0, 1}}, 2), "positive finite duration"));
        CHECK(says(error_of({{0, std::numeric_limits<float>::infinity(), 0, 0}}, 1),
                   "positive finite duration"));
    }
    SECTION("unknown op") {
        const Error e = error_of({{0, 1.0f, 0, 0}, {7, 1.0f, 0, 0}}, 1);
        CHECK(e.kind() == ErrorKind::BadValue);
        CHECK(e.offset() == kBase + 12);
        CHECK(says(e, "op 0..3 (got 7)"));
    }
    SECTION("image index past the bank") {
        const Error e = error_of({{0, 1.0f, 0, 0}, {1, 1.0f, 1, 3}, {3, 1, 0, 0}}, 3);
        CHECK(e.kind() == ErrorKind::BadIndex);
        CHECK(says(e, "below the bank's 3 images"));
        CHECK(says(error_of({{2, 0, -1, 0}}, 3), "names -1"));
    }
    SECTION("a program running past the table end") {
        const Error e = error_of({{0, 1.0f, 0, 0}, {0, 1.0f, 1, 1}}, 2);
        CHECK(e.kind() == ErrorKind::BadIndex);
        CHECK(e.offset() == kBase + 24);
        CHECK(says(e, "inside the selector table"));
    }
    SECTION("a jump or a selector outside the table") {
        CHECK(says(error_of({{0, 1.0f, 0, 0}, {3, -1, 40, 0}}, 1), "inside the selector table"));
        CHECK(
            says(error_of({{0, 1.0f, 0, 0}, {3, -1, -1, 0}}, 1), "at or after the program start"));
        CHECK(says(error_of({{0, 1.0f, 0, 0}}, 1, 5), "inside the selector table"));
        CHECK_THROWS_AS(run_face_program(table({{0, 1.0f, 0, 0}}), kBase, -1, 1, std::nullopt),
                        Error);
    }
    SECTION("tiny durations that never change the image") {
        const Error e = error_of({{0, 1e-30f, 0, 0}, {3, -1, 0, 0}}, 1, 0, 600.0);
        CHECK(e.kind() == ErrorKind::StepLimit);
        CHECK(says(e, "instructions"));
    }
    SECTION("too many keys before the horizon") {
        const Error e = error_of({{0, 1e-4f, 0, 0}, {0, 1e-4f, 1, 1}, {3, -1, 0, 0}}, 2, 0, 500.0);
        CHECK(e.kind() == ErrorKind::AllocationLimit);
    }
}
