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
// `animation` is -1. The engine stores no count (an object has its first
// anim, objects[slot].anim_index, and reaches the rest by links and code);
// TRLevelControl and Tomb Editor end a moveable's anims where the next
// moveable's begin, the same range wherever first anims rise in file order,
// as in every retail level.
std::pair<uint32_t, uint32_t> anim_range(const Level& level, const Moveable& m);

// Whether anim `index`'s frames are in the level: none when its frame size
// is 0 or its frame offset is where the next anim's frames start (the end of
// the frame words for the last anim). What lies between one anim's frame
// offset and the next's are its frames (TRLevelControl reads every retail
// level so, and writes each back byte for byte).
AnimFrames anim_frames(const Level& level, uint32_t index);

// The keyframe of `meshes` rotations at word `word` of `frames`, whose word 0
// is at offset `frames_at`, read as the engine reads it (gar_RotYXZsuperpack,
// with no bound but the words): bounding box, root offset, then per mesh a
// word whose top two bits say the packing - 0: this word and the next hold
// X, Y, Z in 10 bits each (1024 a turn); 1, 2, 3: X, Y or Z alone in the low
// 12 bits (4096 a turn). Throws when the words run past the frames.
KeyFrame decode_keyframe(const std::vector<uint16_t>& frames, size_t word, int meshes,
                         uint64_t frames_at);

// How many keyframes an anim stores: one every `rate` frames over its range,
// and one more for the frames after the last multiple (GetFrames).
uint32_t keyframe_count(const Anim& a);

// Decodes every anim of every moveable that passed check_level into
// Moveable::anims; an anim without frames keeps only its index and why, one
// that cannot be decoded keeps its error there.
void decode_moveable_anims(Level& level, Budget& budget);

}  // namespace ripkit::tr_level
