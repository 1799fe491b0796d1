// Synthetic levels with recognisable content for tests, samples and fuzz
// seeds: three texture pages whose texels say where they are, a Lara-like
// 15-mesh moveable (slot 0) with LARA_SKIN (8) and LARA_SKIN_JOINTS (9), a
// second 15-mesh actor (slot 101, the second actor of the bundled cutscenes),
// two rooms, and nonzero counts in every walked section.
#pragma once

#include <array>
#include <vector>

#include "level_writer.hpp"

namespace ripkit::tr_level::testkit {

inline constexpr int32_t kDemoActorSlot = 101;

// RGBA of texel (x, y) of demo page p: R = x & ~7, G = y & ~7 (8x8 blocks say
// where they are and compress well), B = 40 + 60 p, A = 255, except page 2,
// where x < 16 and y < 16 is a hole (A = 0).
std::array<uint8_t, 4> demo_texel(int page, int x, int y);

// The tree of a standard 15-mesh Lara: hips; left leg (push from the hips);
// right leg (pop+push); torso (pop); right arm (push from the torso); left
// arm (pop+push); head (pop). Offsets in TR units (Y down).
std::vector<TreeNode> lara_tree();

// The second actor's tree: a spine with two branches, also needing push and pop.
std::vector<TreeNode> actor_tree();

LevelSpec demo_level(Version version);

// A small level (a few kB): one flat page, one two-mesh moveable, one room.
LevelSpec minimal_level(Version version);

}  // namespace ripkit::tr_level::testkit
