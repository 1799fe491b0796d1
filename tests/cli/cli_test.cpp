// The tool on every registered format's samples: info, list, dump and convert
// succeed with exit 0 and produce what `list` promises.
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include "ripkit/registry.hpp"
#include "ripkit_catch.hpp"
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

namespace {

// What the bundled samples hold, from the inputs their writers are given
// (formats/*/samples.cpp, rugrats_cine/format.cpp, rom_builder.cpp) and
// the formats' own facts (TR4's table has 30 entries, TR5's 44), keyed by
// the path under samples/. "#" = the size of the array or object there.
struct Fact {
    std::string pointer;
    json want;
};

const std::map<std::string, std::vector<Fact>>& whole_facts() {
    static const std::map<std::string, std::vector<Fact>> f = {
        {"tr_cutseq/CUTSEQ.PAK",
         {{"/format", "tr-cutseq"},
          {"/variant", "tr4"},
          {"#/cutscenes", 30},
          {"/cutscenes/0/frames", 240},
          {"/cutscenes/0/audio_track", 3},
          {"#/cutscenes/0/actors", 2}}},
        {"tr_cutseq/CUTSEQ.BIN",
         {{"/variant", "tr5"},
          {"#/cutscenes", 44},
          {"/cutscenes/0/frames", 150},
          {"/cutscenes/0/audio_track", 7},
          {"#/cutscenes/0/actors", 2}}},
        {"tr_level/DEMO.TR4",
         {{"/format", "tr-level"},
          {"/version", "tr4"},
          {"#/rooms", 2},
          {"#/moveables", 5},
          {"/moveables/0/name", "LARA"},
          {"#/mesh_pointers", 61},
          {"/pages/count", 3}}},
        {"tr_level/DEMO.TRC",
         {{"/version", "tr5"},
          {"/rooms/1/layers", 2},
          {"/moveables/4/slot", 416},
          {"/moveables/0/tr5_filler", 0xFFEF}}},
        {"rugrats_cine/DEMO_RAW.BIN",
         {{"/format", "rugrats-cine"},
          {"/shape", "raw2352"},
          {"/header/frames", 60},
          {"#/frames", 60},
          {"/audio/channels", 2},
          {"/audio/rate", 37800}}},
        {"rugrats_cine/DEMO_2336.STR",
         {{"/shape", "mode2_2336"},
          {"#/frames", 30},
          {"/audio/channels", 1},
          {"/audio/rate", 18900}}},
        {"rugrats_cine/DEMO_DATA.BIN",
         {{"/shape", "data2048"}, {"#/frames", 30}, {"/audio", nullptr}}},
        {"zouna/little/WALK.Animation_Z",
         {{"/format", "zouna"},
          {"/class", "Animation_Z"},
          {"/endian", "little"},
          {"/duration", 2.0},
          {"#/nodes", 4},
          {"/object/name", "WALK"}}},
        {"zouna/big/WALK.Animation_Z", {{"/endian", "big"}, {"/duration", 2.0}, {"#/nodes", 4}}},
        {"zouna/big/3338892134.Animation_Z",
         {{"/duration", 1.0},
          {"#/nodes", 2},
          {"/object/crc", 3338892134u},
          {"/object/compressed", true}}},
        {"zouna/little/SKEL_SAMPLE.Skel_Z",
         {{"/class", "Skel_Z"}, {"#/bones", 4}, {"/bones/0/parent", -1}, {"/bones/3/parent", 1}}},
        {"zouna/big/MAT_ANIM_SAMPLE.MaterialAnim_Z",
         {{"/class", "MaterialAnim_Z"}, {"/duration", 1.0}, {"/flags", 1}}},
        {"zouna/SAMPLE.DPC",
         {{"/container", "bigfile"},
          {"#/objects", 4},
          {"/objects/0/name", "SKEL_SAMPLE"},
          {"/objects/1/name", "WALK"}}},
        {"zouna/CHARACTER.DPC",
         {{"#/objects", 8},
          {"/objects/4/name", "BODY"},
          {"/objects/4/data/layout", "fuel"},
          {"/objects/5/data/palette_size", 21}}},
        {"zouna/model/fuel/BODY.Mesh_Z",
         {{"/class", "Mesh_Z"},
          {"#/vertex_buffers/0/vertices", 8},
          {"/vertex_buffers/0/stride", 60},
          {"/vertex_buffers/0/vertices/4/blend_weights", {0.5, 0.5, 0.0, 0.0}},
          {"/groups/0/faces", 4},
          {"#/index_buffers/0/indices", 12}}},
        {"zouna/model/ratatouille/SKIN.Skin_Z",
         {{"/class", "Skin_Z"},
          {"/layout", "ratatouille"},
          {"#/sections/0/subsections/0/palette", 7},
          {"/sections/0/subsections/0/palette/0/crc", 3548837660u}}},
        {"zouna/model/walle/TEX.Bitmap_Z",
         {{"/class", "Bitmap_Z"}, {"/pixels", "DXT1"}, {"/dds_file", true}, {"/width", 4}}},
        {"zouna/model/fuel/MAT.Material_Z",
         {{"/class", "Material_Z"}, {"/diffuse_bitmap/crc", 1893437889u}, {"/texture_mask", 1}}},
        {"hey_you_pikachu/pikachu_sample.z64",
         {{"/info/format", "hey-you-pikachu"},
          {"/info/game_code", "NPGE"},
          {"/info/byte_order", "z64"}}},
    };
    return f;
}

// The same for `dump --item <first non-empty item>`.
const std::map<std::string, std::vector<Fact>>& item_facts() {
    static const std::map<std::string, std::vector<Fact>> f = {
        {"tr_cutseq/CUTSEQ.PAK",
         {{"#/cutscenes", 1}, {"/cutscenes/0/index", 1}, {"/cutscenes/0/frames", 240}}},
        {"tr_cutseq/CUTSEQ.BIN",
         {{"#/cutscenes", 1}, {"/cutscenes/0/index", 1}, {"/cutscenes/0/frames", 150}}},
        {"tr_level/DEMO.TR4",
         {{"/moveable/slot", 0}, {"#/meshes", 15}, {"#/tree", 14}, {"/tree/13/0", 1}}},
        {"rugrats_cine/DEMO_RAW.BIN", {{"/item", 1}, {"#/frames", 60}}},
        {"zouna/SAMPLE.DPC", {{"/class", "Skel_Z"}, {"#/bones", 4}}},
        {"hey_you_pikachu/pikachu_sample.z64",
         {{"#/models", 1},
          {"/models/0/model_index", 0},
          {"#/models/0/nodes", 9},
          {"/models/0/nodes/5/type", 6},
          {"/models/0/nodes/5/rotation", {0.3, 0.2, 0.1}},
          {"/models/0/nodes/5/translation", {0.0, -40.0, 0.0}}}},
    };
    return f;
}

// samples/<format>/... as "<format>/...", wherever the sample was written.
std::string sample_key(const Sample& s) {
    std::vector<std::string> parts;
    for (const auto& p : s.path) parts.push_back(p.string());
    size_t from = parts.size();
    for (size_t i = 0; i < parts.size(); ++i)
        if (parts[i] == s.format_id) from = i;
    std::string key;
    for (size_t i = from; i < parts.size(); ++i) key += (key.empty() ? "" : "/") + parts[i];
    return key;
}

bool same(const json& got, const json& want) {
    if (want.is_number_float() || (want.is_number() && got.is_number_float()))
        return got.is_number() && std::abs(got.get<double>() - want.get<double>()) < 1e-6;
    if (want.is_array()) {
        if (!got.is_array() || got.size() != want.size()) return false;
        for (size_t i = 0; i < want.size(); ++i)
            if (!same(got[i], want[i])) return false;
        return true;
    }
    return got == want;
}

// Checks each fact; returns how many were checked.
size_t check_facts(const json& doc, const std::vector<Fact>& facts) {
    for (const Fact& f : facts) {
        INFO(f.pointer << " should be " << f.want.dump());
        const bool size = f.pointer[0] == '#';
        const json::json_pointer at(size ? f.pointer.substr(1) : f.pointer);
        REQUIRE(doc.contains(at));
        const json& got = doc.at(at);
        INFO("got " << (size ? std::to_string(got.size()) : got.dump()));
        CHECK((size ? json(got.size()) == f.want : same(got, f.want)));
    }
    return facts.size();
}

}  // namespace

