// The model hierarchy (seed sections 5-7): 0x38-byte nodes with big-endian
// float scale/rotation/translation, sibling/child pointers, a display list and
// the node type the animation system also uses. Walked depth-first (child,
// then sibling); the walk order is the matrix-palette slot order.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <glm/glm.hpp>
#include <optional>
#include <string>
#include <vector>

#include "pointers.hpp"
#include "ripkit/byte_reader.hpp"
#include "ripkit/limits.hpp"

namespace ripkit::hey_you_pikachu {

constexpr int32_t kTranslationOnlyType = 100;  // seed 5: no rotation, unit scale

struct HierarchyNode {
    uint32_t offset = 0;  // in the resource
    glm::vec3 scale{1.0f}, rotation{0.0f}, translation{0.0f};
    uint32_t unknown24 = 0, sibling = 0, child = 0, display_list = 0;
    int32_t type = 0;
    int parent = -1;  // index in Hierarchy::nodes
    int depth = 0;
    std::optional<uint32_t> dl_offset;  // display list resolved in the resource
};

struct Hierarchy {
    std::vector<HierarchyNode> nodes;  // depth-first order = palette slots
};

// Parses and validates the tree at `root` (a resource offset). Throws
// ripkit::Error naming the node offset when a node is outside the resource, a
// pointer does not resolve, a float is not finite or absurd, or a node is
// reached twice (a cycle).
Hierarchy parse_hierarchy(ByteSpan resource, uint32_t root, const PointerRule& rule,
                          const Limits& limits);

// The game's sine route: angle (radians) * angle constant -> 16-bit binary
// angle -> quarter-wave table lookup (libultra sins layout).
class GameTrig {
  public:
    // Host trig when `table` is empty (the --set rotation=host fallback).
    GameTrig(std::vector<int16_t> table, float angle_constant);
    // Sine and cosine of one angle (one table entry and its quarter turn).
    void sin_cos(float radians, double& s, double& c) const;
    // The same for the entry table_angle() found (0..4095, with the table).
    void entry_sin_cos(uint32_t entry, double& s, double& c) const {
        s = wave_[entry];
        c = wave_[(entry + 0x400) & 0xFFF];
    }
    // The table entry (0..4095) the angle looks up, -1 with host trig: two
    // angles with the same entry have the same sine and cosine.
    int32_t table_angle(float radians) const;
    bool uses_table() const { return !table_.empty(); }
    float angle_constant() const { return constant_; }

  private:
    double sins(uint16_t a) const;
    // The table entry's index: the top 12 bits of the binary angle.
    uint32_t wave_index(float radians) const;
    std::vector<int16_t> table_;
    float constant_;
    std::array<double, 4096> wave_{};  // sins() of every 12-bit angle
};

// Inline: rotation keys look up three angles a key.
inline uint32_t GameTrig::wave_index(float radians) const {
    const double units = double(radians) * double(constant_);
    // The 16-bit binary angle: llround(fmod(units, 65536)) mod 65536. fmod
    // subtracts a multiple of 65536 exactly and keeps the sign, so below 2^52
    // llround(units) has the same low 16 bits; and there the truncation and
    // the fraction left are exact, so llround's half-away-from-zero is two
    // compares (no libm call a lookup).
    int64_t r;
    if (std::fabs(units) < 0x1p52) {
        r = int64_t(units);
        const double f = units - double(r);
        if (f >= 0.5)
            ++r;
        else if (f <= -0.5)
            --r;
    } else {
        r = std::llround(std::fmod(units, 65536.0));
    }
    return uint32_t(uint64_t(r) & 0xFFFF) >> 4;
}

inline int32_t GameTrig::table_angle(float radians) const {
    return table_.empty() ? -1 : int32_t(wave_index(radians));
}

// ASSUMPTION(euler_order): rotations are applied X, then Y, then Z (R = Rz * Ry * Rx) unless
// --set euler_order names another order of application ("xyz" default).
struct EulerOrder {
    std::string axes = "xyz";
    static EulerOrder parse(const std::string& s);  // a permutation of "xyz"
    // The axes as 0 (x), 1 (y), 2 (z), first applied first.
    std::array<int, 3> indices() const { return {axes[0] - 'x', axes[1] - 'x', axes[2] - 'x'}; }
};

// The rotation by the angles whose sines and cosines (float, as the game
// multiplies them) are s[i], c[i] about axis i (0 x, 1 y, 2 z), applied in
// `order` (EulerOrder::indices). Rotation keys call it once a key, with the
// order resolved once a channel.
glm::mat3 axis_rotations(const std::array<int, 3>& order, const std::array<float, 3>& s,
                         const std::array<float, 3>& c);
glm::mat3 rotation_matrix(const glm::vec3& euler, const GameTrig& trig, const EulerOrder& order);
// T * R * S; type 100 nodes are T alone.
glm::mat4 local_matrix(const HierarchyNode& n, const GameTrig& trig, const EulerOrder& order);
// World (accumulated) matrix of every node: the matrix palette.
std::vector<glm::mat4> palette_matrices(const Hierarchy& h, const GameTrig& trig,
                                        const EulerOrder& order);

}  // namespace ripkit::hey_you_pikachu
