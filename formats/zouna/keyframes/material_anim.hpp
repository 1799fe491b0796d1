// MaterialAnim_Z: texture scroll/scale/rotation, colours, alpha and bitmap
// switches of one material.
#pragma once

#include "zouna/keyframes/keyframer.hpp"

namespace ripkit::zouna {

struct MaterialAnim {
    Keyframer bitmap;             // Hdl: bitmap name crc32 per key
    Keyframer scroll, scale;      // Vec2fLinear
    Keyframer rotation, alpha;    // FloatLinearComp
    Keyframer diffuse, emission;  // Vec3fLinear
    // ASSUMPTION(material_color): the Vec4fLinear is a colour with alpha.
    Keyframer color;
    Keyframer flag0, flag1;  // Flag
    uint32_t base_material = 0;
    float duration = 0.0f;
    uint8_t flags = 0;
};

MaterialAnim read_material_anim(ByteReader r, const Variants& v, Budget& budget);

// Track order used by dump and scene: (name, keyframer).
std::vector<std::pair<const char*, const Keyframer*>> material_anim_tracks(const MaterialAnim& m);

}  // namespace ripkit::zouna
