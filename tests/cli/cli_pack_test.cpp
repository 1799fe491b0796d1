// `ripkit convert SCENE.glb OUT.PAK|OUT.BIN`: the tool packs a scene it wrote
// back into the game file, with and without --base, and refuses what it must.
#include <fstream>
#include <nlohmann/json.hpp>

#include "ripkit_catch.hpp"
#include "tool_runner.hpp"

using namespace ripkit::test;
namespace fs = std::filesystem;

namespace {

fs::path tr_sample(const fs::path& scratch, const std::string& name) {
    for (const Sample& s : all_samples(scratch))
        if (s.format_id == "tr_cutseq" && s.path.filename() == name) return s.path;
    FAIL("no tr_cutseq sample " << name);
    throw 0;
}

nlohmann::json dump(const fs::path& file, int item) {
    const ToolResult r = run_tool({"dump", file.string(), "--item", std::to_string(item)});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    nlohmann::json j = nlohmann::json::parse(r.out).at("cutscenes").at(0);
    j.erase("index");
    return j;
}

std::string bytes_of(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), {});
}

// The little-endian WALK.Animation_Z sample and its glb.
std::pair<fs::path, fs::path> walk_glb(const fs::path& scratch) {
    fs::path walk;
    for (const Sample& s : all_samples(scratch))
        if (s.path.filename() == "WALK.Animation_Z" && s.path.parent_path().filename() == "little")
            walk = s.path;
    REQUIRE(!walk.empty());
    const fs::path glb = scratch / "walk.glb";
    REQUIRE(run_tool({"convert", walk.string(), glb.string()}).exit_code == 0);
    return {walk, glb};
}

}  // namespace

TEST_CASE("convert packs a glb back into CUTSEQ, new or into a base file") {
    TempDir dir;
    const fs::path pak = tr_sample(dir.path(), "CUTSEQ.PAK");
    const fs::path glb = dir.path() / "c3.glb";
    REQUIRE(run_tool({"convert", pak.string(), glb.string(), "--item", "3"}).exit_code == 0);

    // A new TR4 file with the scene as item 1 (the default)...
    const fs::path fresh = dir.path() / "NEW.PAK";
    const ToolResult r = run_tool({"convert", glb.string(), fresh.string()});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out == fresh.string() + "\n");
    CHECK(dump(fresh, 1) == dump(pak, 3));
    // ...or as item 5 of a TR5 file.
    const fs::path bin = dir.path() / "NEW.BIN";
    REQUIRE(run_tool({"convert", glb.string(), bin.string(), "--item", "5"}).exit_code == 0);
    CHECK(bytes_of(bin).substr(0, 8) == "(C) DEL!");
    CHECK(dump(bin, 5) == dump(pak, 3));

    // Into a copy of the base: nothing edited, so the same file comes out.
    const fs::path copy = dir.path() / "COPY.PAK";
    const ToolResult b =
        run_tool({"convert", glb.string(), copy.string(), "--item", "3", "--base", pak.string()});
    INFO(b.err);
    REQUIRE(b.exit_code == 0);
    CHECK(dump(copy, 1) == dump(pak, 1));
    CHECK(dump(copy, 3) == dump(pak, 3));
    // --format names the game format whatever OUT is called.
    const fs::path named = dir.path() / "cutscene.dat";
    REQUIRE(run_tool({"convert", glb.string(), named.string(), "--format", "tr-cutseq", "--base",
                      pak.string(), "--item", "3"})
                .exit_code == 0);
    CHECK(bytes_of(named) == bytes_of(copy));
}

