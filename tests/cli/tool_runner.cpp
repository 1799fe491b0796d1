#include "tool_runner.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <stdexcept>

#include "clients.hpp"
#include "ripkit/format.hpp"
#include "ripkit/registry.hpp"
#include "ripkit/testkit/sample_writers.hpp"

extern char** environ;

namespace fs = std::filesystem;

namespace ripkit::test {

fs::path tool_path() {
    const char* p = std::getenv("RIPKIT_TOOL");
    if (!p || !*p) throw std::runtime_error("RIPKIT_TOOL is not set (run through ctest)");
    return p;
}

std::string read_text(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

ToolResult run_tool(const std::vector<std::string>& args) {
    return run_program(tool_path().string(), args);
}

namespace {

// stderr to a file, or to the pseudo-terminal whose master end is `pty`.
ToolResult spawn(const std::string& program, const std::vector<std::string>& args, int pty) {
    TempDir io;
    const fs::path out = io.path() / "stdout", err = io.path() / "stderr";
    std::vector<std::string> argv_s{program};
    argv_s.insert(argv_s.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argv_s) argv.push_back(a.data());
    argv.push_back(nullptr);

    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (pty >= 0)
        posix_spawn_file_actions_addopen(&fa, 2, ptsname(pty), O_RDWR | O_NOCTTY, 0);
    else
        posix_spawn_file_actions_addopen(&fa, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t pid = 0;
    const int rc = posix_spawnp(&pid, argv[0], &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) throw std::runtime_error("cannot start " + argv_s[0]);
    int status = 0;
    if (waitpid(pid, &status, 0) != pid) throw std::runtime_error("waitpid failed");
    ToolResult r;
    // A signal (crash) shows as 128 + signal, never as a clean exit code.
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = read_text(out);
    if (pty < 0) {
        r.err = read_text(err);
        return r;
    }
    // The terminal keeps what the tool wrote after its end was closed.
    char buf[4096];
    for (ssize_t n; (n = read(pty, buf, sizeof buf)) > 0;) r.err.append(buf, size_t(n));
    return r;
}

}  // namespace

ToolResult run_program(const std::string& program, const std::vector<std::string>& args) {
    return spawn(program, args, -1);
}

ToolResult run_tool_on_terminal(const std::vector<std::string>& args) {
    const int pty = posix_openpt(O_RDWR | O_NOCTTY);
    if (pty < 0 || grantpt(pty) != 0 || unlockpt(pty) != 0)
        throw std::runtime_error("no pseudo-terminal");
    // Non-blocking: the read loop stops once the buffer is drained.
    fcntl(pty, F_SETFL, fcntl(pty, F_GETFL) | O_NONBLOCK);
    try {
        ToolResult r = spawn(tool_path().string(), args, pty);
        close(pty);
        return r;
    } catch (...) {
        close(pty);
        throw;
    }
}

std::vector<std::string> ToolResult::error_lines() const {
    std::vector<std::string> lines;
    std::istringstream ss(err);
    for (std::string line; std::getline(ss, line);) {
        if (line.rfind("ripkit: [", 0) == 0 || line.rfind("ripkit: warning:", 0) == 0) continue;
        lines.push_back(line);
    }
    return lines;
}

TempDir::TempDir() {
    std::random_device rd;
    path_ = ripkit::test::binary_dir() / "test-tmp" / "cli-runs" /
            ("ripkit-cli-" + std::to_string(rd()) + "-" + std::to_string(rd()));
    fs::create_directories(path_);
}

// Kept: the output scan (tests/export/scan_outputs.py, run after every test)
// reads what the tool wrote, then removes test-tmp/cli-runs.
TempDir::~TempDir() = default;

std::vector<std::string> list_files(const fs::path& dir) {
    std::vector<std::string> out;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it); ++it)
        if (it->is_regular_file()) out.push_back(fs::relative(it->path(), dir).string());
    std::sort(out.begin(), out.end());
    return out;
}

namespace {

bool has_files(const fs::path& dir) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return false;
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it); ++it)
        if (it->is_regular_file()) return true;
    return false;
}

}  // namespace

std::vector<Sample> all_samples(const fs::path& scratch) {
    const char* src = std::getenv("RIPKIT_SOURCE_DIR");
    std::vector<Sample> out;
    for (const FormatEntry& e : format_entries()) {
        fs::path dir = src ? fs::path(src) / "samples" / e.id : fs::path();
        if (dir.empty() || !has_files(dir)) {
            dir = scratch / e.id;
            fs::create_directories(dir);
            if (const SampleWriter* w = find_sample_writer(e.id)) w->write(dir);
        }
        const Format& own = e.format();
        for (const std::string& rel : list_files(dir)) {
            const fs::path p = dir / rel;
            const Bytes head = read_file(p.string(), Limits{});
            // Companions (name lists, skeleton JSON) are not detected as the format.
            if (detect_format(head, p.string()) == &own) out.push_back({e.id, p});
        }
    }
    return out;
}

bool companion_only(const Sample& s) {
    const ToolResult l = run_tool({"list", s.path.string(), "--json"});
    if (l.exit_code != 0) return false;  // let the caller's own run fail loudly
    for (const nlohmann::json& item : nlohmann::json::parse(l.out))
        if (!item.value("empty", false) || !item["error"].is_null()) return false;
    return true;
}

const std::vector<Sample>& shared_samples() {
    static TempDir scratch;
    static const std::vector<Sample> all = all_samples(scratch.path());
    return all;
}

std::vector<std::string> text_lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream ss(text);
    for (std::string l; std::getline(ss, l);) out.push_back(l);
    return out;
}

}  // namespace ripkit::test
