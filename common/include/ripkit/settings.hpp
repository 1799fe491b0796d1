// A format's settings schema, declared once next to the format, and the one
// strict parser for what users give against it.
//
//   settings     `--set KEY=VALUE` (Assimp: RIPKIT_SETTINGS "k=v;k=v")
//   options      the format's own command-line options `--KEY VALUE`
//                (Assimp: the property RIPKIT_<KEY>)
//   assumptions  what the decoder assumes where its specification is silent
//                and no setting or option overrides
//
// Everything else is generated from the schema: the CLI's options, the Assimp
// properties read, info()'s assumptions, the settings tables in the docs
// (`ripkit formats --markdown ID`) and the Blender add-on's per-format options
// (`ripkit formats --json`). Every `// ASSUMPTION(<key>):` in a format's code
// names an entry here that carries an assumption, and every such entry has one
// (tests/schema checks both ways).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ripkit {

class Format;
struct Options;

enum class ValueType {
    Integer,  // decimal (and 0x hex when `hex`), whole string, in [min, max]
    Number,   // finite decimal number, whole string, in [min, max] (or (min, max])
    Choice,   // one of `choices` (or an alias, which reads as its choice)
    Text,     // anything `check` accepts (`values` says what)
    Path,     // a companion file the format reads (never overwritten by an output)
    List,     // comma-separated items (Settings::list splits them)
};

const char* value_type_name(ValueType type);

struct Choice {
    std::string name;
    std::vector<std::string> aliases = {};
    std::string meaning = {};
};

// One setting or option. Built with the factories and chained setters:
//   ValueDef::number("scale", 1e-9, 1e9).defaults_to("0.001953125")
//       .means("metres per TR unit in converted output").assumes("a TR unit is 1/512 m")
struct ValueDef {
    // "" when the text is accepted, else what was expected instead.
    using Check = std::function<std::string(std::string_view)>;

    std::string key;
    ValueType type = ValueType::Text;
    double min = 0, max = 0;  // Integer, Number
    bool above_min = false;   // Number: min itself is excluded
    bool hex = false;         // Integer: 0x... accepted too (addresses, offsets)
    int64_t multiple = 1;     // Integer: a multiple of this
    std::vector<Choice> choices;
    std::string values;         // Text, List: what is accepted, in words
    Check check;                // any type: a further rule on the accepted text
    std::string default_value;  // a valid value; "" when the format decides (default_text says how)
    std::string default_text;
    std::string meaning;                    // one line
    std::optional<std::string> assumption;  // what is assumed when the user does not say
    bool repeatable = false;                // options: may be given several times
    std::string metavar;                    // options: FILE, N, LIST, ...
    std::string title;                      // a form's field name (Blender); "": from the key
    // Options: the value the Assimp importer uses when no property gives one,
    // for what an aiScene cannot carry ("" = default_value, as elsewhere).
    std::string assimp_value;

    static ValueDef integer(std::string key, double min, double max);
    static ValueDef number(std::string key, double min, double max);
    static ValueDef choice(std::string key, std::vector<Choice> choices);
    static ValueDef text(std::string key, std::string values, Check check);
    static ValueDef path(std::string key);
    static ValueDef list(std::string key, std::string values, Check check = {});

    ValueDef& defaults_to(std::string value);
    ValueDef& defaults_to(double value);  // the shortest text that reads back as `value`
    ValueDef& decided(std::string how);   // no single default: how the format decides
    ValueDef& means(std::string text);
    ValueDef& assumes(std::string text);
    ValueDef& hex_too();
    ValueDef& multiple_of(int64_t step);
    ValueDef& excluding_min();
    ValueDef& repeats();
    ValueDef& shown_as(std::string metavar_text);
    ValueDef& titled(std::string text);
    ValueDef& for_assimp(std::string value);

    // "a number in (0, 1e+09]", "one of linear, step", ... (docs and errors).
    std::string accepted() const;
    // The default in words: the value, or how the format decides, or "".
    std::string default_words() const;
};

// An assumption no setting or option overrides.
struct AssumptionDef {
    std::string key;
    std::string text;
};

struct FormatSchema {
    std::vector<ValueDef> settings;
    std::vector<ValueDef> options;
    std::vector<AssumptionDef> assumptions;

    const ValueDef* setting(std::string_view key) const;
    const ValueDef* option(std::string_view key) const;
    // Every key that carries an assumption: settings, options and assumptions.
    std::vector<std::string> assumption_keys() const;
};

// A value as it was accepted.
struct ParsedValue {
    std::string text;  // Choice: the choice's name (aliases resolved)
    double number = 0;
    int64_t integer = 0;
};

// Parses `text` against `def`: nullopt and `out` filled, or what was expected.
std::optional<std::string> parse_value(const ValueDef& def, std::string_view text,
                                       ParsedValue& out);

// "key=value" -> {key, value}; throws Error(Usage) without a key or '='.
std::pair<std::string, std::string> split_setting(std::string_view assignment);

// The option's command-line spelling ("--cine N") and Assimp property
// ("RIPKIT_CINE").
std::string option_spelling(const ValueDef& option);
std::string option_property(const ValueDef& option);

// A format's settings and options as the user gave them, checked against its
// schema. Throws Error(Usage) naming the key and listing what the format takes
// for an unknown key, a bad value, or an option the format does not take.
class Settings {
  public:
    Settings(const Format& format, const Options& options);

    // Whether the user gave it (a setting or an option).
    bool given(std::string_view key) const;
    // The given value, else the default. The accessors throw std::logic_error
    // for a key the schema lacks or a value of another type (programming errors).
    double number(std::string_view key) const;
    int64_t integer(std::string_view key) const;
    const std::string& text(std::string_view key) const;  // "" when neither given nor defaulted
    // Repeatable options: each occurrence; List: its items.
    std::vector<std::string> list(std::string_view key) const;

    // info()'s "assumptions": key -> what is assumed, with the value in force.
    nlohmann::json assumptions() const;

  private:
    struct Entry {
        const ValueDef* def = nullptr;
        bool given = false;
        bool has_value = false;
        std::vector<ParsedValue> values;  // several only for repeatable options
    };
    const Entry& entry(std::string_view key, std::optional<ValueType> type) const;

    const FormatSchema* schema_;
    std::map<std::string, Entry, std::less<>> entries_;
};

}  // namespace ripkit
