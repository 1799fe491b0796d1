#include "ripkit/file_paths.hpp"

#include <random>
#include <system_error>

#include "ripkit/error.hpp"

namespace ripkit {

namespace fs = std::filesystem;

bool same_file(const fs::path& a, const fs::path& b) {
    std::error_code ec;
    if (fs::exists(a, ec) && fs::exists(b, ec)) {
        const bool eq = fs::equivalent(a, b, ec);
        if (!ec) return eq;
    }
    const fs::path na = fs::weakly_canonical(fs::absolute(a), ec);
    const fs::path nb = fs::weakly_canonical(fs::absolute(b), ec);
    return na == nb;
}

TempDir::TempDir(const fs::path& parent, const std::string& prefix) {
    std::random_device rd;
    std::error_code ec;
    for (int attempt = 0; attempt < 16; ++attempt) {
        path_ = parent / (prefix + std::to_string(rd()) + std::to_string(rd()));
        if (fs::create_directory(path_, ec)) return;
    }
    fail_no_offset(ErrorKind::Io, "a writable folder in '" + parent.string() + "' (" +
                                      (ec ? ec.message() : "every name taken") + ")");
}

TempDir::~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
}

}  // namespace ripkit
