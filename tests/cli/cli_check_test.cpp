// `ripkit check` on folders: every sample of every format, a file no format
// reads, a level laid out with the retail pattern of anims kept without
// frames, a level with an anim that cannot be played, and a truncated level.
// What each line and the total say is worked out from `list --json` (another
// verb's reading) and from how the levels were built.
#include <fstream>
#include <nlohmann/json.hpp>

#include "ripkit/byte_reader.hpp"
#include "ripkit_catch.hpp"
#include "tool_runner.hpp"
#include "tr_level/testkit/demo_level.hpp"
#include "tr_level/testkit/level_writer.hpp"

using namespace ripkit::test;
namespace fs = std::filesystem;
namespace tk = ripkit::tr_level::testkit;
using nlohmann::json;

namespace {

void write(const fs::path& p, const ripkit::Bytes& bytes) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// The demo level with two anim records appended after the last (frame size 0,
// as retail levels keep anims they never play), or with one whose rate is 0
// but whose frames are there (`broken`): both land in the range of the
// moveable with the highest first anim, whose slot is returned.
int16_t level_with_extra_anims(const fs::path& p, bool broken) {
    tk::LevelSpec spec = tk::demo_level(ripkit::tr_level::Version::Tr4);
    ripkit::tr_level::Anim extra;
    extra.rate = 1;
    extra.frame_offset = uint32_t(2 * spec.frames.size());
    extra.next_anim = uint16_t(spec.anims.size());
    if (broken) {
        extra.rate = 0;
        extra.frame_size = 24;
        extra.frame_offset = 0;
        spec.anims.push_back(extra);
    } else {
        spec.anims.push_back(extra);
        spec.anims.push_back(extra);
    }
    int16_t slot = 0, first = -1;
    for (const auto& m : spec.moveables)
        if (m.animation > first) {
            first = m.animation;
            slot = int16_t(m.slot);
        }
    write(p, tk::write_level(spec));
    return slot;
}

size_t non_empty_items(const fs::path& file) {
    const ToolResult r = run_tool({"list", "--json", file.string()});
    REQUIRE(r.exit_code == 0);
    size_t n = 0;
    for (const json& item : json::parse(r.out)) n += item.at("empty").get<bool>() ? 0 : 1;
    return n;
}

json check_json(const std::vector<std::string>& paths, int want_exit) {
    std::vector<std::string> args = {"check", "--json"};
    args.insert(args.end(), paths.begin(), paths.end());
    const ToolResult r = run_tool(args);
    INFO(r.err);
    REQUIRE(r.exit_code == want_exit);
    return json::parse(r.out);
}

const json& file_report(const json& doc, const fs::path& p) {
    for (const json& f : doc.at("files"))
        if (fs::path(f.at("file").get<std::string>()).filename() == p.filename()) return f;
    FAIL("no report for " << p);
    throw 0;
}

}  // namespace

TEST_CASE("check: every sample and a retail-pattern level convert; other files are skipped") {
    TempDir dir;
    size_t items = 0, files = 0;
    for (const Sample& s : shared_samples()) {
        // samples/<id>/<rest> -> games/<id>/<rest>: companions stay beside their models.
        fs::path to = dir.path() / "games";
        bool below = false;
        for (const fs::path& part : s.path) {
            if (below) to /= part;
            below = below || part == s.format_id;
        }
        REQUIRE(below);
        fs::create_directories(to.parent_path());
        fs::copy_file(s.path, to, fs::copy_options::overwrite_existing);
        items += non_empty_items(to);
        ++files;
    }
    write(dir.path() / "games" / "readme.txt", {'h', 'i', '\n'});
    const fs::path level = dir.path() / "games" / "retail" / "RETAIL.TR4";
    level_with_extra_anims(level, false);
    items += non_empty_items(level);
    ++files;

    const json doc = check_json({(dir.path() / "games").string()}, 0);
    const json& total = doc.at("total");
    CHECK(total.at("files") == files);
    CHECK(total.at("skipped").get<size_t>() >= 1);  // readme.txt, and companions
    CHECK(total.at("items") == items);
    CHECK(total.at("converted") == items);
    CHECK(total.at("passed") == true);
    const json& r = file_report(doc, level);
    CHECK(r.at("format") == "tr-level");
    CHECK(r.at("anims_without_frames") == 2);
    CHECK(r.at("failures").empty());
    CHECK(total.at("anims_without_frames") == 2);

    // The lines: one a file, then the total.
    const ToolResult t = run_tool({"check", (dir.path() / "games").string()});
    REQUIRE(t.exit_code == 0);
    const std::vector<std::string> lines = text_lines(t.out);
    REQUIRE(lines.size() == files + 1);
    CHECK(lines.back().rfind("total: " + std::to_string(files) + " files", 0) == 0);
    bool seen = false;
    for (const std::string& l : lines)
        if (l.find("RETAIL.TR4  tr-level  ") != std::string::npos) {
            seen = true;
            CHECK(l.find(" items, ") != std::string::npos);
            CHECK(l.find(", 2 anims without frames, ") != std::string::npos);
        }
    CHECK(seen);
}

