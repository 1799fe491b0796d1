// Animation_Z: shared keyframer arrays plus modifiers that slice them per bone,
// material, mesh and morph target.
#pragma once

#include <array>

#include "zouna/keyframes/keyframer.hpp"

namespace ripkit::zouna {

struct Slice {
    uint16_t start = 0;
    uint16_t count = 0;
};

// Node modifier pairs are stored in this order (translation, rot, bezier_rot,
// scale, message), unlike the keyframer streams (rot, bezier, scale, trans, msg).
enum NodeSlice { kSliceTranslation, kSliceRot, kSliceBezierRot, kSliceScale, kSliceMessage };

struct Modifier {
    uint32_t name = 0;  // crc32 (bone, material, mesh or morph name)
    uint16_t id = 0;    // stored index (the engine rebinds by name)
    uint16_t flags = 0;
    std::vector<Slice> slices;  // 5 for node and material modifiers, 1 for mesh/morph
};

// Node modifier flags: restore the bone's rest value when that channel has no keys.
inline constexpr uint16_t kResetTranslation = 1, kResetRotation = 2, kResetScale = 4;

struct Animation {
    float duration = 0.0f;
    float blending = 0.0f;
    uint16_t flags = 0;
    uint16_t node_flags = 0;
    Keyframer rot, bezier_rot, scale, translation, messages;
    // U translation, V translation, diffuse, emissive, rotation (Rat PC template names).
    std::array<Keyframer, 5> material;
    Keyframer mesh_hide, morph_weight;
    std::vector<Modifier> nodes, materials, meshes, morphs;
};

// Decodes a body; checks every modifier slice lies inside its keyframer and
// that its key times increase. Keys and modifiers are charged to `budget`.
Animation read_animation(ByteReader r, const Variants& v, Budget& budget);

inline constexpr const char* kMaterialTrackNames[5] = {"u_translation", "v_translation", "diffuse",
                                                       "emissive", "rotation"};

}  // namespace ripkit::zouna
