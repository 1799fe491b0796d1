// --set and the format options against each format's schema, end to end: an
// unknown key, a value of the wrong type or range, or an option the detected
// format does not take exits 2 with one line naming the key and listing what
// the format takes; nothing is written.
#include <algorithm>
#include <map>

#include "ripkit/registry.hpp"
#include "ripkit/settings.hpp"
#include "ripkit_catch.hpp"
#include "tool_runner.hpp"

using namespace ripkit;
using namespace ripkit::test;
namespace fs = std::filesystem;

namespace {

// The first sample of each format, by FormatInfo id.
const std::map<std::string, Sample>& samples() {
    static TempDir scratch;
    static const std::map<std::string, Sample> by_id = [] {
        std::map<std::string, Sample> m;
        for (const Sample& s : all_samples(scratch.path())) {
            const std::string id = find_format(s.format_id)->info().id;
            if (!m.count(id)) m.emplace(id, s);
        }
        return m;
    }();
    return by_id;
}

std::string setting_keys(const FormatSchema& s) {
    std::string keys;
    for (const ValueDef& d : s.settings) keys += (keys.empty() ? "" : ", ") + d.key;
    return keys;
}

// Exit 2, one line naming the input, the key and `also`; nothing written to `dir`.
void check_refused(const std::vector<std::string>& args, const fs::path& file,
                   const std::vector<std::string>& also, const fs::path& dir) {
    std::string joined;
    for (const std::string& a : args) joined += a + " ";
    INFO(joined);
    const ToolResult r = run_tool(args);
    INFO(r.err);
    CHECK(r.exit_code == 2);
    const auto lines = r.error_lines();
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].rfind("ripkit: " + file.string() + ": usage: expected ", 0) == 0);
    for (const std::string& a : also) CHECK(lines[0].find(a) != std::string::npos);
    CHECK(list_files(dir).empty());
}

// Values each type refuses, with a reason a user can check by hand.
std::vector<std::string> bad_values(const ValueDef& d) {
    switch (d.type) {
        case ValueType::Integer:
            return {"2abc", "1.5", "", "-1", std::to_string(int64_t(d.max) + 1)};
        case ValueType::Number:
            return {"2abc", "inf", "nan", "", "-1", "1e300"};
        case ValueType::Choice:
            return {"no_such_choice", ""};
        default:
            return {};
    }
}

}  // namespace

TEST_CASE("a misspelt key: --set scael=2 on a CUTSEQ.PAK is a usage error") {
    const fs::path pak = samples().at("tr-cutseq").path;
    TempDir dir;
    const fs::path out = dir.path() / "x.glb";
    check_refused({"convert", pak.string(), out.string(), "--set", "scael=2"}, pak,
                  {"a setting tr-cutseq takes (entries, scale, interp, cut_threshold, fov, rooms, "
                   "frames, start), got "
                   "--set scael=2"},
                  dir.path());
    check_refused(
        {"convert", pak.string(), out.string(), "--set", "scale=2abc"}, pak,
        {"--set scale=<a number in [1e-09, 1000000000]>, got '2abc'",
         "(tr-cutseq settings: entries, scale, interp, cut_threshold, fov, rooms, frames, start)"},
        dir.path());
    // An integer setting given a fraction is refused, not truncated.
    check_refused({"convert", pak.string(), out.string(), "--set", "entries=4.5"}, pak,
                  {"--set entries=<an integer in [1, 255]>, got '4.5'"}, dir.path());
    const ToolResult ok = run_tool({"convert", pak.string(), out.string(), "--set", "scale=2"});
    INFO(ok.err);
    CHECK(ok.exit_code == 0);
    CHECK(fs::exists(out));
}

TEST_CASE("every format refuses an unknown --set key, naming every key it takes") {
    for (const auto& [id, s] : samples()) {
        INFO(id);
        TempDir dir;
        const FormatSchema& schema = find_format(id)->schema();
        for (const char* verb : {"info", "list", "dump", "convert"}) {
            std::vector<std::string> args{verb, s.path.string()};
            if (std::string(verb) == "convert") args.push_back((dir.path() / "o.glb").string());
            args.insert(args.end(), {"--set", "no_such_key=1"});
            check_refused(args, s.path,
                          {"a setting " + id + " takes (" + setting_keys(schema) +
                           "), got --set no_such_key=1"},
                          dir.path());
        }
    }
}

