// The level's bone lists, given as JSON (--skeleton FILE.json), and the engine's
// mesh-tree walk over them. Schema (docs/formats/tr_cutseq.md "--skeleton FILE.json"):
//   {"format": "ripkit-tr-skeleton",            optional; checked when present
//    "slots": {"<slot>": {"bones": [{"flags": f, "dx": x, "dy": y, "dz": z}, ...]}}}
// bones[j-1] places mesh j (j >= 1); flags bit 0 = pop, bit 1 = push.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <vector>

#include "ripkit/byte_reader.hpp"
#include "ripkit/limits.hpp"

namespace ripkit::tr_cutseq {

struct Bone {
    uint32_t flags = 0;
    std::array<int32_t, 3> offset{};
};

struct Skeleton {
    std::map<int, std::vector<Bone>> slots;
};

// Throws Error(BadValue) naming the JSON path of the first problem.
Skeleton parse_skeleton(ByteSpan json_text);

// Parent mesh of each mesh (parents[0] = -1) for `meshes` meshes: the engine's
// walk (pop restores the pushed parent, push saves the current one). Throws
// Error(BadValue) on a pop with an empty stack, DepthLimit past limits.max_depth.
std::vector<int> walk_bones(const std::vector<Bone>& bones, int meshes, const Limits& limits);

}  // namespace ripkit::tr_cutseq
