// The tool on files with one corrupt item (corrupt_inputs.hpp) and on small
// files that ask for unbounded work (hostile_inputs.hpp): a corrupt item is
// an error in every format, never "empty"; every run ends in an exit code
// and at most one line, never a signal, and a limit line says how to raise it.
#include <fstream>
#include <nlohmann/json.hpp>

#include "corrupt_inputs.hpp"
#include "hostile_inputs.hpp"
#include "ripkit_catch.hpp"
#include "tool_runner.hpp"

using namespace ripkit;
using namespace ripkit::test;
namespace fs = std::filesystem;

namespace {

fs::path write_input(const fs::path& dir, const std::string& name, const Bytes& bytes) {
    const fs::path p = dir / name;
    std::ofstream(p, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    return p;
}

bool contains(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("a corrupt item is listed as an error in every format, never as empty") {
    TempDir dir;
    for (const hostile::CorruptInput& in : hostile::all_corrupt_inputs()) {
        INFO(in.file_name);
        const fs::path f = write_input(dir.path(), in.file_name, in.bytes);
        const ToolResult j = run_tool({"list", f.string(), "--json"});
        INFO(j.err);
        REQUIRE(j.exit_code == 0);
        const nlohmann::json items = nlohmann::json::parse(j.out);
        size_t errors = 0;
        for (const nlohmann::json& it : items) {
            const int64_t id = it["id"].get<int64_t>();
            if (id == in.bad) {
                ++errors;
                CHECK_FALSE(it["empty"].get<bool>());
                REQUIRE(it["error"].is_string());
                CHECK(contains(it["error"].get<std::string>(), in.why));
            } else {
                CHECK(it["error"].is_null());
            }
        }
        CHECK(errors == 1);
        for (int64_t good : in.good) {
            bool listed = false;
            for (const nlohmann::json& it : items) listed |= it["id"] == good && !it["empty"];
            CHECK(listed);
        }
        // The text listing says it on the item's line.
        const ToolResult t = run_tool({"list", f.string()});
        bool marked = false;
        for (const std::string& l : text_lines(t.out))
            if (l.rfind(std::to_string(in.bad) + "  ", 0) == 0) {
                marked = l.rfind(std::to_string(in.bad) + "  (error: ", 0) == 0 &&
                         contains(l, in.why) && !contains(l, "(empty)");
            }
        CHECK(marked);
    }
}

TEST_CASE("convert --all fails on the corrupt item, removes what it wrote and prints its line") {
    for (const hostile::CorruptInput& in : hostile::all_corrupt_inputs()) {
        INFO(in.file_name);
        TempDir dir;
        const fs::path f = write_input(dir.path(), in.file_name, in.bytes);
        const fs::path out = dir.path() / "out";
        const ToolResult r = run_tool({"convert", f.string(), out.string(), "--all"});
        INFO(r.err);
        CHECK(r.exit_code == 1);
        REQUIRE(text_lines(r.err).size() == 1);
        CHECK(contains(r.err, "item " + std::to_string(in.bad)));
        CHECK(contains(r.err, in.why));
        CHECK(r.out.empty());
        CHECK(list_files(out).empty());
        // The item alone fails the same way.
        const ToolResult one = run_tool({"convert", f.string(), (dir.path() / "one.glb").string(),
                                         "--item", std::to_string(in.bad)});
        CHECK(one.exit_code == 1);
        CHECK(text_lines(one.err).size() == 1);
        CHECK(contains(one.err, in.why));
    }
}

TEST_CASE("convert --all --keep-going converts the rest, one line per failure, exit 1") {
    for (const hostile::CorruptInput& in : hostile::all_corrupt_inputs()) {
        INFO(in.file_name);
        TempDir dir;
        const fs::path f = write_input(dir.path(), in.file_name, in.bytes);
        const fs::path out = dir.path() / "out";
        const ToolResult r =
            run_tool({"convert", f.string(), out.string(), "--all", "--keep-going"});
        INFO(r.err);
        CHECK(r.exit_code == 1);
        const std::vector<std::string> err = text_lines(r.err);
        REQUIRE(err.size() == 1);
        CHECK(err[0].rfind("ripkit: " + f.string() + ": ", 0) == 0);
        CHECK(contains(err[0], "item " + std::to_string(in.bad)));
        const std::string stem = fs::path(in.file_name).stem().string();
        std::vector<std::string> glbs;
        for (const std::string& name : list_files(out))
            if (fs::path(name).extension() == ".glb") glbs.push_back(name);
        std::vector<std::string> expected;
        for (int64_t id : in.good) expected.push_back(stem + "_" + std::to_string(id) + ".glb");
        std::sort(expected.begin(), expected.end());
        CHECK(glbs == expected);
    }
    // --keep-going needs --all.
    TempDir dir;
    const hostile::CorruptInput in = hostile::tr_bad_cutscene();
    const fs::path f = write_input(dir.path(), in.file_name, in.bytes);
    const ToolResult u =
        run_tool({"convert", f.string(), (dir.path() / "x.glb").string(), "--keep-going"});
    CHECK(u.exit_code == 2);
}

namespace {

// Exit 0, or exit 1 with one line; a limit line names the limit and --limit.
void check_clean(const ToolResult& r, const std::string& what) {
    INFO(what);
    INFO(r.err);
    REQUIRE((r.exit_code == 0 || r.exit_code == 1));
    if (r.exit_code == 0) return;
    const std::vector<std::string> err = text_lines(r.err);
    REQUIRE(err.size() == 1);
    if (contains(err[0], "allocation limit") || contains(err[0], "step limit"))
        CHECK(contains(err[0], "--limit total_"));
}

// The tool's arguments for `verb` on `file`: info, list, dump (to `out`), or
// glb / fbx (convert to `out`).
std::vector<std::string> verb_args(const std::string& verb, const fs::path& file,
                                   const fs::path& out) {
    if (verb == "glb" || verb == "fbx") return {"convert", file.string(), out.string()};
    if (verb == "dump") return {"dump", file.string(), "-o", out.string()};
    return {verb, file.string()};
}

}  // namespace

// The same code paths as under the default limits, with a budget scaled down
// to what a sanitized test build can afford (the default-limit figures are
// measured in a Release build: docs/architecture.md "Limits and the budget").
TEST_CASE("small files asking for unbounded work end cleanly within the budget") {
    TempDir dir;
    struct Case {
        std::string name;
        Bytes bytes;
        std::vector<std::string> extra;  // verb options (the item that amplifies)
        // Verbs that must stop at the budget (the others may succeed).
        std::vector<std::string> limited;
    };
    const std::vector<Case> cases = {
        {"cut_every_frame.bin", hostile::tr_cut_every_frame(), {}, {"dump", "glb", "fbx"}},
        {"bezier_bake.Animation_Z", hostile::zouna_bezier_bake(), {}, {"glb", "fbx"}},
        // glTF and FBX write the two Hermite keys as they are (--fbx-bake
        // samples them: the next case).
        {"hermite_span.Animation_Z", hostile::zouna_hermite_span(), {}, {}},
        {"face_bank.z64", hostile::pikachu_face_bank(), {"--item", "1"}, {}},
    };
    for (const Case& c : cases) {
        const fs::path f = write_input(dir.path(), c.name, c.bytes);
        for (const std::string verb : {"info", "list", "dump", "glb", "fbx"}) {
            const fs::path out = dir.path() / ("out." + verb);
            std::vector<std::string> args = verb_args(verb, f, out);
            if (verb != "info" && verb != "list")
                args.insert(args.end(), c.extra.begin(), c.extra.end());
            args.insert(args.end(), {"--limit", "total_bytes=64M"});
            const ToolResult r = run_tool(args);
            check_clean(r, c.name + " " + verb);
            const bool limited =
                std::find(c.limited.begin(), c.limited.end(), verb) != c.limited.end();
            CHECK(r.exit_code == (limited ? 1 : 0));
            if (limited) CHECK_FALSE(fs::exists(out));
            std::error_code ec;
            fs::remove(out, ec);
        }
    }
}

TEST_CASE("--fbx-bake over a 300000 s Hermite span stops at the budget, writing nothing") {
    TempDir dir;
    const fs::path f =
        write_input(dir.path(), "hermite_span.Animation_Z", hostile::zouna_hermite_span());
    const fs::path out = dir.path() / "out.fbx";
    const ToolResult r =
        run_tool({"convert", f.string(), out.string(), "--fbx-bake", "--limit", "total_bytes=64M"});
    check_clean(r, "hermite_span --fbx-bake");
    CHECK(r.exit_code == 1);
    CHECK(contains(r.err, "allocation limit"));
    CHECK(contains(r.err, "writing the scene as fbx"));
    CHECK_FALSE(fs::exists(out));
}

TEST_CASE("the triangles of an amplifying display list are charged while they are made") {
    TempDir dir;
    // 60k triangles from a 30-call list; an 8 MiB budget holds fewer.
    const fs::path f = write_input(dir.path(), "tris.z64", hostile::pikachu_triangles(30, 1000));
    const ToolResult r = run_tool({"list", f.string(), "--json", "--limit", "total_bytes=8M"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const nlohmann::json items = nlohmann::json::parse(r.out);
    REQUIRE(items.size() > 1);
    REQUIRE(items[1]["error"].is_string());
    const std::string e = items[1]["error"].get<std::string>();
    CHECK(contains(e, "allocation limit"));
    CHECK(contains(e, "triangles"));
    CHECK(contains(e, "--limit total_bytes=N"));
    CHECK(items[0]["error"].is_null());
}

// The step total bounds the whole file, the layout search's trial decodes
// included: 32 models of 3109 commands each (6 calls a level, 4 levels).
// 100k steps hold the layout search and the default item, not all 32: the
// verbs that need every model end in the one line naming total_steps, and a
// convert decodes no model past the one it writes. 40k do not hold the
// search: nothing is written. Raised, every verb runs.
TEST_CASE("a ROM whose 32 models fan out stops at the file's step total") {
    TempDir dir;
    const fs::path f = write_input(dir.path(), "fan_out.z64", hostile::pikachu_fan_out(4, 6));
    auto run = [&](const std::string& verb, const std::string& total) {
        const fs::path out = dir.path() / ("out." + verb);
        std::vector<std::string> args = verb_args(verb, f, out);
        args.insert(args.end(), {"--limit", "total_steps=" + total});
        const ToolResult r = run_tool(args);
        check_clean(r, "fan_out " + verb + " " + total);
        const bool written = fs::exists(out);
        std::error_code ec;
        fs::remove(out, ec);
        return std::make_pair(r, written);
    };
    for (const std::string verb : {"info", "list", "dump"}) {
        const auto [r, written] = run(verb, "100k");
        CHECK(r.exit_code == 1);
        CHECK(contains(r.err, "step limit"));
        CHECK(contains(r.err, "--limit total_steps=N"));
        CHECK_FALSE(written);
    }
    for (const std::string verb : {"glb", "fbx"}) {
        const auto [r, written] = run(verb, "100k");
        CHECK(r.exit_code == 0);
        CHECK(written);
        const auto [low, low_written] = run(verb, "40k");
        CHECK(low.exit_code == 1);
        CHECK(contains(low.err, "--limit total_steps=N"));
        CHECK_FALSE(low_written);
    }
    for (const std::string verb : {"info", "list", "dump"})
        CHECK(run(verb, "10M").first.exit_code == 0);
}
