// What differs between Linux and Windows, in one place: reading a file at any
// offset, whether stderr is a terminal, the peak resident memory, and file
// names as UTF-8 (on Windows the command line arrives in UTF-16, and
// std::filesystem::path(std::string) there reads bytes as Latin-1, losing
// every other letter).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ripkit::platform {

// A file open for reading at any offset, from several threads at once.
class ReadOnlyFile {
  public:
    ReadOnlyFile() = default;
    ~ReadOnlyFile();
    ReadOnlyFile(const ReadOnlyFile&) = delete;
    ReadOnlyFile& operator=(const ReadOnlyFile&) = delete;

    // False when the file cannot be opened for reading.
    bool open(const std::filesystem::path& path);
    // Its size now, when it is a regular file; nullopt otherwise.
    std::optional<uint64_t> regular_size() const;
    // Up to out.size() bytes from `offset`: how many were read (0 at the end),
    // or nullopt with the reason in `error`.
    std::optional<size_t> read_at(uint64_t offset, std::span<uint8_t> out,
                                  std::string& error) const;

  private:
    intptr_t handle_ = -1;
};

bool stderr_is_terminal();

// The command line's arguments in UTF-8 (argv itself on Linux).
std::vector<std::string> utf8_arguments(int argc, char** argv);

// A path from UTF-8 text, and back (the same as path(text) and p.string() on Linux).
std::filesystem::path path_from_utf8(std::string_view text);
std::string path_to_utf8(const std::filesystem::path& path);

// The most memory the process has held resident so far (peak RSS; Windows:
// peak working set), in bytes; 0 when the system does not say.
uint64_t peak_resident_bytes();

}  // namespace ripkit::platform
