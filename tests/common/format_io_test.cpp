// read_file limits, DiskFileSource, ByteSource and Options::setting.
#include <filesystem>
#include <fstream>
#include <random>

#include "expect_error.hpp"
#include "ripkit/format.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;
using ripkit::test::expect_error;
namespace fs = std::filesystem;

namespace {

// A fresh folder under the system temp dir, removed at the end of the test.
struct TempDir {
    fs::path path;
    TempDir() {
        std::random_device rd;
        path = fs::temp_directory_path() / ("ripkit-core-" + std::to_string(rd()));
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    fs::path write(const std::string& name, const Bytes& bytes) const {
        const fs::path p = path / name;
        std::ofstream(p, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes.data()),
                   static_cast<std::streamsize>(bytes.size()));
        return p;
    }
};

}  // namespace

TEST_CASE("read_file returns the exact bytes, empty files included") {
    TempDir dir;
    const Bytes content = {0, 1, 2, 0xff, 0x80};
    CHECK(read_file(dir.write("a.bin", content).string(), Limits{}) == content);
    CHECK(read_file(dir.write("empty.bin", {}).string(), Limits{}).empty());
}

TEST_CASE("read_file enforces max_input_bytes before reading") {
    TempDir dir;
    const fs::path p = dir.write("ten.bin", Bytes(10, 7));
    Limits l;
    l.max_input_bytes = 10;
    CHECK(read_file(p.string(), l).size() == 10);  // exactly at the limit
    l.max_input_bytes = 9;
    Error e = expect_error([&] { read_file(p.string(), l); });
    CHECK(e.kind() == ErrorKind::AllocationLimit);
    CHECK(e.expected().find("at most 9 bytes, got 10") != std::string::npos);
}

TEST_CASE("read_file reports a missing file as an I/O error without offset") {
    TempDir dir;
    Error e = expect_error([&] { read_file((dir.path / "missing.bin").string(), Limits{}); });
    CHECK(e.kind() == ErrorKind::Io);
    CHECK_FALSE(e.offset());
    // A folder is not a readable file either.
    Error d = expect_error([&] { read_file(dir.path.string(), Limits{}); });
    CHECK(d.kind() == ErrorKind::Io);
}

TEST_CASE("DiskFileSource: absent companions are nullopt, oversized ones fail naming the file") {
    TempDir dir;
    DiskFileSource src;
    CHECK_FALSE(src.read((dir.path / "none.json").string(), Limits{}));
    CHECK_FALSE(src.read(dir.path.string(), Limits{}));
    const fs::path p = dir.write("skel.json", Bytes(4, 'x'));
    auto got = src.read(p.string(), Limits{});
    REQUIRE(got);
    CHECK(*got == Bytes(4, 'x'));
    Limits small;
    small.max_input_bytes = 3;
    Error e = expect_error([&] { src.read(p.string(), small); });
    CHECK(e.kind() == ErrorKind::AllocationLimit);
    CHECK(e.file() == p.string());
}

TEST_CASE("a ByteSource reads the ranges asked for, from memory, a view or a file") {
    TempDir dir;
    Bytes content(5000);
    for (size_t i = 0; i < content.size(); ++i) content[i] = uint8_t(i * 7 + 3);
    const fs::path p = dir.write("src.bin", content);
    const std::vector<std::shared_ptr<const ByteSource>> sources = {
        memory_source(content), view_source(content), file_source(p.string(), Limits{})};
    for (const auto& s : sources) {
        REQUIRE(s->size() == 5000);
        Bytes scratch;
        const ByteSpan mid = s->read(4093, 7, "seven bytes", scratch);
        REQUIRE(mid.size() == 7);
        for (size_t i = 0; i < 7; ++i) CHECK(mid[i] == uint8_t((4093 + i) * 7 + 3));
        CHECK(s->read(5000, 0, "nothing", scratch).empty());
        CHECK(s->read_all() == content);
        // Past the end: Truncated at the range's start, naming what was asked for.
        Error e = expect_error([&] { (void)s->read(4990, 11, "the entry", scratch); });
        CHECK(e.kind() == ErrorKind::Truncated);
        CHECK(e.offset() == 4990);
        CHECK(e.expected().find("11 bytes of the entry inside the 5000-byte file") !=
              std::string::npos);
        (void)expect_error([&] { (void)s->read(UINT64_MAX, 2, "x", scratch); });
    }
    CHECK(sources[0]->in_memory());
    CHECK(sources[1]->in_memory());
    CHECK_FALSE(sources[2]->in_memory());
}

TEST_CASE("file_source refuses what read_file refuses, and a file that shrank is an I/O error") {
    TempDir dir;
    const fs::path p = dir.write("ten.bin", Bytes(10, 7));
    Limits l;
    l.max_input_bytes = 9;
    Error big = expect_error([&] { (void)file_source(p.string(), l); });
    CHECK(big.kind() == ErrorKind::AllocationLimit);
    CHECK(big.expected().find("at most 9 bytes, got 10") != std::string::npos);
    Error missing = expect_error([&] { (void)file_source((dir.path / "no").string(), Limits{}); });
    CHECK(missing.kind() == ErrorKind::Io);
    CHECK_FALSE(missing.offset());
    Error folder = expect_error([&] { (void)file_source(dir.path.string(), Limits{}); });
    CHECK(folder.kind() == ErrorKind::Io);

    const std::shared_ptr<const ByteSource> s = file_source(p.string(), Limits{});
    fs::resize_file(p, 4);
    Bytes scratch;
    CHECK(s->read(0, 4, "head", scratch).size() == 4);
    Error shrank = expect_error([&] { (void)s->read(2, 6, "the rest", scratch); });
    CHECK(shrank.kind() == ErrorKind::Io);
    CHECK(shrank.offset() == 4);
    CHECK(shrank.expected().find("shrank") != std::string::npos);
}
