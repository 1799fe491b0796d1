// What a model item links to in a BigFile: the animations that drive its
// skeleton (or those --anims names), and the companions that are not there - a
// Mesh_Z of a Skin_Z, a MeshData_Z of a Mesh_Z - as a warning naming the class
// and crc, the model exported without them.
#include <fstream>
#include <set>

#include "clients.hpp"
#include "ripkit_catch.hpp"
#include "test_util.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/document.hpp"
#include "zouna/format.hpp"
#include "zouna/testkit/anims_kit.hpp"

using namespace ripkit;
using namespace ripkit::zouna;
using namespace zouna_test;
namespace fs = std::filesystem;

namespace {

std::unique_ptr<Document> open_big(const std::vector<KitObject>& objects, Game g,
                                   const std::string& names, Options o = {}) {
    MemFiles files;
    files.files["KIT.NPC"] = text_bytes(names);
    o.files = &files;
    Input in;
    in.path = "KIT.DPC";
    in.bytes = kit_bigfile(objects, g);
    return formats::zouna_format().open(in, o);
}

std::set<std::string> animation_names(const Scene& s) {
    std::set<std::string> out;
    for (const ripkit::Animation& a : s.animations) out.insert(a.name);
    return out;
}

std::vector<KitObject> without(std::vector<KitObject> objects, const std::string& name) {
    const auto n = objects.size();
    objects.erase(std::remove_if(objects.begin(), objects.end(),
                                 [&](const KitObject& o) { return o.name == name; }),
                  objects.end());
    REQUIRE(objects.size() == n - 1);
    return objects;
}

// The only warning, which must name `cls` and the crc of `name`.
void check_one_warning(const Document& d, const std::string& cls, const char* name) {
    const auto w = d.warnings();
    REQUIRE(w.size() == 1);
    INFO(w[0]);
    CHECK(w[0].find(cls + " " + std::to_string(asobo_crc32(name))) != std::string::npos);
}

}  // namespace

TEST_CASE(
    "a Skin_Z in a BigFile binds the animations driving its skeleton, or those --anims names") {
    for (Game g : {Game::Ratatouille, Game::WallE, Game::Fuel}) {
        INFO(game_name(g));
        const auto objects = kit_objects_two_skeletons(kit_set(g));
        const std::string names = kit_names_two_skeletons();
        // BEND and NOD name CHILD (a bone of SKEL); WAG names TAIL (SKEL2's) only.
        const auto doc = open_big(objects, g, names);
        CHECK(animation_names(doc->scene(asobo_crc32("SKIN"))) ==
              std::set<std::string>{"BEND", "NOD"});
        CHECK(animation_names(doc->scene(asobo_crc32("LOD"))) ==
              std::set<std::string>{"BEND", "NOD"});
        CHECK(doc->warnings().empty());
        // --anims takes one comma-separated list.
        auto with_anims = [&](std::vector<std::string> sel) {
            Options o;
            o.format_options["anims"] = std::move(sel);
            return open_big(objects, g, names, o);
        };
        CHECK(animation_names(with_anims({"NOD"})->scene(asobo_crc32("SKIN"))) ==
              std::set<std::string>{"NOD"});
        // By crc as well as by name.
        CHECK(animation_names(
                  with_anims({std::to_string(asobo_crc32("BEND"))})->scene(asobo_crc32("SKIN"))) ==
              std::set<std::string>{"BEND"});
        CHECK(animation_names(with_anims({"all"})->scene(asobo_crc32("SKIN"))) ==
              std::set<std::string>{"BEND", "NOD", "WAG"});
        // An entry that animates none of SKEL's bones: a usage error naming both.
        for (const std::vector<std::string>& sel :
             {std::vector<std::string>{"WAG"}, std::vector<std::string>{"NOD,WAG"}}) {
            const auto d = with_anims(sel);
            try {
                d->scene(asobo_crc32("SKIN"));
                FAIL("converted with --anims WAG");
            } catch (const Error& e) {
                INFO(e.what());
                CHECK(e.kind() == ErrorKind::Usage);
                CHECK(std::string(e.what()).find("Animation_Z WAG animates no bone") !=
                      std::string::npos);
                CHECK(std::string(e.what()).find("SKEL") != std::string::npos);
            }
        }
        // One that names no Animation_Z of the file: a usage error naming it.
        try {
            with_anims({"NO_SUCH_ANIM"})->scene(asobo_crc32("SKIN"));
            FAIL("converted with --anims NO_SUCH_ANIM");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::Usage);
            CHECK(std::string(e.what()).find("NO_SUCH_ANIM") != std::string::npos);
        }
    }
}

TEST_CASE("a Skin_Z whose Mesh_Z is missing: a warning naming it, the armature exported") {
    for (Game g : {Game::Ratatouille, Game::WallE, Game::Fuel}) {
        INFO(game_name(g));
        const auto doc = open_big(without(kit_objects(kit_set(g)), "BODY"), g, kit_names());
        check_one_warning(*doc, "Mesh_Z", "BODY");
        const Scene s = doc->scene(asobo_crc32("SKIN"));
        // SKIN, ROOT, CHILD; no mesh node, no mesh; the skin's joints and BEND kept.
        CHECK(s.nodes.size() == 3);
        CHECK(s.find_node("ROOT") > 0);
        CHECK(s.find_node("CHILD") > 0);
        CHECK(s.meshes.empty());
        CHECK(animation_names(s) == std::set<std::string>{"BEND"});
        CHECK_NOTHROW(validate_scene(s));
    }
}

TEST_CASE("a Mesh_Z whose MeshData_Z is missing: a warning naming it, the mesh exported") {
    for (Game g : {Game::Ratatouille, Game::WallE, Game::Fuel}) {
        INFO(game_name(g));
        const auto doc = open_big(without(kit_objects(kit_set(g)), "MD"), g, kit_names());
        check_one_warning(*doc, "MeshData_Z", "MD");
        // The Mesh_Z item: its node and one mesh per group (one), 8 vertices.
        const Scene m = doc->scene(asobo_crc32("BODY"));
        CHECK(m.nodes.size() == 2);
        REQUIRE(m.meshes.size() == 1);
        CHECK(m.meshes[0].positions.size() == 8);
        // The Skin_Z: SKIN, ROOT, CHILD and BODY's node; the mesh still skinned.
        const Scene s = doc->scene(asobo_crc32("SKIN"));
        CHECK(s.nodes.size() == 4);
        REQUIRE(s.meshes.size() == 1);
        CHECK(s.meshes[0].skin == 0);
        CHECK_NOTHROW(validate_scene(s));
    }
    // A single Mesh_Z file: the companion looked for in its folder and not found.
    const fs::path dir = test::fresh_temp_dir("zouna_kit_no_meshdata");
    write_kit_files(dir, without(kit_objects(kit_set(Game::Fuel)), "MD"), Game::Fuel);
    std::ifstream f(dir / "BODY.Mesh_Z", std::ios::binary);
    Input in;
    in.path = (dir / "BODY.Mesh_Z").string();
    in.bytes = Bytes(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
    const auto doc = formats::zouna_format().open(in, Options{});
    check_one_warning(*doc, "MeshData_Z", "MD");
    const Scene m = doc->scene(doc->default_item());
    CHECK(m.nodes.size() == 2);
    CHECK(m.meshes.size() == 1);
}
