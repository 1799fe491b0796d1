#include "materials.hpp"

#include <string>

#include "level_checks.hpp"
#include "ripkit/image/png.hpp"

namespace ripkit::tr_level {

// ASSUMPTION(blending): alpha test as MASK 0.5, additive as BLEND (extras say which).
Blend blend_of(const ObjectTexture& t, bool additive_effect) {
    if (additive_effect || t.attribute == 2) return Blend::Additive;
    return t.attribute == 1 ? Blend::AlphaTest : Blend::Opaque;
}

glm::vec2 object_texture_uv(const ObjectTexture& t, int corner) {
    return {float(t.uv[size_t(2 * corner)] / 65536.0),
            float(t.uv[size_t(2 * corner + 1)] / 65536.0)};
}

Bytes page_rgba(const Bytes& page) {
    Bytes out(page.size());
    for (size_t i = 0; i + 3 < page.size(); i += 4) {
        out[i] = page[i + 2];
        out[i + 1] = page[i + 1];
        out[i + 2] = page[i];
        out[i + 3] = page[i + 3];
    }
    return out;
}

int MaterialTable::texture(uint16_t page) {
    auto it = textures_.find(page);
    if (it != textures_.end()) return it->second;
    Texture t;
    t.name = "page" + std::to_string(page);
    t.width = t.height = kPageSide;
    t.png = image::encode_png_rgba(kPageSide, kPageSide, page_rgba(level_.pages.at(page)));
    scene_.textures.push_back(std::move(t));
    return textures_[page] = int(scene_.textures.size() - 1);
}

int MaterialTable::material(uint16_t index, bool additive_effect, bool double_sided, bool unlit) {
    const ObjectTexture& t = level_.object_textures.at(index);
    const uint16_t page = texture_page(t);
    const Blend blend = blend_of(t, additive_effect);
    const auto key = std::make_tuple(page, blend, double_sided, unlit);
    auto it = materials_.find(key);
    if (it != materials_.end()) return it->second;
    static const char* const kBlendNames[] = {"opaque", "alpha", "additive"};
    Material m;
    m.name = "page" + std::to_string(page) + "_" + kBlendNames[int(blend)] +
             (double_sided ? "_2s" : "") + (unlit ? "_unlit" : "");
    m.texture = texture(page);
    m.wrap_s = m.wrap_t = Wrap::Clamp;
    m.double_sided = double_sided;
    m.unlit = unlit;
    m.extras = {{"page", page}, {"blend", kBlendNames[int(blend)]}};
    // glTF has no additive blending: BLEND, and the extras say which.
    if (blend == Blend::AlphaTest) m.alpha_mode = AlphaMode::Mask;
    if (blend == Blend::Additive) m.alpha_mode = AlphaMode::Blend;
    scene_.materials.push_back(std::move(m));
    return materials_[key] = int(scene_.materials.size() - 1);
}

}  // namespace ripkit::tr_level
