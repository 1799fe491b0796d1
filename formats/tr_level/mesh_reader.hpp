// One mesh record of the pool, read at its pointer (pointers repeat and the
// records are padded, so the pool is never parsed in sequence).
#pragma once

#include "level_types.hpp"
#include "ripkit/limits.hpp"

namespace ripkit::tr_level {

// s16 centre[3], radius, flags; s16 nV + vertices; s16 nN + normals (nN > 0)
// or lights (nN < 0); s16 nQ + 12-byte quads; s16 nT + 10-byte triangles.
// Throws BadIndex for a pointer past the pool or a corner past the vertices.
TrMesh read_mesh(const ByteReader& pool, uint32_t pointer, Budget& budget);

}  // namespace ripkit::tr_level
