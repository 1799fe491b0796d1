#include "clients.hpp"

#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "ripkit_catch.hpp"

namespace ripkit::test {

namespace fs = std::filesystem;

namespace {

fs::path env_dir(const char* var, const char* fallback) {
    if (const char* v = std::getenv(var); v && *v) return fs::path(v);
    return fs::path(fallback);
}

std::string shell_quote(const std::string& s) {
    std::string out = "'";
    for (char c : s) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    return out + "'";
}

// Runs a shell command, returns (exit status, stdout).
std::pair<int, std::string> run(const std::string& cmd) {
    std::string out;
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return {-1, out};
    std::array<char, 4096> buf;
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
    const int status = pclose(p);
    return {status, out};
}

const char kMissing[] =
    "node clients missing: run `npm ci` in tests/clients (the README test command does this)";

}  // namespace

fs::path source_dir() { return env_dir("RIPKIT_SOURCE_DIR", RIPKIT_DEFAULT_SOURCE_DIR); }
fs::path binary_dir() { return env_dir("RIPKIT_BINARY_DIR", RIPKIT_DEFAULT_BINARY_DIR); }

fs::path fresh_temp_dir(const std::string& name) {
    const fs::path dir = binary_dir() / "test-tmp" / name;
    std::error_code ec;
    fs::remove_all(dir, ec);
    fs::create_directories(dir);
    return dir;
}

nlohmann::json run_node_client(const std::string& script, const std::vector<std::string>& args) {
    const fs::path clients = source_dir() / "tests" / "clients";
    if (run("node --version >/dev/null 2>&1").first != 0 || !fs::exists(clients / "node_modules"))
        FAIL(kMissing);
    std::string cmd = "cd " + shell_quote(clients.string()) + " && node " + shell_quote(script);
    for (const std::string& a : args) cmd += " " + shell_quote(a);
    // stderr (loader warnings) goes to a side file so stdout stays pure JSON.
    const fs::path err_file =
        binary_dir() / "test-tmp" / ("node-stderr-" + std::to_string(::getpid()) + ".txt");
    fs::create_directories(err_file.parent_path());
    cmd += " 2>" + shell_quote(err_file.string());
    const auto [status, out] = run(cmd);
    std::string err;
    if (FILE* f = std::fopen(err_file.string().c_str(), "rb")) {
        std::array<char, 4096> buf;
        size_t n;
        while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0 && err.size() < 8000)
            err.append(buf.data(), n);
        std::fclose(f);
    }
    std::error_code ec;
    fs::remove(err_file, ec);
    INFO("command: " << cmd << "\nstdout: " << out.substr(0, 4000)
                     << "\nstderr: " << err.substr(0, 4000));
    REQUIRE(status == 0);
    // The scripts print their JSON as the last line.
    std::string json_text;
    size_t end = out.size();
    while (end > 0 && json_text.empty()) {
        const size_t nl = out.rfind('\n', end - 1);
        const size_t begin = nl == std::string::npos ? 0 : nl + 1;
        const std::string line = out.substr(begin, end - begin);
        if (!line.empty() && line[0] == '{') json_text = line;
        end = nl == std::string::npos ? 0 : nl;
    }
    nlohmann::json doc = nlohmann::json::parse(json_text, nullptr, false);
    REQUIRE_FALSE(doc.is_discarded());
    return doc;
}

nlohmann::json validate_gltf(const fs::path& file) {
    nlohmann::json r = run_node_client("validate.mjs", {fs::absolute(file).string()});
    REQUIRE(r.contains("files"));
    REQUIRE(r["files"].size() == 1);
    return r["files"][0];
}

nlohmann::json three_inspect(const fs::path& file) {
    return run_node_client("three_inspect.mjs", {fs::absolute(file).string()});
}

nlohmann::json three_sample(const fs::path& file, const std::string& anim,
                            const std::vector<double>& times) {
    return run_node_client("three_sample.mjs",
                           {fs::absolute(file).string(), anim, nlohmann::json(times).dump()});
}

nlohmann::json three_skinned(const fs::path& file, const std::string& anim,
                             const std::vector<double>& times) {
    return run_node_client("three_skinned.mjs",
                           {fs::absolute(file).string(), anim, nlohmann::json(times).dump()});
}

}  // namespace ripkit::test
