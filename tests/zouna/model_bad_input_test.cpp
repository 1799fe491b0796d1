// Bad mesh-family input: the test kit's model with one thing broken gives one
// clear error on the object (or the model) it breaks - kind, offset and what
// was expected - or, where the model can still be exported, a warning naming
// the crc; the other objects keep decoding.
#include <algorithm>
#include <fstream>
#include <string_view>

#include "clients.hpp"
#include "kit_document.hpp"
#include "ripkit_catch.hpp"
#include "test_util.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/format.hpp"
#include "zouna/testkit/body_kit.hpp"

using namespace ripkit;
using namespace ripkit::zouna;
using namespace zouna_test;
namespace fs = std::filesystem;

namespace {

// The name as a view: GCC 14 takes a reference returned from a call given a
// temporary std::string for a dangling one.
const ItemSummary& item(const std::vector<ItemSummary>& items, std::string_view name) {
    for (const ItemSummary& s : items)
        if (s.fields["name"] == std::string(name)) return s;
    FAIL("no item " << name);
    throw;
}

// The item's error: its kind, and that its text names `expected`.
void check_error(const Document& d, const std::string& name, ErrorKind kind,
                 const std::string& expected) {
    const auto items = d.items();
    const ItemSummary& s = item(items, name);
    INFO(name);
    REQUIRE(s.error);
    INFO(s.error->what());
    CHECK(s.error->kind() == kind);
    CHECK(std::string(s.error->what()).find(expected) != std::string::npos);
    CHECK(!s.empty);
}

void check_ok(const Document& d, const std::string& name) {
    const auto items = d.items();
    const ItemSummary& s = item(items, name);
    INFO(name << ": " << (s.error ? s.error->what() : ""));
    CHECK(!s.error);
}

Bytes u16_bytes(std::initializer_list<uint16_t> v) {
    Bytes out;
    for (uint16_t x : v) out.push_back(uint8_t(x)), out.push_back(uint8_t(x >> 8));
    return out;
}

// The object's body as kit_objects wrote it (stored, so at 24 + link size).
Bytes& object_bytes(std::vector<KitObject>& objects, const std::string& name) {
    for (KitObject& o : objects)
        if (o.name == name) return o.object;
    FAIL("no kit object " << name);
    throw;
}

}  // namespace

TEST_CASE("bad Mesh_Z: stride, indices, faces, counts past the body, trailing bytes") {
    for (Game g : {Game::Ratatouille, Game::WallE, Game::Fuel}) {
        INFO(game_name(g));
        {
            KitSet k = kit_set(g);
            k.body.vertex_buffers[0].stride = 52;
            for (DrawGroup& grp : k.body.groups) grp.stride = 52;
            const auto d = open_kit(k);
            check_error(*d, "BODY", ErrorKind::BadValue, "a vertex stride of 12, 24, 36, 48 or 60");
            check_ok(*d, "TEX");
            // The skin cannot be built without its mesh: the missing one is named.
            CHECK(d->warnings().size() >= 1);
        }
        {
            KitSet k = kit_set(g);
            k.body.index_buffers[0].indices[4] = 8;  // 8 vertices: 0..7
            check_error(*open_kit(k), "BODY", ErrorKind::BadIndex, "8");
        }
        {
            KitSet k = kit_set(g);
            k.body.groups[0].faces = 5;  // 12 indices hold 4
            check_error(*open_kit(k), "BODY", ErrorKind::BadIndex, "face");
        }
        {
            KitSet k = kit_set(g);
            k.body.groups[0].stride = 36;  // the buffer's is 60
            const auto d = open_kit(k);
            const auto items = d->items();
            const ItemSummary& s = item(items, "BODY");
            REQUIRE(s.error);
            CHECK(std::string(s.error->what()).find("stride") != std::string::npos);
        }
        {
            std::vector<KitObject> objs = kit_objects(kit_set(g));
            Bytes& b = object_bytes(objs, "BODY");
            b.push_back(0), b.push_back(0), b.push_back(0), b.push_back(0);
            // Grow the header's sizes with the body (data, decompressed).
            for (size_t at : {size_t(0), size_t(8)}) {
                const uint32_t v = uint32_t(b[at]) | uint32_t(b[at + 1]) << 8 |
                                   uint32_t(b[at + 2]) << 16 | uint32_t(b[at + 3]) << 24;
                const uint32_t n = v + 4;
                for (int i = 0; i < 4; ++i) b[at + size_t(i)] = uint8_t(n >> (8 * i));
            }
            check_error(*open_kit(objs, g), "BODY", ErrorKind::BadValue, "4 more bytes");
        }
        {
            KitSet k = kit_set(g);
            k.body.vertex_buffers[0].vertices.resize(2);  // the header says 2, the groups 8
            const auto d = open_kit(k);
            // Triangle 0 1 2: index 2 (the third u16 of the index data) is the
            // first one past two vertices.
            check_error(*d, "BODY", ErrorKind::BadIndex,
                        "an index below vertex buffer 0's 2 vertices, got 2");
            const auto items = d->items();
            const ItemSummary& s = item(items, "BODY");
            REQUIRE(s.error);
            REQUIRE(s.error->offset());
            // Where the index data sits in the BigFile: the kit's twelve u16
            // indices, found by their bytes.
            const Bytes file = kit_bigfile(kit_objects(k), g);
            const Bytes pattern = u16_bytes({0, 1, 2, 0, 2, 3, 4, 6, 5, 4, 7, 6});
            const auto at = std::search(file.begin(), file.end(), pattern.begin(), pattern.end());
            REQUIRE(at != file.end());
            CHECK(*s.error->offset() == uint64_t(at - file.begin()) + 4);
        }
    }
}

