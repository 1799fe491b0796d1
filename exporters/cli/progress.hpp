// Progress of long jobs (decoding a big file, `convert --all`), drawn on one
// line of stderr that is rewritten in place and erased when the job ends -
// only when stderr is a terminal, so a log or a failing run holds nothing but
// its result (README "Exit status"). Within one label only each tenth is drawn.
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

}  // namespace ripkit::cli
