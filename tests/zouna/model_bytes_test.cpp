// More mesh-family objects from bytes laid out by hand from zouna-meshes.md
// (and bff's structures, as mesh_bytes_test.cpp): the 60-byte (four blend
// indices + four weights) and 12-byte vertices, Lod_Z with several components
// and a shadow (alone and as the model a BigFile converts), WALL-E's MeshData_Z
// and Skin_Z.
#include "ripkit_catch.hpp"
#include "test_util.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/encode/animation_writer.hpp"
#include "zouna/format.hpp"
#include "zouna/models/mesh.hpp"
#include "zouna/models/mesh_data.hpp"
#include "zouna/models/skin.hpp"
#include "zouna/testkit/body_kit.hpp"

using namespace ripkit;
using namespace ripkit::zouna;
using namespace zouna_test;

namespace {

// The object link header: link name, [Rat/WALL-E dependencies], data name,
// sphere (16), box (64), fade-out, flags, type.
void object_link(Hand& h, bool fuel, uint32_t data, uint16_t type,
                 std::initializer_list<uint32_t> deps = {}) {
    h.u32(0x11);
    if (!fuel) {
        h.u32(uint32_t(deps.size()));
        for (uint32_t d : deps) h.u32(d);
    }
    h.u32(data);
    h.zeros(4 + 16);
    h.f32(50.0f);
    h.u32(0);  // flags: no strip block, no Rat sound table
    h.u16(type);
}

// One FUEL vertex buffer header (u32 count, stride, D3D flags).
void fuel_buffer(Hand& b, uint32_t count, uint32_t stride) {
    b.u32(count), b.u32(stride), b.u32(34);
}

// One FUEL draw group (48 bytes + an empty DynArray of 28-byte records).
void fuel_group(Hand& b, uint32_t vb, uint32_t ib, uint32_t verts, uint16_t stride) {
    b.u32(vb), b.u32(ib), b.u32(0), b.u32(0), b.u32(4);
    b.u16(0), b.u16(uint16_t(verts - 1)), b.u32(verts), b.u32(0), b.u32(1), b.u32(0), b.u32(0);
    b.u16(stride), b.s16(0);
    b.u32(0);
}

}  // namespace

TEST_CASE("FUEL Mesh_Z: a 60-byte buffer (4 blend indices, 4 weights) and a 12-byte one") {
    const uint32_t md = asobo_crc32("MD"), mat = asobo_crc32("MAT");
    Hand link;
    object_link(link, true, md, 6);
    link.u32(2), link.u32(mat), link.u32(md);
    link.floats({10, 20, 30});
    link.zeros(2);
    Hand b;
    b.zeros(6);  // strip vertices, unused, uvs, normals, strips, extensions
    b.u32(1), b.u32(mat);
    b.zeros(3);  // AABB nodes, collision faces, 8 x u32 records
    b.u32(2);    // vertex buffers
    fuel_buffer(b, 3, 60);
    for (int v = 0; v < 3; ++v) {
        b.floats({float(v), 2.0f * v, 3.0f * v});      // 0 position
        b.b.insert(b.b.end(), {9, 8, 7, 6});           // 12 tangent
        b.b.insert(b.b.end(), {uint8_t(v), 1, 2, 3});  // 16 normal
        b.floats({0.5f, 0.25f * v});                   // 20 uv
        b.floats({0, 6, 12, 18.0f * v});               // 28 blend indices
        b.floats({0.4f, 0.3f, 0.2f, 0.1f * v});        // 44 weights
    }
    fuel_buffer(b, 3, 12);
    for (int v = 0; v < 3; ++v) b.floats({-1.0f * v, 7, 0.5f});
    b.u32(2);  // index buffers
    for (int i = 0; i < 2; ++i) b.u32(3), b.u32(162), b.u16(0), b.u16(1), b.u16(2);
    b.u32(0);  // quads
    b.u32(2);  // groups
    fuel_group(b, 0, 0, 3, 60);
    fuel_group(b, 1, 1, 3, 12);
    b.zeros(4);  // morph triggers, map, displacement indices, targets
    b.u32(0);    // collision vertices
    const MeshZ m = read_mesh(ByteReader(link.b), ByteReader(b.b), BodyLayout::Fuel, Limits{});
    REQUIRE(m.vertex_buffers.size() == 2);
    const VertexBuffer& s60 = m.vertex_buffers[0];
    CHECK(s60.stride == 60);
    REQUIRE(s60.vertices.size() == 3);
    const Vertex& v2 = s60.vertices[2];
    CHECK(v2.position == glm::vec3(2, 4, 6));
    CHECK(v2.tangent == std::array<uint8_t, 4>{9, 8, 7, 6});
    CHECK(v2.normal == std::array<uint8_t, 4>{2, 1, 2, 3});
    CHECK(v2.uv == glm::vec2(0.5f, 0.5f));
    CHECK(v2.blend_index == std::array<float, 4>{0, 6, 12, 36});
    CHECK(v2.blend_weight == std::array<float, 4>{0.4f, 0.3f, 0.2f, 0.2f});
    CHECK(s60.vertices[0].blend_weight[3] == 0.0f);
    const VertexBuffer& s12 = m.vertex_buffers[1];
    CHECK(s12.stride == 12);
    REQUIRE(s12.vertices.size() == 3);
    CHECK(s12.vertices[2].position == glm::vec3(-2, 7, 0.5f));
    CHECK(s12.vertices[2].uv == glm::vec2(0, 0));  // no uv at stride 12
    REQUIRE(m.groups.size() == 2);
    CHECK(m.groups[1].vertex_buffer == 1);
    CHECK(m.groups[1].index_buffer == 1);
    CHECK(m.groups[1].stride == 12);
    CHECK(mesh_group_buffers(m, 1) == std::pair<uint32_t, uint32_t>{1, 1});
}