TEST_CASE("a truncated body: the count past the end is named with the bytes left") {
    std::vector<KitObject> objs = kit_objects(kit_set(Game::Fuel));
    Bytes& b = object_bytes(objs, "BODY");
    // Cut the body in the middle of the vertex data; the header sizes follow.
    const uint32_t link = uint32_t(b[4]) | uint32_t(b[5]) << 8;
    const size_t keep = 24 + link + 120;
    b.resize(keep);
    const uint32_t body = uint32_t(keep - 24 - link);
    const uint32_t data = uint32_t(keep - 24);
    for (int i = 0; i < 4; ++i) b[size_t(i)] = uint8_t(data >> (8 * i));
    for (int i = 0; i < 4; ++i) b[8 + size_t(i)] = uint8_t(body >> (8 * i));
    const auto d = open_kit(objs, Game::Fuel);
    check_error(*d, "BODY", ErrorKind::Truncated, "bytes left");
    check_ok(*d, "MAT");
}

TEST_CASE("bad Skin_Z palettes: slot past the palette, a non-multiple of 6, not a bone, sentinel") {
    for (Game g : {Game::Ratatouille, Game::WallE, Game::Fuel}) {
        INFO(game_name(g));
        auto with_index = [&](float f) {
            KitSet k = kit_set(g);
            k.body.vertex_buffers[0].vertices[5].blend_index[1] = f;
            return open_kit(k);
        };
        // 30 slots past a 7- or 21-slot palette.
        check_error(*with_index(6.0f * 30), "SKIN", ErrorKind::BadIndex, "a palette slot below");
        check_error(*with_index(5.0f), "SKIN", ErrorKind::BadValue, "multiple of 6");
        // Slot 2 is the sentinel in the only subsection: no previous bone.
        check_error(*with_index(12.0f), "SKIN", ErrorKind::BadValue, "sentinel");
        {
            KitSet k = kit_set(g);
            k.skin.sections[0].subsections[0].palette[1] = asobo_crc32("NOT_A_BONE");
            const auto d = open_kit(k);
            check_error(*d, "SKIN", ErrorKind::BadIndex, "naming a Skel_Z bone");
            check_ok(*d, "BODY");  // the mesh itself still converts as a static mesh
            CHECK_NOTHROW(d->scene(asobo_crc32("BODY")));
        }
    }
}

