#include "ripkit/platform.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>

#ifdef _WIN32
#include <io.h>
#include <windows.h>
// after windows.h
#include <psapi.h>
#else
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace ripkit::platform {

#ifdef _WIN32

namespace {
HANDLE as_handle(intptr_t h) { return reinterpret_cast<HANDLE>(h); }

std::string last_error_text() {
    const DWORD code = GetLastError();
    char buf[256] = {};
    const DWORD n = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
                                   nullptr, code, 0, buf, sizeof buf, nullptr);
    std::string text(buf, n);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == '.'))
        text.pop_back();
    return text.empty() ? "Windows error " + std::to_string(code) : text;
}
}  // namespace

ReadOnlyFile::~ReadOnlyFile() {
    if (handle_ != -1) CloseHandle(as_handle(handle_));
}

bool ReadOnlyFile::open(const std::filesystem::path& path) {
    // Shared for writing and deleting as POSIX opens are: an output may replace it meanwhile.
    const HANDLE h = CreateFileW(path.c_str(), GENERIC_READ,
                                 FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                                 OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE) return false;
    handle_ = reinterpret_cast<intptr_t>(h);
    return true;
}

std::optional<uint64_t> ReadOnlyFile::regular_size() const {
    if (GetFileType(as_handle(handle_)) != FILE_TYPE_DISK) return std::nullopt;
    LARGE_INTEGER size{};
    if (!GetFileSizeEx(as_handle(handle_), &size)) return std::nullopt;
    return static_cast<uint64_t>(size.QuadPart);
}

std::optional<size_t> ReadOnlyFile::read_at(uint64_t offset, std::span<uint8_t> out,
                                            std::string& error) const {
    // The offset travels in the OVERLAPPED, so threads reading at once do not share a position.
    OVERLAPPED at{};
    at.Offset = static_cast<DWORD>(offset);
    at.OffsetHigh = static_cast<DWORD>(offset >> 32);
    const DWORD want = static_cast<DWORD>(std::min<size_t>(out.size(), 1u << 30));
    DWORD got = 0;
    if (!ReadFile(as_handle(handle_), out.data(), want, &got, &at)) {
        if (GetLastError() == ERROR_HANDLE_EOF) return 0;
        error = last_error_text();
        return std::nullopt;
    }
    return got;
}

bool stderr_is_terminal() {
    // The progress line erases with ECMA-48 sequences, which a console shows
    // only with virtual terminal processing on.
    const HANDLE err = GetStdHandle(STD_ERROR_HANDLE);
    DWORD mode = 0;
    if (!_isatty(_fileno(stderr)) || !GetConsoleMode(err, &mode)) return false;
    return SetConsoleMode(err, mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING) != 0;
}

std::vector<std::string> utf8_arguments(int argc, char** argv) {
    int n = 0;
    LPWSTR* wide = CommandLineToArgvW(GetCommandLineW(), &n);
    if (!wide) return std::vector<std::string>(argv, argv + argc);
    std::vector<std::string> args;
    for (int i = 0; i < n; ++i) args.push_back(path_to_utf8(std::filesystem::path(wide[i])));
    LocalFree(wide);
    return args;
}

std::filesystem::path path_from_utf8(std::string_view text) {
    return std::filesystem::path(
        std::u8string_view(reinterpret_cast<const char8_t*>(text.data()), text.size()));
}

std::string path_to_utf8(const std::filesystem::path& path) {
    const std::u8string u8 = path.u8string();
    return std::string(u8.begin(), u8.end());
}

uint64_t peak_resident_bytes() {
    PROCESS_MEMORY_COUNTERS counters{};
    if (!K32GetProcessMemoryInfo(GetCurrentProcess(), &counters, sizeof counters)) return 0;
    return static_cast<uint64_t>(counters.PeakWorkingSetSize);
}

#else

ReadOnlyFile::~ReadOnlyFile() {
    if (handle_ != -1) ::close(static_cast<int>(handle_));
}

bool ReadOnlyFile::open(const std::filesystem::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    handle_ = fd;
    return true;
}

std::optional<uint64_t> ReadOnlyFile::regular_size() const {
    struct stat st {};
    if (::fstat(static_cast<int>(handle_), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
    return static_cast<uint64_t>(st.st_size);
}

std::optional<size_t> ReadOnlyFile::read_at(uint64_t offset, std::span<uint8_t> out,
                                            std::string& error) const {
    for (;;) {
        // pread keeps no file position, so threads may read at once.
        const ssize_t got =
            ::pread(static_cast<int>(handle_), out.data(), out.size(), static_cast<off_t>(offset));
        if (got >= 0) return static_cast<size_t>(got);
        if (errno == EINTR) continue;
        error = std::strerror(errno);
        return std::nullopt;
    }
}

bool stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }

std::vector<std::string> utf8_arguments(int argc, char** argv) {
    return std::vector<std::string>(argv, argv + argc);
}

std::filesystem::path path_from_utf8(std::string_view text) { return std::filesystem::path(text); }

std::string path_to_utf8(const std::filesystem::path& path) { return path.string(); }

uint64_t peak_resident_bytes() {
    struct rusage usage {};
    if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
    return static_cast<uint64_t>(usage.ru_maxrss) * 1024;  // kilobytes on Linux
}

#endif

}  // namespace ripkit::platform
