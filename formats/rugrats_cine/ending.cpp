#include "ending.hpp"

#include <algorithm>

namespace ripkit::rugrats_cine {

EndingState ending_initial() { return EndingState{}; }

void ending_step(EndingState& s, int counter) {
    s.counter = counter;
    if (s.flying) {
        const int k = std::min(counter, kEndingFlightEnd) - 1183;
        s.a = {2250 - 75 * k, -2450 + 81 * k, -5000 + 160 * k};
        s.milk_28 = 273 * k;
        if (s.a[0] > 0) return;
        // ASSUMPTION(ending): the call that ends the flight goes on to B's first move.
        s.flying = false;
    }
    if (s.b[2] < -500) {
        s.b[2] += 600;
        if (s.b[2] >= -500) {
            s.b[2] = -500;
            s.a[2] = -300;
            s.b_h = kEndingBH;
        }
        return;
    }
    s.text = true;
}

std::vector<EndingState> simulate_ending(int last_counter) {
    std::vector<EndingState> out;
    EndingState s = ending_initial();
    for (int c = kEndingFirst; c <= std::min(last_counter, kEndingLast); ++c) {
        ending_step(s, c);
        out.push_back(s);
    }
    return out;
}

}  // namespace ripkit::rugrats_cine
