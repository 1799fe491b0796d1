// `view`: an HTML player page for one item. The page's contents are checked by
// tests/preview in a real browser; here the tool's side: the page appears only
// on success, carries the scene as an embedded glb, and the failures are the
// tool's usual one-line errors.
#include <catch2/catch.hpp>
#include <cstdlib>

#include "tool_runner.hpp"

using namespace ripkit::test;
namespace fs = std::filesystem;

namespace {

fs::path three_dir() {
    const char* src = std::getenv("RIPKIT_SOURCE_DIR");
    REQUIRE(src != nullptr);
    const fs::path dir = fs::path(src) / "tests/clients/node_modules/three";
    INFO("three.js missing: run `npm ci` in tests/clients (the README test command does this)");
    REQUIRE(fs::exists(dir / "package.json"));
    return dir;
}

const Sample& first_sample(const fs::path& scratch) {
    static const std::vector<Sample> all = all_samples(scratch);
    REQUIRE(!all.empty());
    return all.front();
}

}  // namespace

TEST_CASE("view writes a self-contained page with the scene inlined") {
    TempDir dir;
    const Sample& s = first_sample(dir.path());
    const fs::path out = dir.path() / "page.html";
    const ToolResult r =
        run_tool({"view", s.path.string(), out.string(), "--three-dir", three_dir().string()});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const std::string html = read_text(out);
    CHECK(html.find("<html") != std::string::npos);
    // glb magic "glTF" in base64 starts with "Z2xURg".
    CHECK(html.find("Z2xURg") != std::string::npos);
    // Nothing is fetched: no http(s) URL is loaded by the page.
    CHECK(html.find("src=\"http") == std::string::npos);
}

TEST_CASE("view fails cleanly without three.js and never writes onto its input") {
    TempDir dir;
    const Sample& s = first_sample(dir.path());
    const fs::path out = dir.path() / "page.html";
    const ToolResult r = run_tool(
        {"view", s.path.string(), out.string(), "--three-dir", (dir.path() / "none").string()});
    CHECK(r.exit_code == 1);
    CHECK(r.error_lines().size() == 1);
    CHECK_FALSE(fs::exists(out));
    const ToolResult same = run_tool({"view", s.path.string(), s.path.string()});
    CHECK(same.exit_code == 2);
    CHECK(same.error_lines().size() == 1);
}
