// Texture pages and materials as a scene uses them: one PNG per page a face
// draws from, one material per (page, blend mode, sidedness, lighting),
// page-relative UVs from the object textures.
#pragma once

#include <glm/glm.hpp>
#include <map>
#include <tuple>

#include "level_types.hpp"
#include "ripkit/scene.hpp"

namespace ripkit::tr_level {

enum class Blend { Opaque, AlphaTest, Additive };

// The engine's draw type: attribute 2 or a face's effects bit 0 is additive,
// attribute 1 alpha-tested blending, anything else opaque (A = 0 still drawn).
Blend blend_of(const ObjectTexture& t, bool additive_effect);

// Corner `corner` (0..3) of an object texture as a page UV (v down, as glTF).
// ASSUMPTION(uv_inset): raw 8.8 pixel / 256 / 256 (= raw / 65536), without the engine's
// half-texel inset (AdjustUV), so UVs land on the pixels the texture names.
glm::vec2 object_texture_uv(const ObjectTexture& t, int corner);

// The page as RGBA8 rows, top row first (stored as bytes B, G, R, A).
Bytes page_rgba(const Bytes& page);

class MaterialTable {
  public:
    MaterialTable(const Level& level, Scene& scene) : level_(level), scene_(scene) {}

    // The material for a face drawing object texture `index` (checked by
    // check_level), created with its page's texture on first use.
    int material(uint16_t index, bool additive_effect, bool double_sided, bool unlit);

  private:
    int texture(uint16_t page);

    const Level& level_;
    Scene& scene_;
    std::map<uint16_t, int> textures_;
    std::map<std::tuple<uint16_t, Blend, bool, bool>, int> materials_;
};

}  // namespace ripkit::tr_level
