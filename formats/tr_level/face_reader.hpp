// A run of faces as meshes and rooms store them: corner indices (4 for quads,
// 3 for triangles), the texture word and, where the record has one, a further
// word (object effects, the TR5 room word).
#pragma once

#include <string>
#include <vector>

#include "level_types.hpp"
#include "ripkit/limits.hpp"

namespace ripkit::tr_level {

// Reads `count` faces; every corner must index one of `vertices` (the local
// count) and is stored plus `base` (TR5 layers). Throws Truncated when the run
// does not fit, BadIndex (at the face) for a corner past the vertices.
void read_faces(ByteReader& r, std::vector<Face>& out, uint32_t count, bool quad, bool extra_word,
                size_t vertices, uint16_t base, Budget& budget, const std::string& what);

}  // namespace ripkit::tr_level
