// The tool on every registered format's samples: info, list, dump and convert
// succeed with exit 0 and produce what `list` promises.
#include <catch2/catch.hpp>
#include <map>
#include <nlohmann/json.hpp>

#include "ripkit/registry.hpp"
#include "tool_runner.hpp"

using namespace ripkit::test;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

const std::vector<Sample>& samples() {
    static TempDir scratch;
    static const std::vector<Sample> all = all_samples(scratch.path());
    return all;
}

// `list --json`, once per file (every test case needs it).
json list_json(const fs::path& file) {
    static std::map<std::string, json> cache;
    auto it = cache.find(file.string());
    if (it != cache.end()) return it->second;
    const ToolResult r = run_tool({"list", "--json", file.string()});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return cache[file.string()] = json::parse(r.out);
}

std::vector<int64_t> non_empty_ids(const json& list) {
    std::vector<int64_t> ids;
    for (const json& item : list)
        if (!item.at("empty").get<bool>()) ids.push_back(item.at("id").get<int64_t>());
    return ids;
}

std::string glb_magic(const fs::path& p) { return read_text(p).substr(0, 4); }

}  // namespace

TEST_CASE("every registered format has detectable samples") {
    for (const ripkit::FormatEntry& e : ripkit::format_entries()) {
        INFO(e.id);
        const bool found = std::any_of(samples().begin(), samples().end(),
                                       [&](const Sample& s) { return s.format_id == e.id; });
        CHECK(found);
    }
}

TEST_CASE("info names the detected format, as text and as JSON") {
    for (const Sample& s : samples()) {
        INFO(s.path.string());
        const std::string id = ripkit::find_format(s.format_id)->info().id;
        const ToolResult text = run_tool({"info", s.path.string()});
        CHECK(text.exit_code == 0);
        CHECK(text.out.find("format: " + id) != std::string::npos);
        const ToolResult js = run_tool({"info", "--json", s.path.string()});
        REQUIRE(js.exit_code == 0);
        const json doc = json::parse(js.out);
        CHECK(doc.is_object());
        CHECK(doc.contains("format"));
        // Forcing the detected format gives the same answer.
        const ToolResult forced =
            run_tool({"info", "--json", "--format-id", s.format_id, s.path.string()});
        CHECK(forced.exit_code == 0);
        CHECK(forced.out == js.out);
    }
}

TEST_CASE("list prints every item, marking empty ones") {
    for (const Sample& s : samples()) {
        INFO(s.path.string());
        const json items = list_json(s.path);
        REQUIRE(items.is_array());
        const ToolResult text = run_tool({"list", s.path.string()});
        REQUIRE(text.exit_code == 0);
        size_t lines = 0, empty_marks = 0, empty_items = 0;
        for (size_t pos = 0; (pos = text.out.find('\n', pos)) != std::string::npos; ++pos) ++lines;
        for (size_t pos = 0; (pos = text.out.find("(empty)", pos)) != std::string::npos; ++pos)
            ++empty_marks;
        for (const json& it : items) {
            CHECK(it.contains("label"));
            CHECK(it.at("fields").is_object());
            empty_items += it.at("empty").get<bool>() ? 1 : 0;
        }
        CHECK(lines == items.size());
        CHECK(empty_marks == empty_items);
    }
}

TEST_CASE("dump writes valid JSON to stdout and to a file") {
    for (const Sample& s : samples()) {
        INFO(s.path.string());
        const ToolResult whole = run_tool({"dump", s.path.string()});
        REQUIRE(whole.exit_code == 0);
        CHECK_NOTHROW(json::parse(whole.out));
        const auto ids = non_empty_ids(list_json(s.path));
        if (ids.empty()) continue;
        const ToolResult one =
            run_tool({"dump", "--item", std::to_string(ids[0]), s.path.string()});
        REQUIRE(one.exit_code == 0);
        CHECK_NOTHROW(json::parse(one.out));
        TempDir out;
        const fs::path file = out.path() / "dump.json";
        const ToolResult to_file = run_tool({"dump", s.path.string(), "-o", file.string()});
        REQUIRE(to_file.exit_code == 0);
        CHECK(to_file.out.empty());
        CHECK(json::parse(read_text(file)) == json::parse(whole.out));
    }
}

