// Mesh-family objects from bytes laid out by hand from zouna-meshes.md and
// bff's structures (not through the test kit's writers): every field lands
// where the published layout puts it, for each PC version.
#include "ripkit_catch.hpp"
#include "test_util.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/models/bitmap.hpp"
#include "zouna/models/material.hpp"
#include "zouna/models/mesh.hpp"
#include "zouna/models/mesh_data.hpp"
#include "zouna/models/skin.hpp"

using namespace ripkit;
using namespace ripkit::zouna;
using namespace zouna_test;

namespace {

void bytes(Hand& h, std::initializer_list<uint8_t> v) { h.b.insert(h.b.end(), v); }

// The object link header (link name, [deps], data name, sphere, box, fade, flags, type).
void object_link(Hand& h, bool fuel, uint32_t data, uint16_t type) {
    h.u32(0x11);
    if (!fuel) h.u32(1), h.u32(data);
    h.u32(data);
    h.floats({1, 2, 3, 4});
    for (int i = 0; i < 16; ++i) h.f32(float(i));
    h.f32(50.0f);
    h.u32(0);  // flags: no strip block
    h.u16(type);
}

}  // namespace

TEST_CASE("FUEL Mesh_Z: 36-byte vertices, u32 buffer headers, 48-byte group + material index") {
    const uint32_t md = asobo_crc32("MD"), mat = asobo_crc32("MAT");
    Hand link;
    object_link(link, true, md, 6);
    link.u32(2), link.u32(mat), link.u32(md);  // materials then the MeshData name
    link.floats({10, 20, 30});
    link.zeros(2);
    CHECK(link.b.size() == 98 + 12 + 12 + 8);
    Hand b;
    b.zeros(6);            // strip vertices, unused, uvs, normals, strips, extensions
    b.u32(1), b.u32(mat);  // materials
    b.zeros(3);            // AABB nodes, collision faces, 8 x u32 records
    b.u32(1);              // vertex buffers
    b.u32(3), b.u32(36), b.u32(34);
    for (int v = 0; v < 3; ++v) {
        b.floats({float(v), float(v) + 0.5f, -float(v)});
        bytes(b, {1, 2, 3, 255});                 // tangent
        bytes(b, {uint8_t(10 + v), 20, 30, 0});   // normal
        b.floats({0.25f * v, 1.0f - 0.25f * v});  // uv
        b.floats({7.0f, 8.0f});                   // lightmap uv
    }
    b.u32(1);  // index buffers
    b.u32(3), b.u32(162);
    b.u16(2), b.u16(1), b.u16(0);
    b.u32(0);                                          // quads
    b.u32(1);                                          // groups
    b.u32(0), b.u32(0), b.u32(0), b.u32(0), b.u32(4);  // vb, ib, quad range, flags
    b.u16(0), b.u16(2), b.u32(3), b.u32(0), b.u32(1), b.u32(0), b.u32(0);
    b.u16(36), b.s16(0);
    b.u32(0);    // 28-byte records
    b.zeros(4);  // morph triggers, map, displacement indices, targets
    b.u32(0);    // collision vertices
    const MeshZ m = read_mesh(ByteReader(link.b), ByteReader(b.b), BodyLayout::Fuel, Limits{});
    CHECK(m.link.data_name == md);
    CHECK(m.link.sphere == glm::vec4(1, 2, 3, 4));
    CHECK(m.link.box[15] == 15.0f);
    CHECK(m.link.fade_out == 50.0f);
    CHECK(m.link.type == 6);
    CHECK(m.fuel_link.names == std::vector<uint32_t>{mat, md});
    CHECK(m.fuel_link.fade[2] == 30.0f);
    CHECK(m.materials == std::vector<uint32_t>{mat});
    REQUIRE(m.vertex_buffers.size() == 1);
    const VertexBuffer& vb = m.vertex_buffers[0];
    CHECK(vb.stride == 36);
    CHECK(vb.flags == 34);
    REQUIRE(vb.vertices.size() == 3);
    CHECK(vb.vertices[2].position == glm::vec3(2, 2.5f, -2));
    CHECK(vb.vertices[1].tangent == std::array<uint8_t, 4>{1, 2, 3, 255});
    CHECK(vb.vertices[1].normal == std::array<uint8_t, 4>{11, 20, 30, 0});
    CHECK(vb.vertices[2].uv == glm::vec2(0.5f, 0.5f));
    CHECK(vb.vertices[0].uv2 == glm::vec2(7, 8));
    REQUIRE(m.index_buffers.size() == 1);
    CHECK(m.index_buffers[0].indices == std::vector<uint16_t>{2, 1, 0});
    CHECK(m.index_buffers[0].flags == 162);
    REQUIRE(m.groups.size() == 1);
    CHECK(m.groups[0].flags == 4);
    CHECK(m.groups[0].last_vertex == 2);
    CHECK(m.groups[0].vertex_count == 3);
    CHECK(m.groups[0].faces == 1);
    CHECK(m.groups[0].stride == 36);
    CHECK(m.groups[0].material == 0);
}

