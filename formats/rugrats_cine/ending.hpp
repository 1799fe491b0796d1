// The opening's scripted ending (cinematic 0's one timed call, 0x8008ea70,
// frames 1184-1413): the milk flies at camera A, then camera B closes on the
// sign and narrows its field of view, then the title text appears. A pure
// re-run of the seed's numbers, one state per call.
#pragma once

#include <array>
#include <vector>

namespace ripkit::rugrats_cine {

constexpr int kEndingFirst = 1184;
constexpr int kEndingLast = 1413;
constexpr int kEndingFlightEnd = 1213;
constexpr int kEndingBH = 386;  // camera B after "field of view 512"
constexpr int kDefaultH = 178;  // the stream camera's projection distance

struct EndingState {
    int counter = 0;
    bool flying = true;
    std::array<int, 3> a{2250, -2450, -5000};
    std::array<int, 3> b{0, 30, -17048};
    int milk_28 = 0;      // the milk object's +0x28
    int b_h = kDefaultH;  // ASSUMPTION(ending): B projects with H 178 until set to 386
    bool text = false;    // "Search For Reptar" / "Loading" drawn
};

// The state before the first call (Opening Cine Init's placements).
EndingState ending_initial();
// One call with the frame counter.
void ending_step(EndingState& s, int counter);
// States after each call for counters kEndingFirst..min(last_counter, kEndingLast).
std::vector<EndingState> simulate_ending(int last_counter);

}  // namespace ripkit::rugrats_cine
