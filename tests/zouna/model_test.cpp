// One model, all linked: the test kit's section-5 set per game (Ratatouille,
// WALL-E, FUEL) from a BigFile and from a folder of bff files, as the scene
// the exporters receive; the readings and their evidence in `info`.
#include <fstream>

#include "clients.hpp"
#include "ripkit_catch.hpp"
#include "test_util.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/document.hpp"
#include "zouna/format.hpp"
#include "zouna/testkit/body_kit.hpp"

using namespace ripkit;
using namespace ripkit::zouna;
using namespace zouna_test;
namespace fs = std::filesystem;

namespace {

std::unique_ptr<Document> open_bytes(const Bytes& bytes, const std::string& path, Options o = {}) {
    Input in;
    in.path = path;
    in.bytes = bytes;
    return formats::zouna_format().open(in, o);
}

Bytes file_bytes(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    return Bytes(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

std::unique_ptr<Document> open_file(const fs::path& p, Options o = {}) {
    return open_bytes(file_bytes(p), p.string(), o);
}

const Mesh& only_mesh(const Scene& s) {
    REQUIRE(s.meshes.size() == 1);
    return s.meshes[0];
}

// What every game's kit model must become (values from body_kit.hpp by hand).
void check_kit_model(const Scene& s, bool with_animation) {
    const int root = s.find_node("ROOT"), child = s.find_node("CHILD");
    REQUIRE(root > 0);
    REQUIRE(child > 0);
    CHECK(s.nodes[size_t(child)].parent == root);
    CHECK(s.nodes[size_t(child)].translation == glm::vec3(0, 1, 0));
    REQUIRE(s.skins.size() == 1);
    CHECK(s.skins[0].joints == std::vector<int>{root, child});
    // Inverse binds: inverse rest world matrices; CHILD's moves y by -1.
    CHECK(s.skins[0].inverse_bind[1][3] == glm::vec4(0, -1, 0, 1));
    const Mesh& m = only_mesh(s);
    CHECK(m.name == "BODY");
    REQUIRE(m.positions.size() == 8);
    // Rest pose: the stored vertices with Z mirrored (glTF axes).
    CHECK(m.positions[0] == glm::vec3(-0.5f, 0, 0));
    CHECK(m.positions[4] == glm::vec3(0, 1, 0.5f));
    CHECK(m.positions[6] == glm::vec3(0, 2, -0.5f));
    REQUIRE(m.normals.size() == 8);
    // (0, 0, -1) stored -> (0, 0, 1) after the mirror; bytes 128 decode to 1/255.
    CHECK(m.normals[0].z == Approx(1.0f).margin(1e-4));
    CHECK(m.normals[4].x == Approx(-1.0f).margin(1e-4));
    // The file's triangles are clockwise about their normals; the mirror makes
    // them counter-clockwise, so the index order is kept.
    CHECK(m.indices == std::vector<uint32_t>{0, 1, 2, 0, 2, 3, 4, 6, 5, 4, 7, 6});
    REQUIRE(m.skin == 0);
    REQUIRE(m.weighted_joints.size() == 8);
    for (size_t v = 0; v < 4; ++v) {
        CHECK(m.weighted_joints[v].x == 0);
        CHECK(m.weights[v] == glm::vec4(1, 0, 0, 0));
    }
    for (size_t v = 4; v < 8; ++v) {
        CHECK(m.weighted_joints[v] == glm::u16vec4(0, 1, 0, 0));
        CHECK(m.weights[v] == glm::vec4(0.5f, 0.5f, 0, 0));
    }
    REQUIRE(m.material >= 0);
    const Material& mat = s.materials[size_t(m.material)];
    CHECK(mat.name == "MAT");
    CHECK(mat.base_color == glm::vec4(1.0f));
    REQUIRE(mat.texture >= 0);
    CHECK(s.textures[size_t(mat.texture)].name == "TEX");
    CHECK(s.textures[size_t(mat.texture)].width == 4);
    if (with_animation) {
        REQUIRE(s.animations.size() == 1);
        CHECK(s.animations[0].name == "BEND");
        REQUIRE(s.animations[0].channels.size() == 1);
        CHECK(s.animations[0].channels[0].node == child);
    }
    CHECK_NOTHROW(validate_scene(s));
}

}  // namespace

TEST_CASE("kit model from a BigFile: skin, armature, weights, material, texture, animation") {
    for (Game g : {Game::Ratatouille, Game::WallE, Game::Fuel}) {
        INFO(game_name(g));
        const auto objects = kit_objects(kit_set(g), g == Game::WallE);
        MemFiles files;
        files.files["KIT.NPC"] = text_bytes(kit_names());
        Options o;
        o.files = &files;
        const auto doc = open_bytes(kit_bigfile(objects, g), "KIT.DPC", o);
        const auto items = doc->items();
        REQUIRE(items.size() == objects.size());
        for (const ItemSummary& it : items) {
            INFO(it.label);
            const std::string cls = it.fields["class"];
            const bool model = cls == "Skin_Z" || cls == "Mesh_Z" || cls == "Lod_Z";
            if (cls != "Skel_Z" && cls != "Animation_Z") CHECK(it.empty == !model);
        }
        check_kit_model(doc->scene(asobo_crc32("SKIN")), true);
        check_kit_model(doc->scene(asobo_crc32("LOD")), true);
        CHECK(doc->warnings().empty());
        const nlohmann::json info = doc->info()["meshes"];
        CHECK(info["mesh_objects"]["Mesh_Z"] == 1);
        CHECK(info["mesh_reading"]["normal_order"]["chosen"] == "d3dcolor");
        CHECK(info["mesh_reading"]["normal_order"]["by"].get<std::string>().rfind("data", 0) == 0);
        CHECK(info["mesh_reading"]["normal_order"]["agreement"]["d3dcolor"] == 0.0);
        CHECK(info["mesh_reading"]["normal_order"]["disagreement"]["d3dcolor"] == 1.0);
        CHECK(info["mesh_reading"]["winding"]["chosen"] == "keep");
    }
}

TEST_CASE("kit model from a folder of bff files: companions found by name crc, --anim") {
    for (Game g : {Game::Ratatouille, Game::WallE, Game::Fuel}) {
        INFO(game_name(g));
        const fs::path dir = test::fresh_temp_dir(std::string("zouna_kit_") + game_name(g));
        write_kit_files(dir, kit_objects(kit_set(g)), g);
        std::ofstream(dir / "names.txt") << kit_names();
        Options o;
        o.format_options["names"] = {(dir / "names.txt").string()};
        o.format_options["anim"] = {(dir / "BEND.Animation_Z").string()};
        const auto doc = open_file(dir / "SKIN.Skin_Z", o);
        CHECK(doc->warnings().empty());
        check_kit_model(doc->scene(doc->default_item()), true);
        // Mesh_Z alone: a static textured mesh.
        const auto mesh_doc = open_file(dir / "BODY.Mesh_Z");
        const Scene s = mesh_doc->scene(mesh_doc->default_item());
        CHECK(s.skins.empty());
        const Mesh& m = only_mesh(s);
        CHECK(m.skin == -1);
        CHECK(m.positions.size() == 8);
        REQUIRE(m.material >= 0);
        CHECK(s.materials[size_t(m.material)].texture >= 0);
    }
}

TEST_CASE("a missing companion is a warning naming its crc; the model is exported without it") {
    const fs::path dir = test::fresh_temp_dir("zouna_kit_missing");
    write_kit_files(dir, kit_objects(kit_set(Game::Fuel)), Game::Fuel);
    fs::remove(dir / "TEX.Bitmap_Z");
    fs::remove(dir / "SKEL.Skel_Z");
    const auto doc = open_file(dir / "SKIN.Skin_Z");
    const auto w = doc->warnings();
    REQUIRE(w.size() == 2);
    const std::string all = w[0] + "\n" + w[1];
    CHECK(all.find("Bitmap_Z " + std::to_string(asobo_crc32("TEX"))) != std::string::npos);
    CHECK(all.find("Skel_Z " + std::to_string(asobo_crc32("SKEL"))) != std::string::npos);
    const Scene s = doc->scene(doc->default_item());
    const Mesh& m = only_mesh(s);
    CHECK(m.skin == -1);  // no skeleton: unskinned
    REQUIRE(m.material >= 0);
    CHECK(s.materials[size_t(m.material)].texture == -1);
}

// dpc-style raw objects (24-byte header, no BFF0 and so no version string:
// the game comes from --set version; FUEL's bodies LZRS-compressed), and the
// skeleton from --skeleton in another folder rather than by crc beside the skin.
TEST_CASE("kit model from raw objects with --set version and --skeleton from elsewhere") {
    for (Game g : {Game::Ratatouille, Game::WallE, Game::Fuel}) {
        INFO(game_name(g));
        const fs::path dir = test::fresh_temp_dir(std::string("zouna_raw_") + game_name(g));
        fs::create_directories(dir / "rig");
        for (const KitObject& k : kit_objects(kit_set(g), g == Game::Fuel)) {
            const fs::path where =
                k.cls == "Skel_Z" ? dir / "rig" / "ANY_NAME.Skel_Z" : dir / (k.name + "." + k.cls);
            std::ofstream(where, std::ios::binary)
                .write(reinterpret_cast<const char*>(k.object.data()),
                       std::streamsize(k.object.size()));
        }
        REQUIRE_FALSE(fs::exists(dir / "SKEL.Skel_Z"));
        std::ofstream(dir / "names.txt") << kit_names();
        Options o;
        o.format_options["names"] = {(dir / "names.txt").string()};
        o.settings["version"] = game_name(g);
        o.format_options["skeleton"] = {(dir / "rig" / "ANY_NAME.Skel_Z").string()};
        o.format_options["anim"] = {(dir / "BEND.Animation_Z").string()};
        const auto doc = open_file(dir / "SKIN.Skin_Z", o);
        CHECK(doc->info()["variant"] == "object");
        CHECK(doc->info()["game"] == game_name(g));
        CHECK(doc->warnings().empty());
        check_kit_model(doc->scene(doc->default_item()), true);
        // Without --skeleton the companion is looked for by crc and missing.
        Options no_skel = o;
        no_skel.format_options.erase("skeleton");
        const auto bare = open_file(dir / "SKIN.Skin_Z", no_skel);
        REQUIRE(bare->warnings().size() == 1);
        CHECK(bare->warnings()[0].find("Skel_Z " + std::to_string(asobo_crc32("SKEL"))) !=
              std::string::npos);
    }
}
