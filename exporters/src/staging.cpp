// detail::Staging: an export's files written as hidden temporaries beside
// their targets, then placed all at once (or none).
#include <filesystem>

#include "ripkit/error.hpp"
#include "ripkit/export_detail.hpp"
#include "ripkit/file_paths.hpp"

namespace ripkit {

namespace fs = std::filesystem;

namespace detail {

void Staging::add(const fs::path& out, ByteSpan bytes) { add(out, std::vector<ByteSpan>{bytes}); }

void Staging::add(const fs::path& out, const std::vector<ByteSpan>& pieces) {
    refuse_protected(out, protected_);
    for (const auto& f : files_)
        if (same_file(f.second, out))
            fail_no_offset(ErrorKind::Usage,
                           "distinct output files ('" + out.string() + "' twice)");
    auto tmp = std::make_unique<TempFile>(temp_path_for(out));
    write_bytes(tmp->path(), pieces);
    files_.emplace_back(std::move(tmp), out);
}

void Staging::add_file(std::unique_ptr<TempFile> tmp, const fs::path& out) {
    refuse_protected(out, protected_);
    files_.emplace_back(std::move(tmp), out);
}

// Every target is checked before the first is placed, so a refusal (a folder
// where out.wav would go, an existing file without overwrite) places nothing.
std::vector<fs::path> Staging::commit(bool overwrite, OutputTransaction& into) {
    std::error_code ec;
    for (const auto& [tmp, out] : files_) {
        refuse_protected(out, protected_);
        if (fs::is_directory(out, ec))
            fail_no_offset(ErrorKind::Io,
                           "an output path that is not a folder: '" + out.string() + "' is one");
        if (!overwrite && fs::exists(fs::symlink_status(out, ec)))
            fail_no_offset(ErrorKind::Usage, "an output '" + out.string() +
                                                 "' that does not exist yet (--overwrite replaces "
                                                 "existing files)");
    }
    // A rename can still fail (a full or failing disk): the files of this
    // output placed before it are taken back, whatever the run keeps.
    const OutputTransaction::Savepoint start = into.savepoint();
    std::vector<fs::path> done;
    try {
        for (auto& [tmp, out] : files_) {
            into.place(tmp->path(), out);
            tmp->release();
            done.push_back(out);
        }
    } catch (...) {
        into.rollback_to(start);
        throw;
    }
    files_.clear();
    return done;
}

}  // namespace detail

}  // namespace ripkit