TEST_CASE("convert packs from .gltf exactly and from .fbx (with --base) within Euler precision") {
    TempDir dir;
    const fs::path pak = tr_sample(dir.path(), "CUTSEQ.PAK");
    const nlohmann::json orig = dump(pak, 3);
    const fs::path gltf = dir.path() / "c3.gltf";
    REQUIRE(run_tool({"convert", pak.string(), gltf.string(), "--item", "3"}).exit_code == 0);
    const fs::path from_gltf = dir.path() / "GLTF.PAK";
    const ToolResult g = run_tool({"convert", gltf.string(), from_gltf.string()});
    INFO(g.err);
    REQUIRE(g.exit_code == 0);
    CHECK(dump(from_gltf, 1) == orig);

    // FBX keeps no extras (slots, origin come from the base) and turns
    // rotations into Euler curves: one 2-unit camera step, one 10-bit angle.
    const fs::path fbx = dir.path() / "c3.fbx";
    REQUIRE(run_tool({"convert", pak.string(), fbx.string(), "--item", "3"}).exit_code == 0);
    const fs::path from_fbx = dir.path() / "FBX.PAK";
    const ToolResult f = run_tool(
        {"convert", fbx.string(), from_fbx.string(), "--item", "3", "--base", pak.string()});
    INFO(f.err);
    REQUIRE(f.exit_code == 0);
    const nlohmann::json back = dump(from_fbx, 3);
    REQUIRE(back["frames"] == orig["frames"]);
    CHECK(back["origin"] == orig["origin"]);
    int worst_pos = 0, worst_angle = 0;
    for (const char* part : {"target", "position"})
        for (size_t fr = 0; fr < orig["camera"][part].size(); ++fr)
            for (size_t a = 0; a < 3; ++a)
                worst_pos = std::max(worst_pos, std::abs(orig["camera"][part][fr][a].get<int>() -
                                                         back["camera"][part][fr][a].get<int>()));
    REQUIRE(back["actors"].size() == orig["actors"].size());
    for (size_t i = 0; i < orig["actors"].size(); ++i) {
        const nlohmann::json &x = orig["actors"][i], &y = back["actors"][i];
        CHECK(y["slot"] == x["slot"]);
        for (size_t fr = 0; fr < x["rotation"].size(); ++fr)
            for (size_t m = 0; m < x["rotation"][fr].size(); ++m)
                for (size_t a = 0; a < 3; ++a) {
                    const int d = std::abs(x["rotation"][fr][m][a].get<int>() -
                                           y["rotation"][fr][m][a].get<int>()) %
                                  1024;
                    worst_angle = std::max(worst_angle, std::min(d, 1024 - d));
                }
    }
    CHECK(worst_pos <= 2);
    CHECK(worst_angle <= 1);
}

TEST_CASE("convert from a scene refuses to overwrite an input and names what is missing") {
    TempDir dir;
    const fs::path pak = tr_sample(dir.path(), "CUTSEQ.PAK");
    const fs::path glb = dir.path() / "c1.glb";
    REQUIRE(run_tool({"convert", pak.string(), glb.string()}).exit_code == 0);
    const std::string before = bytes_of(pak);
    const ToolResult same =
        run_tool({"convert", glb.string(), pak.string(), "--base", pak.string()});
    CHECK(same.exit_code == 2);
    CHECK_THAT(same.err, Catch::Matchers::ContainsSubstring("not an input"));
    CHECK(bytes_of(pak) == before);
    const std::string glb_before = bytes_of(glb);
    const ToolResult onto_scene =
        run_tool({"convert", glb.string(), glb.string(), "--format", "tr-cutseq"});
    CHECK(onto_scene.exit_code == 2);
    CHECK_THAT(onto_scene.err, Catch::Matchers::ContainsSubstring("not an input"));
    CHECK(bytes_of(glb) == glb_before);

    const ToolResult ext = run_tool({"convert", glb.string(), (dir.path() / "o.xyz").string()});
    CHECK(ext.exit_code == 2);
    CHECK_THAT(ext.err, Catch::Matchers::ContainsSubstring("tr-cutseq (.pak, .bin)"));

    // A scene that is not a cutscene: the glb of a Zouna animation.
    fs::path walk;
    for (const Sample& s : all_samples(dir.path()))
        if (s.path.filename() == "WALK.Animation_Z") walk = s.path;
    REQUIRE(!walk.empty());
    const fs::path zglb = dir.path() / "walk.glb";
    REQUIRE(run_tool({"convert", walk.string(), zglb.string()}).exit_code == 0);
    const fs::path out = dir.path() / "OUT.PAK";
    const ToolResult miss = run_tool({"convert", zglb.string(), out.string()});
    CHECK(miss.exit_code == 1);
    const auto lines = miss.error_lines();
    REQUIRE(lines.size() == 1);
    CHECK_THAT(lines[0], Catch::Matchers::StartsWith("ripkit: " + zglb.string() + ": ") &&
                             Catch::Matchers::ContainsSubstring("missing: camera, camera_target"));
    CHECK_FALSE(fs::exists(out));
}

