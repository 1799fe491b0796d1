#include "body_kit.hpp"

#include <cmath>
#include <fstream>

#include "kit_writer.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/encode/animation_writer.hpp"

namespace ripkit::zouna {

namespace {

uint8_t unorm(float c) { return uint8_t(std::lround((c + 1.0f) / 2.0f * 255.0f)); }

// D3DCOLOR order: x in byte 2, y in byte 1, z in byte 0.
std::array<uint8_t, 4> d3dcolor(glm::vec3 n) { return {unorm(n.z), unorm(n.y), unorm(n.x), 0}; }

Vertex kit_vertex(glm::vec3 p, glm::vec3 n, glm::vec2 uv, float w0, float w1) {
    Vertex v;
    v.position = p;
    v.normal = d3dcolor(n);
    v.tangent = d3dcolor({1, 0, 0});
    v.uv = uv;
    v.blend_index = {0.0f, 6.0f, 0.0f, 0.0f};
    v.blend_weight = {w0, w1, 0.0f, 0.0f};
    return v;
}

MeshZ kit_body(BodyLayout l) {
    MeshZ m;
    m.layout = l;
    m.link.link_name = 0;
    m.link.data_name = asobo_crc32("MD");
    if (l != BodyLayout::Fuel) m.link.dependencies = {asobo_crc32("MD"), asobo_crc32("MAT")};
    m.link.sphere = {0, 1, 0, 1.5f};
    m.link.type = 6;
    if (l == BodyLayout::Fuel) m.fuel_link.names = {asobo_crc32("MAT"), asobo_crc32("MD")};
    m.materials = {asobo_crc32("MAT")};
    VertexBuffer b;
    b.stride = 60;
    b.flags = l == BodyLayout::Fuel ? 4 : 0;
    const glm::vec3 front(0, 0, -1), side(-1, 0, 0);
    b.vertices = {kit_vertex({-0.5f, 0, 0}, front, {0, 1}, 1, 0),
                  kit_vertex({0.5f, 0, 0}, front, {1, 1}, 1, 0),
                  kit_vertex({0.5f, 1, 0}, front, {1, 0}, 1, 0),
                  kit_vertex({-0.5f, 1, 0}, front, {0, 0}, 1, 0),
                  kit_vertex({0, 1, -0.5f}, side, {0, 1}, 0.5f, 0.5f),
                  kit_vertex({0, 1, 0.5f}, side, {1, 1}, 0.5f, 0.5f),
                  kit_vertex({0, 2, 0.5f}, side, {1, 0}, 0.5f, 0.5f),
                  kit_vertex({0, 2, -0.5f}, side, {0, 0}, 0.5f, 0.5f)};
    m.vertex_buffers = {b};
    IndexBuffer ib;
    ib.indices = {0, 1, 2, 0, 2, 3, 4, 6, 5, 4, 7, 6};
    m.index_buffers = {ib};
    DrawGroup g;
    g.flags = 4;  // visible
    g.vertex_count = 8;
    g.last_vertex = 7;
    g.faces = 4;
    g.stride = 60;
    g.material = 0;
    m.groups = {g};
    return m;
}

Skel kit_skel() {
    Skel s;
    Bone root, child;
    root.name = asobo_crc32("ROOT");
    child.name = asobo_crc32("CHILD");
    child.parent = 0;
    child.translation = {0, 1, 0};
    child.transform[3] = glm::vec4(0, 1, 0, 1);
    s.bones = {root, child};
    return s;
}

Animation kit_bend() {
    Animation a;
    a.duration = 1.0f;
    a.rot.cls = KfClass::Rot;
    Key k0, k1;
    k0.time = 0.0f;
    k0.value = {0, 0, 0, 1};
    k1.time = 1.0f;
    k1.value = {0, 0, 0.707f, 0.707f};  // 1414 / 2000
    a.rot.keys = {k0, k1};
    a.bezier_rot.cls = KfClass::BezierRot;
    a.scale.cls = a.translation.cls = KfClass::Vec3fComp;
    a.messages.cls = KfClass::Message;
    for (int i = 0; i < 5; ++i)
        a.material[size_t(i)].cls = (i == 2 || i == 3) ? KfClass::Vec3fComp : KfClass::FloatComp;
    a.mesh_hide.cls = a.morph_weight.cls = KfClass::FloatComp;
    a.nodes = {{asobo_crc32("CHILD"), 1, 0, {{0, 0}, {0, 2}, {0, 0}, {0, 0}, {0, 0}}}};
    return a;
}

BodyLayout layout_of(Game g) {
    return g == Game::Ratatouille ? BodyLayout::Ratatouille
           : g == Game::WallE     ? BodyLayout::WallE
                                  : BodyLayout::Fuel;
}

const char* kKitNames[] = {"TEX",  "MAT", "MD",   "SKEL", "BODY",
                           "SKIN", "LOD", "BEND", "ROOT", "CHILD"};

}  // namespace

Bytes kit_dxt1_block() {
    // colour 0 0xF800, colour 1 0x001F, index rows 0000, 1111, 2222, 3333 (LSB first).
    return {0x00, 0xF8, 0x1F, 0x00, 0x00, 0x55, 0xAA, 0xFF};
}

std::string kit_version(Game g) {
    const char* v = g == Game::Ratatouille ? "v1.06.63.02"
                    : g == Game::WallE     ? "v1.291.03.06"
                                           : "v1.381.67.09";
    return std::string(v) + " - Asobo Studio - Internal Cross Technology";
}

Variants kit_variants(Game g) { return make_variants(g, Options{}); }

KitSet kit_set(Game g) {
    KitSet k;
    k.game = g;
    k.layout = layout_of(g);
    const BodyLayout l = k.layout;
    k.tex.layout = l;
    k.tex.width = k.tex.height = 4;
    k.tex.pixel = image::dxt_format(1);
    k.tex_surfaces = kit_dxt1_block();
    if (l == BodyLayout::Fuel) {
        k.tex.format = k.tex.format_copy = 14;
        k.tex.bitmap_class2 = 3;
    } else {
        k.tex.dds_file = true;
        k.tex.format = 13;  // ZounaBlender writes 13 for DXT1; the DDS FourCC decides
    }
    k.mat.layout = l;
    if (l != BodyLayout::Fuel) k.mat.link.dependencies = {asobo_crc32("TEX")};
    k.mat.texture_mask = l == BodyLayout::WallE ? 0 : 1;
    k.mat.textures = {asobo_crc32("TEX")};
    k.md.layout = l;
    k.md.flags = 8;  // FUEL: skinned
    k.skel = kit_skel();
    k.body = kit_body(l);
    k.skin.layout = l;
    k.skin.link.data_name = asobo_crc32("SKEL");
    k.skin.link.type = 3;
    if (l != BodyLayout::Fuel)
        k.skin.link.dependencies = {asobo_crc32("SKEL"), asobo_crc32("BODY")};
    k.skin.meshes = {asobo_crc32("BODY")};
    k.skin.palette_size = l == BodyLayout::Fuel ? 21 : kRatPaletteSize;
    k.skin.one_and_a_half = l == BodyLayout::Fuel ? 1.5f : 0.0f;
    SkinSubsection sub;
    if (l != BodyLayout::Fuel) sub.material = asobo_crc32("MAT");
    sub.palette.assign(k.skin.palette_size, kPaletteSentinel);
    sub.palette[0] = asobo_crc32("ROOT");
    sub.palette[1] = asobo_crc32("CHILD");
    k.skin.sections = {SkinSection{{sub}}};
    k.lod.layout = l;
    k.lod.link.type = 5;
    k.lod.components = {asobo_crc32("SKIN")};
    k.bend = kit_bend();
    return k;
}

KitSet kit_set_two_groups(Game g) {
    KitSet k = kit_set(g);
    DrawGroup second = k.body.groups[0];
    DrawGroup& first = k.body.groups[0];
    first.faces = second.faces = 2;
    first.vertex_count = second.vertex_count = 4;
    first.last_vertex = 3;
    second.first_vertex = 4;
    second.last_vertex = 7;
    second.first_index = 6;
    k.body.groups.push_back(second);
    for (size_t v = 4; v < 8; ++v)
        k.body.vertex_buffers[0].vertices[v].blend_weight = {0.25f, 0.75f, 0, 0};
    std::vector<SkinSubsection>& subs = k.skin.sections[0].subsections;
    SkinSubsection sub1 = subs[0];
    sub1.palette[0] = kPaletteSentinel;
    subs.push_back(sub1);
    return k;
}

KitSet kit_set_ccw_b120(Game g) {
    KitSet k = kit_set(g);
    std::vector<Vertex>& v = k.body.vertex_buffers[0].vertices;
    for (size_t i = 0; i < v.size(); ++i) {
        const glm::vec3 n = i < 4 ? glm::vec3(0, 0, -1) : glm::vec3(-1, 0, 0);
        v[i].normal = {unorm(n.z), unorm(n.x), unorm(n.y), 0};
    }
    k.body.index_buffers[0].indices = {0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7};
    return k;
}

std::vector<KitObject> kit_objects(const KitSet& k, bool compress) {
    const Variants v = kit_variants(k.game);
    std::vector<KitObject> out;
    auto add = [&](const char* name, const char* cls, const ObjectParts& p) {
        out.push_back({name, cls,
                       write_object(asobo_crc32(cls), asobo_crc32(name), p.link, p.body,
                                    Endian::Little, compress)});
    };
    add("TEX", "Bitmap_Z", write_bitmap(k.tex, k.tex_surfaces));
    add("MAT", "Material_Z", write_material(k.mat));
    add("MD", "MeshData_Z", write_mesh_data(k.md));
    add("SKEL", "Skel_Z", {Bytes(), write_skel(k.skel, Endian::Little, v)});
    add("BODY", "Mesh_Z", write_mesh(k.body));
    add("SKIN", "Skin_Z", write_skin(k.skin));
    add("LOD", "Lod_Z", write_lod(k.lod));
    add("BEND", "Animation_Z", {Bytes(), write_animation(k.bend, Endian::Little, v)});
    return out;
}

void write_kit_files(const std::filesystem::path& dir, const std::vector<KitObject>& objects,
                     Game g) {
    std::filesystem::create_directories(dir);
    for (const KitObject& o : objects) {
        const Bytes file = write_bff0(o.object, 0, kit_version(g));
        std::ofstream f(dir / (o.name + "." + o.cls), std::ios::binary | std::ios::trunc);
        f.write(reinterpret_cast<const char*>(file.data()), std::streamsize(file.size()));
        if (!f) fail_no_offset(ErrorKind::Io, "to write " + (dir / o.name).string());
    }
}

Bytes kit_bigfile(const std::vector<KitObject>& objects, Game g) {
    std::vector<Bytes> all;
    for (const KitObject& o : objects) all.push_back(o.object);
    return write_bigfile(all, Endian::Little, kit_version(g), 3);
}

std::string kit_names() {
    std::string out = "# crc32 name\n";
    for (const char* n : kKitNames) out += std::to_string(asobo_crc32(n)) + " " + n + "\n";
    return out;
}

}  // namespace ripkit::zouna
