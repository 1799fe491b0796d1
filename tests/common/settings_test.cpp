// The strict settings parser (ripkit/settings.hpp): every type against hand
// values, the usage errors a user sees (naming the key and listing what the
// format takes), defaults, and info()'s assumptions.
#include "ripkit/settings.hpp"

#include <limits>
#include <stdexcept>

#include "ripkit/error.hpp"
#include "ripkit/format.hpp"
#include "ripkit/settings_doc.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;

namespace {

class SchemaFormat : public Format {
  public:
    const FormatInfo& info() const override {
        static const FormatInfo fi{"test-fmt", "Test format", {"tst"}, "test files"};
        return fi;
    }
    int probe(ByteSpan, const std::string&) const override { return 0; }
    std::unique_ptr<Document> open(const Input&, const Options&) const override { return nullptr; }
    const FormatSchema& schema() const override {
        static const FormatSchema s{
            .settings =
                {
                    ValueDef::number("scale", 1e-9, 1e9)
                        .defaults_to(1.0 / 512.0)
                        .means("metres per unit")
                        .assumes("a unit is 1/512 m"),
                    ValueDef::integer("entries", 1, 255).decided("30 or 44").means("entries"),
                    ValueDef::integer("field", 0, 0x50)
                        .hex_too()
                        .multiple_of(4)
                        .defaults_to("0x04"),
                    ValueDef::number("rate", 0, 1000).excluding_min().defaults_to(30.0),
                    ValueDef::choice("interp", {{"linear"}, {"step", {"hold"}}})
                        .defaults_to("linear"),
                    ValueDef::text("pair", "two letters",
                                   [](std::string_view v) {
                                       return v.size() == 2 ? "" : "exactly two letters";
                                   })
                        .defaults_to("ab"),
                },
            .options =
                {
                    ValueDef::integer("cine", 0, 4294967295.0)
                        .defaults_to("0")
                        .assumes("cinematic 0"),
                    ValueDef::path("anim").repeats().means("more files"),
                    ValueDef::path("skeleton"),
                    ValueDef::list("anims", "names"),
                },
            .assumptions = {{"frame_rate", "30 frames per second"}},
        };
        return s;
    }
};

const SchemaFormat& fmt() {
    static const SchemaFormat f;
    return f;
}

Options with_set(std::string key, std::string value) {
    Options o;
    o.settings[std::move(key)] = std::move(value);
    return o;
}

Error usage_error(const Options& o) {
    try {
        Settings s(fmt(), o);
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Usage);
        return e;
    }
    FAIL("no usage error");
    throw;
}

bool has(const Error& e, const std::string& text) {
    INFO(e.what());
    return e.expected().find(text) != std::string::npos;
}

}  // namespace

TEST_CASE("settings: nothing given gives the declared defaults") {
    const Settings s(fmt(), Options{});
    CHECK(s.number("scale") == 1.0 / 512.0);
    CHECK(s.integer("field") == 4);
    CHECK(s.number("rate") == 30.0);
    CHECK(s.text("interp") == "linear");
    CHECK(s.text("pair") == "ab");
    CHECK(s.integer("cine") == 0);
    CHECK_FALSE(s.given("scale"));
    CHECK_FALSE(s.given("entries"));
    CHECK(s.text("skeleton").empty());
    CHECK(s.list("anim").empty());
    CHECK(s.list("anims").empty());
    // No default: the format decides; asking for a value is a programming error.
    CHECK_THROWS_AS(s.integer("entries"), std::logic_error);
    CHECK_THROWS_AS(s.number("no_such_key"), std::logic_error);
    CHECK_THROWS_AS(s.integer("scale"), std::logic_error);  // a number, not an integer
}

