// Bytes -> Level: the TR4 container (header, three zlib texture chunks, the
// zlib geometry chunk) or the TR5 one (the same texture chunks, a Lara/weather
// header, the raw geometry block), then the geometry block walked section by
// section up to the object textures, every count bounds-checked and charged to
// the document's budget. Whole-file problems throw; a room, mesh or moveable
// that cannot be presented keeps its own error (level_checks.hpp).
#pragma once

#include "level_types.hpp"
#include "ripkit/limits.hpp"

namespace ripkit::tr_level {

// The where-frame of every error inside the TR4 geometry chunk, whose offsets
// are offsets in the inflated chunk.
inline constexpr const char* kTr4GeometryFrame = "geometry chunk (offsets in the inflated data)";

// Probe: "TR4\0" with page counts a real level can have and a 32-bit chunk
// header that fits the file, "TR4c" (read_level refuses it by name when
// encrypted) or the remasters' "TRX4"/"TRX5" (refused by name). 0 = not a
// level. `file_size`: the whole file's, when `data` is only its head (a
// retail level's first chunk runs to megabytes, far past any head).
int probe_level(ByteSpan data, uint64_t file_size);
inline int probe_level(ByteSpan data) { return probe_level(data, data.size()); }

Level read_level(ByteSpan file, Budget& budget);

}  // namespace ripkit::tr_level
