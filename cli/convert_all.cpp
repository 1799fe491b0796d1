// `convert --all`: every item into a folder, `-j N` of them at once, all or
// nothing (or, with --keep-going, all but the items that failed).
#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "convert_item.hpp"
#include "error_line.hpp"
#include "messages.hpp"
#include "progress.hpp"
#include "ripkit/error.hpp"
#include "ripkit/platform.hpp"

namespace ripkit::cli {

namespace fs = std::filesystem;

namespace {

// `<stem>_<id>.<ext>` for every item; two items of one id would share a file,
// so that is refused before anything is written (the decoders give every item
// its own id, see zouna's repeated names).
std::vector<std::string> item_file_names(const std::string& stem,
                                         const std::vector<ItemSummary>& items, OutputFormat fmt) {
    std::vector<std::string> names;
    std::set<std::string> seen;
    for (const ItemSummary& item : items) {
        names.push_back(stem + "_" + std::to_string(item.id) + "." + output_format_extension(fmt));
        if (!seen.insert(names.back()).second)
            fail_no_offset(ErrorKind::BadValue,
                           "items of distinct ids, but two are item " + std::to_string(item.id) +
                               " (both would be written as '" + names.back() + "')");
    }
    return names;
}

// What --all converts: every item that is not empty, the ones that failed to
// decode included (they fail the run, or with --keep-going are reported).
std::vector<ItemSummary> items_to_convert(const Document& doc) {
    std::vector<ItemSummary> items;
    for (ItemSummary& s : doc.items())
        if (!s.empty || s.error) items.push_back(std::move(s));
    if (items.empty()) fail_no_offset(ErrorKind::Usage, "a file with at least one non-empty item");
    return items;
}

unsigned jobs_for(const ConvertArgs& a, size_t items) {
    unsigned jobs = a.jobs ? a.jobs : std::max(1u, std::thread::hardware_concurrency());
    return unsigned(std::min<size_t>(jobs, items));
}

// The items of one run, taken in order by `jobs` threads. Each item is placed
// on a transaction of its own that joins the run's once its files are all
// written; outcomes are reported in item order as they complete, and the
// error a run stops with is the first failing item's - so what a run prints
// and leaves behind does not depend on the number of jobs.
class AllRun {
  public:
    AllRun(const Session& s, const ConvertArgs& a, std::vector<ItemSummary> items,
           std::vector<std::string> names, ExportOptions eo, OutputTransaction& run)
        : s_(s),
          a_(a),
          items_(std::move(items)),
          names_(std::move(names)),
          eo_(std::move(eo)),
          run_(run),
          outcomes_(items_.size()) {}

    // Returns the number of failed items (--keep-going); throws the first
    // failure that stops the run.
    size_t convert(unsigned jobs);
    size_t files() const { return files_; }

  private:
    enum class State { Pending, Written, Failed, Retry };
    struct Outcome {
        State state = State::Pending;
        ExportResult result;
        std::optional<Error> error;
        std::exception_ptr other;  // anything but ripkit::Error: rethrown as it is
    };

    void work(bool parallel);
    Outcome attempt(size_t i, bool parallel);
    bool stops_run(const Outcome& o) const;
    void finish(size_t i, Outcome o);  // under mutex_
    void report_ready();               // under mutex_

