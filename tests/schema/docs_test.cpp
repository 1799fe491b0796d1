// The settings tables in README.md and docs/ are `ripkit formats --markdown ID`
// pasted between <!-- ripkit:settings ID BEGIN --> and END; every format has
// its block in docs/formats/. RIPKIT_UPDATE_DOCS=1 rewrites the blocks.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "ripkit/registry.hpp"
#include "ripkit_catch.hpp"
#include "tool_runner.hpp"

using namespace ripkit;
using namespace ripkit::test;
namespace fs = std::filesystem;

namespace {

// Markers start a line, so prose may mention them.
const std::string kOpen = "\n<!-- ripkit:settings ";

std::string generated(const std::string& id) {
    const ToolResult r = run_tool({"formats", "--markdown", id});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return r.out;
}

// Checks (or rewrites) every block of one file; returns the ids found.
std::set<std::string> check_file(const fs::path& path, bool update) {
    std::string text = read_text(path);
    std::set<std::string> ids;
    size_t at = 0;
    while ((at = text.find(kOpen, at)) != std::string::npos) {
        const size_t id_start = at + kOpen.size();
        const size_t id_end = text.find(' ', id_start);
        const std::string id = text.substr(id_start, id_end - id_start);
        const std::string begin = kOpen + id + " BEGIN -->";
        const std::string end = kOpen + id + " END -->";
        INFO(path.filename().string() << ": block " << id);
        REQUIRE(text.compare(at, begin.size(), begin) == 0);
        const size_t body = at + begin.size();
        const size_t stop = text.find(end, body);
        REQUIRE(stop != std::string::npos);
        // A blank line on either side, so Markdown sees the tables.
        const std::string want = "\n\n" + generated(id);
        if (update)
            text.replace(body, stop - body, want);
        else
            CHECK(text.substr(body, stop - body) == want);
        ids.insert(id);
        at = text.find(end, body) + end.size();
    }
    if (update) std::ofstream(path, std::ios::binary) << text;
    return ids;
}

}  // namespace

TEST_CASE("the docs' settings tables are what `ripkit formats --markdown` prints") {
    const char* src = std::getenv("RIPKIT_SOURCE_DIR");
    REQUIRE(src);
    const bool update = std::getenv("RIPKIT_UPDATE_DOCS") != nullptr;
    std::set<std::string> in_formats;
    for (const auto& f : fs::directory_iterator(fs::path(src) / "docs" / "formats"))
        for (const std::string& id : check_file(f.path(), update)) in_formats.insert(id);
    const std::set<std::string> in_readme = check_file(fs::path(src) / "README.md", update);
    CHECK(in_readme.count("options"));
    for (const FormatEntry& e : format_entries()) {
        INFO(e.format().info().id << " needs a settings block in docs/formats/");
        CHECK(in_formats.count(e.format().info().id));
    }
}
