// The animation fuzz target's body (fuzz/hey_you_pikachu/anim_fuzz_input.hpp) run
// here too, under this build's sanitizers: its seed gives the sample banks'
// animations, and deterministic mutations of it end in a decode error or a
// valid scene, never a crash, a scene that fails validation, or a vague error.
#include "../../fuzz/hey_you_pikachu/anim_fuzz_input.hpp"

#include <map>
#include <random>

#include "ripkit_catch.hpp"

using namespace ripkit;

TEST_CASE("animation fuzz body: the seed reads; mutations give errors, not crashes") {
    const Bytes seed = pkfuzz::anim_seed_input();
    Limits limits;
    limits.max_elements = 1u << 12;
    // Banks 3, 17 and 42 of the sample each drive some of the six nodes.
    CHECK(pkfuzz::run_anim_input(seed, limits) == 3);
    std::mt19937 rng(1234);
    size_t built = 0, errors = 0;
    std::map<ErrorKind, size_t> kinds;
    for (int i = 0; i < 400; ++i) {
        Bytes in = seed;
        const int flips = 1 + int(rng() % 6);
        for (int f = 0; f < flips; ++f) in[rng() % in.size()] = uint8_t(rng());
        if (i % 50 == 0) in.resize(rng() % in.size());
        INFO("mutation " << i);
        std::vector<Error> bank_errors;
        try {
            const size_t n = pkfuzz::run_anim_input(in, limits, &bank_errors);
            CHECK(n + bank_errors.size() <= pkfuzz::kAnimFuzzBanks);
            built += n > 0;
        } catch (const Error& e) {
            bank_errors.push_back(e);  // validate_scene's, or one before the banks
        }
        for (const Error& e : bank_errors) {
            const std::string what = e.what();
            INFO(what);
            // validate_scene's failures are findings, not accepted outcomes.
            CHECK(what.find("scene invariant") == std::string::npos);
            // One line saying what was expected.
            CHECK_FALSE(what.empty());
            CHECK(what.find('\n') == std::string::npos);
            CHECK(e.kind() != ErrorKind::Usage);
            // Bytes that fail name their ROM offset; only a budget the
            // builder runs past (keys in a channel) has none to name.
            if (!e.offset()) CHECK(e.kind() == ErrorKind::AllocationLimit);
            ++errors;
            ++kinds[e.kind()];
        }
    }
    // Both outcomes happen, with several kinds of error, so the checks above
    // did run on each path.
    CHECK(built > 0);
    CHECK(errors > 0);
    CHECK(kinds.size() >= 3);
}
