#include "cli_args.hpp"

#include <stdexcept>

#include "ripkit/error.hpp"
#include "ripkit/platform.hpp"
#include "ripkit/registry.hpp"

namespace ripkit::cli {

namespace {

std::vector<SharedOption> collect_options() {
    std::vector<SharedOption> out;
    for (const FormatEntry& e : format_entries()) {
        const Format& f = e.format();
        for (const ValueDef& d : f.schema().options) {
            SharedOption* same = nullptr;
            for (SharedOption& o : out)
                if (o.def.key == d.key) same = &o;
            if (!same) {
                out.push_back({d, {}});
                same = &out.back();
            } else if (same->def.type != d.type || same->def.repeatable != d.repeatable ||
                       same->def.metavar != d.metavar) {
                throw std::logic_error("--" + d.key + " is declared differently by " +
                                       same->meanings.front().first + " and " + f.info().id);
            }
            same->meanings.emplace_back(f.info().id, d.meaning);
        }
    }
    return out;
}

std::string help_of(const SharedOption& o) {
    std::string help;
    if (o.meanings.size() == 1) {
        help = o.meanings[0].second + " (" + o.meanings[0].first + ")";
    } else {
        for (const auto& [id, meaning] : o.meanings)
            help += (help.empty() ? "" : "; ") + id + ": " + meaning;
    }
    if (o.def.type == ValueType::Choice) help += "; " + o.def.accepted();
    if (!o.def.default_value.empty()) help += "; default " + o.def.default_value;
    return help;
}

}  // namespace

const std::vector<SharedOption>& shared_options() {
    static const std::vector<SharedOption> all = collect_options();
    return all;
}

void add_common_args(CLI::App& verb, CommonArgs& a) {
    verb.add_option("FILE", a.file, "Input game file")->required();
    verb.add_flag("--native", a.native, "Keep engine units and axes (no conversion to glTF's)");
    for (const SharedOption& o : shared_options())
        // One value per occurrence, so `--anim A FILE` never swallows FILE.
        verb.add_option("--" + o.def.key, a.format_options[o.def.key], help_of(o))
            ->allow_extra_args(false)
            ->type_name(o.def.metavar);
    verb.add_flag("--force", a.force, "Decode even when the header is unexpected");
    verb.add_option("--set", a.set, "Format-specific setting KEY=VALUE (repeatable)")
        ->allow_extra_args(false)
        ->type_name("KEY=VALUE");
    verb.add_option("--format-id", a.format_id, "Use this format instead of detecting it");
    verb.add_option(
            "--limit", a.limits,
            "Raise or lower a resource limit KEY=N (repeatable; see docs/cli.md \"Limits\")")
        ->allow_extra_args(false);
}

void apply_limit_args(const std::vector<std::string>& args, Limits& limits) {
    for (const std::string& kv : args) {
        const size_t eq = kv.find('=');
        if (eq == std::string::npos || eq == 0)
            fail_no_offset(ErrorKind::Usage, "--limit KEY=N, got '" + kv + "'");
        set_limit(limits, kv.substr(0, eq), kv.substr(eq + 1));
    }
}

Options to_options(const CommonArgs& a) {
    Options o;
    o.native = a.native;
    o.force = a.force;
    apply_limit_args(a.limits, o.limits);
    for (const auto& [name, values] : a.format_options)
        if (!values.empty()) o.format_options[name] = values;
    for (const std::string& kv : a.set) {
        auto [key, value] = split_setting(kv);
        o.settings[key] = value;
    }
    return o;
}

std::vector<std::filesystem::path> named_inputs(const CommonArgs& a) {
    std::vector<std::filesystem::path> out{platform::path_from_utf8(a.file)};
    for (const SharedOption& o : shared_options()) {
        if (o.def.type != ValueType::Path) continue;
        const auto it = a.format_options.find(o.def.key);
        if (it != a.format_options.end())
            for (const std::string& p : it->second) out.push_back(platform::path_from_utf8(p));
    }
    return out;
}

}  // namespace ripkit::cli
