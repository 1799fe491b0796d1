#include "session.hpp"

#include "error_line.hpp"
#include "messages.hpp"
#include "progress.hpp"
#include "ripkit/error.hpp"
#include "ripkit/registry.hpp"
#include "ripkit/settings.hpp"

namespace ripkit::cli {

namespace {

std::string known_format_ids() {
    std::string s;
    for (const FormatEntry& e : format_entries()) {
        if (!s.empty()) s += ", ";
        s += e.format().info().id;
    }
    return s.empty() ? "(none built in)" : s;
}

// The format, and the input as it takes it: by range for a format that reads
// by range (named, or certain from the head alone), else the whole file.
const Format& choose_format(const CommonArgs& args, std::shared_ptr<const ByteSource> source,
                            Input& input) {
    const Format* named = nullptr;
    if (!args.format_id.empty()) {
        named = find_format(args.format_id);
        if (!named)
            fail_no_offset(ErrorKind::Usage, "--format-id one of " + known_format_ids() +
                                                 ", got '" + args.format_id + "'");
    } else if (source->size() > 0) {
        Bytes scratch;
        constexpr uint64_t kHead = 64 * 1024;
        const ByteSpan head =
            source->read(0, std::min(source->size(), kHead), "the header", scratch);
        named = detect_range_format(head, source->size(), input.path);
    }
    if (named && named->reads_by_range()) {
        input.source = std::move(source);
        return *named;
    }
    input.bytes = source->read_all();
    if (named) return *named;
    // An empty file is a truncated download far more often than a format.
    if (input.bytes.empty()) fail(ErrorKind::Truncated, 0, "a non-empty file");
    const Format* f = detect_format(input.bytes, input.path);
    if (!f)
        fail(ErrorKind::WrongFormat, 0,
             "a file in one of the supported formats (" + known_format_ids() + ")");
    return *f;
}

}  // namespace

std::optional<Bytes> RecordingFileSource::read(const std::string& path,
                                               const Limits& limits) const {
    std::optional<Bytes> bytes = disk_.read(path, limits);
    if (bytes) {
        std::lock_guard<std::mutex> lock(mutex_);
        read_.emplace_back(path);
    }
    return bytes;
}

std::vector<std::filesystem::path> RecordingFileSource::paths() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return read_;
}

Session::Session(const CommonArgs& args) : args_(args) {
    input_.path = args.file;
    try {
        options_ = to_options(args);
        options_.files = &files_;
        auto printer = std::make_shared<ProgressPrinter>(stderr_is_terminal());
        options_.progress = [printer](uint64_t d, uint64_t t, const std::string& l) {
            return (*printer)(d, t, l);
        };
        options_.budget = std::make_shared<Budget>(options_.limits, options_.progress);
        format_ = &choose_format(args, file_source(input_.path, options_.limits), input_);
        // Settings and options are checked before anything is decoded.
        const Settings checked(*format_, options_);
        doc_ = format_->open(input_, options_);
    } catch (Error& e) {
        if (e.file().empty()) e.set_file(input_.path);
        throw;
    }
}

std::vector<std::filesystem::path> Session::protected_paths() const {
    std::vector<std::filesystem::path> out = named_inputs(args_);
    for (const auto& p : files_.paths()) out.push_back(p);
    return out;
}

void print_warnings(const Session& session) {
    for (const std::string& w : session.doc().warnings())
        Messages::get().err("ripkit: warning: " + session.path() + ": " + w);
}

void warn_skipped_items(const Session& session, int64_t chosen) {
    for (const ItemSummary& s : session.doc().items_before(chosen)) {
        if (s.error)
            Messages::get().err("ripkit: warning: " + session.path() + ": item " +
                                std::to_string(s.id) + " skipped, not decodable (" +
                                error_text(*s.error) + "); item " + std::to_string(chosen) +
                                " is the default");
    }
}

}  // namespace ripkit::cli
