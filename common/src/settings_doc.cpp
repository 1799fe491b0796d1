#include "ripkit/settings_doc.hpp"

namespace ripkit {

namespace {

std::string code(const std::string& s) { return s.empty() ? "" : "`" + s + "`"; }

// Choices spelled out with what each means, aliases after.
std::string values_cell(const ValueDef& d) {
    if (d.type != ValueType::Choice) return markdown_cell(d.accepted());
    bool described = false;
    for (const Choice& c : d.choices) described |= !c.meaning.empty();
    std::string s;
    for (const Choice& c : d.choices) {
        s += (s.empty() ? "" : described ? "; " : ", ") + code(c.name);
        for (const std::string& a : c.aliases) s += " (or " + code(a) + ")";
        if (!c.meaning.empty()) s += ": " + c.meaning;
    }
    return markdown_cell(s);
}

std::string default_cell(const ValueDef& d) {
    if (!d.default_value.empty()) return code(d.default_value);
    return markdown_cell(d.default_text.empty() ? "-" : d.default_text);
}

}  // namespace

std::string markdown_cell(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n')
            out += ' ';
        else
            out += c;
    }
    return out;
}

nlohmann::json value_json(const ValueDef& d) {
    nlohmann::json j = {{"key", d.key},
                        {"type", value_type_name(d.type)},
                        {"accepted", d.accepted()},
                        {"meaning", d.meaning},
                        {"metavar", d.metavar}};
    if (d.type == ValueType::Integer || d.type == ValueType::Number) {
        j["min"] = d.min;
        j["max"] = d.max;
        if (d.above_min) j["min_excluded"] = true;
        if (d.hex) j["hex"] = true;
        if (d.multiple > 1) j["multiple_of"] = d.multiple;
    }
    if (d.type == ValueType::Choice) {
        nlohmann::json choices = nlohmann::json::array();
        for (const Choice& c : d.choices)
            choices.push_back({{"name", c.name}, {"aliases", c.aliases}, {"meaning", c.meaning}});
        j["choices"] = choices;
    }
    if (!d.default_value.empty()) j["default"] = d.default_value;
    if (!d.default_text.empty()) j["default_text"] = d.default_text;
    if (d.assumption) j["assumption"] = *d.assumption;
    if (d.repeatable) j["repeatable"] = true;
    if (!d.title.empty()) j["title"] = d.title;
    return j;
}

nlohmann::json encoder_json(const SceneEncoder& encoder) {
    const EncoderSchema& s = encoder.schema();
    nlohmann::json options = nlohmann::json::array();
    for (const ValueDef& d : s.options) {
        nlohmann::json j = value_json(d);
        j["cli"] = option_spelling(d);
        options.push_back(std::move(j));
    }
    return {{"summary", encoder.info().summary},
            {"extensions", encoder.info().extensions},
            {"extension", s.extension},
            {"options", options},
            {"settings", s.settings}};
}

nlohmann::json schema_json(const Format& format) {
    const FormatSchema& s = format.schema();
    nlohmann::json settings = nlohmann::json::array(), options = nlohmann::json::array(),
                   assumptions = nlohmann::json::array();
    for (const ValueDef& d : s.settings) settings.push_back(value_json(d));
    for (const ValueDef& d : s.options) {
        nlohmann::json j = value_json(d);
        j["cli"] = option_spelling(d);
        j["property"] = option_property(d);
        options.push_back(std::move(j));
    }
    for (const AssumptionDef& a : s.assumptions)
        assumptions.push_back({{"key", a.key}, {"text", a.text}});
    return {{"id", format.info().id},
            {"name", format.info().name},
            {"extensions", format.info().extensions},
            {"settings", settings},
            {"options", options},
            {"assumptions", assumptions}};
}

std::string schema_markdown(const Format& format) {
    const FormatSchema& s = format.schema();
    std::string md;
    if (!s.settings.empty()) {
        md += "| `--set` key | values | default | meaning |\n|---|---|---|---|\n";
        for (const ValueDef& d : s.settings)
            md += "| " + code(d.key) + " | " + values_cell(d) + " | " + default_cell(d) + " | " +
                  markdown_cell(d.meaning) + " |\n";
        md += "\n";
    }
    if (!s.options.empty()) {
        md +=
            "| option | Assimp property | values | default | meaning |\n"
            "|---|---|---|---|---|\n";
        for (const ValueDef& d : s.options)
            md += "| " + markdown_cell(code(option_spelling(d))) +
                  (d.repeatable ? " (repeatable)" : "") + " | " + code(option_property(d)) + " | " +
                  values_cell(d) + " | " + default_cell(d) + " | " + markdown_cell(d.meaning) +
                  " |\n";
        md += "\n";
    }
    md += "| assumption | key | overridden by |\n|---|---|---|\n";
    for (const ValueDef& d : s.settings)
        if (d.assumption)
            md += "| " + markdown_cell(*d.assumption) + " | " + code(d.key) + " | " +
                  code("--set " + d.key) + " |\n";
    for (const ValueDef& d : s.options)
        if (d.assumption)
            md += "| " + markdown_cell(*d.assumption) + " | " + code(d.key) + " | " +
                  markdown_cell(code(option_spelling(d))) + " |\n";
    for (const AssumptionDef& a : s.assumptions)
        md += "| " + markdown_cell(a.text) + " | " + code(a.key) + " | - |\n";
    return md;
}

}  // namespace ripkit
