#include "mesh_tree.hpp"

#include <cmath>

#include "level_checks.hpp"

namespace ripkit::tr_level {

Skeleton walk_tree(const std::vector<TreeNode>& nodes) {
    Skeleton s;
    s.parent.assign(nodes.size() + 1, -1);
    s.offset.assign(nodes.size() + 1, {0, 0, 0});
    std::vector<int> stack;
    int current = 0;
    for (size_t k = 0; k < nodes.size(); ++k) {
        const TreeNode& node = nodes[k];
        const int mesh = int(k) + 1;
        if (node.flags & 1) {
            if (stack.empty()) {
                s.warnings.push_back("mesh " + std::to_string(mesh) +
                                     ": pop on an empty stack (kept mesh " +
                                     std::to_string(current) + " as the parent)");
            } else {
                current = stack.back();
                stack.pop_back();
            }
        }
        if (node.flags & 2) stack.push_back(current);
        s.parent[size_t(mesh)] = current;
        s.offset[size_t(mesh)] = {node.dx, node.dy, node.dz};
        current = mesh;
    }
    return s;
}

std::vector<TreeNode> tree_nodes(const Level& level, const Moveable& m) {
    std::vector<TreeNode> nodes;
    for (int j = 1; j < m.mesh_count; ++j) {
        const size_t i = tree_node_index(m, j);
        nodes.push_back({level.mesh_tree[i], level.mesh_tree[i + 1], level.mesh_tree[i + 2],
                         level.mesh_tree[i + 3]});
    }
    return nodes;
}

namespace {
constexpr double kTurn = 2.0 * 3.14159265358979323846 / 65536.0;  // radians per 16-bit unit
}  // namespace

glm::dquat rotation_yxz_quat(int32_t x, int32_t y, int32_t z) {
    const auto about = [](int32_t angle, const glm::dvec3& axis) {
        return glm::angleAxis(angle * kTurn, axis);
    };
    return about(y, {0, 1, 0}) * about(x, {1, 0, 0}) * about(z, {0, 0, 1});
}

glm::dmat4 rotation_yxz(int32_t x, int32_t y, int32_t z) {
    auto axis = [&](int32_t angle, int a) {
        const double c = std::cos(angle * kTurn), s = std::sin(angle * kTurn);
        glm::dmat4 m(1.0);
        const int b = (a + 1) % 3, d = (a + 2) % 3;
        // glm is column-major: m[col][row]. Rotation about axis a turns b toward d.
        m[b][b] = c;
        m[d][b] = -s;
        m[b][d] = s;
        m[d][d] = c;
        return m;
    };
    return axis(y, 1) * axis(x, 0) * axis(z, 2);
}

std::vector<glm::dmat4> pose(const Skeleton& skeleton, const std::array<int32_t, 3>& root,
                             const std::vector<std::array<int32_t, 3>>& rotations) {
    const size_t n = skeleton.parent.size();
    std::vector<glm::dmat4> out(n, glm::dmat4(1.0));
    for (size_t j = 0; j < n; ++j) {
        const std::array<int32_t, 3>& o = j == 0 ? root : skeleton.offset[j];
        const glm::dmat4 base = j == 0 ? glm::dmat4(1.0) : out[size_t(skeleton.parent[j])];
        glm::dmat4 t(1.0);
        t[3] = glm::dvec4(o[0], o[1], o[2], 1.0);
        const glm::dmat4 r = j < rotations.size()
                                 ? rotation_yxz(rotations[j][0], rotations[j][1], rotations[j][2])
                                 : glm::dmat4(1.0);
        out[j] = base * t * r;
    }
    return out;
}

}  // namespace ripkit::tr_level
