// Command-line options shared by every verb, and their mapping onto
// ripkit::Options and the list of files no output may overwrite. The
// format-specific options are every registered format's schema options
// (ripkit/settings.hpp), registered once each.
#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "ripkit/format.hpp"
#include "ripkit/settings.hpp"

namespace ripkit::cli {

struct CommonArgs {
    std::string file;  // the input
    bool native = false;
    bool force = false;
    std::vector<std::string> set;     // "key=value"
    std::vector<std::string> limits;  // --limit "key=N"
    std::string format_id;
    // Each format option by name: the value of every occurrence.
    std::map<std::string, std::vector<std::string>> format_options;
};

// One option of the union: its definition and what it means to each format.
struct SharedOption {
    ValueDef def;
    std::vector<std::pair<std::string, std::string>> meanings;  // format id, meaning
};

// Every registered format's options, deduplicated by name in registry order.
// Throws std::logic_error when two formats declare one name differently.
const std::vector<SharedOption>& shared_options();

// Adds FILE and the decoder options to one verb.
void add_common_args(CLI::App& verb, CommonArgs& args);

// Throws Error(Usage) for a malformed --set or --limit.
Options to_options(const CommonArgs& args);

// `--limit key=N` (repeatable) onto `limits`; Error(Usage) naming a bad one.
void apply_limit_args(const std::vector<std::string>& args, Limits& limits);

// The input and every companion file named on the command line.
std::vector<std::filesystem::path> named_inputs(const CommonArgs& args);

}  // namespace ripkit::cli