namespace {

// A Lod_Z body (bff `class/lod`): [Rat/WALL-E: sphere collision node u32 0],
// collision spheres, boxes, [Rat/WALL-E: cylinders, 12-byte close distance;
// FUEL: 12 bytes of fade distances], component names, Rat/WALL-E shadow name
// (FUEL a zero u32), the animation table (Rat always; WALL-E after a u8 flag),
// the sound table (Rat when link flags bit 20; WALL-E after a u8 flag), the
// user-define name.
Hand lod_body(BodyLayout l, std::initializer_list<uint32_t> components, uint32_t shadow) {
    Hand b;
    b.u32(0);    // no sphere collision node
    b.zeros(3);  // spheres, boxes, cylinders
    b.floats({1, 2, 3});
    b.u32(uint32_t(components.size()));
    for (uint32_t c : components) b.u32(c);
    b.u32(shadow);
    if (l == BodyLayout::WallE) b.b.push_back(1);
    b.u32(1), b.u32(0x77), b.u32(asobo_crc32("BEND"));  // one animation (id, name)
    if (l == BodyLayout::WallE) b.b.push_back(0);       // no sound table
    b.u32(0xD00D);                                      // user define
    return b;
}

Hand lod_link(BodyLayout l) {
    Hand h;
    object_link(h, l == BodyLayout::Fuel, 0, 5);
    return h;
}

const char* layout_label(BodyLayout l) {
    return l == BodyLayout::Ratatouille ? "Ratatouille" : "WALL-E";
}

}  // namespace

TEST_CASE("Lod_Z: Ratatouille and WALL-E components, shadow and tables laid out by hand") {
    const uint32_t skin = asobo_crc32("SKIN"), body = asobo_crc32("BODY"),
                   shadow = asobo_crc32("SHADOW");
    for (BodyLayout l : {BodyLayout::Ratatouille, BodyLayout::WallE}) {
        INFO(layout_label(l));
        const Hand link = lod_link(l), body_bytes = lod_body(l, {skin, body}, shadow);
        const LodZ d = read_lod(ByteReader(link.b), ByteReader(body_bytes.b), l, Limits{});
        CHECK(d.link.type == 5);
        CHECK(d.components == std::vector<uint32_t>{skin, body});
        CHECK(d.shadow == shadow);
        REQUIRE(d.animations.size() == 1);
        CHECK(d.animations[0] == std::pair<uint32_t, uint32_t>{0x77, asobo_crc32("BEND")});
        CHECK(d.sounds.empty());
        CHECK(d.user_define == 0xD00D);
        // One byte more is not consumed.
        Hand extra = body_bytes;
        extra.b.push_back(0);
        CHECK_THROWS(read_lod(ByteReader(link.b), ByteReader(extra.b), l, Limits{}));
    }
}

namespace {

// The kit's set for `g` in a BigFile with LOD replaced by a hand-laid Lod_Z.
std::unique_ptr<Document> kit_with_lod(Game g, std::initializer_list<uint32_t> components,
                                       uint32_t shadow, MemFiles& files) {
    const KitSet k = kit_set(g);
    std::vector<KitObject> objects = kit_objects(k);
    const Hand link = lod_link(k.layout), body = lod_body(k.layout, components, shadow);
    bool replaced = false;
    for (KitObject& o : objects)
        if (o.name == "LOD") {
            o.object = write_object(asobo_crc32("Lod_Z"), asobo_crc32("LOD"), link.b, body.b,
                                    Endian::Little, false);
            replaced = true;
        }
    REQUIRE(replaced);
    files.files["KIT.NPC"] = text_bytes(kit_names());
    Input in;
    in.path = "KIT.DPC";
    in.bytes = kit_bigfile(objects, g);
    Options o;
    o.files = &files;
    return formats::zouna_format().open(in, o);
}

}  // namespace

