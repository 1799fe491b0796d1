// One opened input: its bytes, the format that reads it, the decoded
// Document, and every companion file the format read (so outputs can refuse
// to overwrite any of them).
#pragma once

#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "cli_args.hpp"
#include "ripkit/format.hpp"

namespace ripkit::cli {

// Disk access that remembers which companions were actually read.
class RecordingFileSource : public FileSource {
  public:
    std::optional<Bytes> read(const std::string& path, const Limits& limits) const override;
    std::vector<std::filesystem::path> paths() const;

  private:
    DiskFileSource disk_;
    mutable std::mutex mutex_;
    mutable std::vector<std::filesystem::path> read_;
};

class Session {
  public:
    // Reads, detects (or takes --format-id) and opens the input under a new
    // document budget (--limit), drawing progress on a terminal. Throws
    // ripkit::Error with the input named as its file.
    explicit Session(const CommonArgs& args);
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    const Format& format() const { return *format_; }
    const Document& doc() const { return *doc_; }
    const std::string& path() const { return input_.path; }
    // Shared by the document, the scenes built from it and their export.
    Budget& budget() const { return *options_.budget; }
    // The input, named companions and companions the format read.
    std::vector<std::filesystem::path> protected_paths() const;

  private:
    CommonArgs args_;
    RecordingFileSource files_;
    Options options_;
    Input input_;
    const Format* format_ = nullptr;
    std::unique_ptr<Document> doc_;
};

// Holds Document::warnings() for stderr, one line each (printed when the run
// succeeds). Called after the work: a document that decodes items when asked
// knows their findings only then.
void print_warnings(const Session& session);

// When no --item was given: holds a warning for each item before `chosen`
// that failed to decode, so the default never skips one silently.
void warn_skipped_items(const Session& session, int64_t chosen);

}  // namespace ripkit::cli
