// File-system helpers the tool and the writers share: whether two paths name
// one file (so no output lands on an input), and a private folder removed
// on every way out.
#pragma once

#include <filesystem>
#include <string>

namespace ripkit {

// True when a and b name the same file: std::filesystem::equivalent when
// both exist, else their normalised absolute spellings are equal.
bool same_file(const std::filesystem::path& a, const std::filesystem::path& b);

// A new folder `<parent>/<prefix><random>`, removed with everything in it
// when the TempDir goes. Throws Error(Io) when none can be made.
class TempDir {
  public:
    TempDir(const std::filesystem::path& parent, const std::string& prefix);
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }

  private:
    std::filesystem::path path_;
};

}  // namespace ripkit
