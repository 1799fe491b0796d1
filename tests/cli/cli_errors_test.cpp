// Failures: exit 1 for decode and I/O errors, 2 for usage errors, always one
// line "ripkit: <file>: ... expected ..." on stderr, and nothing written.
#include <fstream>
#include <nlohmann/json.hpp>

#include "ripkit_catch.hpp"
#include "tool_runner.hpp"

using namespace ripkit::test;
namespace fs = std::filesystem;

namespace {

const Sample& any_sample() {
    static TempDir scratch;
    static const std::vector<Sample> all = all_samples(scratch.path());
    REQUIRE(!all.empty());
    return all.front();
}

void write_bytes(const fs::path& p, const std::string& bytes) {
    std::ofstream(p, std::ios::binary) << bytes;
}

// One line on stderr, naming `file` and saying what was expected.
void check_one_line(const ToolResult& r, const std::string& file) {
    INFO(r.err);
    const auto lines = r.error_lines();
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].rfind("ripkit: " + file + ": ", 0) == 0);
    CHECK(lines[0].find("expected") != std::string::npos);
    CHECK(r.out.empty());
}

}  // namespace

TEST_CASE("a missing file is an I/O error") {
    TempDir dir;
    const std::string missing = (dir.path() / "missing.bin").string();
    for (const char* verb : {"info", "list", "dump"}) {
        const ToolResult r = run_tool({verb, missing});
        CHECK(r.exit_code == 1);
        check_one_line(r, missing);
        CHECK(r.err.find("i/o") != std::string::npos);
    }
    const ToolResult c = run_tool({"convert", missing, (dir.path() / "o.glb").string()});
    CHECK(c.exit_code == 1);
    check_one_line(c, missing);
    CHECK(list_files(dir.path()).empty());
}

TEST_CASE("a zero-length file is truncated at offset 0") {
    TempDir dir;
    const fs::path empty = dir.path() / "empty.bin";
    write_bytes(empty, "");
    const ToolResult r = run_tool({"info", empty.string()});
    CHECK(r.exit_code == 1);
    check_one_line(r, empty.string());
    CHECK(r.err.find("offset 0x0") != std::string::npos);
    const ToolResult c = run_tool({"convert", empty.string(), (dir.path() / "o.glb").string()});
    CHECK(c.exit_code == 1);
    CHECK(list_files(dir.path()) == std::vector<std::string>{"empty.bin"});
}

TEST_CASE("a file in no known format is a wrong-format error") {
    TempDir dir;
    const fs::path text = dir.path() / "notes.txt";
    write_bytes(text, "This is a plain text file, not a game file.\n");
    const ToolResult r = run_tool({"info", text.string()});
    CHECK(r.exit_code == 1);
    check_one_line(r, text.string());
    CHECK(r.err.find("wrong format") != std::string::npos);
    const ToolResult c = run_tool({"convert", text.string(), (dir.path() / "o.glb").string()});
    CHECK(c.exit_code == 1);
    CHECK(list_files(dir.path()) == std::vector<std::string>{"notes.txt"});
}

TEST_CASE("an unknown --item is a usage error and writes nothing") {
    const Sample& s = any_sample();
    TempDir dir;
    const ToolResult r =
        run_tool({"convert", s.path.string(), (dir.path() / "o.glb").string(), "--item", "987654"});
    CHECK(r.exit_code == 2);
    check_one_line(r, s.path.string());
    CHECK(list_files(dir.path()).empty());
    const ToolResult d = run_tool({"dump", s.path.string(), "--item", "987654"});
    CHECK(d.exit_code == 2);
    check_one_line(d, s.path.string());
}

TEST_CASE("convert refuses to write over its input") {
    const Sample& s = any_sample();
    TempDir dir;
    const fs::path copy = dir.path() / ("game" + s.path.extension().string());
    fs::copy_file(s.path, copy);
    const std::string before = read_text(copy);
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"convert", copy.string(), copy.string()},
             {"convert", copy.string(), copy.string(), "--format", "glb"},
             {"convert", copy.string(), (dir.path() / "." / copy.filename()).string(), "--format",
              "gltf"},
             {"dump", copy.string(), "-o", copy.string()}}) {
        const ToolResult r = run_tool(args);
        CHECK(r.exit_code == 2);
        check_one_line(r, copy.string());
    }
    CHECK(read_text(copy) == before);
    CHECK(list_files(dir.path()).size() == 1);
}

