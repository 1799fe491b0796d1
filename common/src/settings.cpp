#include "ripkit/settings.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "ripkit/error.hpp"
#include "ripkit/format.hpp"
#include "ripkit/number_text.hpp"

namespace ripkit {

namespace {

std::string integer_text(double v, bool in_hex) {
    if (in_hex && v >= 0) return hex(static_cast<uint64_t>(v));
    return std::to_string(static_cast<long long>(v));
}

bool parse_integer(const ValueDef& d, std::string_view s, int64_t& out) {
    const char* first = s.data();
    const char* last = s.data() + s.size();
    if (d.hex && s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        uint64_t u = 0;
        const auto [p, ec] = std::from_chars(first + 2, last, u, 16);
        if (ec != std::errc() || p != last || u > uint64_t(INT64_MAX)) return false;
        out = int64_t(u);
    } else {
        const auto [p, ec] = std::from_chars(first, last, out, 10);
        if (ec != std::errc() || p != last) return false;
    }
    return double(out) >= d.min && double(out) <= d.max && out % d.multiple == 0;
}

bool parse_number(const ValueDef& d, std::string_view s, double& out) {
    const char* last = s.data() + s.size();
    const auto [p, ec] = std::from_chars(s.data(), last, out);
    if (ec != std::errc() || p != last || !std::isfinite(out)) return false;
    if (d.above_min ? !(out > d.min) : !(out >= d.min)) return false;
    return out <= d.max;
}

std::string joined(const std::vector<std::string>& items, const char* sep = ", ") {
    std::string s;
    for (const std::string& i : items) s += (s.empty() ? "" : sep) + i;
    return s;
}

std::vector<std::string> keys_of(const std::vector<ValueDef>& defs) {
    std::vector<std::string> out;
    for (const ValueDef& d : defs) out.push_back(d.key);
    return out;
}

std::string setting_keys(const FormatSchema& s) {
    return s.settings.empty() ? "none" : joined(keys_of(s.settings));
}

std::string option_names(const FormatSchema& s) {
    std::vector<std::string> spelled;
    for (const ValueDef& d : s.options) spelled.push_back(option_spelling(d));
    return spelled.empty() ? "none" : joined(spelled);
}

}  // namespace

const char* value_type_name(ValueType type) {
    switch (type) {
        case ValueType::Integer:
            return "integer";
        case ValueType::Number:
            return "number";
        case ValueType::Choice:
            return "choice";
        case ValueType::Text:
            return "text";
        case ValueType::Path:
            return "file";
        case ValueType::List:
            return "list";
    }
    return "text";
}

ValueDef ValueDef::integer(std::string key, double min, double max) {
    ValueDef d;
    d.key = std::move(key);
    d.type = ValueType::Integer;
    d.min = min;
    d.max = max;
    d.metavar = std::string("N");  // `= "N"`: GCC 12 bogus -Wrestrict (PR 105329)
    return d;
}

ValueDef ValueDef::number(std::string key, double min, double max) {
    ValueDef d = integer(std::move(key), min, max);
    d.type = ValueType::Number;
    d.metavar = std::string("X");  // as above
    return d;
}

ValueDef ValueDef::choice(std::string key, std::vector<Choice> choices) {
    ValueDef d;
    d.key = std::move(key);
    d.type = ValueType::Choice;
    d.choices = std::move(choices);
    std::vector<std::string> names;
    for (const Choice& c : d.choices) names.push_back(c.name);
    d.metavar = joined(names, "|");
    return d;
}

ValueDef ValueDef::text(std::string key, std::string values, Check check) {
    ValueDef d;
    d.key = std::move(key);
    d.type = ValueType::Text;
    d.values = std::move(values);
    d.check = std::move(check);
    d.metavar = "TEXT";
    return d;
}

ValueDef ValueDef::path(std::string key) {
    ValueDef d;
    d.key = std::move(key);
    d.type = ValueType::Path;
    d.metavar = "FILE";
    return d;
}

ValueDef ValueDef::list(std::string key, std::string values, Check check) {
    ValueDef d = text(std::move(key), std::move(values), std::move(check));
    d.type = ValueType::List;
    d.metavar = "LIST";
    return d;
}

ValueDef& ValueDef::defaults_to(std::string value) {
    default_value = std::move(value);
    return *this;
}
ValueDef& ValueDef::defaults_to(double value) {
    char buf[32];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
    default_value.assign(buf, ec == std::errc() ? end : buf);
    return *this;
}
ValueDef& ValueDef::decided(std::string how) {
    default_text = std::move(how);
    return *this;
}
ValueDef& ValueDef::means(std::string text) {
    meaning = std::move(text);
    return *this;
}
ValueDef& ValueDef::assumes(std::string text) {
    assumption = std::move(text);
    return *this;
}
ValueDef& ValueDef::hex_too() {
    hex = true;
    return *this;
}
ValueDef& ValueDef::multiple_of(int64_t step) {
    multiple = step;
    return *this;
}
ValueDef& ValueDef::excluding_min() {
    above_min = true;
    return *this;
}
ValueDef& ValueDef::repeats() {
    repeatable = true;
    return *this;
}
ValueDef& ValueDef::titled(std::string text) {
    title = std::move(text);
    return *this;
}

ValueDef& ValueDef::shown_as(std::string metavar_text) {
    metavar = std::move(metavar_text);
    return *this;
}
ValueDef& ValueDef::for_assimp(std::string value) {
    assimp_value = std::move(value);
    return *this;
}

std::string ValueDef::accepted() const {
    switch (type) {
        case ValueType::Integer:
            return (multiple > 1 ? "a multiple of " + std::to_string(multiple) : "an integer") +
                   " in [" + integer_text(min, hex) + ", " + integer_text(max, hex) + "]" +
                   (hex ? " (decimal or 0x hex)" : "");
        case ValueType::Number:
            return std::string("a number in ") + (above_min ? "(" : "[") + decimal(min, 10) + ", " +
                   decimal(max, 10) + "]";
        case ValueType::Choice: {
            std::vector<std::string> names;
            for (const Choice& c : choices) names.push_back(c.name);
            return "one of " + joined(names);
        }
        case ValueType::Path:
            return "a file name";
        case ValueType::Text:
        case ValueType::List:
            break;
    }
    return values.empty() ? "text" : values;
}

std::string ValueDef::default_words() const {
    return default_value.empty() ? default_text : default_value;
}

const ValueDef* FormatSchema::setting(std::string_view key) const {
    for (const ValueDef& d : settings)
        if (d.key == key) return &d;
    return nullptr;
}

const ValueDef* FormatSchema::option(std::string_view key) const {
    for (const ValueDef& d : options)
        if (d.key == key) return &d;
    return nullptr;
}

std::vector<std::string> FormatSchema::assumption_keys() const {
    std::vector<std::string> out;
    for (const auto* defs : {&settings, &options})
        for (const ValueDef& d : *defs)
            if (d.assumption) out.push_back(d.key);
    for (const AssumptionDef& a : assumptions) out.push_back(a.key);
    return out;
}

namespace {

std::optional<std::string> parse_typed(const ValueDef& d, std::string_view s, ParsedValue& out) {
    switch (d.type) {
        case ValueType::Integer:
            if (!parse_integer(d, s, out.integer)) return d.accepted();
            out.number = double(out.integer);
            return std::nullopt;
        case ValueType::Number:
            if (!parse_number(d, s, out.number)) return d.accepted();
            return std::nullopt;
        case ValueType::Choice:
            for (const Choice& c : d.choices) {
                bool match = c.name == s;
                for (const std::string& a : c.aliases) match |= a == s;
                if (match) {
                    out.text = c.name;
                    return std::nullopt;
                }
            }
            return d.accepted();
        case ValueType::Path:
            if (s.empty()) return d.accepted();
            return std::nullopt;
        case ValueType::Text:
        case ValueType::List:
            return std::nullopt;
    }
    return d.accepted();
}

}  // namespace

std::optional<std::string> parse_value(const ValueDef& d, std::string_view s, ParsedValue& out) {
    out = ParsedValue{};
    out.text = std::string(s);
    if (auto why = parse_typed(d, s, out)) return why;
    if (d.check) {
        std::string why = d.check(out.text);
        if (!why.empty()) return why;
    }
    return std::nullopt;
}

std::pair<std::string, std::string> split_setting(std::string_view kv) {
    const size_t eq = kv.find('=');
    if (eq == std::string_view::npos || eq == 0)
        fail_no_offset(ErrorKind::Usage, "--set KEY=VALUE, got '" + std::string(kv) + "'");
    return {std::string(kv.substr(0, eq)), std::string(kv.substr(eq + 1))};
}

std::string option_spelling(const ValueDef& o) { return "--" + o.key + " " + o.metavar; }

std::string option_property(const ValueDef& o) {
    std::string p = "RIPKIT_";
    for (char c : o.key) p += (c >= 'a' && c <= 'z') ? char(c - 'a' + 'A') : c;
    return p;
}

Settings::Settings(const Format& format, const Options& options) : schema_(&format.schema()) {
    const std::string& id = format.info().id;
    for (const auto* defs : {&schema_->settings, &schema_->options})
        for (const ValueDef& d : *defs) {
            Entry e;
            e.def = &d;
            if (!d.default_value.empty()) {
                ParsedValue v;
                if (parse_value(d, d.default_value, v))
                    throw std::logic_error(id + ": default of " + d.key + " does not parse");
                e.values.push_back(std::move(v));
                e.has_value = true;
            }
            if (!entries_.emplace(d.key, std::move(e)).second)
                throw std::logic_error(id + ": key " + d.key + " declared twice");
        }
    for (const auto& [key, value] : options.settings) {
        const ValueDef* d = schema_->setting(key);
        if (!d)
            fail_no_offset(ErrorKind::Usage, "a setting " + id + " takes (" +
                                                 setting_keys(*schema_) + "), got --set " + key +
                                                 "=" + value);
        ParsedValue v;
        if (auto why = parse_value(*d, value, v))
            fail_no_offset(ErrorKind::Usage, "--set " + key + "=<" + *why + ">, got '" + value +
                                                 "' (" + id +
                                                 " settings: " + setting_keys(*schema_) + ")");
        Entry& e = entries_.find(key)->second;
        e.values = {std::move(v)};
        e.given = e.has_value = true;
    }
    for (const auto& [name, values] : options.format_options) {
        const ValueDef* d = schema_->option(name);
        if (!d)
            fail_no_offset(ErrorKind::Usage, "an option " + id + " takes (" +
                                                 option_names(*schema_) + "), got --" + name);
        if (values.size() > 1 && !d->repeatable)
            fail_no_offset(ErrorKind::Usage, "--" + name + " once, got it " +
                                                 std::to_string(values.size()) + " times");
        Entry& e = entries_.find(name)->second;
        e.values.clear();
        for (const std::string& value : values) {
            ParsedValue v;
            if (auto why = parse_value(*d, value, v))
                fail_no_offset(ErrorKind::Usage, "--" + name + " <" + *why + ">, got '" + value +
                                                     "' (" + id +
                                                     " options: " + option_names(*schema_) + ")");
            e.values.push_back(std::move(v));
        }
        e.given = true;
        e.has_value = !e.values.empty();
    }
}

const Settings::Entry& Settings::entry(std::string_view key, std::optional<ValueType> type) const {
    const auto it = entries_.find(key);
    if (it == entries_.end())
        throw std::logic_error("setting " + std::string(key) + " is not in the schema");
    if (type && it->second.def->type != *type)
        throw std::logic_error("setting " + std::string(key) + " read as another type");
    return it->second;
}

bool Settings::given(std::string_view key) const { return entry(key, std::nullopt).given; }

double Settings::number(std::string_view key) const {
    const Entry& e = entry(key, ValueType::Number);
    if (!e.has_value) throw std::logic_error("setting " + std::string(key) + " has no default");
    return e.values.front().number;
}

int64_t Settings::integer(std::string_view key) const {
    const Entry& e = entry(key, ValueType::Integer);
    if (!e.has_value) throw std::logic_error("setting " + std::string(key) + " has no default");
    return e.values.front().integer;
}

const std::string& Settings::text(std::string_view key) const {
    static const std::string none;
    const Entry& e = entry(key, std::nullopt);
    return e.has_value ? e.values.front().text : none;
}

std::vector<std::string> Settings::list(std::string_view key) const {
    const Entry& e = entry(key, std::nullopt);
    std::vector<std::string> out;
    if (e.def->type == ValueType::List) {
        if (e.has_value) out = split_list(e.values.front().text);
        return out;
    }
    for (const ParsedValue& v : e.values) out.push_back(v.text);
    return out;
}

nlohmann::json Settings::assumptions() const {
    nlohmann::json out = nlohmann::json::object();
    for (const auto* defs : {&schema_->settings, &schema_->options})
        for (const ValueDef& d : *defs) {
            if (!d.assumption) continue;
            const Entry& e = entries_.find(d.key)->second;
            const bool is_setting = defs == &schema_->settings;
            std::string state;
            if (e.given)
                state =
                    "overridden: " + (is_setting ? "--set " + d.key + "=" : "--" + d.key + " ") +
                    joined(list(d.key), ",");
            else if (e.has_value)
                state = d.key + " = " + e.values.front().text + ", the default";
            else if (!d.default_text.empty())
                state = "default: " + d.default_text;
            else
                state = "not given";
            out[d.key] = *d.assumption + " [" + state + "]";
        }
    for (const AssumptionDef& a : schema_->assumptions) out[a.key] = a.text;
    return out;
}

}  // namespace ripkit