TEST_CASE("Ratatouille Mesh_Z: u16 buffer headers, 24-byte vertices, 36-byte PrimInfo") {
    const uint32_t md = asobo_crc32("MD"), mat = asobo_crc32("MAT");
    Hand link;
    object_link(link, false, md, 6);
    Hand b;
    b.zeros(4);  // positions, TB records, morpher records, morph targets
    b.zeros(4);  // uvs, normals, strips, strip extensions
    b.u32(1), b.u32(mat);
    b.floats({1, 100});  // draw distances
    b.zeros(4);          // shadow, 3 counts
    b.zeros(5);          // spheres, boxes, cylinders, collision faces, AABB nodes
    b.u32(0);            // collision vertices
    b.u32(0);            // zero
    b.u32(0);            // u32 records
    b.u32(1);            // vertex buffers
    b.u16(3), b.u16(24);
    for (int v = 0; v < 3; ++v) b.floats({float(v), 0, 1, 9.0f, 0.5f, float(v)});
    b.u32(1);  // index buffers
    b.u16(3), b.u16(0), b.u16(1), b.u16(2);
    b.u32(1);  // PrimInfos
    b.zeros(3);
    b.u16(4), b.u16(7), b.u16(0), b.u16(0), b.u16(3), b.u16(0);
    b.u32(1);
    b.u16(0), b.u16(24), b.u32(0);
    const MeshZ m =
        read_mesh(ByteReader(link.b), ByteReader(b.b), BodyLayout::Ratatouille, Limits{});
    CHECK(m.link.dependencies == std::vector<uint32_t>{md});
    CHECK(m.link.data_name == md);
    CHECK(m.materials == std::vector<uint32_t>{mat});
    REQUIRE(m.vertex_buffers.size() == 1);
    CHECK(m.vertex_buffers[0].stride == 24);
    CHECK(m.vertex_buffers[0].vertices[2].position == glm::vec3(2, 0, 1));
    CHECK(m.vertex_buffers[0].vertices[2].unknown24 == 9.0f);
    CHECK(m.vertex_buffers[0].vertices[2].uv == glm::vec2(0.5f, 2.0f));
    CHECK(m.index_buffers[0].indices == std::vector<uint16_t>{0, 1, 2});
    REQUIRE(m.groups.size() == 1);
    CHECK(m.groups[0].prim_type == 4);
    CHECK(m.groups[0].shader == 7);
    CHECK(m.groups[0].vertex_count == 3);
    CHECK(m.groups[0].faces == 1);
    CHECK(m.groups[0].stride == 24);
}

