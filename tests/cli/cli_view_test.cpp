// `view`: an HTML player page for one item. The page's contents are checked by
// tests/preview in a real browser; here the tool's side: the page appears only
// on success, carries the scene as an embedded glb and the three.js built into
// the binary (no --three-dir, no $RIPKIT_THREE_DIR: what a user of ./run.sh
// has), the overrides still win, and the failures are the tool's usual
// one-line errors.
#include <cstdlib>
#include <fstream>
#include <optional>

#include "ripkit_catch.hpp"
#include "tool_runner.hpp"

using namespace ripkit::test;
namespace fs = std::filesystem;

namespace {

// Sets (or, with nullopt, removes) an environment variable for one scope; the
// tool runs with this process's environment.
class EnvGuard {
  public:
    EnvGuard(const char* name, const std::optional<std::string>& value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        if (value)
            ::setenv(name, value->c_str(), 1);
        else
            ::unsetenv(name);
    }
    ~EnvGuard() {
        if (old_)
            ::setenv(name_, old_->c_str(), 1);
        else
            ::unsetenv(name_);
    }
    EnvGuard(const EnvGuard&) = delete;
    EnvGuard& operator=(const EnvGuard&) = delete;

  private:
    const char* name_;
    std::optional<std::string> old_;
};

// RFC 4648 base64 (no whitespace), written here so that the page's encoder is
// not checked against itself.
std::string unbase64(const std::string& in) {
    auto value = [](char c) -> int {
        if (c >= 'A' && c <= 'Z') return c - 'A';
        if (c >= 'a' && c <= 'z') return c - 'a' + 26;
        if (c >= '0' && c <= '9') return c - '0' + 52;
        if (c == '+') return 62;
        if (c == '/') return 63;
        return -1;
    };
    std::string out;
    unsigned bits = 0;
    int nbits = 0;
    for (const char c : in) {
        if (c == '=') break;
        const int v = value(c);
        if (v < 0) FAIL("not a base64 character: " << int(c));
        bits = (bits << 6) | unsigned(v);
        nbits += 6;
        if (nbits >= 8) {
            nbits -= 8;
            out += char((bits >> nbits) & 0xff);
        }
    }
    return out;
}

// The module the page's import map gives for `specifier`, decoded.
std::string imported_module(const std::string& html, const std::string& specifier) {
    const std::string key = "\"" + specifier + "\":\"data:text/javascript;base64,";
    const size_t at = html.find(key);
    INFO("import map entry " << specifier);
    REQUIRE(at != std::string::npos);
    const size_t from = at + key.size();
    const size_t to = html.find('"', from);
    REQUIRE(to != std::string::npos);
    return unbase64(html.substr(from, to - from));
}

std::string read_binary(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    REQUIRE(f);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

void write_text(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

const Sample& first_sample(const fs::path& scratch) {
    static const std::vector<Sample> all = all_samples(scratch);
    REQUIRE(!all.empty());
    return all.front();
}

// A stand-in `three` package whose modules are recognisable markers.
fs::path fake_three(const fs::path& dir) {
    write_text(dir / "build/three.module.min.js", "export const fakeThree = 1;\n");
    write_text(dir / "examples/jsm/loaders/GLTFLoader.js",
               "import { x } from '../utils/BufferGeometryUtils.js'; export class GLTFLoader {}\n");
    write_text(dir / "examples/jsm/utils/BufferGeometryUtils.js", "export const x = 2;\n");
    return dir;
}

}  // namespace

TEST_CASE("view writes a self-contained page with the three.js built into ripkit") {
    TempDir dir;
    const Sample& s = first_sample(dir.path());
    const fs::path out = dir.path() / "page.html";
    const EnvGuard no_env("RIPKIT_THREE_DIR", std::nullopt);
    const ToolResult r = run_tool({"view", s.path.string(), out.string()});
    INFO(r.err);
    INFO(
        "a build without three.js: npm ci in exporters/viewer (./run.sh and ./test.sh do this), "
        "then build again");
    REQUIRE(r.exit_code == 0);
    const std::string html = read_text(out);
    CHECK(html.find("<html") != std::string::npos);
    // glb magic "glTF" in base64 starts with "Z2xURg".
    CHECK(html.find("Z2xURg") != std::string::npos);
    // Nothing is fetched: no http(s) URL is loaded by the page.
    CHECK(html.find("src=\"http") == std::string::npos);

    // The inlined three.js is byte for byte the npm release the client tests
    // install separately (tests/clients, same version pinned).
    const char* src = std::getenv("RIPKIT_SOURCE_DIR");
    REQUIRE(src != nullptr);
    const fs::path npm_three = fs::path(src) / "tests/clients/node_modules/three";
    INFO("the reference copy: npm ci in tests/clients (./test.sh does this)");
    REQUIRE(fs::exists(npm_three / "package.json"));
    CHECK(imported_module(html, "three") == read_binary(npm_three / "build/three.module.min.js"));
    CHECK(imported_module(html, "three/addons/utils/BufferGeometryUtils.js") ==
          read_binary(npm_three / "examples/jsm/utils/BufferGeometryUtils.js"));
    // GLTFLoader's relative import now names the import map's entry.
    const std::string loader = imported_module(html, "three/addons/loaders/GLTFLoader.js");
    CHECK(loader.find("class GLTFLoader") != std::string::npos);
    CHECK(loader.find("'../utils/BufferGeometryUtils.js'") == std::string::npos);
    CHECK(loader.find("'three/addons/utils/BufferGeometryUtils.js'") != std::string::npos);
}

TEST_CASE("view takes three.js from --three-dir, else $RIPKIT_THREE_DIR, before its own") {
    TempDir dir;
    const Sample& s = first_sample(dir.path());
    const fs::path by_flag = fake_three(dir.path() / "flag_three");
    const fs::path by_env = fake_three(dir.path() / "env_three");
    write_text(by_env / "build/three.module.min.js", "export const envThree = 1;\n");
    const EnvGuard env("RIPKIT_THREE_DIR", by_env.string());

    const fs::path flag_page = dir.path() / "flag.html";
    const ToolResult r1 =
        run_tool({"view", s.path.string(), flag_page.string(), "--three-dir", by_flag.string()});
    INFO(r1.err);
    REQUIRE(r1.exit_code == 0);
    const std::string flag_html = read_text(flag_page);
    CHECK(imported_module(flag_html, "three") == "export const fakeThree = 1;\n");
    CHECK(imported_module(flag_html, "three/addons/loaders/GLTFLoader.js") ==
          "import { x } from 'three/addons/utils/BufferGeometryUtils.js'; export class "
          "GLTFLoader {}\n");

    const fs::path env_page = dir.path() / "env.html";
    const ToolResult r2 = run_tool({"view", s.path.string(), env_page.string()});
    INFO(r2.err);
    REQUIRE(r2.exit_code == 0);
    CHECK(imported_module(read_text(env_page), "three") == "export const envThree = 1;\n");
}

TEST_CASE("view fails cleanly on a missing three.js override and never writes onto its input") {
    TempDir dir;
    const Sample& s = first_sample(dir.path());
    const fs::path out = dir.path() / "page.html";
    // A named folder without three.js is an error, not a silent fallback.
    const ToolResult r = run_tool(
        {"view", s.path.string(), out.string(), "--three-dir", (dir.path() / "none").string()});
    CHECK(r.exit_code == 1);
    CHECK(r.error_lines().size() == 1);
    CHECK_FALSE(fs::exists(out));
    {
        const EnvGuard env("RIPKIT_THREE_DIR", (dir.path() / "none").string());
        const ToolResult e = run_tool({"view", s.path.string(), out.string()});
        CHECK(e.exit_code == 1);
        REQUIRE(e.error_lines().size() == 1);
        CHECK(e.error_lines()[0].find("RIPKIT_THREE_DIR") != std::string::npos);
        CHECK_FALSE(fs::exists(out));
    }
    const ToolResult same = run_tool({"view", s.path.string(), s.path.string()});
    CHECK(same.exit_code == 2);
    CHECK(same.error_lines().size() == 1);
}
