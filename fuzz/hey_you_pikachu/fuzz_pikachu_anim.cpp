// libFuzzer target: animation bank tables, track lists, vectors and record
// streams (anim_fuzz_input.hpp maps the input onto a sparse ROM), then the
// animations they give for a small hierarchy, exported as glb and FBX in
// memory. Every input must end in a valid scene with finite output or a
// ripkit::Error - never a crash, hang or sanitizer report.
#include <cstddef>
#include <cstdint>

#include "anim_fuzz_input.hpp"
#include "exercise_document.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    ripkit::Limits limits = ripkit::fuzz::small_limits().limits;
    limits.max_elements = 1u << 10;  // keeps hostile rotation subdivision short
    try {
        ripkit::Scene scene;
        if (pkfuzz::run_anim_input(ripkit::ByteSpan(data, size), limits, nullptr, &scene))
            ripkit::fuzz::export_scene_in_memory(scene);
    } catch (const ripkit::Error&) {
    }
    return 0;
}