TEST_CASE("check: an item that does not convert and a file that does not open fail the run") {
    TempDir dir;
    const fs::path bad = dir.path() / "BAD.TR4";
    const int16_t slot = level_with_extra_anims(bad, true);
    const fs::path good = dir.path() / "GOOD.TR4";
    level_with_extra_anims(good, false);
    ripkit::Bytes cut = tk::write_level(tk::demo_level(ripkit::tr_level::Version::Tr4));
    cut.resize(cut.size() / 2);
    const fs::path truncated = dir.path() / "CUT.TR4";
    write(truncated, cut);

    const json doc = check_json({dir.path().string()}, 1);
    const json& b = file_report(doc, bad);
    REQUIRE(b.at("failures").size() == 1);
    const std::string failure = b.at("failures")[0];
    CHECK(failure.rfind("item " + std::to_string(slot) + ": ", 0) == 0);
    CHECK(failure.find("a frame rate of at least 1, got 0") != std::string::npos);
    CHECK(b.at("converted").get<size_t>() + 1 == b.at("items").get<size_t>());
    CHECK(file_report(doc, good).at("failures").empty());
    const json& t = file_report(doc, truncated);
    CHECK(t.at("format") == "tr-level");
    CHECK(t.at("error").get<std::string>().find("truncated") != std::string::npos);
    CHECK(doc.at("total").at("files_not_opened") == 1);
    CHECK(doc.at("total").at("passed") == false);

    // The line of a failed item follows its file's line.
    const ToolResult r = run_tool({"check", bad.string()});
    CHECK(r.exit_code == 1);
    const std::vector<std::string> lines = text_lines(r.out);
    REQUIRE(lines.size() == 3);
    CHECK(lines[1].rfind("  item " + std::to_string(slot) + ": ", 0) == 0);
}

TEST_CASE("check -o writes each item's glb; no game file is an error") {
    TempDir dir;
    const fs::path level = dir.path() / "in" / "LEVEL.TR4";
    level_with_extra_anims(level, false);
    const size_t items = non_empty_items(level);
    const ToolResult r =
        run_tool({"check", "-o", (dir.path() / "out").string(), (dir.path() / "in").string()});
    REQUIRE(r.exit_code == 0);
    const std::vector<std::string> glbs = list_files(dir.path() / "out");
    CHECK(glbs.size() == items);
    for (const std::string& g : glbs) {
        CHECK(g.rfind("LEVEL_TR4/LEVEL_", 0) == 0);
        CHECK(read_text(dir.path() / "out" / g).substr(0, 4) == "glTF");
    }

    write(dir.path() / "none" / "a.txt", {'x'});
    const ToolResult none = run_tool({"check", (dir.path() / "none").string()});
    CHECK(none.exit_code == 1);
    REQUIRE(none.error_lines().size() == 1);
    CHECK(none.error_lines()[0].find("none of 1 files is") != std::string::npos);
    CHECK(run_tool({"check", (dir.path() / "missing").string()}).exit_code == 1);
}
