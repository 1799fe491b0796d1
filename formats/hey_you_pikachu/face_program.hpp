// Facial selector programs (seed 14): a pure interpreter from the program
// table's bytes to a timeline of STEP keys (time, image index). No ROM, no
// scene - tests and the fuzzer drive it with hand-written tables.
//
// Instruction (12 bytes, big-endian): s32 op; float duration; s16 first; s16 last.
//   op 0  show image `first` for `duration` seconds
//   op 1  show first..last (inclusive, either direction), each for `duration`
//   op 2  show `first` at once (no time passes) and go on
//   op 3  duration < 0: jump to instruction `first` of the program;
//         duration >= 0: end (the last image holds)
// ASSUMPTION(face_program): durations are seconds; op 1 gives each image of the range the
// full duration; a jump's `first` counts from the program's first
// instruction; op 3 with duration >= 0 ends the program. The seed names the
// ops only ("hold/select", "range", "immediate/special", "jump when < 0").
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "ripkit/byte_reader.hpp"

namespace ripkit::hey_you_pikachu {

constexpr uint32_t kFaceInstructionSize = 12;
// Longest timeline a program is run for (seconds) and most keys it may give;
// past them the program is reported, not truncated silently.
constexpr double kMaxFaceSeconds = 600.0;
constexpr size_t kMaxFaceKeys = 100000;
// Instructions run for one timeline: tiny durations that keep showing the same
// image add no keys, so steps are bounded separately.
constexpr uint64_t kMaxFaceSteps = 1000000;
// Frame rate of the per-frame selections `dump` prints.
constexpr double kFaceFrameRate = 30.0;

struct FaceInstruction {
    int32_t op = 0;
    float duration = 0.0f;
    int16_t first = 0, last = 0;
    uint32_t offset = 0;  // ROM offset
};

struct FaceKey {
    double time = 0.0;
    uint32_t image = 0;
};

struct FaceTimeline {
    std::vector<FaceInstruction> program;  // instructions 0 .. the furthest one run
    std::vector<FaceKey> keys;             // increasing times, the first at 0
    double horizon = 0.0;                  // seconds covered by `keys`
    bool ends = false;                     // an op 3 end was reached
    bool loops = false;                    // a jump was taken
    // Until the end, or until the first jump is taken (intro + one pass of the
    // loop); the horizon when neither happens before kMaxFaceSeconds.
    double natural_length = 0.0;
    uint32_t first_image() const { return keys.empty() ? 0 : keys.front().image; }
};

// Runs the program starting at instruction `selector` of `table` (the bytes
// from the table start to its end; `table_offset` is the ROM offset of byte 0,
// for messages). `horizon`: seconds to cover (nullopt: the natural length,
// capped at kMaxFaceSeconds). Image indices must be below `image_count`.
// Throws ripkit::Error for unknown ops, zero/negative/non-finite durations on
// ops 0/1, an image past the bank, a program reading past the table, a jump
// outside it, and a jump cycle in which no time passes ("jumps forever").
FaceTimeline run_face_program(ByteSpan table, uint32_t table_offset, int32_t selector,
                              uint32_t image_count, std::optional<double> horizon);

// The image shown at each frame k/fps for k/fps < horizon (at least one).
std::vector<uint32_t> face_frames(const FaceTimeline& t, double fps = kFaceFrameRate);

}  // namespace ripkit::hey_you_pikachu
