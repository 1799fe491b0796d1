// What a run prints besides its error: warnings, notes and the paths it wrote
// are held until the run succeeds, so a failing run prints exactly its one
// error line (docs/cli.md "Exit status"); `convert --all --keep-going`
// prints each failed item's line as it goes.
#pragma once

#include <string>
#include <vector>

namespace ripkit::cli {

class Messages {
  public:
    static Messages& get();
    void out(std::string line);  // stdout: a file written
    void err(std::string line);  // stderr: "ripkit: warning: ...", "ripkit: note: ..."
    // Prints what is held (stdout lines first) and forgets it.
    void flush();
    void discard();

  private:
    std::vector<std::string> out_, err_;
};

}  // namespace ripkit::cli
