// One room record. The record's outer layout (sizes that say where the next
// room starts) must hold or the walk cannot go on, so its errors throw; what is
// inside the sized geometry data (vertices, faces) fails into Room::error.
#pragma once

#include "level_types.hpp"
#include "ripkit/limits.hpp"

namespace ripkit::tr_level {

// TR4: s32 x, z, yBottom, yTop; u32 word count + the data words (vertices,
// quads, triangles, sprites); portals, sectors, ambient, lights, statics, flags.
Room read_room_tr4(ByteReader& r, Budget& budget);

// TR5: "XELA", u32 size, then a 208-byte header whose offsets count from its
// end, lights, sectors, portals, statics, layers, faces and vertices.
Room read_room_tr5(ByteReader& r, Budget& budget);

}  // namespace ripkit::tr_level