TEST_CASE("convert from a scene refuses an option the format's writer does not read") {
    TempDir dir;
    const fs::path pak = tr_sample(dir.path(), "CUTSEQ.PAK");
    const fs::path glb = dir.path() / "c1.glb";
    REQUIRE(run_tool({"convert", pak.string(), glb.string()}).exit_code == 0);
    const fs::path out = dir.path() / "OUT.PAK";
    // CUTSEQ has one byte order: --endian would be silently meaningless.
    const ToolResult endian = run_tool({"convert", glb.string(), out.string(), "--endian", "big"});
    CHECK(endian.exit_code == 2);
    CHECK_THAT(endian.err, Catch::Matchers::ContainsSubstring(
                               "an option the tr-cutseq writer reads (--item, --base, --anims), "
                               "got --endian"));
    CHECK_FALSE(fs::exists(out));

    const auto [walk, wglb] = walk_glb(dir.path());
    const fs::path z = dir.path() / "Z.Animation_Z";
    const ToolResult level =
        run_tool({"convert", wglb.string(), z.string(), "--level", pak.string()});
    CHECK(level.exit_code == 2);
    CHECK_THAT(level.err,
               Catch::Matchers::ContainsSubstring(
                   "an option the zouna writer reads (--item, --base, --endian, --anims, "
                   "--names), got --level"));
    CHECK_FALSE(fs::exists(z));
}

