// Bad mesh-family input (issue 18 item 5): the test kit's model with one
// thing broken gives one clear error on the object (or the model) it breaks -
// kind, offset and what was expected - or, where the model can still be
// exported, a warning naming the crc; the other objects keep decoding.
#include <catch2/catch.hpp>

#include "body_kit.hpp"
#include "crc32.hpp"
#include "format.hpp"
#include "test_util.hpp"

using namespace ripkit;
using namespace ripkit::zouna;
using namespace zouna_test;

namespace {

std::unique_ptr<Document> open_kit(const std::vector<KitObject>& objects, Game g) {
    MemFiles files;
    files.files["KIT.NPC"] = text_bytes(kit_names());
    Options o;
    o.files = &files;
    Input in;
    in.path = "KIT.DPC";
    in.bytes = kit_bigfile(objects, g);
    return formats::zouna_format().open(in, o);
}

std::unique_ptr<Document> open_kit(const KitSet& k) { return open_kit(kit_objects(k), k.game); }

const ItemSummary& item(const std::vector<ItemSummary>& items, const std::string& name) {
    for (const ItemSummary& s : items)
        if (s.fields["name"] == name) return s;
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
            const auto items = d->items();
            CHECK(item(items, "BODY").error);
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
    for (Game g : {Game::Ratatouille, Game::Fuel}) {
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
    for (Game g : {Game::Ratatouille, Game::Fuel}) {
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