TEST_CASE("Lod_Z in a BigFile: its first component is the model, the rest and the shadow are not") {
    const uint32_t skin = asobo_crc32("SKIN"), body = asobo_crc32("BODY");
    for (Game g : {Game::Ratatouille, Game::WallE}) {
        INFO(game_name(g));
        MemFiles files;
        // SKIN first, BODY second and as the shadow: one skinned mesh.
        const auto doc = kit_with_lod(g, {skin, body}, body, files);
        const Scene s = doc->scene(asobo_crc32("LOD"));
        REQUIRE(s.meshes.size() == 1);  // BODY's one group, once
        CHECK(s.meshes[0].name == "BODY");
        CHECK(s.meshes[0].skin == 0);
        CHECK(s.skins.size() == 1);
        // BODY first: the static mesh, though SKIN follows and is the shadow.
        MemFiles files2;
        const auto doc2 = kit_with_lod(g, {body, skin}, skin, files2);
        const Scene s2 = doc2->scene(asobo_crc32("LOD"));
        REQUIRE(s2.meshes.size() == 1);
        CHECK(s2.meshes[0].skin == -1);
        CHECK(s2.skins.empty());
    }
}

TEST_CASE("WALL-E MeshData_Z (f32 + RGBA, no volume block) and Skin_Z (two meshes, 7 names)") {
    Hand ml;
    ml.u32(0x44), ml.u32(1), ml.u32(asobo_crc32("BODY"));  // link name, one dependency
    Hand m;
    m.floats({3, 0.1f, 0.2f, 0.3f, 0.4f});
    const MeshDataZ d =
        read_mesh_data(ByteReader(ml.b), ByteReader(m.b), BodyLayout::WallE, Limits{});
    CHECK(d.link.dependencies == std::vector<uint32_t>{asobo_crc32("BODY")});
    CHECK(d.value == 3.0f);
    CHECK(d.color == glm::vec4(0.1f, 0.2f, 0.3f, 0.4f));
    CHECK(d.volume_records == 0);
    // Ratatouille's volume block is not WALL-E's: four more u32 are left over.
    Hand rat_like = m;
    rat_like.zeros(4);
    CHECK_THROWS(
        read_mesh_data(ByteReader(ml.b), ByteReader(rat_like.b), BodyLayout::WallE, Limits{}));

    const uint32_t a = asobo_crc32("A"), b = asobo_crc32("B"), root = asobo_crc32("ROOT"),
                   child = asobo_crc32("CHILD"), mat = asobo_crc32("MAT");
    Hand sl;
    object_link(sl, false, asobo_crc32("SKEL"), 3, {a, b});
    Hand s;
    s.u32(2), s.u32(a), s.u32(b);                            // meshes
    s.u32(0);                                                // 8-byte records
    s.u32(1), s.u32(child);                                  // one bone
    s.u32(1), s.u16(1);                                      // its blends for mesh 1
    s.u32(2), s.u32(0), s.f32(0.5f), s.u32(2), s.f32(1.0f);  // vertex list
    s.u32(0);                                                // normal list
    s.b.push_back(0);                                        // no class id maps
    s.u32(0x1234);                                           // matrix cache
    s.u32(2);                                                // sections
    s.u32(1);                                                // section 0: one subsection
    s.u32(mat);
    for (int i = 0; i < 7; ++i) s.u32(i == 0 ? root : 0xFFFFFFFF);
    s.u32(0), s.u32(0), s.u32(0);  // runtime array, no morph packets
    s.u32(2);                      // section 1: two subsections
    for (int j = 0; j < 2; ++j) {
        s.u32(mat + uint32_t(j));
        for (int i = 0; i < 7; ++i) s.u32(i == j ? child : root);
        s.u32(0), s.u32(0), s.u32(0);
    }
    const SkinZ k = read_skin(ByteReader(sl.b), ByteReader(s.b), BodyLayout::WallE, Limits{});
    CHECK(k.link.dependencies == std::vector<uint32_t>{a, b});
    CHECK(k.link.data_name == asobo_crc32("SKEL"));
    CHECK(k.link.type == 3);
    CHECK(k.meshes == std::vector<uint32_t>{a, b});
    CHECK(k.palette_size == 7);
    REQUIRE(k.bones.size() == 1);
    REQUIRE(k.bones[0].blends.size() == 1);
    CHECK(k.bones[0].blends[0].mesh == 1);
    REQUIRE(k.bones[0].blends[0].vertices.size() == 2);
    CHECK(k.bones[0].blends[0].vertices[1].vertex == 2);
    CHECK(k.bones[0].blends[0].vertices[1].weight == 1.0f);
    CHECK(!k.class_ids);
    CHECK(k.matrix_cache == 0x1234);
    REQUIRE(k.sections.size() == 2);
    REQUIRE(k.sections[0].subsections.size() == 1);
    CHECK(k.sections[0].subsections[0].material == mat);
    CHECK(k.sections[0].subsections[0].palette[6] == 0xFFFFFFFF);
    REQUIRE(k.sections[1].subsections.size() == 2);
    CHECK(k.sections[1].subsections[1].material == mat + 1);
    CHECK(k.sections[1].subsections[1].palette[0] == root);
    CHECK(k.sections[1].subsections[1].palette[1] == child);
}
