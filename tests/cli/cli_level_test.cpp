// `--level` on every verb that builds a scene (and accepted by the others):
// the bundled TR4 cutscene with the bundled level, read back by Assimp's own
// glTF importer, and the failures as the tool's one-line errors.
#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#include <nlohmann/json.hpp>
#include <set>

#include "ripkit_catch.hpp"
#include "tool_runner.hpp"

using namespace ripkit::test;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

struct Pair {
    fs::path cutscene, level;
};

// samples/tr_cutseq/CUTSEQ.PAK and samples/tr_level/DEMO.TR4 (or freshly written ones).
const Pair& pair() {
    static TempDir scratch;
    static const Pair p = [] {
        Pair out;
        for (const Sample& s : all_samples(scratch.path())) {
            if (s.path.filename() == "CUTSEQ.PAK") out.cutscene = s.path;
            if (s.path.filename() == "DEMO.TR4") out.level = s.path;
        }
        return out;
    }();
    REQUIRE(!p.cutscene.empty());
    REQUIRE(!p.level.empty());
    return p;
}

struct Read {
    std::set<std::string> bones;  // joints that move a vertex
    unsigned meshes = 0, textures = 0;
    bool lara_tree = false;  // actor0_mesh14 hangs off actor0_mesh7 (LARA's tree)
};

Read read_glb(const fs::path& glb) {
    Assimp::Importer imp;
    const aiScene* s = imp.ReadFile(glb.string(), 0);
    INFO(imp.GetErrorString());
    REQUIRE(s);
    Read r;
    r.meshes = s->mNumMeshes;
    r.textures = s->mNumTextures;
    for (unsigned i = 0; i < s->mNumMeshes; ++i)
        for (unsigned b = 0; b < s->mMeshes[i]->mNumBones; ++b)
            r.bones.insert(s->mMeshes[i]->mBones[b]->mName.C_Str());
    const aiNode* head = s->mRootNode->FindNode("actor0_mesh14");
    r.lara_tree =
        head && head->mParent && std::string(head->mParent->mName.C_Str()) == "actor0_mesh7";
    return r;
}

}  // namespace

TEST_CASE("cli --level: convert gives the actors their bodies, Assimp reads them back") {
    const Pair& p = pair();
    TempDir out;
    const fs::path with = out.path() / "with.glb", without = out.path() / "without.glb";
    const ToolResult r = run_tool({"convert", p.cutscene.string(), with.string(), "--item", "1",
                                   "--level", p.level.string()});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    REQUIRE(run_tool({"convert", p.cutscene.string(), without.string(), "--item", "1"}).exit_code ==
            0);
    const Read a = read_glb(with), b = read_glb(without);
    // Lara's 15 joints and the second actor's 15 all move vertices.
    for (int actor = 0; actor < 2; ++actor)
        for (int j = 0; j < 15; ++j) {
            const std::string name = "actor" + std::to_string(actor) + "_mesh" + std::to_string(j);
            INFO(name);
            CHECK(a.bones.count(name));
        }
    CHECK(a.lara_tree);
    CHECK(a.textures == 3);  // the level's pages, embedded
    CHECK(b.bones.empty());
    CHECK(b.meshes == 0);
    CHECK_FALSE(b.lara_tree);
}

TEST_CASE("cli --level: info, list, dump and view take it") {
    const Pair& p = pair();
    const std::string level = p.level.string();
    const ToolResult info = run_tool({"info", "--json", p.cutscene.string(), "--level", level});
    INFO(info.err);
    REQUIRE(info.exit_code == 0);
    const json i = json::parse(info.out);
    CHECK(i["level"]["version"] == "tr4");
    CHECK(i["level"]["rooms"] == "near");
    CHECK(run_tool({"list", p.cutscene.string(), "--level", level}).exit_code == 0);
    CHECK(run_tool({"dump", p.cutscene.string(), "--level", level}).exit_code == 0);

    TempDir out;
    const fs::path with = out.path() / "with.html", without = out.path() / "without.html";
    const ToolResult v =
        run_tool({"view", p.cutscene.string(), with.string(), "--item", "1", "--level", level});
    INFO(v.err);
    REQUIRE(v.exit_code == 0);
    REQUIRE(run_tool({"view", p.cutscene.string(), without.string(), "--item", "1"}).exit_code ==
            0);
    // the page carries the bodies (meshes and three PNG pages) the plain one lacks
    CHECK(fs::file_size(with) > fs::file_size(without) + 1000);
}

TEST_CASE("cli --level: a missing or wrong level is one error line naming it") {
    const Pair& p = pair();
    TempDir out;
    const fs::path glb = out.path() / "x.glb";
    const fs::path missing = out.path() / "NOPE.TR4";
    ToolResult r =
        run_tool({"convert", p.cutscene.string(), glb.string(), "--level", missing.string()});
    CHECK(r.exit_code != 0);
    REQUIRE(r.error_lines().size() == 1);
    CHECK(r.error_lines()[0].find("NOPE.TR4") != std::string::npos);
    CHECK_FALSE(fs::exists(glb));

    // the cutscene file itself is no level: wrong format, naming it
    r = run_tool({"convert", p.cutscene.string(), glb.string(), "--level", p.cutscene.string()});
    CHECK(r.exit_code != 0);
    REQUIRE(r.error_lines().size() == 1);
    CHECK(r.error_lines()[0].find("CUTSEQ.PAK") != std::string::npos);
    CHECK_FALSE(fs::exists(glb));
}
