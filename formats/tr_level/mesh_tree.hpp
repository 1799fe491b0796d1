// A moveable's mesh tree: which mesh each mesh hangs off and by how much, as
// the engine's walk finds them (DrawAnimatingItem, DrawCutSeqActors), and the
// pose that walk gives for per-mesh rotations.
#pragma once

#include <array>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <string>
#include <vector>

#include "level_types.hpp"

namespace ripkit::tr_level {

struct Skeleton {
    std::vector<int> parent;                     // parent mesh; -1 for mesh 0
    std::vector<std::array<int32_t, 3>> offset;  // from the parent's origin, TR units
    std::vector<std::string> warnings;           // pops on an empty stack
};

// The walk over nodes for meshes 1..n-1: bit 0 pops the last pushed mesh,
// bit 1 pushes the current one (after the pop), then the mesh hangs off the
// current one at (dx, dy, dz) and becomes current. `nodes` has n-1 entries.
// ASSUMPTION(empty_pop): a pop on an empty stack keeps the current mesh, as TRN2
// does; the engine's pop (phd_PopMatrix) has no guard and would leave the
// item's own matrix for the one under it (docs/formats/tr_level.md).
Skeleton walk_tree(const std::vector<TreeNode>& nodes);

// The moveable's nodes from the level's tree array (the moveable must have
// passed check_level).
std::vector<TreeNode> tree_nodes(const Level& level, const Moveable& m);

// R = Ry * Rx * Rz of 16-bit engine angles (65536 = one turn), standard
// right-handed matrices in TR's space (3dmath.cpp phd_RotYXZ).
glm::dmat4 rotation_yxz(int32_t x, int32_t y, int32_t z);
// The same rotation as a unit quaternion (TR space).
glm::dquat rotation_yxz_quat(int32_t x, int32_t y, int32_t z);

// Mesh matrices in model space (TR units and axes): M0 = T(root) * R(rot[0]),
// Mj = M(parent) * T(offset j) * R(rot[j]). `rotations` holds (x, y, z)
// engine angles per mesh, or nothing for the rest pose.
std::vector<glm::dmat4> pose(const Skeleton& skeleton, const std::array<int32_t, 3>& root,
                             const std::vector<std::array<int32_t, 3>>& rotations);

}  // namespace ripkit::tr_level
