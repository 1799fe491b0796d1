// Writes a level's animation sections from plain structures: keyframes
// packed into frame words, and each anim appended with its frames, commands,
// state changes and dispatches, the way a level editor lays them out.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "level_writer.hpp"
#include "ripkit/byte_reader.hpp"

namespace ripkit::tr_level::testkit {

// One keyframe's words: bounding box, root offset, then per mesh as
// f.packing says - three-axis: the top 10 bits of each angle in two words;
// one axis: the top 12 bits of that angle in one word.
std::vector<uint16_t> pack_keyframe(const KeyFrame& f);

struct AnimSpec {
    std::vector<KeyFrame> keys;
    uint8_t rate = 1;
    uint16_t state = 0;
    int32_t span = -1;  // last - first frame; -1: (keys - 1) x rate
    uint16_t frame_start = 0;
    uint16_t next_anim = 0, next_frame = 0;
    int32_t speed = 0, accel = 0, lateral_speed = 0, lateral_accel = 0;
    std::vector<AnimCommand> commands;
    std::vector<std::pair<uint16_t, std::vector<Dispatch>>> state_changes;  // state, dispatches
};

// Appends the anim (its record, frames, commands, state changes and
// dispatches) to `spec`; returns its level-wide index. The keys must be as
// many as the engine reads for the span (anim_reader.hpp keyframe_count).
uint32_t append_anim(LevelSpec& spec, const AnimSpec& a);

// The four sections after the mesh pointers, and the frame words.
void write_anim_sections(ByteWriter& w, const LevelSpec& spec);
void write_frame_words(ByteWriter& w, const LevelSpec& spec);

}  // namespace ripkit::tr_level::testkit
