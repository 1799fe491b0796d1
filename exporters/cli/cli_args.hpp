// Command-line options shared by every verb, and their mapping onto
// ripkit::Options (what a format reads) and the list of files no output may
// overwrite.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "ripkit/format.hpp"

namespace ripkit::cli {

struct CommonArgs {
    std::string file;  // the input
    bool native = false;
    std::string skeleton;
    std::string level;
    std::string names;
    std::vector<std::string> anim_files;
    std::string anims;  // comma-separated selection
    int64_t cine = 0;
    CLI::Option* cine_opt = nullptr;
    std::string audio = "played";
    bool force = false;
    std::vector<std::string> set;  // "key=value"
    std::string format_id;
};

// Adds FILE and the decoder options to one verb.
void add_common_args(CLI::App& verb, CommonArgs& args);

// Throws Error(Usage) for a malformed --set.
Options to_options(const CommonArgs& args);

// The input and every companion named on the command line.
std::vector<std::filesystem::path> named_inputs(const CommonArgs& args);

}  // namespace ripkit::cli
