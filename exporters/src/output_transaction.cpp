// OutputTransaction: placing outputs so that no file that existed before the
// run is ever lost - replaced files wait aside until the run commits.
#include <system_error>

#include "ripkit/error.hpp"
#include "ripkit/export.hpp"
#include "ripkit/export_detail.hpp"

namespace ripkit {

namespace fs = std::filesystem;

OutputTransaction::~OutputTransaction() { rollback(); }

void OutputTransaction::place(const fs::path& tmp, const fs::path& out) {
    std::error_code ec;
    std::optional<Replaced> aside;
    if (fs::exists(fs::symlink_status(out, ec))) {
        if (fs::is_directory(out, ec))
            fail_no_offset(ErrorKind::Io,
                           "an output path that is not a folder: '" + out.string() + "' is one");
        Replaced r{out, detail::temp_path_for(out)};
        r.aside.replace_filename(r.aside.filename().string() + ".kept");
        fs::rename(out, r.aside, ec);
        if (ec)
            fail_no_offset(ErrorKind::Io, "to keep '" + out.string() + "' aside as '" +
                                              r.aside.string() + "': " + ec.message());
        aside = r;
    }
    fs::rename(tmp, out, ec);
    if (ec) {
        std::error_code back;
        if (aside) fs::rename(aside->aside, out, back);
        fail_no_offset(ErrorKind::Io, "to rename '" + tmp.string() + "' to '" + out.string() +
                                          "': " + ec.message());
    }
    placed_.push_back(out);
    if (aside) replaced_.push_back(*aside);
}

void OutputTransaction::commit() {
    std::error_code ec;
    for (const Replaced& r : replaced_) fs::remove(r.aside, ec);
    replaced_.clear();
    placed_.clear();
}

void OutputTransaction::rollback() { rollback_to({}); }

void OutputTransaction::absorb(OutputTransaction& item) {
    placed_.insert(placed_.end(), item.placed_.begin(), item.placed_.end());
    replaced_.insert(replaced_.end(), item.replaced_.begin(), item.replaced_.end());
    item.placed_.clear();
    item.replaced_.clear();
}

void OutputTransaction::rollback_to(Savepoint at) {
    std::error_code ec;
    // Newest first, so a file placed twice ends as it was before the savepoint.
    while (placed_.size() > at.placed) {
        fs::remove(placed_.back(), ec);
        placed_.pop_back();
    }
    while (replaced_.size() > at.replaced) {
        fs::rename(replaced_.back().aside, replaced_.back().out, ec);
        replaced_.pop_back();
    }
}

}  // namespace ripkit
