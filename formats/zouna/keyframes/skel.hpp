// Skel_Z: the bone hierarchy with its rest pose.
#pragma once

#include <array>
#include <glm/glm.hpp>

#include "ripkit/byte_reader.hpp"
#include "ripkit/limits.hpp"
#include "zouna/variants.hpp"

namespace ripkit::zouna {

inline constexpr size_t kBoneSize = 248;

struct Bone {
    uint32_t user_define = 0;
    glm::vec4 rotation{0, 0, 0, 1};  // as stored (x, y, z, w)
    glm::vec3 scale{1.0f};
    uint32_t flags = 0;
    glm::vec3 translation{0.0f};
    // The Mat4f at 164 as stored, 16 floats read into glm's column order
    // (ASSUMPTION(skel_transform): a D3D row-vector matrix, translation in floats 12..14);
    // the Rat template calls it the original model transform.
    glm::mat4 transform{1.0f};
    std::array<int32_t, 4> indices{-1, -1, -1, -1};
    uint32_t name = 0;  // crc32
    int parent = -1;    // resolved per Variants::parent_index
};

struct Skel {
    uint32_t flags = 0;
    std::vector<Bone> bones;
};

// Bytes before the bone count: WALL-E and FUEL 20 (flags + bounding sphere),
// Rat PC 36 (and a quaternion).
size_t skel_header_size(SkelLayout l);

// Decodes the bones (what follows them - names, groups, collision shapes - is
// not needed for the armature and is left unread). Parents must come before
// their children or be -1; cycles, out-of-range indices and a rest pose that
// is not finite are errors. The bones are charged to `budget` when given.
Skel read_skel(ByteReader r, const Variants& v, Budget& budget);

// The rest rotation the engine uses for the bone (applies rest_rotation).
glm::vec4 rest_rotation(const Bone& b, const Variants& v);

}  // namespace ripkit::zouna