TEST_CASE("WALL-E Mesh_Z: u32 buffer headers, 48-byte vertices read both ways, 44-byte groups") {
    Hand link;
    object_link(link, false, 5, 6);
    Hand b;
    b.zeros(7);  // 3 point arrays, uvs, normals, strips, strip extensions
    b.u32(0);    // materials
    b.b.insert(b.b.end(), 24, 0);
    b.zeros(7);  // spheres, boxes, cylinders, faces, AABB, vertices, 8 x u32
    b.u32(1);
    b.u32(3), b.u32(48), b.u32(0);
    for (int v = 0; v < 3; ++v) {
        b.floats({float(v), 1, 2});
        bytes(b, {1, 2, 3, 4, 5, 6, 7, 8});
        b.floats({0.5f, 0.25f});
        b.f32(6.0f * v);  // blend index
        b.u32(0xFFFFFFFF), b.u32(0xFFFFFFFF), b.u32(0xFFFFFFFF);
        b.f32(1.0f);  // weight
    }
    b.u32(1);
    b.u32(3), b.u32(0), b.u16(0), b.u16(1), b.u16(2);
    b.u32(1);  // groups
    b.zeros(3);
    b.u32(0x80004), b.u16(0), b.u16(0), b.u32(3), b.u32(0), b.u32(1), b.u32(0), b.u32(0);
    b.u16(48), b.u16(0);
    b.zeros(4);  // buffer records, morpher records, morph targets, trailing records
    const MeshZ m = read_mesh(ByteReader(link.b), ByteReader(b.b), BodyLayout::WallE, Limits{});
    REQUIRE(m.vertex_buffers[0].vertices.size() == 3);
    const Vertex& v = m.vertex_buffers[0].vertices[2];
    CHECK(v.normal == std::array<uint8_t, 4>{5, 6, 7, 8});
    CHECK(v.blend_index[0] == 12.0f);
    CHECK(v.pad48 == std::array<int32_t, 3>{-1, -1, -1});
    CHECK(v.blend_weight[0] == 1.0f);
    // The Rat template's reading of the same bytes: Vec3f at 12, 24, 36.
    CHECK(v.volume[1].y == 12.0f);  // bytes 28..31 = the blend index
    CHECK(m.groups[0].flags == 0x80004);
    CHECK(m.groups[0].vertex_count == 3);
    CHECK(m.groups[0].stride == 48);
}

TEST_CASE("Skin_Z: FUEL subsections of 4 + 21 names; Ratatouille 7 names and the bone lists") {
    const uint32_t body = asobo_crc32("BODY"), root = asobo_crc32("ROOT");
    Hand fl;
    object_link(fl, true, asobo_crc32("SKEL"), 3);
    Hand f;
    f.u32(1), f.u32(body);
    f.zeros(4);
    f.f32(1.5f);
    f.u32(21);
    f.u32(1), f.u32(1);  // one section, one subsection
    f.u32(1), f.u32(2), f.u32(3), f.u32(4);
    for (int i = 0; i < 21; ++i) f.u32(i == 0 ? root : 0xFFFFFFFF);
    const SkinZ s = read_skin(ByteReader(fl.b), ByteReader(f.b), BodyLayout::Fuel, Limits{});
    CHECK(s.link.data_name == asobo_crc32("SKEL"));
    CHECK(s.meshes == std::vector<uint32_t>{body});
    CHECK(s.one_and_a_half == 1.5f);
    CHECK(s.palette_size == 21);
    REQUIRE(s.sections.size() == 1);
    REQUIRE(s.sections[0].subsections.size() == 1);
    CHECK(s.sections[0].subsections[0].animation_nodes == std::array<uint32_t, 4>{1, 2, 3, 4});
    CHECK(s.sections[0].subsections[0].palette.size() == 21);
    CHECK(s.sections[0].subsections[0].palette[0] == root);

    Hand rl;
    object_link(rl, false, asobo_crc32("SKEL"), 3);
    Hand r;
    r.u32(1), r.u32(body);
    r.u32(1), r.u32(7), r.u32(8);  // one 8-byte record
    r.u32(1), r.u32(root);         // one bone
    r.u32(1), r.u16(0);            // one blend list pair for mesh 0
    r.u32(1), r.u32(5), r.f32(0.25f);
    r.u32(0);
    r.b.push_back(1);  // class id maps follow
    r.u32(1), r.u32(1), r.u32(2);
    r.u32(0);
    r.u32(0xABCD);  // matrix cache
    r.u32(1), r.u32(1);
    r.u32(asobo_crc32("MAT"));
    for (int i = 0; i < 7; ++i) r.u32(i == 0 ? root : 0xFFFFFFFE);
    r.u32(0), r.u32(0);            // runtime morph packet array
    r.u32(1), r.u32(3), r.u32(4);  // one morph packet
    const SkinZ rs =
        read_skin(ByteReader(rl.b), ByteReader(r.b), BodyLayout::Ratatouille, Limits{});
    REQUIRE(rs.bones.size() == 1);
    CHECK(rs.bones[0].name == root);
    REQUIRE(rs.bones[0].blends.size() == 1);
    CHECK(rs.bones[0].blends[0].vertices[0].vertex == 5);
    CHECK(rs.bones[0].blends[0].vertices[0].weight == 0.25f);
    CHECK(rs.class_ids);
    CHECK(rs.matrix_cache == 0xABCD);
    const SkinSubsection& sub = rs.sections.at(0).subsections.at(0);
    CHECK(sub.material == asobo_crc32("MAT"));
    CHECK(sub.palette.size() == 7);
    CHECK(sub.palette[6] == 0xFFFFFFFE);
    CHECK(sub.morph_packets == 1);
}