TEST_CASE("dump writes each sample's decoded values to stdout and to a file") {
    std::map<std::string, size_t> checked;  // per format
    for (const Sample& s : samples()) {
        const std::string key = sample_key(s);
        INFO(key);
        const ToolResult whole = run_tool({"dump", s.path.string()});
        REQUIRE(whole.exit_code == 0);
        const json doc = json::parse(whole.out);
        CHECK(doc.is_object());
        auto w = whole_facts().find(key);
        if (w != whole_facts().end()) checked[s.format_id] += check_facts(doc, w->second);
        const auto ids = non_empty_ids(list_json(s.path));
        if (!ids.empty()) {
            const ToolResult one =
                run_tool({"dump", "--item", std::to_string(ids[0]), s.path.string()});
            REQUIRE(one.exit_code == 0);
            const json item = json::parse(one.out);
            auto it = item_facts().find(key);
            if (it != item_facts().end()) checked[s.format_id] += check_facts(item, it->second);
            // An item the file does not have is a usage error, not an empty dump.
            const ToolResult none = run_tool({"dump", "--item", "999999", s.path.string()});
            CHECK(none.exit_code != 0);
            CHECK(none.out.empty());
        }
        TempDir out;
        const fs::path file = out.path() / "dump.json";
        const ToolResult to_file = run_tool({"dump", s.path.string(), "-o", file.string()});
        REQUIRE(to_file.exit_code == 0);
        CHECK(to_file.out.empty());
        CHECK(json::parse(read_text(file)) == doc);
    }
    // Every format's samples had their values checked.
    for (const ripkit::FormatEntry& e : ripkit::format_entries()) {
        INFO(e.id);
        CHECK(checked[e.id] >= 3);
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
        // Progress is drawn on a terminal only (cli_budget_test): nothing here.
        CHECK(r.err.find("ripkit: [") == std::string::npos);
        // On a terminal: each item's progress, drawn in place, erased at the end.
        const ToolResult t = run_tool_on_terminal(
            {"convert", s.path.string(), (out.path() / "tty").string(), "--all"});
        REQUIRE(t.exit_code == 0);
        size_t progress = 0;
        for (size_t pos = 0; (pos = t.err.find("\rripkit: [", pos)) != std::string::npos; ++pos)
            ++progress;
        CHECK(progress >= ids.size());
        CHECK(t.err.find("\r\033[K") != std::string::npos);
        CHECK(t.err.find("ripkit: [" + std::to_string(ids.size()) + "/") != std::string::npos);
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