TEST_CASE("settings: typed values as given") {
    Options o;
    o.settings = {{"scale", "2"},   {"entries", "44"},  {"field", "0x50"},
                  {"rate", "12.5"}, {"interp", "hold"}, {"pair", "xy"}};
    o.format_options = {{"cine", {"4294967295"}},
                        {"anim", {"a.Animation_Z", "b.Animation_Z"}},
                        {"anims", {"WALK,,RUN"}}};
    const Settings s(fmt(), o);
    CHECK(s.number("scale") == 2.0);
    CHECK(s.integer("entries") == 44);
    CHECK(s.integer("field") == 0x50);
    CHECK(s.number("rate") == 12.5);
    CHECK(s.text("interp") == "step");  // the alias reads as its choice
    CHECK(s.text("pair") == "xy");
    CHECK(s.integer("cine") == 4294967295LL);
    CHECK(s.list("anim") == std::vector<std::string>{"a.Animation_Z", "b.Animation_Z"});
    CHECK(s.list("anims") == std::vector<std::string>{"WALK", "RUN"});
    CHECK(s.given("scale"));
    CHECK(s.given("anim"));
    CHECK_FALSE(s.given("skeleton"));
}

TEST_CASE("settings: an unknown key names it and lists every key the format takes") {
    const Error e = usage_error(with_set("scael", "2"));
    CHECK(e.expected() ==
          "a setting test-fmt takes (scale, entries, field, rate, interp, pair), got --set "
          "scael=2");
    CHECK_FALSE(has(e, "cine"));  // options are not settings
}

TEST_CASE("settings: a number must be the whole string, finite and in range") {
    for (const char* bad : {"2abc", "inf", "-inf", "nan", "", " 2", "2 ", "+2", "0x10", "1e10", "0",
                            "-1", "1,5", "0.5.1"}) {
        INFO(bad);
        const Error e = usage_error(with_set("scale", bad));
        CHECK(has(e,
                  "--set scale=<a number in [1e-09, 1000000000]>, got '" + std::string(bad) + "'"));
        CHECK(has(e, "test-fmt settings: scale, entries"));
    }
    for (const char* good : {"1e-9", "1e9", "0.001953125", "5e2"}) {
        INFO(good);
        CHECK_NOTHROW(Settings(fmt(), with_set("scale", good)));
    }
    CHECK(Settings(fmt(), with_set("scale", "5e2")).number("scale") == 500.0);
    // (0, 1000]: 0 itself is out, the upper bound in.
    CHECK(has(usage_error(with_set("rate", "0")), "a number in (0, 1000]"));
    CHECK(Settings(fmt(), with_set("rate", "1000")).number("rate") == 1000.0);
}

TEST_CASE("settings: integers are decimal (hex only where declared) and whole") {
    for (const char* bad :
         {"2.5", "1e2", "0", "256", "-1", "0x10", "12abc", "", "99999999999999999999"}) {
        INFO(bad);
        CHECK(has(usage_error(with_set("entries", bad)), "an integer in [1, 255]"));
    }
    CHECK(Settings(fmt(), with_set("entries", "255")).integer("entries") == 255);
    // Leading zeros stay decimal (no octal surprise).
    CHECK(Settings(fmt(), with_set("entries", "010")).integer("entries") == 10);
    CHECK(Settings(fmt(), with_set("field", "0x0C")).integer("field") == 12);
    CHECK(Settings(fmt(), with_set("field", "12")).integer("field") == 12);
    for (const char* bad : {"0x06", "0x54", "0x", "0xZZ", "-0x4", "6"}) {
        INFO(bad);
        CHECK(has(usage_error(with_set("field", bad)),
                  "a multiple of 4 in [0x0, 0x50] (decimal or 0x hex)"));
    }
}

TEST_CASE("settings: choices and checked text") {
    const Error e = usage_error(with_set("interp", "cubic"));
    CHECK(has(e, "--set interp=<one of linear, step>, got 'cubic'"));
    CHECK(has(usage_error(with_set("interp", "Linear")), "one of linear, step"));  // exact
    CHECK(has(usage_error(with_set("pair", "abc")), "--set pair=<exactly two letters>"));
}