TEST_CASE("a material or bitmap crc that is not there: a warning naming it, the model exported") {
    for (Game g : {Game::Ratatouille, Game::WallE, Game::Fuel}) {
        INFO(game_name(g));
        KitSet k = kit_set(g);
        const uint32_t missing = asobo_crc32("NO_SUCH_TEXTURE");
        k.mat.textures[0] = missing;
        const auto d = open_kit(k);
        const Scene s = d->scene(asobo_crc32("SKIN"));
        bool named = false;
        for (const std::string& w : d->warnings())
            named |= w.find("Bitmap_Z " + std::to_string(missing)) != std::string::npos;
        CHECK(named);
        REQUIRE(s.meshes.size() == 1);
        REQUIRE(s.meshes[0].material >= 0);
        CHECK(s.materials[size_t(s.meshes[0].material)].texture == -1);
        CHECK(s.skins.size() == 1);
    }
}

TEST_CASE("bad Bitmap_Z: DXT size against the dimensions, mip chain past the data") {
    for (Game g : {Game::Ratatouille, Game::WallE, Game::Fuel}) {
        INFO(game_name(g));
        {
            KitSet k = kit_set(g);
            k.tex.width = 8;  // 8 x 4 DXT1 needs 16 bytes; the data has one 8-byte block
            const auto d = open_kit(k);
            const auto items = d->items();
            const ItemSummary& s = item(items, "TEX");
            REQUIRE(s.error);
            INFO(s.error->what());
            CHECK(s.error->kind() == ErrorKind::Truncated);
            CHECK(std::string(s.error->what()).find("8 x 4 DXT1 (16 bytes)") != std::string::npos);
            CHECK_NOTHROW(d->scene(asobo_crc32("SKIN")));  // exported without the texture
        }
        {
            KitSet k = kit_set(g);
            k.tex.levels = 3;
            k.tex.mips = 2;  // 4x4, 2x2, 1x1: three 8-byte blocks, the data has one
            const auto d = open_kit(k);
            const auto items = d->items();
            const ItemSummary& s = item(items, "TEX");
            REQUIRE(s.error);
            INFO(s.error->what());
            CHECK(std::string(s.error->what()).find("mip levels") != std::string::npos);
        }
    }
}

namespace {

// True when a warning names `cls crc`.
bool warned(const Document& d, const std::string& cls, uint32_t crc) {
    for (const std::string& w : d.warnings())
        if (w.find(cls + " " + std::to_string(crc)) != std::string::npos) return true;
    return false;
}

// The skin's mesh exported skinned with the kit's weights (v0-v3 ROOT, v4-v7 half CHILD).
void check_still_skinned(const Scene& s) {
    REQUIRE(s.meshes.size() == 1);
    REQUIRE(s.skins.size() == 1);
    const Mesh& m = s.meshes[0];
    CHECK(m.skin == 0);
    REQUIRE(m.weights.size() == 8);
    CHECK(m.weights[0] == glm::vec4(1, 0, 0, 0));
    CHECK(m.weighted_joints[4] == glm::u16vec4(0, 1, 0, 0));
}

}  // namespace

TEST_CASE("a Material_Z crc that is not there: a warning naming it, the model exported") {
    for (Game g : {Game::Ratatouille, Game::WallE, Game::Fuel}) {
        INFO(game_name(g));
        KitSet k = kit_set(g);
        const uint32_t missing = asobo_crc32("NO_SUCH_MATERIAL");
        k.body.materials = {missing};
        if (g == Game::Fuel) k.body.fuel_link.names[0] = missing;
        if (g != Game::Fuel) {
            k.body.link.dependencies[1] = missing;
            k.skin.sections[0].subsections[0].material = missing;
        }
        const auto d = open_kit(k);
        CHECK(warned(*d, "Material_Z", missing));
        CHECK(!warned(*d, "Material_Z", asobo_crc32("MAT")));
        const Scene s = d->scene(asobo_crc32("SKIN"));
        check_still_skinned(s);
        CHECK(s.meshes[0].material == -1);
        CHECK(s.materials.empty());
    }
}