    const Session& s_;
    const ConvertArgs& a_;
    const std::vector<ItemSummary> items_;
    const std::vector<std::string> names_;
    const ExportOptions eo_;
    OutputTransaction& run_;
    std::mutex mutex_;  // run_, outcomes_, the counts and Messages
    std::vector<Outcome> outcomes_;
    std::atomic<size_t> next_{0};
    std::atomic<bool> stop_{false};
    size_t reported_ = 0, files_ = 0, failed_ = 0;
    std::exception_ptr escaped_;
};

bool AllRun::stops_run(const Outcome& o) const {
    if (o.other) return true;
    if (o.state != State::Failed) return false;
    // A usage problem or a cancel is about the run, not the item.
    return !a_.keep_going || o.error->kind() == ErrorKind::Usage ||
           o.error->kind() == ErrorKind::Cancelled;
}

AllRun::Outcome AllRun::attempt(size_t i, bool parallel) {
    Outcome o;
    OutputTransaction own;  // undoes this item's files unless the run takes them
    ExportOptions eo = eo_;
    eo.transaction = &own;
    try {
        o.result = convert_item(
            s_, items_[i].id,
            platform::path_from_utf8(a_.out) / platform::path_from_utf8(names_[i]), eo);
        o.state = State::Written;
        const std::lock_guard<std::mutex> lock(mutex_);
        run_.absorb(own);
    } catch (const Error& e) {
        // Several items at once share one memory budget: an item that met its
        // limit then is tried again alone, as a run of one job would have.
        o.state = parallel && e.kind() == ErrorKind::AllocationLimit ? State::Retry : State::Failed;
        o.error = e;
    } catch (...) {
        o.state = State::Failed;
        o.other = std::current_exception();
    }
    return o;
}

void AllRun::finish(size_t i, Outcome o) {
    if (stops_run(o)) stop_ = true;
    outcomes_[i] = std::move(o);
    report_ready();
}

void AllRun::report_ready() {
    for (; reported_ < outcomes_.size(); ++reported_) {
        const Outcome& o = outcomes_[reported_];
        if (o.state == State::Pending || o.state == State::Retry || stops_run(o)) return;
        if (o.state == State::Written) {
            files_ += o.result.written.size();
            hold_result(o.result);
        } else {  // --keep-going: the failed item's one line, now
            Error e = *o.error;
            if (e.file().empty()) e.set_file(s_.path());
            print_line_over_progress(error_line(e));
            ++failed_;
        }
    }
}

void AllRun::work(bool parallel) {
    for (;;) {
        if (stop_) return;
        const size_t i = next_++;
        if (i >= items_.size()) return;
        Outcome o;
        try {
            // The line names the item that starts; with several jobs the
            // steps inside each item are not drawn.
            s_.budget().progress(i + 1, items_.size(), names_[i] + " (" + items_[i].label + ")");
            std::optional<MuteProgressHere> mute;
            if (parallel) mute.emplace();
            o = attempt(i, parallel);
        } catch (const Error& e) {  // cancelled from the progress line
            o.state = State::Failed;
            o.error = e;
        }
        const std::lock_guard<std::mutex> lock(mutex_);
        finish(i, std::move(o));
    }
}

size_t AllRun::convert(unsigned jobs) {
    if (jobs <= 1) {
        work(false);
    } else {
        std::vector<std::thread> threads;
        for (unsigned k = 0; k < jobs; ++k)
            threads.emplace_back([this] {
                // Nothing may leave a thread (std::terminate): what does is
                // rethrown here once the others have stopped.
                try {
                    work(true);
                } catch (...) {
                    stop_ = true;
                    const std::lock_guard<std::mutex> lock(mutex_);
                    if (!escaped_) escaped_ = std::current_exception();
                }
            });
        for (std::thread& t : threads) t.join();
        if (escaped_) std::rethrow_exception(escaped_);
        // Items that met the memory limit beside others, alone now, in order
        // (none after the first item that stopped the run).
        for (size_t i = 0; i < outcomes_.size(); ++i) {
            if (stops_run(outcomes_[i])) break;
            if (outcomes_[i].state != State::Retry) continue;
            s_.budget().progress(i + 1, items_.size(), names_[i] + " (" + items_[i].label + ")");
            Outcome o = attempt(i, false);
            const std::lock_guard<std::mutex> lock(mutex_);
            finish(i, std::move(o));
        }
    }
    for (const Outcome& o : outcomes_) {
        if (!stops_run(o)) continue;
        if (o.other) std::rethrow_exception(o.other);
        throw *o.error;
    }
    return failed_;
}

}  // namespace

int convert_all(const ConvertArgs& a, OutputFormat fmt) {
    const fs::path dir = platform::path_from_utf8(a.out);
    std::error_code ec;
    if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
        fail_no_offset(ErrorKind::Usage,
                       "OUT to be a folder with --all, but '" + a.out + "' is a file");
    Session session(a.common);
    std::vector<ItemSummary> items = items_to_convert(session.doc());
    print_warnings(session);  // every item is decoded by now

    fs::create_directories(dir, ec);
    if (ec)
        fail_no_offset(ErrorKind::Io, "a writable folder '" + a.out + "' (" + ec.message() + ")");
    ExportOptions eo = export_options(session, a, fmt);
    // Without --overwrite an existing output is refused (exit 2) before it is
    // touched; with it, replaced files wait aside until every item is written,
    // and a failing item puts them back (no file that existed is ever lost).
    eo.overwrite = a.overwrite;
    std::vector<std::string> names =
        item_file_names(platform::path_from_utf8(a.common.file).stem().string(), items, fmt);
    // The scene files are checked before any item is decoded; companions
    // (.wav, .bin) when their item is written (export_scene, same refusal),
    // and so is a folder in the way (an I/O error, whatever --overwrite says).
    for (const std::string& name : names)
        if (!a.overwrite && fs::exists(fs::symlink_status(dir / name, ec)) &&
            !fs::is_directory(dir / name, ec))
            fail_no_offset(ErrorKind::Usage, "an output '" + (dir / name).string() +
                                                 "' that does not exist yet (--overwrite "
                                                 "replaces existing files)");
    const size_t count = items.size();
    const unsigned jobs = jobs_for(a, count);
    OutputTransaction run;
    AllRun all(session, a, std::move(items), std::move(names), std::move(eo), run);
    const size_t failed = all.convert(jobs);
    // --keep-going keeps what the items that worked wrote.
    run.commit();
    if (failed) return 1;
    Messages::get().err("ripkit: wrote " + std::to_string(all.files()) + " files for " +
                        std::to_string(count) + " items to " + dir.string());
    return 0;
}

}  // namespace ripkit::cli
