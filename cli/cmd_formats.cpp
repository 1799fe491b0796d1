// `formats`: what this build reads, and every format's schema (settings,
// options, assumptions) as JSON or as the Markdown tables the docs embed.
#include <iostream>
#include <string>

#include "commands.hpp"
#include "ripkit/error.hpp"
#include "ripkit/export.hpp"
#include "ripkit/registry.hpp"
#include "ripkit/settings_doc.hpp"

namespace ripkit::cli {

namespace {

nlohmann::json all_schemas() {
    nlohmann::json formats = nlohmann::json::array();
    for (const FormatEntry& e : format_entries()) {
        nlohmann::json j = schema_json(e.format());
        j["entry"] = e.id;
        if (const SceneEncoder* enc = find_encoder(e.format().info().id))
            j["encoder"] = encoder_json(*enc);
        formats.push_back(std::move(j));
    }
    return {{"ripkit_schema", 1}, {"formats", formats}};
}

// One row per option name over every format (README "CLI").
std::string options_markdown() {
    std::string md = "| option | Assimp property | formats | meaning |\n|---|---|---|---|\n";
    for (const SharedOption& o : shared_options()) {
        std::string formats, meaning;
        for (const auto& [id, m] : o.meanings) {
            formats += (formats.empty() ? "" : ", ") + ("`" + id + "`");
            meaning += (meaning.empty() ? "" : "; ") + (o.meanings.size() > 1 ? id + ": " : "") + m;
        }
        md += "| " + markdown_cell("`" + option_spelling(o.def) + "`") +
              (o.def.repeatable ? " (repeatable)" : "") + " | `" + option_property(o.def) + "` | " +
              formats + " | " + markdown_cell(meaning) + " |\n";
    }
    return md;
}

std::string markdown_of(const std::string& id) {
    if (id == "options") return options_markdown();
    const Format* f = find_format(id);
    if (!f) {
        std::string ids = "options";
        for (const FormatEntry& e : format_entries()) ids += ", " + e.format().info().id;
        fail_no_offset(ErrorKind::Usage, "--markdown one of " + ids + ", got '" + id + "'");
    }
    return schema_markdown(*f);
}

std::string list_text() {
    std::string s;
    for (const FormatEntry& e : format_entries()) {
        const FormatInfo& fi = e.format().info();
        std::string exts;
        for (const std::string& x : fi.extensions) {  // not `"." + x`: GCC 12 (PR 105651)
            if (!exts.empty()) exts += ' ';
            exts += '.';
            exts += x;
        }
        s += fi.id + "  " + fi.name + "  " + exts + '\n';
    }
    return s;
}

}  // namespace

int run_formats(const FormatsArgs& args) {
    std::string text;
    if (args.json)
        text = all_schemas().dump(2) + '\n';
    else if (!args.markdown.empty())
        text = markdown_of(args.markdown);
    else
        text = list_text();
    if (args.out.empty()) {
        std::cout << text;
    } else {
        write_file_atomic(args.out,
                          ByteSpan(reinterpret_cast<const uint8_t*>(text.data()), text.size()), {});
    }
    return 0;
}

}  // namespace ripkit::cli