TEST_CASE("settings: options are checked like settings") {
    Options o;
    o.format_options["cine"] = {"-1"};
    Error e = usage_error(o);
    CHECK(e.expected() ==
          "--cine <an integer in [0, 4294967295]>, got '-1' (test-fmt options: --cine N, "
          "--anim FILE, --skeleton FILE, --anims LIST)");
    o.format_options["cine"] = {"3", "4"};
    CHECK(has(usage_error(o), "--cine once, got it 2 times"));
    Options other;
    other.format_options["audio"] = {"all"};
    e = usage_error(other);
    CHECK(e.expected() ==
          "an option test-fmt takes (--cine N, --anim FILE, --skeleton FILE, --anims LIST), got "
          "--audio");
    Options empty_path;
    empty_path.format_options["skeleton"] = {""};
    CHECK(has(usage_error(empty_path), "--skeleton <a file name>, got ''"));
}

TEST_CASE("settings: --set KEY=VALUE is split once, at the first '='") {
    CHECK(split_setting("a=b=c") == std::pair<std::string, std::string>{"a", "b=c"});
    CHECK(split_setting("a=") == std::pair<std::string, std::string>{"a", ""});
    for (const char* bad : {"scale", "=2", ""}) {
        INFO(bad);
        try {
            split_setting(bad);
            FAIL("accepted");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::Usage);
            CHECK(e.expected() == "--set KEY=VALUE, got '" + std::string(bad) + "'");
        }
    }
}

TEST_CASE("settings: assumptions say what is assumed and what is in force") {
    Options o;
    nlohmann::json a = Settings(fmt(), o).assumptions();
    CHECK(a["scale"] == "a unit is 1/512 m [scale = 0.001953125, the default]");
    CHECK(a["cine"] == "cinematic 0 [cine = 0, the default]");
    CHECK(a["frame_rate"] == "30 frames per second");
    CHECK(a.size() == 3);
    o.settings["scale"] = "2";
    o.format_options["cine"] = {"7"};
    a = Settings(fmt(), o).assumptions();
    CHECK(a["scale"] == "a unit is 1/512 m [overridden: --set scale=2]");
    CHECK(a["cine"] == "cinematic 0 [overridden: --cine 7]");
    CHECK(fmt().schema().assumption_keys() ==
          std::vector<std::string>{"scale", "cine", "frame_rate"});
}

TEST_CASE("settings: option spellings and Assimp properties come from the key") {
    const FormatSchema& s = fmt().schema();
    CHECK(option_spelling(*s.option("anim")) == "--anim FILE");
    CHECK(option_property(*s.option("anim")) == "RIPKIT_ANIM");
    CHECK(option_property(*s.option("cine")) == "RIPKIT_CINE");
}

TEST_CASE("settings: the docs tables escape pipes and list every entry") {
    CHECK(markdown_cell("a|b\nc") == "a\\|b c");
    const std::string md = schema_markdown(fmt());
    CHECK(md.find("| `scale` | a number in [1e-09, 1000000000] | `0.001953125` | metres per "
                  "unit |") != std::string::npos);
    CHECK(md.find("| `interp` | `linear`, `step` (or `hold`) | `linear` |") != std::string::npos);
    CHECK(md.find("| `--anim FILE` (repeatable) | `RIPKIT_ANIM` |") != std::string::npos);
    CHECK(md.find("| a unit is 1/512 m | `scale` | `--set scale` |") != std::string::npos);
    CHECK(md.find("| cinematic 0 | `cine` | `--cine N` |") != std::string::npos);
    CHECK(md.find("| 30 frames per second | `frame_rate` | - |") != std::string::npos);
    const nlohmann::json j = schema_json(fmt());
    CHECK(j["settings"][0]["default"] == "0.001953125");
    CHECK(j["options"][0]["property"] == "RIPKIT_CINE");
    CHECK(j["options"][1]["repeatable"] == true);
}
