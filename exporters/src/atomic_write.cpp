// All-or-nothing file writes that never touch a protected path (the inputs).
#include <atomic>
#include <cstdio>
#include <fstream>
#include <random>
#include <system_error>

#include "ripkit/error.hpp"
#include "ripkit/export.hpp"
#include "ripkit/export_detail.hpp"
#include "ripkit/file_paths.hpp"

namespace ripkit {

namespace fs = std::filesystem;

namespace detail {

bool is_protected(const fs::path& out, const std::vector<fs::path>& protected_paths) {
    for (const fs::path& p : protected_paths)
        if (!p.empty() && same_file(out, p)) return true;
    return false;
}

void refuse_protected(const fs::path& out, const std::vector<fs::path>& protected_paths) {
    for (const fs::path& p : protected_paths)
        if (!p.empty() && same_file(out, p))
            // A usage error wherever it is found (docs/cli.md "Exit status": 2).
            fail_no_offset(ErrorKind::Usage,
                           "an output path that is not an input: refusing to write '" +
                               out.string() + "' (it is '" + p.string() + "')");
}

fs::path temp_path_for(const fs::path& out) {
    static std::atomic<unsigned> counter{0};
    std::random_device rd;
    const std::string tag = std::to_string(rd()) + "-" + std::to_string(counter++);
    fs::path dir = out.parent_path();
    if (dir.empty()) dir = ".";
    // Appended piece by piece: `"." + string` trips GCC 12's bogus -Wrestrict (PR 105651).
    std::string name = ".";
    name += out.filename().string();
    name += ".ripkit-tmp-";
    name += tag;
    return dir / name;
}

TempFile::TempFile(fs::path path) : path_(std::move(path)) {}
TempFile::~TempFile() {
    if (!path_.empty()) {
        std::error_code ec;
        fs::remove(path_, ec);
    }
}
void TempFile::commit_to(const fs::path& out) {
    std::error_code ec;
    fs::rename(path_, out, ec);
    if (ec)
        fail_no_offset(ErrorKind::Io, "to rename '" + path_.string() + "' to '" + out.string() +
                                          "': " + ec.message());
    path_.clear();
}

void write_bytes(const fs::path& p, ByteSpan bytes) {
    write_bytes(p, std::vector<ByteSpan>{bytes});
}

void write_bytes(const fs::path& p, const std::vector<ByteSpan>& pieces) {
    std::ofstream f(p, std::ios::binary | std::ios::trunc);
    if (!f)
        fail_no_offset(ErrorKind::Io,
                       "an existing, writable output folder '" + p.parent_path().string() + "'");
    uint64_t total = 0;
    for (const ByteSpan bytes : pieces) {
        f.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        total += bytes.size();
    }
    f.flush();
    if (!f)
        fail_no_offset(ErrorKind::Io,
                       "to write " + std::to_string(total) + " bytes to '" + p.string() + "'");
}

}  // namespace detail

void write_file_atomic(const fs::path& out, ByteSpan bytes,
                       const std::vector<fs::path>& protected_paths) {
    detail::refuse_protected(out, protected_paths);
    detail::TempFile tmp(detail::temp_path_for(out));
    detail::write_bytes(tmp.path(), bytes);
    detail::refuse_protected(out, protected_paths);  // a link may have appeared meanwhile
    tmp.commit_to(out);
}

void write_json(const nlohmann::json& doc, const fs::path& out,
                const std::vector<fs::path>& protected_paths) {
    const std::string text =
        doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    write_file_atomic(out, ByteSpan(reinterpret_cast<const uint8_t*>(text.data()), text.size()),
                      protected_paths);
}

}  // namespace ripkit
