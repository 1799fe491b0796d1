// Material_Z bodies: Ratatouille 161 bytes, FUEL 172 bytes, WALL-E 145 bytes
// + 8, 2 or 4 names (bff `class/material/*_pc.rs`).
#include "zouna/models/material.hpp"

namespace ripkit::zouna {

namespace {

glm::vec3 vec3(ByteReader& r, const char* what) {
    glm::vec3 v;
    for (int c = 0; c < 3; ++c) v[c] = r.f32(what);
    return v;
}
glm::vec2 vec2(ByteReader& r, const char* what) {
    glm::vec2 v;
    for (int c = 0; c < 2; ++c) v[c] = r.f32(what);
    return v;
}

void read_rat(ByteReader& r, MaterialZ& m) {
    r.skip(4, "0xCDCDCDCD");
    r.skip(48, "UV matrix");
    m.specular = vec3(r, "specular");
    m.specular_power = r.f32("specular power");
    r.skip(16, "water parameters");
    m.rotation = r.f32("rotation");
    m.translation = vec2(r, "translation");
    m.scale = vec2(r, "scale");
    m.collision_flags = r.u32("collision flags");
    m.render_flags = r.u32("render flags");
    m.object_flags = r.u32("object flags");
    m.texture_mask = r.u8("texture mask");
    m.textures = read_name_list(r, 4, "bitmap names");
}

void read_walle(ByteReader& r, MaterialZ& m) {
    r.skip(4, "u32");
    r.skip(36, "UV matrix");
    r.skip(32, "8 x f32");
    r.skip(12, "3 x u32");
    m.translation = vec2(r, "translation");
    m.scale = vec2(r, "scale");
    m.rotation = r.f32("rotation");
    m.render_flags = r.u32("flags");
    m.object_flags = r.u32("flags");
    m.collision_flags = r.u32("flags");
    m.texture_mask = r.u8("texture flag");
    const size_t n = m.texture_mask == 1 ? 8 : m.texture_mask == 3 ? 2 : 4;
    m.textures = read_name_list(r, n, "bitmap names");
}

void read_fuel(ByteReader& r, MaterialZ& m) {
    r.skip(4, "i32");
    r.skip(16, "UV matrix pieces");
    r.skip(8, "UV matrix bottom right");
    m.texture_mask = r.u32("enabled bitmaps");
    m.render_flags = r.u32("render flags");
    r.skip(8, "UV matrix offset");
    r.skip(4, "UV matrix scale");
    m.rotation = r.f32("rotation");
    m.specular = vec3(r, "specular");
    m.alpha_ref = r.f32("alpha reference");
    r.skip(16, "environment, specular, bump factors, param4");
    m.translation = vec2(r, "translation");
    m.scale = vec2(r, "scale");
    r.skip(8, "bitmap parameters");
    m.textures = read_name_list(r, 9, "bitmap names");
}

}  // namespace

MaterialZ read_material(ByteReader link, ByteReader body, BodyLayout layout, const Limits& limits) {
    MaterialZ m;
    m.layout = layout;
    with_context("link header", [&] { m.link = read_resource_link(link, layout, limits); });
    ByteReader& r = body;
    for (int c = 0; c < 4; ++c) m.diffuse[c] = r.f32("diffuse colour");
    m.emissive = vec3(r, "emissive colour");
    if (layout == BodyLayout::Ratatouille)
        read_rat(r, m);
    else if (layout == BodyLayout::WallE)
        read_walle(r, m);
    else
        read_fuel(r, m);
    expect_end(r, "Material_Z body");
    return m;
}

uint32_t material_diffuse(const MaterialZ& m) {
    if (m.textures.empty()) return 0;
    if (m.layout == BodyLayout::WallE) return m.textures[0];
    return (m.texture_mask & 1) ? m.textures[0] : 0;
}

}  // namespace ripkit::zouna
