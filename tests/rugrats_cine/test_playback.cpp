// The drop rule: which sectors play, on hand-sized and OPEN.BIN-shaped layouts.
#include <catch2/catch.hpp>

#include "playback.hpp"

using namespace ripkit::rugrats;

TEST_CASE("fifo frames per sector at 44.1 kHz") {
    CHECK(fifo_frames(true, 37800) == 2352);  // 2016 * 44100 / 37800
    CHECK(fifo_frames(false, 37800) == 4704);
    CHECK(fifo_frames(true, 18900) == 4704);
    CHECK(fifo_frames(false, 18900) == 9408);
}

TEST_CASE("every slot audio: one in eight plays (stereo 37.8 kHz)") {
    // 2352 frames drain at 294 a slot: 8 slots; at slot p + 7 294 remain (> 10).
    std::vector<PlaybackSlot> slots;
    for (size_t i = 0; i < 40; ++i) slots.push_back({i, 2352});
    const Playback pb = simulate_playback(slots);
    CHECK(pb.played_count == 5);
    for (size_t i = 0; i < 40; ++i) CHECK(pb.played[i] == (i % 8 == 0));
    CHECK(pb.total_frames == 5 * 2352);
}

TEST_CASE("a data sector on the due slot delays playback by one slot, with a gap") {
    // Audio everywhere except slot 8: plays 0, 9 (one dry slot before it), 17, ...
    std::vector<PlaybackSlot> slots;
    for (size_t i = 0; i < 20; ++i)
        if (i != 8) slots.push_back({i, 2352});
    const Playback pb = simulate_playback(slots);
    CHECK(pb.played[0]);
    CHECK(pb.played[8]);  // slot 9
    CHECK(pb.gap_before[8] == 294);
    CHECK(pb.played[16]);  // slot 17
    CHECK(pb.played_count == 3);
}

namespace {

// Independent count for an OPEN.BIN-shaped layout: sector 0 the header, data
// on slots 2 + 5k, audio elsewhere. A stereo 37.8 kHz sector plays, then the
// next audio slot at least 8 slots later plays.
// OPEN.BIN: 7056 sectors, the header at 0, frame 1 at 2, frame 1412 at the end.
bool is_data(size_t s) { return s == 0 || s == 7055 || (s >= 2 && s < 7055 && (s - 2) % 5 == 0); }

size_t expected_played(size_t sectors) {
    size_t count = 0;
    size_t next = 0;
    for (size_t s = 0; s < sectors; ++s) {
        if (is_data(s) || s < next) continue;
        ++count;
        next = s + 8;
    }
    return count;
}

}  // namespace

TEST_CASE("OPEN.BIN-shaped stream: played count and duration") {
    const size_t frames = 1412, sectors = 7056;
    std::vector<PlaybackSlot> slots;
    size_t audio = 0;
    for (size_t s = 0; s < sectors; ++s) {
        if (is_data(s)) continue;
        slots.push_back({s, 2352});
        ++audio;
    }
    CHECK(audio == 5643);  // the seed's count
    const Playback pb = simulate_playback(slots);
    CHECK(pb.played_count == expected_played(sectors));
    // With the dry-FIFO gaps the played track spans the stream: frames/30 s
    // to within the last sector's length.
    const double seconds = double(pb.total_frames) / 44100.0;
    CHECK(seconds == Approx(double(frames) / 30.0).margin(2352.0 / 44100.0));
    // Played sound without gaps is about 96% of that (the seed's oracle: 882 of 5643).
    CHECK(pb.played_count > 830);
    CHECK(pb.played_count <= 882);
}
