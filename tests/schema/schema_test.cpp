// Every registered format's schema is well formed, and its assumptions and
// the `// ASSUMPTION(<key>):` markers in formats/<format>/ agree both ways.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "ripkit/encode/scene_encoder.hpp"
#include "ripkit/registry.hpp"
#include "ripkit/settings.hpp"
#include "ripkit_catch.hpp"
#include "tool_runner.hpp"

using namespace ripkit;
using ripkit::test::read_text;
namespace fs = std::filesystem;

namespace {

fs::path source_dir() {
    const char* p = std::getenv("RIPKIT_SOURCE_DIR");
    REQUIRE(p);
    return p;
}

struct Markers {
    std::map<std::string, std::vector<std::string>> keys;  // key -> "file:line"
    std::vector<std::string> malformed;                    // markers naming no key
};

// Every "ASSUMPTION" in the folder's sources must read ASSUMPTION(key[, key]):.
Markers scan(const fs::path& dir) {
    Markers m;
    const std::regex marker(R"(ASSUMPTION\(([a-z0-9_]+(?:, [a-z0-9_]+)*)\):)");
    for (const auto& f : fs::recursive_directory_iterator(dir)) {
        const std::string ext = f.path().extension().string();
        if (ext != ".cpp" && ext != ".hpp") continue;
        std::istringstream text(read_text(f.path()));
        std::string line;
        for (int n = 1; std::getline(text, line); ++n) {
            const std::string where = f.path().filename().string() + ":" + std::to_string(n);
            size_t at = 0;
            while ((at = line.find("ASSUMPTION", at)) != std::string::npos) {
                std::smatch sm;
                const std::string rest = line.substr(at);
                if (std::regex_search(rest, sm, marker) && sm.position(0) == 0) {
                    std::stringstream keys(sm[1].str());
                    std::string key;
                    while (std::getline(keys, key, ','))
                        m.keys[key.substr(key.find_first_not_of(' '))].push_back(where);
                } else {
                    m.malformed.push_back(where + ": " + line);
                }
                at += 10;
            }
        }
    }
    return m;
}

}  // namespace

TEST_CASE("every format's schema is well formed") {
    for (const FormatEntry& e : format_entries()) {
        const Format& f = e.format();
        INFO(f.info().id);
        const FormatSchema& s = f.schema();
        // Defaults parse and no key is declared twice (Settings checks both).
        REQUIRE_NOTHROW(Settings(f, Options{}));
        std::set<std::string> keys;
        for (const auto* defs : {&s.settings, &s.options})
            for (const ValueDef& d : *defs) {
                INFO(d.key);
                CHECK(keys.insert(d.key).second);
                CHECK_FALSE(d.meaning.empty());
                CHECK((d.default_value.empty() || d.default_text.empty()));
                if (d.assumption) CHECK_FALSE(d.assumption->empty());
                if (d.type == ValueType::Choice) CHECK_FALSE(d.choices.empty());
                // What the Assimp importer gives an option no property sets
                // must be a value the option accepts.
                if (!d.assimp_value.empty()) {
                    ParsedValue v;
                    CHECK_FALSE(parse_value(d, d.assimp_value, v));
                }
            }
        // Rugrats' soundtrack: an aiScene carries no sound, so Assimp imports without it.
        if (f.info().id == "rugrats-cine") {
            REQUIRE(s.option("audio"));
            CHECK(s.option("audio")->assimp_value == "none");
        }
        for (const AssumptionDef& a : s.assumptions) {
            INFO(a.key);
            CHECK(keys.insert(a.key).second);
            CHECK_FALSE(a.text.empty());
        }
    }
}

TEST_CASE("every encoder's schema names the direction back's options and its format's settings") {
    const std::set<std::string> back = {"item", "base", "endian", "anims", "names"};
    REQUIRE_FALSE(encoder_entries().empty());
    for (const EncoderEntry& e : encoder_entries()) {
        const SceneEncoder& enc = e.encoder();
        INFO(enc.info().id);
        const Format* f = find_format(enc.info().id);
        REQUIRE(f);
        const EncoderSchema& s = enc.schema();
        std::set<std::string> keys;
        for (const ValueDef& d : s.options) {
            INFO(d.key);
            CHECK(back.count(d.key) == 1);
            CHECK(keys.insert(d.key).second);
            CHECK_FALSE(d.meaning.empty());
            CHECK_FALSE(d.title.empty());
            // Where a format reads the same option, it is the same kind of value.
            if (const ValueDef* read = f->schema().option(d.key)) CHECK(read->type == d.type);
        }
        for (const std::string& key : s.settings) {
            INFO(key);
            CHECK(f->schema().setting(key));
        }
        // A new file's extension is one the encoder is chosen by.
        std::string ext = s.extension;
        std::transform(ext.begin(), ext.end(), ext.begin(),
                       [](unsigned char c) { return char(std::tolower(c)); });
        const auto& exts = enc.info().extensions;
        CHECK(std::find(exts.begin(), exts.end(), ext) != exts.end());
    }
}

TEST_CASE("one option name means one kind of value in every format") {
    std::map<std::string, std::pair<std::string, const ValueDef*>> seen;
    for (const FormatEntry& e : format_entries())
        for (const ValueDef& d : e.format().schema().options) {
            auto [it, fresh] = seen.emplace(d.key, std::make_pair(e.format().info().id, &d));
            if (fresh) continue;
            INFO("--" << d.key << ": " << it->second.first << " and " << e.format().info().id);
            CHECK(it->second.second->type == d.type);
            CHECK(it->second.second->repeatable == d.repeatable);
            CHECK(it->second.second->metavar == d.metavar);
        }
}

TEST_CASE("each assumption entry has a marker in the code and each marker an entry") {
    for (const FormatEntry& e : format_entries()) {
        const fs::path dir = source_dir() / "formats" / e.id;
        INFO(e.format().info().id << " (" << dir.string() << ")");
        REQUIRE(fs::is_directory(dir));
        const Markers m = scan(dir);
        for (const std::string& bad : m.malformed) {
            INFO(bad);
            FAIL_CHECK("a marker must read ASSUMPTION(<schema key>): ...");
        }
        const FormatSchema& s = e.format().schema();
        const std::vector<std::string> entries = s.assumption_keys();
        for (const std::string& key : entries) {
            INFO("schema entry " << key);
            CHECK(m.keys.count(key) == 1);
        }
        for (const auto& [key, where] : m.keys) {
            INFO("marker " << key << " at " << where.front());
            CHECK(std::find(entries.begin(), entries.end(), key) != entries.end());
        }
    }
}

TEST_CASE("the marker scan finds what it should") {
    const fs::path dir = fs::temp_directory_path() / "ripkit-marker-scan";
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::ofstream(dir / "a.cpp") << "// ASSUMPTION(scale): 1/512 m\n"
                                    "int x;  // ASSUMPTION(audio_file, audio_channel): own\n"
                                    "// ASSUMPTION: no key\n";
    std::ofstream(dir / "b.txt") << "// ASSUMPTION: not a source file\n";
    const Markers m = scan(dir);
    fs::remove_all(dir);
    CHECK(m.keys.size() == 3);
    CHECK(m.keys.count("scale"));
    CHECK(m.keys.count("audio_channel"));
    REQUIRE(m.malformed.size() == 1);
    CHECK(m.malformed[0].rfind("a.cpp:3", 0) == 0);
}
