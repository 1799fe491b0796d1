// A level's animations, values as stored (docs/formats/tr_level.md
// "Animations"): the 40-byte anim records, the state changes and dispatches
// they index, the anim command words, and the keyframes a moveable's anims
// decode to. Indices in the records are level-wide; `at` is where a record
// starts (the inflated geometry chunk for TR4, the file for TR5).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ripkit/error.hpp"

namespace ripkit::tr_level {

// TR4/TR5 anim, 40 bytes. Speeds are 16.16 fixed point, units a frame.
struct Anim {
    uint64_t at = 0;
    uint32_t frame_offset = 0;  // bytes into the frame words
    uint8_t rate = 0;           // one keyframe every `rate` frames
    uint8_t frame_size = 0;     // words from one keyframe to the next
    uint16_t state = 0;
    int32_t speed = 0, accel = 0, lateral_speed = 0, lateral_accel = 0;
    uint16_t frame_start = 0, frame_end = 0;  // level-wide frame numbers, inclusive
    uint16_t next_anim = 0, next_frame = 0;
    // Counts as stored: engine_count gives what the engine runs.
    uint16_t state_change_count = 0, state_change_index = 0;
    uint16_t command_count = 0, command_index = 0;  // index: a word of the commands
};

// The engine's anim, state change and dispatch counts are signed shorts, and
// it runs none for a count of 0 or less (AnimateItem and AnimateLara test
// `number_commands > 0`, GetChange `number_changes <= 0` and `number_ranges >
// 0`): a stored 43690 (0xAAAA) is no commands at all.
inline uint32_t engine_count(uint16_t stored) { return int16_t(stored) > 0 ? stored : 0; }

// 6 bytes: in state `state`, the dispatches [dispatch_index, +count) apply.
struct StateChange {
    uint64_t at = 0;
    uint16_t state = 0, dispatch_count = 0, dispatch_index = 0;
};

// 8 bytes: between frames low and high (level-wide) go to next_anim at next_frame.
struct Dispatch {
    uint64_t at = 0;
    int16_t low = 0, high = 0, next_anim = 0, next_frame = 0;
};

// The engine's anim command kinds (a word each, then its operands). Any
// other value is a command the engine passes over: its word alone, no
// operands (AnimateItem's switch has no case for it).
enum class CommandKind : uint16_t {
    SetPosition = 1,   // x, y, z: moved at the anim's end
    JumpDistance = 2,  // vertical, horizontal speed at the anim's end
    EmptyHands = 3,
    Kill = 4,
    PlaySound = 5,   // frame, sound (bits 14-15: 1 on land, 2 in water only)
    FlipEffect = 6,  // frame, effect
};

bool known_command(uint16_t kind);        // 1..6
const char* command_name(CommandKind k);  // "set_position", ..., "unknown"
int command_operands(CommandKind k);      // 3, 2, 0, 0, 2, 2; 0 for an unknown kind

struct AnimCommand {
    uint64_t at = 0;                             // the kind word
    CommandKind kind = CommandKind::EmptyHands;  // as stored, known or not
    std::array<int16_t, 3> operands{};           // command_operands(kind) of them
};

// How a mesh's rotation was packed: one word per axis kept, or all three.
enum class Packing : uint8_t { ThreeAxis = 0, X = 1, Y = 2, Z = 3 };

// One stored keyframe: bounding box, root offset, per mesh an (x, y, z) turn
// in the engine's 16-bit angles (65536 = 360 degrees; axes a single-axis
// word leaves out are 0).
struct KeyFrame {
    uint64_t at = 0;                // its first word
    std::array<int16_t, 6> bbox{};  // min x, max x, min y, max y, min z, max z
    std::array<int16_t, 3> offset{};
    std::vector<std::array<uint16_t, 3>> rotations;
    std::vector<Packing> packing;
    size_t words = 0;  // the words it takes: 9, then one or two a mesh
};

// Whether an anim's frames are in the level. Retail levels keep the records
// of anims the level never plays without their frames: a frame size of 0, or
// no frame words before the next anim's frames start (docs/formats/
// tr_level.md "Anims without frames").
enum class AnimFrames : uint8_t {
    Carried,
    SizeZero,  // frame size 0
    NoWords,   // its frame offset is the next anim's (or the end of the frame words)
};

const char* frames_name(AnimFrames f);  // "carried", "frame size 0", ...

// One anim of a moveable, decoded for its mesh count. `keys[k]` is shown at
// frame min(k * rate, frame_end - frame_start) of the anim (GetFrames). An
// anim without frames keeps only its index: nothing else of it is read.
struct MoveableAnim {
    uint32_t index = 0;  // level-wide anim index
    AnimFrames frames = AnimFrames::Carried;
    std::vector<KeyFrame> keys;
    std::vector<AnimCommand> commands;
    // What the engine reads differently from the record's face value (a
    // negative count, an unknown command, a keyframe longer than the frame
    // size), one line each; the document reports them as warnings.
    std::vector<std::string> notes;
    std::optional<Error> error;  // why this anim cannot be presented
};

}  // namespace ripkit::tr_level