TEST_CASE("Material_Z: Ratatouille 161 bytes, FUEL 172 bytes, WALL-E flag-sized name lists") {
    const uint32_t tex = asobo_crc32("TEX");
    Hand rl;
    rl.u32(0x22), rl.u32(1), rl.u32(tex), rl.u32(0x99);  // link name, deps, opaque rest
    Hand r;
    r.floats({1, 0.5f, 0.25f, 0.75f, 0.1f, 0.2f, 0.3f});
    r.u32(0xCDCDCDCD);
    for (int i = 0; i < 12; ++i) r.f32(0);
    r.floats({0.4f, 0.5f, 0.6f, 8.0f});  // specular, power
    r.zeros(4);
    r.floats({0.5f, 1, 2, 3, 4});        // rotation, translation, scale
    r.u32(1), r.u32(0x20020), r.u32(3);  // collision, render, object flags
    r.b.push_back(1);
    r.u32(tex), r.u32(0), r.u32(0), r.u32(0);
    CHECK(r.b.size() == 161);
    const MaterialZ m =
        read_material(ByteReader(rl.b), ByteReader(r.b), BodyLayout::Ratatouille, Limits{});
    CHECK(m.link.dependencies == std::vector<uint32_t>{tex});
    CHECK(m.diffuse == glm::vec4(1, 0.5f, 0.25f, 0.75f));
    CHECK(m.emissive == glm::vec3(0.1f, 0.2f, 0.3f));
    CHECK(m.specular_power == 8.0f);
    CHECK(m.translation == glm::vec2(1, 2));
    CHECK(m.render_flags == 0x20020);
    CHECK(m.object_flags == 3);
    CHECK(material_diffuse(m) == tex);

    Hand fl;
    fl.u32(0x33);
    Hand f;
    f.floats({1, 1, 1, 0.5f, 0, 0, 0});
    f.u32(0);
    f.zeros(4);  // top left, some number, flags1
    f.zeros(2);  // bottom right
    f.u32(1), f.u32(0x20);
    f.zeros(3);                            // offset, scale
    f.f32(0.25f);                          // rotation
    f.floats({0.1f, 0.2f, 0.3f, 0.125f});  // specular, alpha ref
    f.zeros(4);
    f.floats({5, 6, 7, 8});
    f.zeros(2);
    for (int i = 0; i < 9; ++i) f.u32(i == 0 ? tex : 100 + i);
    CHECK(f.b.size() == 172);
    const MaterialZ fm =
        read_material(ByteReader(fl.b), ByteReader(f.b), BodyLayout::Fuel, Limits{});
    CHECK(fm.texture_mask == 1);
    CHECK(fm.render_flags == 0x20);
    CHECK(fm.rotation == 0.25f);
    CHECK(fm.alpha_ref == 0.125f);
    CHECK(fm.scale == glm::vec2(7, 8));
    CHECK(fm.textures.size() == 9);
    CHECK(fm.textures[8] == 108);
    CHECK(material_diffuse(fm) == tex);

    for (auto [flag, names] : {std::pair<uint8_t, size_t>{1, 8}, {3, 2}, {0, 4}}) {
        Hand w;
        w.floats({1, 1, 1, 1, 0, 0, 0});
        w.u32(0);
        w.b.insert(w.b.end(), 36 + 32 + 12, 0);
        w.floats({0, 0, 1, 1, 0});
        w.zeros(3);
        w.b.push_back(flag);
        for (size_t i = 0; i < names; ++i) w.u32(uint32_t(i + 1));
        Hand wl;
        wl.u32(0), wl.u32(0);
        const MaterialZ wm =
            read_material(ByteReader(wl.b), ByteReader(w.b), BodyLayout::WallE, Limits{});
        CHECK(wm.textures.size() == names);
        CHECK(material_diffuse(wm) == 1);
    }
}

