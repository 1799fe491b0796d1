// Runs the built `ripkit` tool as a child process and collects its exit code,
// stdout and stderr; finds the samples of every registered format.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace ripkit::test {

struct ToolResult {
    int exit_code = -1;
    std::string out;
    std::string err;
    // stderr without progress ("ripkit: [i/n] ...") and warning lines.
    std::vector<std::string> error_lines() const;
};

// $RIPKIT_TOOL (set by ctest to the built tool).
std::filesystem::path tool_path();
ToolResult run_tool(const std::vector<std::string>& args);
// The same with stderr on a pseudo-terminal (what a user at a terminal sees:
// progress drawn in place); `err` holds the bytes the terminal received.
ToolResult run_tool_on_terminal(const std::vector<std::string>& args);
// Any program, found on PATH when `program` has no slash.
ToolResult run_program(const std::string& program, const std::vector<std::string>& args);

// A fresh folder under <build>/test-tmp/cli-runs, left for the output scan.
class TempDir {
  public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }

  private:
    std::filesystem::path path_;
};

struct Sample {
    std::string format_id;       // registry entry id ("tr_cutseq")
    std::filesystem::path path;  // a file the format detects (companions excluded)
};

// Every registered format's samples: samples/<id>/ in the source tree when it
// is there, else freshly written by the format's own writer into `scratch`.
std::vector<Sample> all_samples(const std::filesystem::path& scratch);
// True for a sample whose items all decode and are empty: a companion (a Zouna
// material, bitmap or mesh data file beside its model) with nothing to convert
// alone, where `convert --all` is a usage error.
bool companion_only(const Sample& s);
// all_samples, made once per test program (into a folder that lives as long).
const std::vector<Sample>& shared_samples();

// `text` split at line breaks (a failing run must print exactly one).
std::vector<std::string> text_lines(const std::string& text);

std::string read_text(const std::filesystem::path& p);
// Every regular file below `dir`, relative, sorted.
std::vector<std::string> list_files(const std::filesystem::path& dir);

}  // namespace ripkit::test