TEST_CASE("convert refuses a .gltf whose .bin would overwrite the input") {
    const Sample& s = any_sample();
    TempDir dir;
    const fs::path bin = dir.path() / "GAME.bin";
    fs::copy_file(s.path, bin);
    const std::string before = read_text(bin);
    const ToolResult r = run_tool({"convert", bin.string(), (dir.path() / "GAME.gltf").string()});
    CHECK(r.exit_code == 2);
    check_one_line(r, bin.string());
    CHECK(read_text(bin) == before);
    CHECK(list_files(dir.path()) == std::vector<std::string>{"GAME.bin"});
}

TEST_CASE("companions named on the command line are protected too") {
    const Sample& s = any_sample();
    TempDir dir;
    const fs::path names = dir.path() / "names.glb";
    write_bytes(names, "keep me");
    const ToolResult r =
        run_tool({"convert", s.path.string(), names.string(), "--names", names.string()});
    CHECK(r.exit_code == 2);
    CHECK(read_text(names) == "keep me");
    fs::remove(names);  // the user's stand-in, not output for the scan
}

TEST_CASE("usage errors exit 2 with one line") {
    const Sample& s = any_sample();
    const std::vector<std::vector<std::string>> cases = {
        {},
        {"frobnicate", s.path.string()},
        {"info"},
        {"convert", s.path.string()},
        {"convert", s.path.string(), "out.obj"},
        {"convert", s.path.string(), "out.glb", "--format", "obj"},
        {"convert", s.path.string(), "out.glb", "--all", "--item", "1"},
        {"info", s.path.string(), "--audio", "some"},
        {"info", s.path.string(), "--set", "novalue"},
        {"info", s.path.string(), "--format-id", "no-such-format"},
        {"info", s.path.string(), "--item", "1"},
    };
    for (const auto& args : cases) {
        std::string joined;
        for (const auto& a : args) joined += a + " ";
        INFO(joined);
        const ToolResult r = run_tool(args);
        CHECK(r.exit_code == 2);
        CHECK(r.error_lines().size() == 1);
        CHECK(r.out.empty());
    }
    CHECK(!fs::exists("out.obj"));
}

TEST_CASE("--help and --version succeed") {
    const ToolResult h = run_tool({"--help"});
    CHECK(h.exit_code == 0);
    for (const char* verb : {"info", "list", "convert", "dump"})
        CHECK(h.out.find(verb) != std::string::npos);
    const ToolResult ch = run_tool({"convert", "--help"});
    CHECK(ch.exit_code == 0);
    for (const char* opt :
         {"--item", "--all", "--format", "--native", "--skeleton", "--names", "--anim", "--anims",
          "--cine", "--audio", "--force", "--set", "--format-id"})
        CHECK(ch.out.find(opt) != std::string::npos);
    CHECK(run_tool({"--version"}).exit_code == 0);
}

TEST_CASE("formats lists every registered format") {
    const ToolResult r = run_tool({"formats"});
    CHECK(r.exit_code == 0);
    CHECK(!r.out.empty());
}

TEST_CASE("convert with no --item skips a cutscene that does not decode, and says so") {
    // The bundled CUTSEQ.BIN with cutscene 1's camera offset (block + 20) sent
    // past its block: cutscene 4 is the first that decodes.
    fs::path bin;
    for (const Sample& s : shared_samples())
        if (s.format_id == "tr_cutseq" && s.path.filename() == "CUTSEQ.BIN") bin = s.path;
    REQUIRE(!bin.empty());
    std::ifstream f(bin, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    REQUIRE(bytes.size() > 16);
    const auto u32 = [&](size_t at) {
        uint32_t v = 0;
        for (int i = 0; i < 4; ++i) v |= uint32_t(uint8_t(bytes.at(at + i))) << (8 * i);
        return v;
    };
    const uint32_t block = u32(8);  // entry 1: offset
    REQUIRE(block > 0);
    for (int i = 0; i < 4; ++i) bytes.at(block + 20 + i) = char(i ? 0xFF : 0xF0);
    TempDir dir;
    const fs::path in = dir.path() / "CUTSEQ.BIN";
    write_bytes(in, bytes);
    const ToolResult r = run_tool({"convert", in.string(), (dir.path() / "a.glb").string()});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(fs::exists(dir.path() / "a.glb"));
    CHECK(r.err.find("item 1 skipped, not decodable") != std::string::npos);
    CHECK(r.err.find("item 4 is the default") != std::string::npos);
    // Named, it is the item's own error; another named item does not report it.
    const ToolResult one =
        run_tool({"convert", in.string(), (dir.path() / "b.glb").string(), "--item", "1"});
    CHECK(one.exit_code == 1);
    CHECK_FALSE(fs::exists(dir.path() / "b.glb"));
    const ToolResult four =
        run_tool({"convert", in.string(), (dir.path() / "c.glb").string(), "--item", "4"});
    CHECK(four.exit_code == 0);
    CHECK(four.err.find("skipped") == std::string::npos);
}
