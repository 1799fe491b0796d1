// --limit, the document budget as the tool reports it, and what a failing
// run prints (docs/cli.md "Exit status", "Limits"): one line, exit 2 for
// usage wherever it is found, 1 for a limit, nothing written.
#include <fstream>
#include <string_view>

#include "ripkit_catch.hpp"
#include "tool_runner.hpp"

using namespace ripkit::test;
namespace fs = std::filesystem;

namespace {

const std::vector<Sample>& samples() { return shared_samples(); }

// The name as a view: GCC 14 takes a reference returned from a call given a
// temporary std::string for a dangling one.
const Sample& sample_of(std::string_view format_id) {
    for (const Sample& s : samples())
        if (s.format_id == format_id) return s;
    FAIL("no sample of " << format_id);
    return samples().front();
}

bool has(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("--limit takes every key; a bad one is a usage error naming the valid keys") {
    const Sample& s = samples().front();
    for (const char* ok : {"total_bytes=512M", "total_steps=1G", "elements=100k", "depth=64"}) {
        const ToolResult r = run_tool({"info", s.path.string(), "--limit", ok});
        CHECK(r.exit_code == 0);
    }
    for (const char* bad : {"total_byte=5", "total_bytes=0", "total_bytes=2abc", "steps", "=5"}) {
        INFO(bad);
        const ToolResult r = run_tool({"list", s.path.string(), "--limit", bad});
        CHECK(r.exit_code == 2);
        REQUIRE(text_lines(r.err).size() == 1);
        CHECK(has(r.err, "usage"));
        CHECK(r.out.empty());
    }
    const ToolResult u = run_tool({"info", s.path.string(), "--limit", "total_byte=5"});
    CHECK(has(u.err, "total_bytes, total_steps"));
}

TEST_CASE("every exporter stops at the budget with one line, writing nothing") {
    // The Pikachu sample's model 1 (decoded alone) and its scene fit in 112 KiB; writing it
    // costs more.
    const Sample& s = sample_of("hey_you_pikachu");
    for (const char* ext : {"glb", "gltf", "fbx", "dae"}) {
        INFO(ext);
        TempDir dir;
        const fs::path out = dir.path() / (std::string("m.") + ext);
        const ToolResult r = run_tool({"convert", s.path.string(), out.string(), "--item", "1",
                                       "--limit", "total_bytes=112k"});
        INFO(r.err);
        CHECK(r.exit_code == 1);
        REQUIRE(text_lines(r.err).size() == 1);
        CHECK(has(r.err, "allocation limit"));
        CHECK(has(r.err, std::string("writing the scene as ") + ext));
        CHECK(has(r.err, "--limit total_bytes=N"));
        CHECK(list_files(dir.path()).empty());
        // With room, the same conversion works.
        const ToolResult ok = run_tool({"convert", s.path.string(), out.string(), "--item", "1"});
        CHECK(ok.exit_code == 0);
    }
    // The step total stops the same way.
    TempDir dir;
    const ToolResult r = run_tool({"convert", s.path.string(), (dir.path() / "m.glb").string(),
                                   "--item", "1", "--limit", "total_steps=10"});
    CHECK(r.exit_code == 1);
    CHECK(text_lines(r.err).size() == 1);
    CHECK(has(r.err, "step limit"));
    CHECK(has(r.err, "--limit total_steps=N"));
}

TEST_CASE("an output found to be an input at write time is a usage error (exit 2), one line") {
    // The scene has audio: `convert dir/x.wav dir/x.glb` would write its WAV onto
    // the input. The Rugrats sample also warns (no --cine given) on every run:
    // a failing run prints its error line only.
    const Sample& s = sample_of("rugrats_cine");
    const ToolResult warned = run_tool({"info", s.path.string()});
    REQUIRE(warned.exit_code == 0);
    REQUIRE(has(warned.err, "ripkit: warning: "));
    TempDir dir;
    const fs::path input = dir.path() / "x.wav";
    fs::copy_file(s.path, input);
    const ToolResult r = run_tool({"convert", input.string(), (dir.path() / "x.glb").string()});
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(text_lines(r.err).size() == 1);
    CHECK(has(r.err, "usage"));
    CHECK_FALSE(has(r.err, "warning"));
    CHECK(r.out.empty());
    CHECK(list_files(dir.path()) == std::vector<std::string>{"x.wav"});
}