TEST_CASE("convert packs a glb back into an Animation_Z, either byte order") {
    TempDir dir;
    const auto [walk, glb] = walk_glb(dir.path());
    const fs::path big = dir.path() / "WALK.Animation_Z";
    const ToolResult r = run_tool({"convert", glb.string(), big.string(), "--endian", "big"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const auto json_of = [](const fs::path& p) {
        const ToolResult d = run_tool({"dump", p.string()});
        REQUIRE(d.exit_code == 0);
        return nlohmann::json::parse(d.out);
    };
    nlohmann::json a = json_of(walk), b = json_of(big);
    CHECK(a["endian"] == "little");
    CHECK(b["endian"] == "big");
    a.erase("endian"), b.erase("endian");
    CHECK(a == b);
    // --base: the same file back, and --item must name the base's object.
    const fs::path copy = dir.path() / "COPY.Animation_Z";
    REQUIRE(run_tool({"convert", glb.string(), copy.string(), "--base", walk.string()}).exit_code ==
            0);
    CHECK(bytes_of(copy) == bytes_of(walk));
    const ToolResult wrong =
        run_tool({"convert", glb.string(), copy.string(), "--base", walk.string(), "--item", "7"});
    CHECK(wrong.exit_code == 2);
    CHECK_THAT(wrong.err, Catch::Matchers::ContainsSubstring("--item naming the base's object"));
}

TEST_CASE("convert into an Animation_Z takes the reading --set keys for the layout it writes") {
    TempDir dir;
    const auto [walk, glb] = walk_glb(dir.path());
    const fs::path out = dir.path() / "HALF.Animation_Z";
    const ToolResult r =
        run_tool({"convert", glb.string(), out.string(), "--set", "comp_scale=2048"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const auto json_of = [](const fs::path& p, std::vector<std::string> extra) {
        std::vector<std::string> args = {"dump", p.string()};
        args.insert(args.end(), extra.begin(), extra.end());
        const ToolResult d = run_tool(args);
        REQUIRE(d.exit_code == 0);
        nlohmann::json j = nlohmann::json::parse(d.out);
        j.erase("settings"), j.erase("object");
        return j;
    };
    // Read with the layout it was written with: the original values...
    CHECK(json_of(out, {"--set", "comp_scale=2048"}) == json_of(walk, {}));
    // ...with the default 4096 the s16 words read as half: ROOT's key 1 is
    // (0, 1.25, 0.5) in WALK (samples.cpp), stored as round(v * 2048).
    const nlohmann::json half = json_of(out, {});
    CHECK(half["nodes"][0]["translation"]["keys"][1]["value"] ==
          nlohmann::json({0.0, 0.625, 0.25}));
}

TEST_CASE(
    "convert into an Animation_Z keeps the BFF0 header's version and --set version agreeing") {
    TempDir dir;
    const auto [walk, glb] = walk_glb(dir.path());
    // WALK is a FUEL file: WALL-E layouts under a FUEL header would be misread.
    const fs::path out = dir.path() / "W.Animation_Z";
    const ToolResult name_only =
        run_tool({"convert", glb.string(), out.string(), "--set", "version=walle"});
    CHECK(name_only.exit_code == 2);
    CHECK_THAT(name_only.err, Catch::Matchers::ContainsSubstring("header says") &&
                                  Catch::Matchers::ContainsSubstring("(fuel)") &&
                                  Catch::Matchers::ContainsSubstring("full version string"));
    CHECK_FALSE(fs::exists(out));
    // A full version string becomes the header: readers then pick WALL-E's layouts.
    const std::string walle = "v1.291.03.05 - Asobo Studio - Internal Cross Technology";
    const ToolResult full =
        run_tool({"convert", glb.string(), out.string(), "--set", "version=" + walle});
    INFO(full.err);
    REQUIRE(full.exit_code == 0);
    // bff's header: tag 0 (Asobo), then 1, 291, 3, 5 as u16 little-endian.
    CHECK(bytes_of(out).substr(7, 9) == std::string("\x00\x01\x00\x23\x01\x03\x00\x05\x00", 9));
    const ToolResult d = run_tool({"dump", out.string()});
    REQUIRE(d.exit_code == 0);
    CHECK(nlohmann::json::parse(d.out)["settings"]["version"] == "walle");
    // No header, nothing to contradict.
    CHECK(run_tool({"convert", glb.string(), (dir.path() / "R.Animation_Z").string(), "--set",
                    "version=walle", "--set", "container=raw"})
              .exit_code == 0);
}

TEST_CASE("convert from a scene checks --set against the format's one schema") {
    TempDir dir;
    const fs::path pak = tr_sample(dir.path(), "CUTSEQ.PAK");
    const fs::path glb = dir.path() / "c1.glb";
    REQUIRE(run_tool({"convert", pak.string(), glb.string()}).exit_code == 0);
    const fs::path out = dir.path() / "OUT.PAK";
    const ToolResult typo = run_tool({"convert", glb.string(), out.string(), "--set", "scael=2"});
    CHECK(typo.exit_code == 2);
    CHECK_THAT(typo.err, Catch::Matchers::ContainsSubstring("got --set scael=2") &&
                             Catch::Matchers::ContainsSubstring("frames") &&
                             Catch::Matchers::ContainsSubstring("start"));
    const ToolResult frac =
        run_tool({"convert", glb.string(), out.string(), "--set", "frames=4.5"});
    CHECK(frac.exit_code == 2);
    CHECK_THAT(frac.err, Catch::Matchers::ContainsSubstring(
                             "--set frames=<an integer in [1, 32767]>, got '4.5'"));
    const ToolResult junk =
        run_tool({"convert", glb.string(), out.string(), "--set", "start=2abc"});
    CHECK(junk.exit_code == 2);
    CHECK_FALSE(fs::exists(out));
    // A key the schema declares for writing does what it says.
    REQUIRE(run_tool({"convert", glb.string(), out.string(), "--set", "frames=10"}).exit_code == 0);
    CHECK(dump(out, 1)["frames"] == 10);

    const auto [walk, wglb] = walk_glb(dir.path());
    const fs::path z = dir.path() / "Z.Animation_Z";
    const ToolResult zip =
        run_tool({"convert", wglb.string(), z.string(), "--set", "compress=zip"});
    CHECK(zip.exit_code == 2);
    CHECK_THAT(zip.err,
               Catch::Matchers::ContainsSubstring("--set compress=<one of none, lzrs>, got 'zip'"));
    const ToolResult ztypo =
        run_tool({"convert", wglb.string(), z.string(), "--set", "comp_scael=2048"});
    CHECK(ztypo.exit_code == 2);
    CHECK_THAT(ztypo.err, Catch::Matchers::ContainsSubstring("got --set comp_scael=2048") &&
                              Catch::Matchers::ContainsSubstring("container"));
    CHECK_FALSE(fs::exists(z));
    REQUIRE(run_tool({"convert", wglb.string(), z.string(), "--set", "compress=lzrs"}).exit_code ==
            0);
    const ToolResult d = run_tool({"dump", z.string()});
    REQUIRE(d.exit_code == 0);
    CHECK(nlohmann::json::parse(d.out)["object"]["compressed"] == true);
}
