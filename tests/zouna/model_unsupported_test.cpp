// Mesh-family objects of layouts no public source documents (console data; Up
// and Toy Story 3 meshes, skins, LODs and mesh data) are listed as unsupported
// with the reason (`list` field `unsupported`, `info`'s meshes.unsupported per
// class), not as errors, and converting or dumping one is an Unsupported error.
// Up / TS3 resources (Material_Z, Bitmap_Z) still read.
#include <string_view>

#include "ripkit_catch.hpp"
#include "test_util.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/encode/animation_writer.hpp"
#include "zouna/format.hpp"
#include "zouna/testkit/body_kit.hpp"

using namespace ripkit;
using namespace ripkit::zouna;
using namespace zouna_test;

namespace {

std::unique_ptr<Document> open_bytes(const Bytes& bytes, const std::string& path, Options o) {
    Input in;
    in.path = path;
    in.bytes = bytes;
    return formats::zouna_format().open(in, o);
}

// The name as a view: GCC 14 takes a reference returned from a call given a
// temporary std::string for a dangling one.
const ItemSummary& item_of(const std::vector<ItemSummary>& items, std::string_view name) {
    for (const ItemSummary& it : items)
        if (it.fields.value("name", "") == name) return it;
    FAIL("no item " << name);
    throw std::logic_error("unreachable");
}

bool contains(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("Up and Toy Story 3 meshes: listed as unsupported with the reason, not as errors") {
    for (const char* version : {"up", "ts3"}) {
        INFO(version);
        MemFiles files;
        files.files["KIT.NPC"] = text_bytes(kit_names());
        Options o;
        o.files = &files;
        o.settings["version"] = version;
        const auto doc =
            open_bytes(kit_bigfile(kit_objects(kit_set(Game::Fuel)), Game::Fuel), "KIT.DPC", o);
        const std::vector<ItemSummary> items = doc->items();
        for (const char* name : {"BODY", "SKIN", "LOD", "MD"}) {
            INFO(name);
            const ItemSummary& it = item_of(items, name);
            CHECK(it.empty);
            CHECK(!it.error);
            REQUIRE(it.fields.contains("unsupported"));
            const std::string why = it.fields["unsupported"];
            CHECK(contains(why, it.fields["class"].get<std::string>()));
            CHECK(contains(why, "layouts are not public"));
            CHECK(contains(why, "--set version="));
        }
        // Up reads FUEL's resources: the FUEL kit's bitmap and material decode.
        if (std::string(version) == "up")
            for (const char* name : {"TEX", "MAT"}) {
                INFO(name);
                const ItemSummary& it = item_of(items, name);
                CHECK(!it.error);
                CHECK(!it.fields.contains("unsupported"));
            }
        const nlohmann::json info = doc->info();
        const nlohmann::json& u = info["meshes"]["unsupported"];
        for (const char* cls : {"Mesh_Z", "Skin_Z", "Lod_Z", "MeshData_Z"}) {
            INFO(cls);
            REQUIRE(u.contains(cls));
            CHECK(u[cls]["objects"] == 1);
            CHECK(contains(u[cls]["reason"].get<std::string>(), "layouts are not public"));
        }
        CHECK(!u.contains("Material_Z"));
        CHECK(info["meshes"]["mesh_objects"]["Mesh_Z"] == 0);
        try {
            (void)doc->scene(asobo_crc32("SKIN"));
            FAIL("converting an Up / TS3 Skin_Z should fail");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::Unsupported);
        }
        CHECK_THROWS_AS(doc->dump(int64_t(asobo_crc32("BODY"))), Error);
    }
}

TEST_CASE("a big-endian (console) Mesh_Z: listed as unsupported, console layouts not public") {
    const KitSet k = kit_set(Game::Fuel);
    const ObjectParts p = write_mesh(k.body);
    const Bytes object = write_object(asobo_crc32("Mesh_Z"), asobo_crc32("BODY"), p.link, p.body,
                                      Endian::Big, false);
    const auto doc = open_bytes(object, std::to_string(asobo_crc32("BODY")) + ".Mesh_Z", {});
    const std::vector<ItemSummary> items = doc->items();
    REQUIRE(items.size() == 1);
    CHECK(items[0].empty);
    CHECK(!items[0].error);
    REQUIRE(items[0].fields.contains("unsupported"));
    const std::string why = items[0].fields["unsupported"];
    CHECK(contains(why, "little-endian (PC) Mesh_Z"));
    CHECK(contains(why, "console layouts"));
    const nlohmann::json info = doc->info();
    const nlohmann::json& u = info["meshes"]["unsupported"];
    REQUIRE(u.contains("Mesh_Z"));
    CHECK(u["Mesh_Z"]["objects"] == 1);
    CHECK(u["Mesh_Z"]["reason"] == why);
    CHECK(info["endian"] == "big");
}