// Ratatouille / WALL-E groups draw with the skin subsection's material: one
// that is not in the mesh's list is a companion too, found or warned about.
TEST_CASE("a skin subsection's own Material_Z: linked when there, a warning naming it when not") {
    for (Game g : {Game::Ratatouille, Game::WallE}) {
        INFO(game_name(g));
        const uint32_t missing = asobo_crc32("NO_SUCH_MATERIAL");
        {
            KitSet k = kit_set(g);
            k.skin.sections[0].subsections[0].material = missing;
            const auto d = open_kit(k);
            CHECK(warned(*d, "Material_Z", missing));
            const Scene s = d->scene(asobo_crc32("SKIN"));
            check_still_skinned(s);
            CHECK(s.meshes[0].material == -1);
        }
        {
            // From a folder: the mesh lists no material, the subsection names MAT.
            const fs::path dir = test::fresh_temp_dir(std::string("zouna_sub_mat_") + game_name(g));
            KitSet k = kit_set(g);
            k.body.materials.clear();
            k.body.link.dependencies = {asobo_crc32("MD")};
            write_kit_files(dir, kit_objects(k), g);
            Input in;
            in.path = (dir / "SKIN.Skin_Z").string();
            std::ifstream f(in.path, std::ios::binary);
            in.bytes = Bytes(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
            const auto d = formats::zouna_format().open(in, Options{});
            CHECK(d->warnings().empty());
            const Scene s = d->scene(d->default_item());
            REQUIRE(s.meshes.size() == 1);
            REQUIRE(s.meshes[0].material >= 0);
            CHECK(s.materials[size_t(s.meshes[0].material)].texture >= 0);
        }
    }
}

TEST_CASE("Skin_Z counts: subsections != draw groups, sections != meshes") {
    for (Game g : {Game::Ratatouille, Game::WallE, Game::Fuel}) {
        INFO(game_name(g));
        {
            KitSet k = kit_set(g);
            SkinSection& sec = k.skin.sections[0];
            sec.subsections.push_back(sec.subsections[0]);  // 2 subsections, 1 draw group
            const auto d = open_kit(k);
            check_error(*d, "SKIN", ErrorKind::BadValue,
                        "skin section 0: one subsection per draw group (1), got 2");
            check_ok(*d, "BODY");
        }
        {
            KitSet k = kit_set(g);
            k.skin.sections.push_back(k.skin.sections[0]);  // 2 sections, 1 mesh
            const auto d = open_kit(k);
            check_error(*d, "SKIN", ErrorKind::BadValue, "one skin section per mesh (1), got 2");
            check_ok(*d, "BODY");
        }
    }
}

// zouna-meshes.md section 5's negative case: a vertex whose weights are all
// zero is bound to its first slot with weight 1 and counted.
TEST_CASE("a vertex with only zero weights: bound to its first slot, counted in the extras") {
    for (Game g : {Game::Ratatouille, Game::WallE, Game::Fuel}) {
        INFO(game_name(g));
        KitSet k = kit_set(g);
        Vertex& v5 = k.body.vertex_buffers[0].vertices[5];
        v5.blend_index = {6.0f, 0.0f, 0.0f, 0.0f};  // first slot 1: CHILD
        v5.blend_weight = {0.0f, 0.0f, 0.0f, 0.0f};
        const auto d = open_kit(k);
        check_ok(*d, "SKIN");
        const Scene s = d->scene(asobo_crc32("SKIN"));
        REQUIRE(s.meshes.size() == 1);
        const Mesh& m = s.meshes[0];
        REQUIRE(m.weights.size() == 8);
        CHECK(m.weighted_joints[5] == glm::u16vec4(1, 0, 0, 0));
        CHECK(m.weights[5] == glm::vec4(1, 0, 0, 0));
        CHECK(m.weights[4] == glm::vec4(0.5f, 0.5f, 0, 0));  // its neighbours unchanged
        CHECK(s.extras["skin_binding"]["zero_weight_vertices"] == 1);
        CHECK(s.extras["skin_binding"]["sentinel_slots_used"] == 0);
    }
}
