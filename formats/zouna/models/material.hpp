// Material_Z: colours, flags and the Bitmap_Z names of a surface
// (zouna-meshes.md section 3; RatDecomp MaterialLoad_Z, bff, ImZouna).
#pragma once

#include <glm/glm.hpp>

#include "zouna/models/link.hpp"

namespace ripkit::zouna {

struct MaterialZ {
    BodyLayout layout = BodyLayout::Fuel;
    ResourceLink link;
    glm::vec4 diffuse{1.0f};  // RGB + opacity
    glm::vec3 emissive{0.0f};
    glm::vec3 specular{0.0f};  // Ratatouille, FUEL
    float specular_power = 0.0f;
    float alpha_ref = 0.0f;  // FUEL
    glm::vec2 translation{0.0f}, scale{1.0f};
    float rotation = 0.0f;
    uint32_t render_flags = 0;     // Ratatouille / FUEL render flags; WALL-E flags[0]
    uint32_t object_flags = 0;     // Ratatouille; WALL-E flags[1]
    uint32_t collision_flags = 0;  // Ratatouille; WALL-E flags[2]
    uint32_t texture_mask = 0;     // Ratatouille u8 mask / WALL-E texture flag / FUEL enabled bits
    std::vector<uint32_t> textures;  // Bitmap_Z names in the version's slot order
};

// Render flag bits (RatDecomp): the ones the scene uses.
inline constexpr uint32_t kRenderAlphaBlend = 0x20;
inline constexpr uint32_t kRenderAlphaTest = 0x40;
inline constexpr uint32_t kRenderInvisible = 0x80;
inline constexpr uint32_t kRenderClampU = 0x100;
inline constexpr uint32_t kRenderClampV = 0x200;
inline constexpr uint32_t kRenderAdditive = 0x1000;
inline constexpr uint32_t kRenderTwoSided = 0x20000;

MaterialZ read_material(ByteReader link, ByteReader body, BodyLayout layout, const Limits& limits);

// The diffuse Bitmap_Z name, 0 when the material has none: Ratatouille slot 0
// when mask bit 1 is set; WALL-E the first name; FUEL slot 0 when enabled bit
// 0 is set.
uint32_t material_diffuse(const MaterialZ& m);

}  // namespace ripkit::zouna
