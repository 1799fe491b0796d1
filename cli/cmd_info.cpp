// `info` and `list`: what a file is and what it holds.
#include <cstdio>
#include <iostream>
#include <string>

#include "commands.hpp"
#include "error_line.hpp"
#include "session.hpp"

namespace ripkit::cli {

namespace {

using nlohmann::json;

std::string scalar_text(const json& v) {
    if (v.is_string()) return v.get<std::string>();
    return v.dump(-1, ' ', false, json::error_handler_t::replace);
}

bool all_scalars(const json& arr) {
    for (const json& v : arr)
        if (v.is_structured()) return false;
    return true;
}

// Short lists of scalars fit on one line; longer ones get a line per entry.
bool short_list(const json& arr) {
    size_t len = 0;
    for (const json& v : arr) len += scalar_text(v).size() + 2;
    return len <= 80;
}

// Readable, indented rendering of a JSON value (YAML-like, not YAML).
void print_value(std::ostream& os, const std::string& key, const json& v, int indent) {
    const std::string pad(static_cast<size_t>(indent) * 2, ' ');
    const std::string label = key.empty() ? pad + "-" : pad + key + ":";
    if (v.is_object()) {
        os << label << (v.empty() ? " {}" : "") << '\n';
        for (const auto& [k, child] : v.items()) print_value(os, k, child, indent + 1);
    } else if (v.is_array() && all_scalars(v) && short_list(v)) {
        std::string joined;
        for (const json& s : v) joined += (joined.empty() ? "" : ", ") + scalar_text(s);
        os << label << ' ' << (v.empty() ? "(none)" : joined) << '\n';
    } else if (v.is_array()) {
        os << label << '\n';
        for (const json& child : v) print_value(os, "", child, indent + 1);
    } else {
        os << label << ' ' << scalar_text(v) << '\n';
    }
}

std::string fields_text(const json& fields) {
    std::string s;
    for (const auto& [k, v] : fields.items()) s += "  " + k + "=" + scalar_text(v);
    return s;
}

}  // namespace

int run_info(const InfoArgs& args) {
    Session session(args.common);
    json info = session.doc().info();
    if (!info.is_object()) info = json{{"info", info}};
    if (!info.contains("format")) info["format"] = session.format().info().id;
    const auto items = session.doc().items();
    print_warnings(session);  // every item is decoded by now
    size_t empty = 0, failed = 0;
    for (const ItemSummary& s : items) {
        empty += s.empty ? 1 : 0;
        failed += s.error ? 1 : 0;
    }
    if (args.json) {
        std::cout << info.dump(2, ' ', false, json::error_handler_t::replace) << '\n';
        return 0;
    }
    std::cout << "file: " << session.path() << '\n';
    std::cout << "format: " << session.format().info().id << " (" << session.format().info().name
              << ")\n";
    // The headline keys first, the rest in the document's order.
    for (const char* key : {"variant", "version"})
        if (info.contains(key)) print_value(std::cout, key, info[key], 0);
    for (const auto& [k, v] : info.items())
        if (k != "format" && k != "variant" && k != "version") print_value(std::cout, k, v, 0);
    std::cout << "listed items: " << items.size() << " (" << empty << " empty, " << failed
              << " not decodable)\n";
    return 0;
}

int run_list(const ListArgs& args) {
    Session session(args.common);
    const auto items = session.doc().items();
    print_warnings(session);  // every item is decoded by now
    if (args.json) {
        json arr = json::array();
        for (const ItemSummary& s : items)
            arr.push_back({{"id", s.id},
                           {"label", s.label},
                           {"empty", s.empty},
                           {"error", s.error ? json(error_text(*s.error)) : json(nullptr)},
                           {"fields", s.fields}});
        std::cout << arr.dump(2, ' ', false, json::error_handler_t::replace) << '\n';
        return 0;
    }
    for (const ItemSummary& s : items) {
        std::cout << s.id << "  ";
        if (s.error)
            std::cout << "(error: " << error_text(*s.error) << ") ";
        else if (s.empty)
            std::cout << "(empty) ";
        std::cout << s.label << fields_text(s.fields) << '\n';
    }
    return 0;
}

}  // namespace ripkit::cli
