// Progress of long jobs (decoding a big file, `convert --all`), drawn on one
// line of stderr that is rewritten in place and erased when the job ends -
// only when stderr is a terminal, so a log or a failing run holds nothing but
// its result (docs/cli.md "Exit status"). Within one label only each tenth is
// drawn.
// Thread-safe: items converted at once report from their worker threads.
#pragma once

#include <cstdint>
#include <string>

namespace ripkit::cli {

class ProgressPrinter {
  public:
    // `enabled`: draw at all (false: every call only returns true).
    explicit ProgressPrinter(bool enabled);
    bool operator()(uint64_t done, uint64_t total, const std::string& label);

  private:
    bool enabled_;
    std::string last_label_;
    int last_decile_ = -1;
};

// True when stderr is a terminal.
bool stderr_is_terminal();
// Erases the progress line, if one is drawn (before any other stderr output).
void end_progress();
// Erases the progress line and prints `line` in its place: a line printed
// while worker threads may draw progress (`convert --all --keep-going -j N`).
void print_line_over_progress(const std::string& line);

// While one lives, progress reported on this thread is not drawn: with items
// converted at once the line shows which items started, not the steps inside
// each (two items' steps would take turns on one line).
class MuteProgressHere {
  public:
    MuteProgressHere();
    ~MuteProgressHere();
    MuteProgressHere(const MuteProgressHere&) = delete;
    MuteProgressHere& operator=(const MuteProgressHere&) = delete;

  private:
    bool was_;
};

}  // namespace ripkit::cli
