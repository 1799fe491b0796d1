// Helpers shared by the exporters (not part of the public export API).
#pragma once

#include <filesystem>
#include <memory>
#include <utility>
#include <vector>

#include "ripkit/byte_reader.hpp"
#include "ripkit/export.hpp"
#include "ripkit/scene.hpp"

namespace ripkit::detail {

// True when `out` is one of the protected paths.
bool is_protected(const std::filesystem::path& out,
                  const std::vector<std::filesystem::path>& protected_paths);

// Throws Error(Io) when `out` is one of the protected paths.
void refuse_protected(const std::filesystem::path& out,
                      const std::vector<std::filesystem::path>& protected_paths);

// A hidden unique name next to `out` (same folder, so rename is atomic).
std::filesystem::path temp_path_for(const std::filesystem::path& out);

// Removes its file on destruction unless committed.
class TempFile {
  public:
    explicit TempFile(std::filesystem::path path);
    ~TempFile();
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
    const std::filesystem::path& path() const { return path_; }
    // Renames onto `out` (atomic within a folder).
    void commit_to(const std::filesystem::path& out);
    // Someone else moved the file (OutputTransaction::place): nothing to remove.
    void release() { path_.clear(); }

  private:
    std::filesystem::path path_;
};

void write_bytes(const std::filesystem::path& p, ByteSpan bytes);
// The pieces one after another, as one file.
void write_bytes(const std::filesystem::path& p, const std::vector<ByteSpan>& pieces);

// Several output files written as temporaries first and renamed together, so
// a failure leaves none of them behind.
class Staging {
  public:
    explicit Staging(std::vector<std::filesystem::path> protected_paths)
        : protected_(std::move(protected_paths)) {}
    const std::vector<std::filesystem::path>& protected_paths() const { return protected_; }
    void add(const std::filesystem::path& out, ByteSpan bytes);
    // One file written from pieces (a GLB's chunks, its buffer not copied).
    void add(const std::filesystem::path& out, const std::vector<ByteSpan>& pieces);
    // A temporary already written by someone else (Assimp).
    void add_file(std::unique_ptr<TempFile> tmp, const std::filesystem::path& out);
    // Places every file through `into` (which keeps replaced files aside);
    // refuses before placing any when a target is a folder, or exists and
    // `overwrite` is false.
    std::vector<std::filesystem::path> commit(bool overwrite, OutputTransaction& into);

  private:
    std::vector<std::filesystem::path> protected_;
    std::vector<std::pair<std::unique_ptr<TempFile>, std::filesystem::path>> files_;
};

// The complete RIFF/WAVE file for `audio`.
Bytes wav_bytes(const Audio& audio);

}  // namespace ripkit::detail
