// Skin_Z bodies: bff `class/skin/v1_291_03_06_pc.rs` (also Ratatouille's, as
// the reference reads it) and `v1_381_67_09_pc.rs`.
#include "zouna/models/skin.hpp"

namespace ripkit::zouna {

namespace {

std::vector<BlendEntry> read_blend_list(ByteReader& r, const Limits& limits) {
    const uint32_t n = array_count(r, 8, sizeof(BlendEntry), limits, "blend entries");
    std::vector<BlendEntry> out(n);
    for (BlendEntry& e : out) {
        e.vertex = r.u32("blend vertex");
        e.weight = r.f32("blend weight");
    }
    return out;
}

void read_bones(ByteReader& r, SkinZ& s, const Limits& limits) {
    const uint32_t n = array_count(r, 8, sizeof(SkinBone), limits, "skin bones");
    s.bones.resize(n);
    for (SkinBone& b : s.bones) {
        b.name = r.u32("bone name");
        const uint32_t nb = array_count(r, 10, sizeof(BoneBlend), limits, "bone blends");
        b.blends.resize(nb);
        for (BoneBlend& bl : b.blends) {
            bl.mesh = r.u16("blend mesh id");
            bl.vertices = read_blend_list(r, limits);
            bl.normals = read_blend_list(r, limits);
        }
    }
}

void read_sections_rat(ByteReader& r, SkinZ& s, const Limits& limits) {
    const uint32_t n = array_count(r, 4, sizeof(SkinSection), limits, "skin sections");
    s.sections.resize(n);
    for (size_t i = 0; i < n; ++i)
        with_context("skin section " + std::to_string(i), [&] {
            SkinSection& sec = s.sections[i];
            const uint32_t ns =
                array_count(r, 44, sizeof(SkinSubsection), limits, "skin subsections");
            sec.subsections.resize(ns);
            for (SkinSubsection& sub : sec.subsections) {
                sub.material = r.u32("subsection material");
                sub.palette = read_name_list(r, kRatPaletteSize, "palette bone names");
                r.skip(8, "runtime morph packet array");
                sub.morph_packets = skip_array(r, 8, "morph packets");
            }
        });
}

void read_sections_fuel(ByteReader& r, SkinZ& s, const Limits& limits) {
    const uint32_t n = array_count(r, 4, sizeof(SkinSection), limits, "skin sections");
    s.sections.resize(n);
    const uint64_t sub_size = 16 + uint64_t(s.palette_size) * 4;
    for (size_t i = 0; i < n; ++i)
        with_context("skin section " + std::to_string(i), [&] {
            SkinSection& sec = s.sections[i];
            const size_t at = r.pos();
            const uint32_t ns = r.u32("skin subsection count");
            if (ns * sub_size > r.remaining())
                r.fail_at(at, ErrorKind::Truncated,
                          std::to_string(ns) + " skin subsections of " + std::to_string(sub_size) +
                              " bytes, only " + std::to_string(r.remaining()) + " bytes left");
            check_alloc(limits, ns, sizeof(SkinSubsection) + s.palette_size * 4, r.abs(at),
                        "skin subsections");
            sec.subsections.resize(ns);
            for (SkinSubsection& sub : sec.subsections) {
                for (uint32_t& a : sub.animation_nodes) a = r.u32("animation node name");
                sub.palette = read_name_list(r, s.palette_size, "palette bone names");
            }
        });
}

}  // namespace

SkinZ read_skin(ByteReader link, ByteReader body, BodyLayout layout, const Limits& limits) {
    SkinZ s;
    s.layout = layout;
    with_context("link header", [&] {
        s.link = read_object_link(link, layout, limits);
        expect_end(link, "Skin_Z link header");
    });
    ByteReader& r = body;
    s.meshes = read_names(r, limits, "skin meshes");
    if (layout == BodyLayout::Fuel) {
        r.skip(16, "zeros");
        s.one_and_a_half = r.f32("skin constant (1.5)");
        const size_t at = r.pos();
        s.palette_size = r.u32("palette size");
        if (uint64_t(s.palette_size) * 4 > r.remaining())
            r.fail_at(at, ErrorKind::Truncated,
                      "a palette of " + std::to_string(s.palette_size) + " names within the " +
                          std::to_string(r.remaining()) + " bytes left");
        read_sections_fuel(r, s, limits);
    } else {
        s.palette_size = kRatPaletteSize;
        skip_array(r, 8, "skin records");
        read_bones(r, s, limits);
        s.class_ids = r.u8("class id flag") != 0;
        if (s.class_ids) {
            skip_array(r, 8, "animation class ids");
            skip_array(r, 8, "sound class ids");
        }
        s.matrix_cache = r.u32("matrix cache value");
        read_sections_rat(r, s, limits);
    }
    expect_end(r, "Skin_Z body");
    if (s.sections.size() != s.meshes.size())
        fail(ErrorKind::BadValue, r.abs(0),
             "one skin section per mesh (" + std::to_string(s.meshes.size()) + "), got " +
                 std::to_string(s.sections.size()));
    return s;
}

}  // namespace ripkit::zouna
