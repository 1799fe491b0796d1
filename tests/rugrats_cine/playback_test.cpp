// The drop rule: which sectors play, on hand-sized and OPEN.BIN-shaped layouts.
// Expected values are counted by hand from the rule (FIFO drains 294 frames a
// sector time; at each sector time, if it holds <= 10 frames, the newest
// waiting sector is decoded), not read back from the code.
#include "rugrats_cine/playback.hpp"

#include "ripkit_catch.hpp"

using namespace ripkit::rugrats_cine;

namespace {

std::vector<PlaybackSlot> at(const std::vector<size_t>& positions, uint32_t frames = 2352) {
    std::vector<PlaybackSlot> slots;
    for (size_t p : positions) slots.push_back({p, frames});
    return slots;
}

std::vector<size_t> played_positions(const std::vector<PlaybackSlot>& slots, const Playback& pb) {
    std::vector<size_t> out;
    for (size_t i = 0; i < slots.size(); ++i)
        if (pb.played[i]) out.push_back(slots[i].position);
    return out;
}

std::vector<size_t> range(size_t from, size_t to, size_t skip = size_t(-1)) {
    std::vector<size_t> out;
    for (size_t i = from; i < to; ++i)
        if (i != skip) out.push_back(i);
    return out;
}

}  // namespace

TEST_CASE("fifo frames per sector at 44.1 kHz") {
    CHECK(fifo_frames(true, 37800) == 2352);  // 2016 * 44100 / 37800 = 8 * 294
    CHECK(fifo_frames(false, 37800) == 4704);
    CHECK(fifo_frames(true, 18900) == 4704);
    CHECK(fifo_frames(false, 18900) == 9408);  // 32 sector times
}

TEST_CASE("every slot audio: one in eight plays (stereo 37.8 kHz)") {
    // 2352 frames drain at 294 a slot: at p + 7 294 remain (> 10), at p + 8 none.
    const auto slots = at(range(0, 40));
    const Playback pb = simulate_playback(slots);
    CHECK(played_positions(slots, pb) == std::vector<size_t>{0, 8, 16, 24, 32});
    CHECK(pb.played_count == 5);
    CHECK(pb.gaps == 0);
    CHECK(pb.total_frames == 5 * 2352);
}

TEST_CASE("mono 18.9 kHz: one in 32 plays") {
    const auto slots = at(range(0, 70), 9408);
    const Playback pb = simulate_playback(slots);
    CHECK(played_positions(slots, pb) == std::vector<size_t>{0, 32, 64});
}

TEST_CASE("a data sector on the due slot: the sector read before it plays, no gap") {
    // Audio everywhere except slot 8. Slot 7 is refused at its own time (294
    // frames queued) but still waits; at time 8 the FIFO is empty and it is
    // the newest: it plays with no silence, and the pace of a decode every 8
    // sector times holds (16 next).
    const auto slots = at(range(0, 20, 8));
    const Playback pb = simulate_playback(slots);
    CHECK(played_positions(slots, pb) == std::vector<size_t>{0, 7, 16});
    CHECK(pb.gaps == 0);
    CHECK(pb.total_frames == 3 * 2352);
}

TEST_CASE("only the newest waiting sector is decoded") {
    // 5, 6 and 7 wait while 0 plays; at 8 (not ours) the FIFO is empty: 7 plays.
    const auto slots = at({0, 5, 6, 7, 9});
    const Playback pb = simulate_playback(slots, 20);
    CHECK(played_positions(slots, pb) == std::vector<size_t>{0, 7, 9});
    // 9 waits until time 16 (7's sound ends): no silence anywhere.
    CHECK(pb.gaps == 0);
    CHECK(pb.total_frames == 3 * 2352);
}

TEST_CASE("no sector waiting when the FIFO empties: silence until the next one") {
    // 0 plays to slot 8; the next sector comes at 12: 4 dry slots.
    const auto slots = at({0, 12});
    const Playback pb = simulate_playback(slots);
    CHECK(pb.played_count == 2);
    CHECK(pb.gap_before[1] == 4 * 294);
    CHECK(pb.gaps == 1);
    CHECK(pb.total_frames == 2 * 2352 + 4 * 294);
}

TEST_CASE("silence before the first sector is the stream offset, not a gap") {
    const auto slots = at({3});
    const Playback pb = simulate_playback(slots);
    CHECK(pb.played_count == 1);
    CHECK(pb.gap_before[0] == 3 * 294);
    CHECK(pb.gaps == 0);
    CHECK(pb.total_frames == 3 * 294 + 2352);
}

TEST_CASE("the watermark: more than 10 frames queued refuses the sector") {
    // 2362 frames leave 10 after 8 slots (not more than 10): plays at 8.
    const auto ten = at(range(0, 9), 2362);
    CHECK(played_positions(ten, simulate_playback(ten)) == std::vector<size_t>{0, 8});
    // 2363 leave 11 at slot 8: refused; at 9 the FIFO ran dry 283 frames before.
    const auto eleven = at(range(0, 10), 2363);
    const Playback pb = simulate_playback(eleven);
    CHECK(played_positions(eleven, pb) == std::vector<size_t>{0, 9});
    CHECK(pb.gap_before[9] == 294 - 11);
}

TEST_CASE("nothing is decoded after the drive's last sector time") {
    const auto slots = at(range(0, 10));
    CHECK(simulate_playback(slots, 8).played_count == 1);   // times 0..7
    CHECK(simulate_playback(slots, 9).played_count == 2);   // 8 decodes
    CHECK(simulate_playback(slots, 10).played_count == 2);  // default end: last + 1
    CHECK(simulate_playback({}).played_count == 0);
}

namespace {

// OPEN.BIN: 7056 sectors, the header at 0, a data sector every 5 from slot 2
// (1412 frame records, the last one at the final sector), audio elsewhere.
bool is_data(size_t s) { return s == 0 || s == 7055 || (s >= 2 && s < 7055 && (s - 2) % 5 == 0); }

}  // namespace

TEST_CASE("OPEN.BIN-shaped stream: 882 of 5643 played, no gaps, frames/30 s") {
    const size_t frames = 1412, sectors = 7056;
    std::vector<PlaybackSlot> slots;
    for (size_t s = 0; s < sectors; ++s)
        if (!is_data(s)) slots.push_back({s, 2352});
    REQUIRE(slots.size() == 5643);  // the seed's count
    const Playback pb = simulate_playback(slots, sectors);
    // One decode every 8 sector times from slot 1 (the first audio sector):
    // 7056 / 8 = 882, the seed's figure. When slot 8k + 1 is a data sector,
    // the audio sector at 8k (read just before) is the one decoded.
    CHECK(pb.played_count == sectors / 8);
    std::vector<size_t> expected;
    for (size_t k = 0; k < sectors / 8; ++k)
        expected.push_back(is_data(8 * k + 1) ? 8 * k : 8 * k + 1);
    CHECK(played_positions(slots, pb) == expected);
    // So each 8-slot window of the encoder's repeated pieces plays exactly once.
    CHECK(pb.gaps == 0);
    CHECK(pb.gap_before[0] == 294);  // slot 0 is the header
    CHECK(pb.total_frames == 294 + 882 * 2352);
    const double seconds = double(pb.total_frames) / 44100.0;  // 47.047 s
    CHECK(seconds == Approx(double(frames) / 30.0).margin(2352.0 / 44100.0));
}
