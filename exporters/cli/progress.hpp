// Progress lines on stderr for long jobs: every label change is printed
// (one line per item of `convert --all`); within one label, only each tenth.
#pragma once

#include <cstdint>
#include <string>

namespace ripkit::cli {

class ProgressPrinter {
  public:
    bool operator()(uint64_t done, uint64_t total, const std::string& label);

  private:
    std::string last_label_;
    int last_decile_ = -1;
};

}  // namespace ripkit::cli
