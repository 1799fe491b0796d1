// A small ROM for the animation tests, with record values chosen so the
// expected numbers can be worked out by hand (quantum 0.25 s: 4 ticks = 1 s).
//
// Model 0 (root type 1) in depth-first order: node0 type 1, node1 type 7
// (child of 0), node2 type 7 (child of 1), node3 type 3 (child of 0).
// Model 1: root type 40 (3-scalar type, never compatible), child type 1.
//
// Bank 5 (3 s), tracks in the order type 7, type 1, type 40:
//   type 7: rx cubic spin, ry linear tilt (kSpin*, kTilt*), rz 0, t = (0, 2, 0)
//   type 1: s0 = 1.5 (98304), s1 = -0.5 (-32768),
//           s2 linear {2t+1, 4 ticks} {-t+10, 2 ticks} hold{7t-3},
//           s3 cubic {t^3-2t^2+0.5t+3.25, 8 ticks} {base -1 + 128/256, 8 ticks},
//           s4 cubic {0.25t^2, 12 ticks} then a ticks-0 record never read,
//           s5 linear hold {9t+4}
//   type 40: 3 constants
// Bank 6 (1 s): type 1 all constants (STEP).
// Bank 7 (2 s): type 1 with linear translations only (LINEAR).
// Bank 9 (1 s): only a type-40 track (for model 1's root: not compatible).
#pragma once

#include "hey_you_pikachu/testkit/rom_builder.hpp"

namespace pktest {

constexpr float kSpinA = 4.0f, kSpinB = 2.0f, kSpinC = 25.0f;  // rx = 4t^3 + 2t^2 + 25t
constexpr float kTiltA = 1.0f, kTiltB = 0.3f;                  // ry = t + 0.3

inline ripkit::hey_you_pikachu::AnimScalarSpec k_const(int32_t raw) {
    ripkit::hey_you_pikachu::AnimScalarSpec s;
    s.constant = raw;
    return s;
}

inline ripkit::hey_you_pikachu::AnimScalarSpec k_stream(
    uint32_t kind, std::vector<ripkit::hey_you_pikachu::AnimPieceSpec> p) {
    ripkit::hey_you_pikachu::AnimScalarSpec s;
    s.kind = kind;
    s.pieces = std::move(p);
    return s;
}

inline ripkit::hey_you_pikachu::RomSpec anim_rom_spec() {
    using namespace ripkit::hey_you_pikachu;
    RomSpec spec;
    ModelSpec m;
    m.resource_id = 2;
    m.nodes = {{{1, 1, 1}, {0, 0, 0}, {0, 0, 0}, 1, -1, -1, false, false, false, true, 20},
               {{1, 1, 1}, {0.1f, 0.2f, 0.3f}, {0, 10, 0}, 7, 0, -1, false, false, false, true, 10},
               {{1, 1, 1}, {0, 0, 0}, {0, 5, 0}, 7, 1, -1, false, false, false, true, 8},
               {{2, 2, 2}, {0.4f, 0, 0}, {7, 0, 0}, 3, 0, -1, false, false, false, true, 8}};
    ModelSpec m1;
    m1.resource_id = 3;
    m1.nodes = {{{1, 1, 1}, {0, 0, 0}, {0, 0, 0}, 40, -1, -1, false, false, false, true, 20},
                {{1, 1, 1}, {0, 0, 0}, {0, 3, 0}, 1, 0, -1, false, false, false, true, 10}};
    spec.models = {m, m1};
    spec.filler_resources = {0, 1};
    spec.anims.present = true;
    spec.anims.quantum = 0.25f;
    AnimBankSpec b5;
    b5.index = 5;
    b5.duration = 3.0f;
    b5.tracks.push_back({7,
                         {k_stream(1, {{kSpinA, kSpinB, kSpinC, 0, 0, 12}}),
                          k_stream(2, {{kTiltA, kTiltB, 0, 0, 0, 12}}), k_const(0), k_const(0),
                          k_const(2 * 65536), k_const(0)}});
    b5.tracks.push_back(
        {1,
         {k_const(98304), k_const(-32768),
          k_stream(2, {{2, 1, 0, 0, 0, 4}, {-1, 10, 0, 0, 0, 2}, {7, -3, 0, 0, 0, 255}}),
          k_stream(1, {{1, -2, 0.5f, 3, 64, 8}, {0, 0, 0, -1, 128, 8}}),
          k_stream(1, {{0, 0.25f, 0, 0, 0, 12}, {0, 0, 0, 0, 0, 0}}),
          k_stream(2, {{9, 4, 0, 0, 0, 255}})}});
    b5.tracks.push_back({40, {k_const(65536), k_const(0), k_const(0)}});
    AnimBankSpec b6;
    b6.index = 6;
    b6.duration = 1.0f;
    b6.tracks.push_back(
        {1,
         {k_const(0), k_const(0), k_const(0), k_const(3 * 65536),
          k_stream(2, {{0, 1, 0, 0, 0, 2}, {0, 5, 0, 0, 0, 255}}), k_const(-65536)}});
    AnimBankSpec b7;
    b7.index = 7;
    b7.duration = 2.0f;
    b7.tracks.push_back({1,
                         {k_const(0), k_const(0), k_const(0),
                          k_stream(2, {{4, 0, 0, 0, 0, 4}, {-2, 4, 0, 0, 0, 4}}),
                          k_stream(2, {{1, 0, 0, 0, 0, 2}, {0, 7, 0, 0, 0, 6}}), k_const(0)}});
    AnimBankSpec b9;
    b9.index = 9;
    b9.duration = 1.0f;
    b9.tracks.push_back({40, {k_const(0), k_const(65536), k_const(0)}});
    spec.anims.banks = {b5, b6, b7, b9};
    return spec;
}

}  // namespace pktest
