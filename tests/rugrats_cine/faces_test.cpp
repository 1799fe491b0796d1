// Faces: the reset/set rules, mouth wrap-around and the blink sequence.
#include "rugrats_cine/faces.hpp"

#include "ripkit_catch.hpp"

using namespace ripkit::rugrats_cine;

TEST_CASE("the blink rand is x * 214013 + 2531011") {
    BlinkRand r(0);
    CHECK(r.next() == 2531011u);
    // 2531011 * 214013 + 2531011 = 541671788154 = 126 * 2^32 + 505908858.
    CHECK(r.next() == 505908858u);
    BlinkRand s(6);
    CHECK(s.next() == 6u * 214013u + 2531011u);
}

TEST_CASE("actor faces reset, then set (eyes - 1)") {
    FaceState s;
    apply_actor_face(s, 5, 4, 3);
    CHECK(s.mouth == 4);
    CHECK(s.eyes == 2);
    apply_actor_face(s, 5, 0, 0);
    CHECK(s.mouth == 0);
    CHECK(s.eyes == 0);
    apply_actor_face(s, 5, 0, 1);
    CHECK(s.eyes == 0);
}

TEST_CASE("mouth frames past the count wrap once: 10, 12 for id 88, 13 for id 112") {
    CHECK(wrap_mouth(9, 5) == 9);
    CHECK(wrap_mouth(10, 5) == 0);
    CHECK(wrap_mouth(15, 5) == 5);
    CHECK(wrap_mouth(11, 88) == 11);
    CHECK(wrap_mouth(12, 88) == 0);
    CHECK(wrap_mouth(15, 88) == 3);
    CHECK(wrap_mouth(12, 112) == 12);
    CHECK(wrap_mouth(13, 112) == 0);
    CHECK(wrap_mouth(15, 112) == 2);
}

TEST_CASE("pose faces keep the mouth without a reset") {
    FaceState s;
    BlinkRand r(0);
    apply_pose_face(s, r, 7, 3, 0);
    CHECK(s.mouth == 3);
    apply_pose_face(s, r, 7, 0, 0);
    CHECK(s.mouth == 3);
    apply_pose_face(s, r, 7, 14, 0);
    CHECK(s.mouth == 4);
}

TEST_CASE("blink sequence for seed 0, one pose per record") {
    // Worked out by hand (a separate script listed the draws with
    // ((x >> 16) & 31) == 0 for seed 0: draws 28, 60, 141). One draw per
    // open record: records 1..28 draw 1..28; the blink shows 1,1,1,2,2 at
    // records 28..32, record 33 reopens without a draw, so draw n (> 28) is
    // at record n + 5: draw 60 at record 65 (1,1,1,2,2 at 65..69, open at 70).
    FaceState s;
    BlinkRand r(0);
    std::vector<int> eyes;
    for (int rec = 1; rec <= 75; ++rec) {
        apply_pose_face(s, r, 7, 0, 0);
        eyes.push_back(s.eyes);
    }
    auto at = [&](int rec) { return eyes[size_t(rec - 1)]; };
    for (int rec = 1; rec <= 27; ++rec) CHECK(at(rec) == 0);
    CHECK(at(28) == 1);
    CHECK(at(29) == 1);
    CHECK(at(30) == 1);
    CHECK(at(31) == 2);
    CHECK(at(32) == 2);
    CHECK(at(33) == 0);
    for (int rec = 34; rec <= 64; ++rec) CHECK(at(rec) == 0);
    CHECK(at(65) == 1);
    CHECK(at(67) == 1);
    CHECK(at(68) == 2);
    CHECK(at(69) == 2);
    CHECK(at(70) == 0);
    // A nonzero eyes field overrides the blink's frame for that record.
    FaceState t;
    BlinkRand q(0);
    for (int rec = 1; rec <= 27; ++rec) apply_pose_face(t, q, 7, 0, 0);
    apply_pose_face(t, q, 7, 0, 3);
    CHECK(t.eyes == 2);
    CHECK(t.blink == 1);
}
