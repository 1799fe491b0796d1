#include "lara_body.hpp"

#include <cstdlib>
#include <vector>

#include "level_checks.hpp"
#include "slot_names.hpp"

namespace ripkit::tr_level {

namespace {

constexpr int kLaraMeshes = 15;

const Moveable* usable(const Level& level, int32_t slot) {
    for (const Moveable& m : level.moveables)
        if (m.slot == slot) return !m.error && m.mesh_count == kLaraMeshes ? &m : nullptr;
    return nullptr;
}

struct Placed {
    glm::vec3 position{0.0f};
    Influence influence;
};

// Where joint mesh j's vertices go and which bones move them.
std::vector<Placed> place_joint(const Level& level, const LaraSlots& slots, const RestPose& lara,
                                const RestPose& body_rest, const RestPose& joint_rest, int j,
                                const Conversion& conv) {
    const TrMesh& jm = moveable_mesh(level, *slots.joints, j);
    const std::array<int, 2> ab = lara_joint_pair(j);
    std::vector<Placed> out;
    for (const Vec3s& v : jm.vertices) {
        const std::array<int64_t, 3> p = {joint_rest.origin[size_t(j)][0] + v.x,
                                          joint_rest.origin[size_t(j)][1] + v.y,
                                          joint_rest.origin[size_t(j)][2] + v.z};
        Placed placed;
        bool bound = false;
        for (int m : ab) {
            const TrMesh& bm = moveable_mesh(level, *slots.skin, m);
            for (const Vec3s& b : bm.vertices) {
                const auto& o = body_rest.origin[size_t(m)];
                if (std::llabs(o[0] + b.x - p[0]) <= 1 && std::llabs(o[1] + b.y - p[1]) <= 1 &&
                    std::llabs(o[2] + b.z - p[2]) <= 1) {
                    placed.position = rest_point(conv, lara.origin[size_t(m)], b);
                    placed.influence.joints = {uint16_t(m), 0, 0, 0};
                    placed.influence.weights = {1.0f, 0.0f, 0.0f, 0.0f};
                    bound = true;
                    break;
                }
            }
            if (bound) break;
        }
        if (!bound) {
            placed.position = rest_point(conv, lara.origin[size_t(j)], v);
            placed.influence.joints = {uint16_t(ab[0]), uint16_t(ab[1]), 0, 0};
            placed.influence.weights = {0.5f, 0.5f, 0.0f, 0.0f};
        }
        out.push_back(placed);
    }
    return out;
}

}  // namespace

LaraSlots lara_slots(const Level& level) {
    LaraSlots s;
    s.lara = usable(level, kLaraSlot);
    s.skin = usable(level, kLaraSkinSlot);
    s.joints = usable(level, kLaraSkinJointsSlot);
    return s;
}

std::array<int, 2> lara_joint_pair(int j) {
    static const int pairs[kLaraMeshes][2] = {{0, 0},  {0, 1},  {1, 2},   {2, 3},   {0, 4},
                                              {4, 5},  {5, 6},  {7, 0},   {7, 8},   {8, 9},
                                              {9, 10}, {7, 11}, {11, 12}, {12, 13}, {14, 7}};
    return {pairs[j][0], pairs[j][1]};
}

void add_lara_meshes(const BodyTarget& t, const std::string& prefix, const LaraSlots& slots,
                     const RestPose& lara) {
    add_rigid_meshes(t, prefix, *slots.skin, lara);
    add_lara_joints(t, prefix, slots, lara);
}

void add_lara_joints(const BodyTarget& t, const std::string& prefix, const LaraSlots& slots,
                     const RestPose& lara) {
    const Level& level = t.level;
    if (!slots.skin || !slots.joints) return;
    const RestPose body_rest = rest_pose(level, *slots.skin);
    const RestPose joint_rest = rest_pose(level, *slots.joints);
    for (int j = 1; j < kLaraMeshes; ++j) {  // mesh 0 is unused (TRN2 drops it as bad data)
        const TrMesh& jm = moveable_mesh(level, *slots.joints, j);
        const std::vector<Placed> placed =
            place_joint(level, slots, lara, body_rest, joint_rest, j, t.conv);
        add_body_faces(t, prefix, jm, [&](uint16_t v) {
            return PlacedVertex{placed[v].position, placed[v].influence};
        });
    }
}

}  // namespace ripkit::tr_level
