// The animation sections of the geometry block - anims, state changes,
// dispatches and anim command words after the mesh pointers, frame words
// after the mesh tree - and each moveable's anims decoded from them.
#pragma once

#include <utility>
#include <vector>

#include "level_types.hpp"
#include "ripkit/byte_reader.hpp"
#include "ripkit/limits.hpp"

namespace ripkit::tr_level {

// The four sections that follow the mesh pointers.
void read_anim_sections(ByteReader& r, Level& level, Budget& budget);
// The frame words that follow the mesh tree.
void read_frame_words(ByteReader& r, Level& level, Budget& budget);

// A moveable's level-wide anims [first, end): from its `animation` to the
// next first anim any moveable has, or to the last anim. Empty when
// `animation` is -1.
std::pair<uint32_t, uint32_t> anim_range(const Level& level, const Moveable& m);

// The keyframe of `meshes` rotations at word `word` of `frames`, whose word 0
// is at offset `frames_at`: bounding box, root offset, then per mesh a word
// whose top two bits say the packing - 0: this word and the next hold X, Y, Z
// in 10 bits each (1024 a turn); 1, 2, 3: X, Y or Z alone in the low 12 bits
// (4096 a turn). Throws when the words run past `stride` or the frames.
KeyFrame decode_keyframe(const std::vector<uint16_t>& frames, size_t word, size_t stride,
                         int meshes, uint64_t frames_at);

// How many keyframes an anim stores: one every `rate` frames over its range,
// and one more for the frames after the last multiple (GetFrames).
uint32_t keyframe_count(const Anim& a);

// The anim's commands from the command words (kinds 1..6 and their operands).
std::vector<AnimCommand> decode_commands(const Level& level, const Anim& a);

// Decodes every anim of every moveable that passed check_level into
// Moveable::anims; an anim that cannot be decoded keeps its error there.
void decode_moveable_anims(Level& level, Budget& budget);

}  // namespace ripkit::tr_level