TEST_CASE("Bitmap_Z: FUEL link-header fields and bare DXT1; Ratatouille body header + DDS file") {
    const Bytes block = {0x00, 0xF8, 0x1F, 0x00, 0x00, 0x55, 0xAA, 0xFF};
    Hand fl;
    fl.u32(0), fl.u16(0), fl.u32(4), fl.u32(4), fl.u32(8);
    fl.b.push_back(0), fl.b.push_back(1), fl.u16(0), fl.f32(0);
    bytes(fl, {14, 0, 4, 3, 14, 0});
    const BitmapZ f = read_bitmap(ByteReader(fl.b), ByteReader(block), BodyLayout::Fuel, Limits{});
    CHECK(f.width == 4);
    CHECK(f.size == 8);
    CHECK(f.bitmap_class2 == 3);
    CHECK(f.levels == 1);
    REQUIRE(f.rgba.size() == 64);
    // Row 0 index 0 = colour 0 (0xF800: red 31 -> 255), row 1 index 1 = colour 1 (blue),
    // row 2 index 2 = (2 x 255 + 0) / 3 = 170 red, 85 blue; row 3 the other way.
    CHECK(Bytes(f.rgba.begin(), f.rgba.begin() + 4) == Bytes{255, 0, 0, 255});
    CHECK(Bytes(f.rgba.begin() + 16, f.rgba.begin() + 20) == Bytes{0, 0, 255, 255});
    CHECK(Bytes(f.rgba.begin() + 32, f.rgba.begin() + 36) == Bytes{170, 0, 85, 255});
    CHECK(Bytes(f.rgba.begin() + 60, f.rgba.begin() + 64) == Bytes{85, 0, 170, 255});

    Hand rb;
    rb.u32(4), rb.u32(4), rb.u32(136);
    bytes(rb, {13, 13, 0, 0, 0, 4}), rb.u16(0);
    rb.u32(0x20534444), rb.u32(124), rb.u32(0x81007), rb.u32(4), rb.u32(4), rb.u32(8);
    rb.u32(0), rb.u32(1);
    rb.zeros(11);
    rb.u32(32), rb.u32(4), rb.u32(0x31545844);  // DDPF_FOURCC, "DXT1"
    rb.zeros(5);
    rb.u32(0x1000);
    rb.zeros(4);
    rb.b.insert(rb.b.end(), block.begin(), block.end());
    Hand rl;
    rl.u32(0), rl.u32(0);
    const BitmapZ r =
        read_bitmap(ByteReader(rl.b), ByteReader(rb.b), BodyLayout::Ratatouille, Limits{});
    CHECK(r.dds_file);
    CHECK(image::pixel_format_name(r.pixel) == "DXT1");
    CHECK(r.rgba == f.rgba);
}

TEST_CASE("MeshData_Z: FUEL flags (bit 3 skinned), Ratatouille colour and volume block") {
    Hand f;
    f.u32(8);
    f.zeros(4);
    const MeshDataZ d =
        read_mesh_data(ByteReader(Bytes{0, 0, 0, 0}), ByteReader(f.b), BodyLayout::Fuel, Limits{});
    CHECK(d.flags == 8);
    Hand r;
    r.floats({2, 0.1f, 0.2f, 0.3f, 0.4f});
    r.u32(1), r.zeros(4), r.u32(0), r.u32(0), r.u32(0);
    Hand rl;
    rl.u32(0), rl.u32(0);
    const MeshDataZ rd =
        read_mesh_data(ByteReader(rl.b), ByteReader(r.b), BodyLayout::Ratatouille, Limits{});
    CHECK(rd.value == 2.0f);
    CHECK(rd.color == glm::vec4(0.1f, 0.2f, 0.3f, 0.4f));
    CHECK(rd.volume_records == 1);
}