TEST_CASE("convert writes the default item as .glb, and each output format by extension") {
    for (const Sample& s : samples()) {
        INFO(s.path.string());
        const auto ids = non_empty_ids(list_json(s.path));
        if (ids.empty()) continue;
        TempDir out;
        const fs::path glb = out.path() / "scene.glb";
        const ToolResult r = run_tool({"convert", s.path.string(), glb.string()});
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
        CHECK(glb_magic(glb) == "glTF");
        // Only the scene and (when there is audio) its WAV; no temporary files.
        for (const std::string& f : list_files(out.path()))
            CHECK((f == "scene.glb" || f == "scene.wav"));
        if (fs::exists(out.path() / "scene.wav"))
            CHECK(read_text(out.path() / "scene.wav").substr(0, 4) == "RIFF");

        const fs::path gltf = out.path() / "text.gltf";
        const ToolResult g =
            run_tool({"convert", s.path.string(), gltf.string(), "--item", std::to_string(ids[0])});
        REQUIRE(g.exit_code == 0);
        const json gltf_doc = json::parse(read_text(gltf));
        // Every external buffer the .gltf names was written beside it (a scene
        // without binary data has none).
        for (const json& b : gltf_doc.value("buffers", json::array())) {
            const std::string uri = b.value("uri", "");
            if (!uri.empty() && uri.rfind("data:", 0) != 0) CHECK(fs::exists(out.path() / uri));
        }

        const fs::path forced = out.path() / "named.anything";
        const ToolResult f =
            run_tool({"convert", s.path.string(), forced.string(), "--format", "glb"});
        REQUIRE(f.exit_code == 0);
        CHECK(glb_magic(forced) == "glTF");
    }
}

TEST_CASE("convert --all writes one file per non-empty item, named <stem>_<id>") {
    for (const Sample& s : samples()) {
        INFO(s.path.string());
        const auto ids = non_empty_ids(list_json(s.path));
        TempDir out;
        const fs::path dir = out.path() / "all";
        const ToolResult r = run_tool({"convert", s.path.string(), dir.string(), "--all"});
        INFO(r.err);
        if (ids.empty()) {
            CHECK(r.exit_code == 2);  // nothing to convert is a usage error
            CHECK(list_files(out.path()).empty());
            continue;
        }
        REQUIRE(r.exit_code == 0);
        const std::string stem = s.path.stem().string();
        std::vector<std::string> scenes;
        for (const std::string& f : list_files(dir)) {
            if (fs::path(f).extension() == ".glb")
                scenes.push_back(f);
            else
                CHECK(fs::path(f).extension() == ".wav");
        }
        std::vector<std::string> expected;
        for (int64_t id : ids) expected.push_back(stem + "_" + std::to_string(id) + ".glb");
        std::sort(expected.begin(), expected.end());
        CHECK(scenes == expected);
        // One progress line per item on stderr.
        size_t progress = 0;
        for (size_t pos = 0; (pos = r.err.find("ripkit: [", pos)) != std::string::npos; ++pos)
            ++progress;
        CHECK(progress >= ids.size());
    }
}

TEST_CASE("convert --all leaves no partial set when an item fails") {
    for (const Sample& s : samples()) {
        const auto ids = non_empty_ids(list_json(s.path));
        if (ids.size() < 2) continue;
        INFO(s.path.string());
        TempDir out;
        // A folder where the second item's file must go makes that write fail.
        const std::string blocker = s.path.stem().string() + "_" + std::to_string(ids[1]) + ".glb";
        fs::create_directories(out.path() / blocker / "keep");
        const ToolResult r = run_tool({"convert", s.path.string(), out.path().string(), "--all"});
        CHECK(r.exit_code == 1);
        CHECK(r.error_lines().size() == 1);
        // The first item's file was removed again; nothing but the blocker is left.
        std::vector<std::string> left;
        for (const auto& e : fs::directory_iterator(out.path()))
            left.push_back(e.path().filename().string());
        CHECK(left == std::vector<std::string>{blocker});
    }
}
