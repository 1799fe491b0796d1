#include "body_writer.hpp"

namespace ripkit::zouna {

namespace {

void names(ByteWriter& w, const std::vector<uint32_t>& list) {
    w.u32(static_cast<uint32_t>(list.size()));
    for (uint32_t n : list) w.u32(n);
}
void vec(ByteWriter& w, const float* v, int n) {
    for (int i = 0; i < n; ++i) w.f32(v[i]);
}
void empties(ByteWriter& w, int n) {
    for (int i = 0; i < n; ++i) w.u32(0);
}

void object_link(ByteWriter& w, const ObjectLink& k, BodyLayout l) {
    w.u32(k.link_name);
    if (l != BodyLayout::Fuel) names(w, k.dependencies);
    w.u32(k.data_name);
    vec(w, &k.sphere[0], 4);
    vec(w, k.box.data(), 16);
    w.f32(k.fade_out);
    w.u32(k.flags);
    w.u16(k.type);
}

void resource_link(ByteWriter& w, const ResourceLink& k, BodyLayout l) {
    w.u32(k.link_name);
    if (l != BodyLayout::Fuel) names(w, k.dependencies);
}

void vertex(ByteWriter& w, const Vertex& v, uint32_t stride, bool volume48) {
    vec(w, &v.position[0], 3);
    if (stride == 12) return;
    if (stride == 24) {
        w.f32(v.unknown24);
        vec(w, &v.uv[0], 2);
        return;
    }
    if (stride == 48 && volume48) {
        for (const glm::vec3& x : v.volume) vec(w, &x[0], 3);
        return;
    }
    for (uint8_t b : v.tangent) w.u8(b);
    for (uint8_t b : v.normal) w.u8(b);
    vec(w, &v.uv[0], 2);
    if (stride == 36) {
        vec(w, &v.uv2[0], 2);
    } else if (stride == 48) {
        w.f32(v.blend_index[0]);
        for (int32_t p : v.pad48) w.s32(p);
        w.f32(v.blend_weight[0]);
    } else {
        vec(w, v.blend_index.data(), 4);
        vec(w, v.blend_weight.data(), 4);
    }
}

void buffers(ByteWriter& w, const MeshZ& m, bool volume48) {
    const bool rat = m.layout == BodyLayout::Ratatouille;
    w.u32(static_cast<uint32_t>(m.vertex_buffers.size()));
    for (const VertexBuffer& b : m.vertex_buffers) {
        if (rat) {
            w.u16(static_cast<uint16_t>(b.vertices.size()));
            w.u16(static_cast<uint16_t>(b.stride));
        } else {
            w.u32(static_cast<uint32_t>(b.vertices.size()));
            w.u32(b.stride);
            w.u32(b.flags);
        }
        for (const Vertex& v : b.vertices) vertex(w, v, b.stride, volume48);
    }
    w.u32(static_cast<uint32_t>(m.index_buffers.size()));
    for (const IndexBuffer& b : m.index_buffers) {
        if (rat) {
            w.u16(static_cast<uint16_t>(b.indices.size()));
        } else {
            w.u32(static_cast<uint32_t>(b.indices.size()));
            w.u32(b.flags);
        }
        for (uint16_t i : b.indices) w.u16(i);
    }
}

void group(ByteWriter& w, const DrawGroup& g, BodyLayout l) {
    if (l == BodyLayout::Ratatouille) {
        w.zeros(12);
        w.u16(g.prim_type);
        w.u16(g.shader);
        w.u16(0);
        w.u16(static_cast<uint16_t>(g.first_vertex));
        w.u16(static_cast<uint16_t>(g.vertex_count));
        w.u16(static_cast<uint16_t>(g.first_index));
        w.u32(g.faces);
        w.u16(static_cast<uint16_t>(g.range_begin));
        w.u16(g.stride);
        w.u32(0);
    } else if (l == BodyLayout::WallE) {
        w.zeros(12);
        w.u32(g.flags);
        w.u16(static_cast<uint16_t>(g.first_vertex));
        w.u16(0);
        w.u32(g.vertex_count);
        w.u32(g.first_index);
        w.u32(g.faces);
        w.u32(0);
        w.u32(g.range_begin);
        w.u16(g.stride);
        w.u16(0);
    } else {
        w.u32(g.vertex_buffer);
        w.u32(g.index_buffer);
        w.zeros(8);
        w.u32(g.flags);
        w.u16(static_cast<uint16_t>(g.first_vertex));
        w.u16(static_cast<uint16_t>(g.last_vertex));
        w.u32(g.vertex_count);
        w.u32(g.first_index);
        w.u32(g.faces);
        w.u32(0);
        w.u32(g.range_begin);
        w.u16(g.stride);
        w.s16(g.material);
        w.u32(0);
    }
}

void groups(ByteWriter& w, const MeshZ& m) {
    w.u32(static_cast<uint32_t>(m.groups.size()));
    for (const DrawGroup& g : m.groups) group(w, g, m.layout);
}

Bytes mesh_body(const MeshZ& m, bool volume48) {
    ByteWriter w;
    switch (m.layout) {
        case BodyLayout::Ratatouille:
            empties(w, 4);  // positions, TB records, morpher records, morph targets
            empties(w, 4);  // uvs, normals, strips, strip extensions (no flag block)
            names(w, m.materials);
            w.zeros(24);
            empties(w, 5);  // spheres, boxes, cylinders, collision faces, AABB nodes
            empties(w, 1);  // collision vertices
            w.u32(0);
            empties(w, 1);
            buffers(w, m, volume48);
            groups(w, m);
            break;
        case BodyLayout::WallE:
            empties(w, 7);  // 3 point arrays, uvs, normals, strips, strip extensions
            names(w, m.materials);
            w.zeros(24);
            empties(w, 7);  // spheres, boxes, cylinders, faces, AABB, vertices, 8 x u32
            buffers(w, m, volume48);
            groups(w, m);
            empties(w, 4);  // buffer records, morpher records, morph targets, trailing
            break;
        case BodyLayout::Fuel:
            empties(w, 6);  // strip vertices, unused, uvs, normals, strips, extensions
            names(w, m.materials);
            empties(w, 3);  // AABB nodes, collision faces, 8 x u32
            buffers(w, m, volume48);
            empties(w, 1);  // quads
            groups(w, m);
            empties(w, 5);  // morph triggers, map, displacement indices, targets, vertices
            break;
    }
    return std::move(w.bytes());
}

void rat_sections(ByteWriter& w, const SkinZ& s) {
    w.u32(static_cast<uint32_t>(s.sections.size()));
    for (const SkinSection& sec : s.sections) {
        w.u32(static_cast<uint32_t>(sec.subsections.size()));
        for (const SkinSubsection& sub : sec.subsections) {
            w.u32(sub.material);
            for (size_t i = 0; i < kRatPaletteSize; ++i)
                w.u32(i < sub.palette.size() ? sub.palette[i] : kPaletteSentinel);
            w.zeros(8);
            w.u32(0);
        }
    }
}

void blend_list(ByteWriter& w, const std::vector<BlendEntry>& list) {
    w.u32(static_cast<uint32_t>(list.size()));
    for (const BlendEntry& e : list) {
        w.u32(e.vertex);
        w.f32(e.weight);
    }
}

}  // namespace

ObjectParts write_mesh(const MeshZ& m, bool volume48) {
    ByteWriter link;
    object_link(link, m.link, m.layout);
    if (m.layout == BodyLayout::Fuel) {
        names(link, m.fuel_link.names);
        vec(link, m.fuel_link.fade.data(), 3);
        empties(link, 2);
    }
    return {std::move(link.bytes()), mesh_body(m, volume48)};
}

ObjectParts write_skin(const SkinZ& s) {
    ByteWriter link, w;
    object_link(link, s.link, s.layout);
    names(w, s.meshes);
    if (s.layout == BodyLayout::Fuel) {
        w.zeros(16);
        w.f32(s.one_and_a_half);
        w.u32(s.palette_size);
        w.u32(static_cast<uint32_t>(s.sections.size()));
        for (const SkinSection& sec : s.sections) {
            w.u32(static_cast<uint32_t>(sec.subsections.size()));
            for (const SkinSubsection& sub : sec.subsections) {
                for (uint32_t a : sub.animation_nodes) w.u32(a);
                for (size_t i = 0; i < s.palette_size; ++i)
                    w.u32(i < sub.palette.size() ? sub.palette[i] : kPaletteSentinel);
            }
        }
    } else {
        w.u32(0);
        w.u32(static_cast<uint32_t>(s.bones.size()));
        for (const SkinBone& b : s.bones) {
            w.u32(b.name);
            w.u32(static_cast<uint32_t>(b.blends.size()));
            for (const BoneBlend& bl : b.blends) {
                w.u16(bl.mesh);
                blend_list(w, bl.vertices);
                blend_list(w, bl.normals);
            }
        }
        w.u8(s.class_ids ? 1 : 0);
        if (s.class_ids) empties(w, 2);
        w.u32(s.matrix_cache);
        rat_sections(w, s);
    }
    return {std::move(link.bytes()), std::move(w.bytes())};
}

ObjectParts write_material(const MaterialZ& m) {
    ByteWriter link, w;
    resource_link(link, m.link, m.layout);
    vec(w, &m.diffuse[0], 4);
    vec(w, &m.emissive[0], 3);
    auto textures = [&](size_t n) {
        for (size_t i = 0; i < n; ++i) w.u32(i < m.textures.size() ? m.textures[i] : 0);
    };
    if (m.layout == BodyLayout::Ratatouille) {
        w.u32(0xCDCDCDCD);
        w.zeros(48);
        vec(w, &m.specular[0], 3);
        w.f32(m.specular_power);
        w.zeros(16);
        w.f32(m.rotation);
        vec(w, &m.translation[0], 2);
        vec(w, &m.scale[0], 2);
        w.u32(m.collision_flags);
        w.u32(m.render_flags);
        w.u32(m.object_flags);
        w.u8(static_cast<uint8_t>(m.texture_mask));
        textures(4);
    } else if (m.layout == BodyLayout::WallE) {
        w.u32(0xCDCDCDCD);
        w.zeros(36 + 32 + 12);
        vec(w, &m.translation[0], 2);
        vec(w, &m.scale[0], 2);
        w.f32(m.rotation);
        w.u32(m.render_flags);
        w.u32(m.object_flags);
        w.u32(m.collision_flags);
        w.u8(static_cast<uint8_t>(m.texture_mask));
        textures(m.texture_mask == 1 ? 8 : m.texture_mask == 3 ? 2 : 4);
    } else {
        w.zeros(4 + 16 + 8);
        w.u32(m.texture_mask);
        w.u32(m.render_flags);
        w.zeros(12);
        w.f32(m.rotation);
        vec(w, &m.specular[0], 3);
        w.f32(m.alpha_ref);
        w.zeros(16);
        vec(w, &m.translation[0], 2);
        vec(w, &m.scale[0], 2);
        w.zeros(8);
        textures(9);
    }
    return {std::move(link.bytes()), std::move(w.bytes())};
}

ObjectParts write_mesh_data(const MeshDataZ& d) {
    ByteWriter link, w;
    resource_link(link, d.link, d.layout);
    if (d.layout == BodyLayout::Fuel) {
        w.u32(d.flags);
        w.zeros(16);
    } else {
        w.f32(d.value);
        vec(w, &d.color[0], 4);
    }
    if (d.layout == BodyLayout::Ratatouille) empties(w, 4);
    return {std::move(link.bytes()), std::move(w.bytes())};
}

ObjectParts write_lod(const LodZ& d) {
    ByteWriter link, w;
    object_link(link, d.link, d.layout);
    const bool fuel = d.layout == BodyLayout::Fuel;
    if (!fuel) w.u32(0);  // no sphere collision node
    empties(w, fuel ? 2 : 3);
    w.zeros(12);
    names(w, d.components);
    w.u32(fuel ? 0 : d.shadow);
    auto pairs = [&](const std::vector<std::pair<uint32_t, uint32_t>>& list, bool flagged) {
        if (flagged && d.layout == BodyLayout::WallE) w.u8(list.empty() ? 0 : 1);
        if (flagged && fuel) w.u32(list.empty() ? 0 : 1);
        if (flagged && list.empty()) return;
        w.u32(static_cast<uint32_t>(list.size()));
        for (const auto& [id, name] : list) w.u32(id), w.u32(name);
    };
    pairs(d.animations, d.layout != BodyLayout::Ratatouille);
    if (d.layout == BodyLayout::Ratatouille) {
        if (d.link.flags & 0x100000) pairs(d.sounds, false);
    } else {
        pairs(d.sounds, true);
    }
    w.u32(d.user_define);
    return {std::move(link.bytes()), std::move(w.bytes())};
}

Bytes write_dds_file(const image::PixelFormat& f, uint32_t w, uint32_t h, uint32_t levels,
                     ByteSpan surfaces) {
    ByteWriter d;
    d.raw(std::string_view("DDS "));
    d.u32(124);
    const bool dxt = f.kind != image::PixelFormat::Kind::Masked;
    d.u32(0x1007 | (levels > 1 ? 0x20000 : 0) | (dxt ? 0x80000 : 0x8));
    d.u32(h);
    d.u32(w);
    d.u32(static_cast<uint32_t>(dxt ? image::surface_size(f, w, h) : w * (f.bits / 8)));
    d.u32(0);
    d.u32(levels);
    d.zeros(44);
    d.u32(32);
    if (dxt) {
        d.u32(0x4);
        const char* cc = f.kind == image::PixelFormat::Kind::Dxt1   ? "DXT1"
                         : f.kind == image::PixelFormat::Kind::Dxt3 ? "DXT3"
                                                                    : "DXT5";
        d.raw(std::string_view(cc, 4));
        d.zeros(20);
    } else {
        d.u32((f.a_mask ? 0x1 : 0) | (f.luminance ? 0x20000 : 0x40));
        d.u32(0);
        d.u32(f.bits);
        d.u32(f.r_mask);
        d.u32(f.luminance ? 0 : f.g_mask);
        d.u32(f.luminance ? 0 : f.b_mask);
        d.u32(f.a_mask);
    }
    d.u32(0x1000 | (levels > 1 ? 0x400008 : 0));
    d.zeros(16);
    d.raw(surfaces);
    return std::move(d.bytes());
}

ObjectParts write_bitmap(const BitmapZ& b, ByteSpan surfaces) {
    ByteWriter link, w;
    if (b.layout == BodyLayout::Fuel) {
        link.u32(b.link.link_name);
        link.u16(b.bitmap_class);
        link.u32(b.width);
        link.u32(b.height);
        link.u32(b.format_copy == 7 ? 0 : static_cast<uint32_t>(surfaces.size()));
        link.u8(b.fuel_flags);
        link.u8(b.bitmap_type);
        link.u16(0);
        link.f32(b.layer);
        link.u8(b.format);
        link.u8(b.mips);
        link.u8(4);
        link.u8(b.bitmap_class2);
        link.u8(b.format_copy);
        link.u8(b.transparency);
        w.raw(surfaces);
        return {std::move(link.bytes()), std::move(w.bytes())};
    }
    resource_link(link, b.link, b.layout);
    const Bytes dds =
        b.dds_file ? write_dds_file(b.pixel, b.width, b.height, b.levels, surfaces) : Bytes();
    w.u32(b.width);
    w.u32(b.height);
    w.u32(static_cast<uint32_t>(dds.size()));
    if (b.layout == BodyLayout::Ratatouille) {
        w.u8(b.format);
        w.u8(b.format_copy);
        w.u8(b.palette_format);
        w.u8(b.transparency);
        w.u8(b.mips);
        w.u8(4);
        w.u16(b.flags);
    } else {
        w.u16(b.flags);
        w.u8(b.format);
        w.u8(b.mips);
        w.u8(4);
    }
    if (b.dds_file)
        w.raw(dds);
    else
        w.raw(surfaces);
    return {std::move(link.bytes()), std::move(w.bytes())};
}

}  // namespace ripkit::zouna
