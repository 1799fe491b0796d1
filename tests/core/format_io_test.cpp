// read_file limits, DiskFileSource and Options::setting.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>

#include "ripkit/format.hpp"
#include "test_util.hpp"

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
