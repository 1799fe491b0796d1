// `convert --all` loses no file: an existing output is refused without
// --overwrite; with it, the replaced files come back when an item fails; items
// of one name still get a file each.
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "gltf_reader.hpp"
#include "ripkit_catch.hpp"
#include "same_name_bigfile.hpp"
#include "tool_runner.hpp"
#include "zouna/container/crc32.hpp"

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

namespace {

// One --all run into a fresh folder: its exit, its files' bytes by name, and
// what it printed with the folder's path taken out.
struct AllRunResult {
    int exit_code = -1;
    std::map<std::string, std::string> files;
    std::string out, err;
};

std::string without(std::string s, const std::string& part) {
    for (size_t pos; (pos = s.find(part)) != std::string::npos;) s.erase(pos, part.size());
    return s;
}

AllRunResult run_all(const AllSample& a, unsigned jobs, std::vector<std::string> extra = {},
                     const std::vector<size_t>& blocked = {}) {
    TempDir out;
    // A folder where an item's file goes makes that item fail when it is placed.
    for (size_t k : blocked) fs::create_directories(out.path() / file_of(a, k) / "keep");
    std::vector<std::string> args = {
        "convert", a.sample.path.string(), out.path().string(), "--all",
        "-j",      std::to_string(jobs)};
    args.insert(args.end(), extra.begin(), extra.end());
    const ToolResult r = run_tool(args);
    AllRunResult res{
        r.exit_code, {}, without(r.out, out.path().string()), without(r.err, out.path().string())};
    for (const std::string& f : list_files(out.path())) res.files[f] = read_text(out.path() / f);
    return res;
}

void check_same_run(const AllRunResult& one, const AllRunResult& many) {
    CHECK(many.exit_code == one.exit_code);
    CHECK(many.out == one.out);
    CHECK(many.err == one.err);
    CHECK(many.files.size() == one.files.size());
    for (const auto& [name, bytes] : one.files) {
        INFO(name);
        REQUIRE(many.files.count(name));
        CHECK(many.files.at(name) == bytes);
    }
}

}  // namespace

TEST_CASE("convert --all -j N writes the files and prints the lines of a run of one job") {
    for (const AllSample& a : samples_with(2)) {
        INFO(a.sample.path.string() << ", " << a.ids.size() << " items");
        const AllRunResult one = run_all(a, 1);
        INFO(one.err);
        REQUIRE(one.exit_code == 0);
        REQUIRE(one.files.size() >= a.ids.size());
        // stdout names every file in item order.
        std::vector<std::string> written = text_lines(one.out);
        REQUIRE(written.size() == one.files.size());
        for (unsigned jobs : {2u, 3u, 8u}) {
            INFO(jobs << " jobs");
            check_same_run(one, run_all(a, jobs));
        }
    }
}

TEST_CASE("convert --all -j N fails on the first failing item in item order and leaves nothing") {
    for (const AllSample& a : samples_with(4)) {
        INFO(a.sample.path.string());
        const AllRunResult one = run_all(a, 1, {}, {1, 3});
        INFO(one.err);
        REQUIRE(one.exit_code == 1);
        REQUIRE(text_lines(one.err).size() == 1);
        CHECK(one.err.find(file_of(a, 1)) != std::string::npos);
        for (unsigned jobs : {2u, 4u}) {
            INFO(jobs << " jobs");
            const AllRunResult many = run_all(a, jobs, {}, {1, 3});
            check_same_run(one, many);
            // Only the two blocking folders are left.
            CHECK(many.files.empty());
        }
    }
}

TEST_CASE("convert --all --keep-going -j N reports each failed item in item order") {
    for (const AllSample& a : samples_with(4)) {
        INFO(a.sample.path.string());
        const AllRunResult one = run_all(a, 1, {"--keep-going"}, {1, 3});
        INFO(one.err);
        REQUIRE(one.exit_code == 1);
        const std::vector<std::string> lines = text_lines(one.err);
        REQUIRE(lines.size() == 2);
        CHECK(lines[0].find(file_of(a, 1)) != std::string::npos);
        CHECK(lines[1].find(file_of(a, 3)) != std::string::npos);
        CHECK(one.files.count(file_of(a, 0)) == 1);
        CHECK(one.files.count(file_of(a, 2)) == 1);
        for (unsigned jobs : {2u, 4u}) {
            INFO(jobs << " jobs");
            check_same_run(one, run_all(a, jobs, {"--keep-going"}, {1, 3}));
        }
    }
}

// Items converted at once share the document's memory budget: an item that
// fits alone is tried again alone when it met the limit beside another.
TEST_CASE("convert --all -j 2 converts under the smallest budget a run of one job needs") {
    const AllSample a = samples_with(2).front();
    INFO(a.sample.path.string());
    auto passes = [&](uint64_t limit, unsigned jobs) {
        return run_all(a, jobs, {"--limit", "total_bytes=" + std::to_string(limit)});
    };
    // The smallest limit (to 1 KiB) a run of one job passes with.
    uint64_t lo = 1024, hi = uint64_t(1) << 30;
    REQUIRE(passes(hi, 1).exit_code == 0);
    REQUIRE(passes(lo, 1).exit_code == 1);
    while (hi - lo > 1024) {
        const uint64_t mid = lo + (hi - lo) / 2;
        (passes(mid, 1).exit_code == 0 ? hi : lo) = mid;
    }
    const AllRunResult one = passes(hi, 1);
    REQUIRE(one.exit_code == 0);
    for (int attempt = 0; attempt < 3; ++attempt) check_same_run(one, passes(hi, 2));
    // Below it both fail alike: the first item that does not fit, alone.
    check_same_run(passes(lo, 1), passes(lo, 2));
}

TEST_CASE("convert --all -j takes 1 to 256 jobs and needs --all") {
    const AllSample a = samples_with(1).front();
    TempDir out;
    for (const char* bad : {"0", "257", "two"}) {
        INFO(bad);
        const ToolResult r =
            run_tool({"convert", a.sample.path.string(), out.path().string(), "--all", "-j", bad});
        CHECK(r.exit_code == 2);
        CHECK(text_lines(r.err).size() == 1);
    }
    const ToolResult one = run_tool(
        {"convert", a.sample.path.string(), (out.path() / "x.glb").string(), "--jobs", "2"});
    CHECK(one.exit_code == 2);
    CHECK(list_files(out.path()).empty());
}
