// The animation fuzz target's body (fuzz/pikachu/anim_fuzz_input.hpp) run
// here too, under this build's sanitizers: its seed gives the sample banks'
// animations, and deterministic mutations of it end in an Error or a valid
// scene, never a crash.
#include <catch2/catch.hpp>
#include <random>

#include "../../fuzz/pikachu/anim_fuzz_input.hpp"

using namespace ripkit;

TEST_CASE("animation fuzz body: the seed reads; mutations give errors, not crashes") {
    const Bytes seed = pkfuzz::anim_seed_input();
    Limits limits;
    limits.max_elements = 1u << 12;
    // Banks 3, 17 and 42 of the sample each drive some of the six nodes.
    CHECK(pkfuzz::run_anim_input(seed, limits) == 3);
    std::mt19937 rng(1234);
    for (int i = 0; i < 400; ++i) {
        Bytes in = seed;
        const int flips = 1 + int(rng() % 6);
        for (int f = 0; f < flips; ++f) in[rng() % in.size()] = uint8_t(rng());
        if (i % 50 == 0) in.resize(rng() % in.size());
        try {
            pkfuzz::run_anim_input(in, limits);
        } catch (const Error&) {
        }
    }
}
