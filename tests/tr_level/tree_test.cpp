// The mesh-tree walk and the engine's rotations against values worked out by
// hand (standard right-handed matrices, R = Ry * Rx * Rz, 65536 = one turn).
#include <cmath>

#include "ripkit_catch.hpp"
#include "tr_level/mesh_tree.hpp"

using namespace ripkit::tr_level;

namespace {

glm::dvec3 apply(const glm::dmat4& m, glm::dvec3 p) { return glm::dvec3(m * glm::dvec4(p, 1.0)); }

void check(glm::dvec3 got, glm::dvec3 want) {
    CHECK(got.x == Approx(want.x).margin(1e-9));
    CHECK(got.y == Approx(want.y).margin(1e-9));
    CHECK(got.z == Approx(want.z).margin(1e-9));
}

}  // namespace

TEST_CASE("tr_level single-axis quarter turns") {
    // Ry(90): x -> -z, z -> x
    check(apply(rotation_yxz(0, 16384, 0), {1, 0, 0}), {0, 0, -1});
    check(apply(rotation_yxz(0, 16384, 0), {0, 0, 1}), {1, 0, 0});
    // Rx(90): y -> z, z -> -y
    check(apply(rotation_yxz(16384, 0, 0), {0, 1, 0}), {0, 0, 1});
    check(apply(rotation_yxz(16384, 0, 0), {0, 0, 1}), {0, -1, 0});
    // Rz(90): x -> y
    check(apply(rotation_yxz(0, 0, 16384), {1, 0, 0}), {0, 1, 0});
}

TEST_CASE("tr_level Ry * Rx * Rz order with 10-bit cutscene angles") {
    // 10-bit angles (x, y, z) = (256, 256, 256), each << 6 = 16384 (90 deg).
    // p = (1, 2, 3): Rz -> (-2, 1, 3); Rx -> (-2, -3, 1); Ry -> (1, -3, 2).
    check(apply(rotation_yxz(256 << 6, 256 << 6, 256 << 6), {1, 2, 3}), {1, -3, 2});
    // 5461 / 65536 of a turn (about 30 degrees) about Y: x -> (cos a, 0, -sin a)
    const double a = 5461 * 2 * 3.14159265358979323846 / 65536;
    check(apply(rotation_yxz(0, 5461, 0), {1, 0, 0}), {std::cos(a), 0, -std::sin(a)});
}

TEST_CASE("tr_level pose: a chain with push and pop, rotated, by hand") {
    // mesh 1 off 0 (push 0), mesh 2 off 1, mesh 3 pops back to 0.
    const std::vector<TreeNode> nodes = {{2, 0, -100, 0}, {0, 50, 0, 0}, {1, 0, 0, 200}};
    const Skeleton sk = walk_tree(nodes);
    CHECK(sk.parent == std::vector<int>{-1, 0, 1, 0});
    // root at (10, 20, 30) turned 90 deg about Y; mesh 1 turned 90 deg about X.
    const std::vector<std::array<int32_t, 3>> rot = {
        {0, 16384, 0}, {16384, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    const auto m = pose(sk, {10, 20, 30}, rot);
    // mesh 1 origin: root + Ry(90) (0, -100, 0) = (10, -80, 30)
    check(apply(m[1], {0, 0, 0}), {10, -80, 30});
    // mesh 2 origin: mesh1 + Ry(90) Rx(90) (50, 0, 0) = (10, -80, 30) + Ry(90) (50,0,0) =
    // (10,-80,-20)
    check(apply(m[2], {0, 0, 0}), {10, -80, -20});
    // mesh 3 pops to the root: (10, 20, 30) + Ry(90) (0, 0, 200) = (210, 20, 30)
    check(apply(m[3], {0, 0, 0}), {210, 20, 30});
    // a vertex (0, 0, 10) of mesh 2: Ry Rx (0,0,10) = Ry (0,-10,0) = (0,-10,0)
    check(apply(m[2], {0, 0, 10}), {10, -90, -20});
}

TEST_CASE("tr_level a pop on an empty stack keeps the parent and warns") {
    const Skeleton sk = walk_tree({{0, 0, 10, 0}, {1, 0, 10, 0}});
    CHECK(sk.parent == std::vector<int>{-1, 0, 1});
    REQUIRE(sk.warnings.size() == 1);
    CHECK(sk.warnings[0].find("mesh 2") != std::string::npos);
}
