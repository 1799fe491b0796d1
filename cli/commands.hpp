// The verbs of the `ripkit` tool. Each returns the process exit code and
// throws ripkit::Error on failure (main turns it into one line on stderr).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cli_args.hpp"

namespace ripkit::cli {

struct InfoArgs {
    CommonArgs common;
    bool json = false;
};

struct ListArgs {
    CommonArgs common;
    bool json = false;
};

struct DumpArgs {
    CommonArgs common;
    int64_t item = 0;
    CLI::Option* item_opt = nullptr;
    std::string out;  // empty: stdout
};

struct ConvertArgs {
    CommonArgs common;
    std::string out;
    int64_t item = 0;
    CLI::Option* item_opt = nullptr;
    bool all = false;
    bool overwrite = false;   // --all: replace existing outputs (single convert always may)
    bool keep_going = false;  // --all: convert the rest after a failed item, then exit 1
    unsigned jobs = 0;        // --all: items converted at once (0: the machine's cores)
    std::string format;       // empty: from OUT's extension (glb for --all)
    bool fbx_bake = false;    // ExportOptions::fbx_bake_keys
    std::string base;         // packing a scene: the game file whose item is replaced
    std::string endian;       // packing a scene: "little" or "big" (Zouna)
};

struct ViewArgs {
    CommonArgs common;
    std::string out;  // .html
    int64_t item = 0;
    CLI::Option* item_opt = nullptr;
    std::string three_dir;  // npm `three` package folder; empty: $RIPKIT_THREE_DIR, else built in
};

int run_info(const InfoArgs& args);
int run_list(const ListArgs& args);
int run_dump(const DumpArgs& args);
int run_convert(const ConvertArgs& args);
// `convert SCENE.glb OUT.PAK`: FILE is a scene and OUT (or --format) a game format.
bool wants_pack(const ConvertArgs& args);
int run_pack(const ConvertArgs& args);
int run_view(const ViewArgs& args);
struct FormatsArgs {
    bool json = false;     // every schema as JSON
    std::string markdown;  // a format id: its tables; "options": every format option
    std::string out;       // empty: stdout
};

int run_formats(const FormatsArgs& args);

struct CheckArgs {
    std::vector<std::string> paths;   // game files and folders (walked)
    std::string out;                  // empty: glbs are built in memory only
    bool json = false;                // one JSON document instead of lines
    std::vector<std::string> limits;  // --limit "key=N", for every file
};

// `check`: every item of every game file found converted and checked; one
// line a file and a total; 0 only when every item converted.
int run_check(const CheckArgs& args);

}  // namespace ripkit::cli
