// Animation bank -> ripkit::Animation for one model (seed 17, 20, 21):
// tracks bind to hierarchy nodes by node type, each scalar drives one TRS
// component, components without a scalar keep the base pose. Curves leave as
// exactly as glTF can say them:
//  - translation/scale: STEP when every driven component is constant or held,
//    LINEAR when the pieces are at most linear, CUBICSPLINE with tangents that
//    reproduce each cubic piece otherwise; a jump between pieces becomes an
//    extra key kJumpEpsilon before the boundary;
//  - rotation: the Euler triple through rotation_matrix() as the base pose,
//    LINEAR (slerp) keys at every boundary and, where an angle moves, equal
//    steps between: at least kMinRotationRate a second, at most
//    kMaxTurnPerStep of turn, and as many as the bound of rotation_steps.hpp
//    needs for the slerp to stay within kRotationToleranceDeg of the
//    continuous engine rotation.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "anim_reader.hpp"
#include "hierarchy_reader.hpp"
#include "ripkit/format.hpp"
#include "ripkit/scene.hpp"
#include "ripkit/settings.hpp"

namespace ripkit::hey_you_pikachu {

constexpr double kJumpEpsilon = 1e-4;  // seconds; float32 key times still tell it apart
constexpr double kRotationToleranceDeg = 0.01;
constexpr double kMinRotationRate = 60.0;  // rotation keys per second, at least
constexpr double kMaxTurnPerStep = 0.25;   // radians between two rotation keys, at most
constexpr int kAnimFrameRate = 30;
// Hostile coefficients (a spin of 1e30 rad/s) must not ask for keys without end.
constexpr uint64_t kMaxRotationKeys = 1u << 18;

// A TRS component a scalar drives.
enum class AnimComponent { Tx, Ty, Tz, Rx, Ry, Rz, Sx, Sy, Sz };

// ASSUMPTION(anim_track6, anim_track3): which component each scalar of a vector
// drives (seed 18 does not say). Defaults: 6 scalars = rx, ry, rz, tx, ty, tz;
// 3 scalars = rx, ry, rz. --set anim_track6=... / anim_track3=... take comma
// lists of tx,ty,tz,rx,ry,rz,sx,sy,sz (no repeats).
struct AnimMapping {
    std::vector<AnimComponent> track6, track3;
    static AnimMapping from_settings(const Settings& settings);
    static AnimMapping from_options(const Options& options);  // throws Error(Usage)
    const std::vector<AnimComponent>& for_type(int32_t node_type) const;
    std::string describe(const std::vector<AnimComponent>& m) const;
};

// A bank applies to a model when one of its tracks has the hierarchy root's
// node type and 0 < type < 38 (seed 20).
bool bank_compatible(const AnimBank& bank, const Hierarchy& h);
std::vector<uint32_t> compatible_banks(const AnimTables& tables, const Hierarchy& h);

// The Euler rotation at `t` of a node driven by `track` (base components
// where no scalar drives them): what the engine feeds rotation_matrix().
glm::vec3 animated_euler(const AnimTrack& track, const AnimMapping& mapping,
                         const HierarchyNode& node, double t);

// What a bank's tracks bind to: a scene built by build_scene, whose joint for
// hierarchy node k is named node_names[k], and how its rotations are made.
struct BankTarget {
    const Hierarchy& hierarchy;
    const std::vector<std::string>& node_names;
    const Scene& scene;
    const GameTrig& trig;
    const EulerOrder& order;
    const AnimMapping& mapping;
};

// The animation "bank_<N>" on `target`. Each channel is charged to `budget`
// once built (one channel is bounded by kMaxRotationKeys and the pieces it
// follows).
Animation build_bank_animation(const AnimBank& bank, float quantum, const BankTarget& target,
                               Budget& budget);

}  // namespace ripkit::hey_you_pikachu
