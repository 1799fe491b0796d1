// MeshData_Z and Lod_Z bodies (bff `class/mesh_data/*`, `class/lod/*`).
#include "zouna/models/mesh_data.hpp"

namespace ripkit::zouna {

namespace {

std::vector<std::pair<uint32_t, uint32_t>> read_pairs(ByteReader& r, const Limits& limits,
                                                      const char* what) {
    const uint32_t n = array_count(r, 8, 8, limits, what);
    std::vector<std::pair<uint32_t, uint32_t>> out(n);
    for (auto& [id, name] : out) {
        id = r.u32(what);
        name = r.u32(what);
    }
    return out;
}

// Ratatouille: present when link flags bit 20 is set; WALL-E: u8 flag;
// FUEL: u32 flag.
std::vector<std::pair<uint32_t, uint32_t>> read_optional_pairs(ByteReader& r, BodyLayout l,
                                                               bool rat_present,
                                                               const Limits& limits,
                                                               const char* what) {
    bool present = rat_present;
    if (l == BodyLayout::WallE) present = r.u8(what) != 0;
    if (l == BodyLayout::Fuel) present = r.u32(what) != 0;
    if (!present) return {};
    return read_pairs(r, limits, what);
}

}  // namespace

MeshDataZ read_mesh_data(ByteReader link, ByteReader body, BodyLayout layout,
                         const Limits& limits) {
    MeshDataZ d;
    d.layout = layout;
    with_context("link header", [&] { d.link = read_resource_link(link, layout, limits); });
    ByteReader& r = body;
    if (layout == BodyLayout::Fuel) {
        d.flags = r.u32("object data flags");
        r.skip(16, "zeros");
    } else {
        d.value = r.f32("object data value");
        for (int c = 0; c < 4; ++c) d.color[c] = r.f32("object data colour");
    }
    if (layout == BodyLayout::Ratatouille)
        for (size_t size : {16, 16, 32, 16}) d.volume_records += skip_array(r, size, "mesh volume");
    expect_end(r, "MeshData_Z body");
    return d;
}

LodZ read_lod(ByteReader link, ByteReader body, BodyLayout layout, const Limits& limits) {
    LodZ d;
    d.layout = layout;
    with_context("link header", [&] {
        d.link = read_object_link(link, layout, limits);
        expect_end(link, "Lod_Z link header");
    });
    ByteReader& r = body;
    if (layout != BodyLayout::Fuel && r.u32("sphere collision node") != 0)
        r.skip(28, "sphere collision node");
    skip_array(r, 24, "collision spheres");
    skip_array(r, 72, "collision boxes");
    if (layout != BodyLayout::Fuel) {
        skip_array(r, 44, "collision cylinders");
        r.skip(12, "close distance");
    } else {
        r.skip(12, "fade distances");
    }
    d.components = read_names(r, limits, "LOD components");
    if (layout != BodyLayout::Fuel)
        d.shadow = r.u32("shadow name");
    else
        r.skip(4, "zero");
    if (layout == BodyLayout::Ratatouille)
        d.animations = read_pairs(r, limits, "animation table");
    else
        d.animations = read_optional_pairs(r, layout, false, limits, "animation table");
    d.sounds =
        read_optional_pairs(r, layout, (d.link.flags & 0x100000) != 0, limits, "sound table");
    d.user_define = r.u32("user define name");
    expect_end(r, "Lod_Z body");
    return d;
}

}  // namespace ripkit::zouna