TEST_CASE("every format refuses a value of the wrong type or out of range") {
    for (const auto& [id, s] : samples()) {
        TempDir dir;
        const FormatSchema& schema = find_format(id)->schema();
        for (const ValueDef& d : schema.settings)
            for (const std::string& v : bad_values(d)) {
                INFO(id << ": --set " << d.key << "=" << v);
                check_refused({"convert", s.path.string(), (dir.path() / "o.glb").string(), "--set",
                               d.key + "=" + v},
                              s.path,
                              {"--set " + d.key + "=<", "got '" + v + "'",
                               "(" + id + " settings: " + setting_keys(schema) + ")"},
                              dir.path());
            }
    }
}

TEST_CASE("an option the detected format does not take is a usage error") {
    for (const auto& [id, s] : samples()) {
        const FormatSchema& schema = find_format(id)->schema();
        TempDir dir;
        // Some option another format declares and this one does not.
        for (const FormatEntry& e : format_entries())
            for (const ValueDef& o : e.format().schema().options) {
                if (schema.option(o.key)) continue;
                INFO(id << " given --" << o.key);
                const std::string value = o.type == ValueType::Integer  ? "1"
                                          : o.type == ValueType::Choice ? o.choices[0].name
                                                                        : "x";
                check_refused({"info", s.path.string(), "--" + o.key, value}, s.path,
                              {"an option " + id + " takes (", "got --" + o.key}, dir.path());
            }
    }
}

TEST_CASE("a bad value of an option the format takes names the option") {
    const fs::path raw = samples().at("rugrats-cine").path;
    TempDir dir;
    check_refused({"info", raw.string(), "--cine", "-1"}, raw,
                  {"--cine <an integer in [0, 4294967295]>, got '-1'"}, dir.path());
    check_refused({"info", raw.string(), "--cine", "3x"}, raw, {"got '3x'"}, dir.path());
    check_refused({"info", raw.string(), "--audio", "some"}, raw,
                  {"--audio <one of played, all, none>, got 'some'"}, dir.path());
    check_refused({"info", raw.string(), "--cine", "1", "--cine", "2"}, raw,
                  {"--cine once, got it 2 times"}, dir.path());
    const ToolResult ok = run_tool({"info", raw.string(), "--json", "--cine", "4"});
    CHECK(ok.exit_code == 0);
    CHECK(nlohmann::json::parse(ok.out)["cine"] == 4);
}

TEST_CASE("info lists the schema's assumptions with the value in force") {
    const fs::path pak = samples().at("tr-cutseq").path;
    const ToolResult plain = run_tool({"info", pak.string(), "--json"});
    REQUIRE(plain.exit_code == 0);
    const nlohmann::json a = nlohmann::json::parse(plain.out)["assumptions"];
    // Every assumption key of the schema, no more.
    std::vector<std::string> keys;
    for (const auto& [k, v] : a.items()) keys.push_back(k);
    std::vector<std::string> want = find_format("tr-cutseq")->schema().assumption_keys();
    std::sort(want.begin(), want.end());
    CHECK(keys == want);
    CHECK(a["scale"] ==
          "a TR unit is 1/512 m (a 1024-unit sector = 2 m) [scale = 0.001953125, "
          "the default]");
    CHECK(a["cut_threshold"].get<std::string>().find("[cut_threshold = 512, the default]") !=
          std::string::npos);
    const ToolResult set = run_tool({"info", pak.string(), "--json", "--set", "scale=2"});
    REQUIRE(set.exit_code == 0);
    CHECK(nlohmann::json::parse(set.out)["assumptions"]["scale"].get<std::string>().find(
              "[overridden: --set scale=2]") != std::string::npos);
}

TEST_CASE("formats --json and --markdown describe every schema") {
    const ToolResult r = run_tool({"formats", "--json"});
    REQUIRE(r.exit_code == 0);
    const nlohmann::json j = nlohmann::json::parse(r.out);
    REQUIRE(j["formats"].size() == format_entries().size());
    for (const nlohmann::json& f : j["formats"]) {
        const Format* fmt = find_format(f["entry"].get<std::string>());
        REQUIRE(fmt);
        CHECK(f["id"] == fmt->info().id);
        CHECK(f["settings"].size() == fmt->schema().settings.size());
        CHECK(f["options"].size() == fmt->schema().options.size());
        for (const nlohmann::json& o : f["options"])
            CHECK(o["property"].get<std::string>().rfind("RIPKIT_", 0) == 0);
    }
    const ToolResult md = run_tool({"formats", "--markdown", "zouna"});
    CHECK(md.exit_code == 0);
    CHECK(md.out.find("| `comp_scale` | a number in (0, 1000000000] | `4096` |") !=
          std::string::npos);
    CHECK(run_tool({"formats", "--markdown", "nope"}).exit_code == 2);
    CHECK(run_tool({"formats", "--json", "--markdown", "zouna"}).exit_code == 2);
}
