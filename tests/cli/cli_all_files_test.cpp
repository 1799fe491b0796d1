// `convert --all` loses no file (issue 17.6): an existing output is refused
// without --overwrite; with it, the replaced files come back when an item
// fails; items of one name still get a file each.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "crc32.hpp"
#include "gltf_reader.hpp"
#include "same_name_bigfile.hpp"
#include "tool_runner.hpp"

using namespace ripkit::test;
namespace fs = std::filesystem;

namespace {

struct AllSample {
    Sample sample;
    std::vector<int64_t> ids;  // non-empty items, from `list --json`
};

// One sample per format with at least `min_items` non-empty items.
std::vector<AllSample> samples_with(size_t min_items) {
    static TempDir scratch;
    static const std::vector<Sample> all = all_samples(scratch.path());
    std::vector<AllSample> out;
    std::set<std::string> formats;
    for (const Sample& s : all) {
        if (formats.count(s.format_id)) continue;
        const ToolResult r = run_tool({"list", "--json", s.path.string()});
        REQUIRE(r.exit_code == 0);
        AllSample a{s, {}};
        for (const auto& item : nlohmann::json::parse(r.out))
            if (!item.at("empty").get<bool>()) a.ids.push_back(item.at("id").get<int64_t>());
        if (a.ids.size() < min_items) continue;
        formats.insert(s.format_id);
        out.push_back(a);
    }
    REQUIRE(!out.empty());
    return out;
}

std::string file_of(const AllSample& a, size_t k, const char* ext = ".glb") {
    return a.sample.path.stem().string() + "_" + std::to_string(a.ids.at(k)) + ext;
}

void write_text(const fs::path& p, const std::string& s) {
    std::ofstream(p, std::ios::binary) << s;
}

// Top-level entries, hidden ones (a file kept aside) included.
std::vector<std::string> entries(const fs::path& dir) {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

// The tool with rename() onto `refused` failing (refuse_rename.c): a disk
// that gives out after the output's first file is placed.
ToolResult run_tool_refusing(const std::string& refused, const std::vector<std::string>& args) {
    const char* shim = std::getenv("RIPKIT_REFUSE_RENAME_SHIM");
    REQUIRE(shim);
    const char* asan = std::getenv("ASAN_OPTIONS");
    std::string asan_options = asan ? asan : "";
    // The shim comes before the sanitizer runtime in the preload order.
    asan_options += asan_options.empty() ? "" : ":";
    asan_options += "verify_asan_link_order=0";
    std::vector<std::string> env_args = {
        std::string("LD_PRELOAD=") + shim, "ASAN_OPTIONS=" + asan_options,
        "RIPKIT_TEST_REFUSE_RENAME=" + refused, tool_path().string()};
    env_args.insert(env_args.end(), args.begin(), args.end());
    return run_program("env", env_args);
}

// The files an item's output is placed as, in placing order (export_scene:
// the buffer before the .gltf, the audio last).
std::vector<std::string> placing_order(const std::vector<std::string>& files,
                                       const std::string& stem) {
    std::vector<std::string> order;
    for (const char* ext : {".bin", ".gltf", ".wav"})
        if (std::count(files.begin(), files.end(), stem + ext)) order.push_back(stem + ext);
    return order;
}

}  // namespace

TEST_CASE("convert --all refuses an existing output without --overwrite and writes nothing") {
    for (const AllSample& a : samples_with(1)) {
        INFO(a.sample.path.string());
        TempDir out;
        // The last item's name: a run that wrote the others first must take them back.
        const fs::path mine = out.path() / file_of(a, a.ids.size() - 1);
        write_text(mine, "the user's file");
        const ToolResult r =
            run_tool({"convert", a.sample.path.string(), out.path().string(), "--all"});
        INFO(r.err);
        CHECK(r.exit_code == 2);
        REQUIRE(r.error_lines().size() == 1);
        CHECK(r.error_lines()[0].find("--overwrite") != std::string::npos);
        CHECK(r.error_lines()[0].find(mine.filename().string()) != std::string::npos);
        CHECK(entries(out.path()) == std::vector<std::string>{mine.filename().string()});
        CHECK(read_text(mine) == "the user's file");
        fs::remove(mine);  // a stand-in, not output for the scan
    }
}

TEST_CASE("convert --all refuses an existing audio companion without --overwrite") {
    size_t with_audio = 0;
    for (const AllSample& a : samples_with(1)) {
        INFO(a.sample.path.string());
        TempDir fresh;
        REQUIRE(run_tool({"convert", a.sample.path.string(), fresh.path().string(), "--all"})
                    .exit_code == 0);
        std::string wav;
        for (const std::string& f : list_files(fresh.path()))
            if (fs::path(f).extension() == ".wav") wav = f;
        if (wav.empty()) continue;
        ++with_audio;
        TempDir out;
        write_text(out.path() / wav, "the user's wav");
        const ToolResult r =
            run_tool({"convert", a.sample.path.string(), out.path().string(), "--all"});
        INFO(r.err);
        CHECK(r.exit_code == 2);
        CHECK(r.error_lines().size() == 1);
        CHECK(entries(out.path()) == std::vector<std::string>{wav});
        CHECK(read_text(out.path() / wav) == "the user's wav");
    }
    CHECK(with_audio > 0);  // Rugrats streams have a soundtrack
}

TEST_CASE("convert --all --overwrite puts the replaced files back when a later item fails") {
    for (const AllSample& a : samples_with(2)) {
        INFO(a.sample.path.string());
        TempDir out;
        const fs::path mine = out.path() / file_of(a, 0);
        write_text(mine, "the user's file");
        const std::string blocker = file_of(a, 1);
        fs::create_directories(out.path() / blocker / "keep");
        const ToolResult r = run_tool(
            {"convert", a.sample.path.string(), out.path().string(), "--all", "--overwrite"});
        INFO(r.err);
        CHECK(r.exit_code == 1);
        CHECK(r.error_lines().size() == 1);
        CHECK(read_text(mine) == "the user's file");
        std::vector<std::string> expected = {mine.filename().string(), blocker};
        std::sort(expected.begin(), expected.end());
        CHECK(entries(out.path()) == expected);
        fs::remove(mine);  // a stand-in, not output for the scan
    }
}

TEST_CASE("convert --all --overwrite replaces existing outputs and keeps nothing aside") {
    for (const AllSample& a : samples_with(1)) {
        INFO(a.sample.path.string());
        TempDir out;
        const fs::path mine = out.path() / file_of(a, 0);
        write_text(mine, "the user's file");
        const ToolResult r = run_tool(
            {"convert", a.sample.path.string(), out.path().string(), "--all", "--overwrite"});
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
        CHECK(read_text(mine).substr(0, 4) == "glTF");
        TempDir fresh;
        REQUIRE(run_tool({"convert", a.sample.path.string(), fresh.path().string(), "--all"})
                    .exit_code == 0);
        CHECK(entries(out.path()) == entries(fresh.path()));
    }
}

TEST_CASE("convert --all writes a file for each of 20 BigFile objects of one name") {
    using namespace ripkit;
    TempDir dir;
    const fs::path big = dir.path() / "SAME.DPC";
    const Bytes bytes = zouna::test::same_name_bigfile(20);
    std::ofstream(big, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    const fs::path out = dir.path() / "all";
    const ToolResult r = run_tool({"convert", big.string(), out.string(), "--all"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.err.find("wrote 20 files for 20 items") != std::string::npos);
    const std::vector<std::string> files = list_files(out);
    REQUIRE(files.size() == 20);
    // Each file holds its own object: the ROOT bones' x translations are 0..19.
    std::set<double> xs;
    for (const std::string& f : files) {
        const Glb g = read_glb(out / f);
        for (const auto& n : g.json.at("nodes"))
            if (n.value("name", "") == std::to_string(zouna::asobo_crc32("ROOT")))
                xs.insert(n.value("translation", nlohmann::json::array({0.0})).at(0).get<double>());
    }
    std::set<double> expected;
    for (int i = 0; i < 20; ++i) expected.insert(double(i));
    CHECK(xs == expected);
}

TEST_CASE("convert --all: an item whose second file cannot be placed leaves none of its files") {
    size_t tried = 0;
    for (const AllSample& a : samples_with(2)) {
        INFO(a.sample.path.string());
        const std::vector<std::string> gltf = {"--format", "gltf"};
        TempDir fresh;
        std::vector<std::string> args = {"convert", a.sample.path.string(), fresh.path().string(),
                                         "--all"};
        args.insert(args.end(), gltf.begin(), gltf.end());
        REQUIRE(run_tool(args).exit_code == 0);
        const std::vector<std::string> all = list_files(fresh.path());
        // The second item fails: the first keeps its files under --keep-going.
        const std::string stem = fs::path(file_of(a, 1, "")).string();
        const std::vector<std::string> order = placing_order(all, stem);
        if (order.size() < 2) continue;  // one file: nothing placed before it to take back
        ++tried;
        const std::string first = order[0], second = order[1];
        for (const bool keep_going : {true, false}) {
            INFO((keep_going ? "--keep-going" : "without --keep-going"));
            TempDir out;
            // The user's file where the item's first file goes: --overwrite
            // replaces it, the failure must put it back.
            write_text(out.path() / first, "the user's " + first);
            args = {"convert", a.sample.path.string(), out.path().string(),
                    "--all",   "--overwrite",          "--format",
                    "gltf"};
            if (keep_going) args.push_back("--keep-going");
            const ToolResult r = run_tool_refusing(second, args);
            INFO(r.err);
            CHECK(r.exit_code == 1);
            REQUIRE(r.error_lines().size() == 1);
            CHECK(r.error_lines()[0].find(second) != std::string::npos);
            std::vector<std::string> expected = {first};
            if (keep_going)
                for (const std::string& f : all)
                    if (fs::path(f).stem() != stem) expected.push_back(f);
            std::sort(expected.begin(), expected.end());
            CHECK(entries(out.path()) == expected);
            CHECK(read_text(out.path() / first) == "the user's " + first);
            fs::remove(out.path() / first);  // a stand-in, not output for the scan
        }
    }
    CHECK(tried > 0);
}
