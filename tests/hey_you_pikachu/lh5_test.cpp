// LH5: streams from an independent encoder (Debian's jlha) and from the
// builder's own encoder decode byte for byte; lying sizes and cut streams fail.
#include "ripkit/codec/lh5.hpp"

#include <unistd.h>  // getpid

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "hey_you_pikachu/testkit/lh5_encoder.hpp"
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;

namespace {

Bytes sample_data(size_t n, uint32_t seed) {
    std::mt19937 rng(seed);
    Bytes d;
    const std::string text = "Hey you, Pikachu! Pika pika. ";
    while (d.size() < n) {
        const int kind = int(rng() % 3);
        if (kind == 0) d.insert(d.end(), text.begin(), text.end());
        if (kind == 1)
            for (int i = 0; i < 200; ++i) d.push_back(uint8_t(rng()));
        if (kind == 2) d.insert(d.end(), 300, uint8_t(rng() % 4));
    }
    d.resize(n);
    return d;
}

std::filesystem::path temp_dir() {
    auto p = std::filesystem::temp_directory_path() /
             ("ripkit_pikachu_lh5_" + std::to_string(::getpid()));
    std::filesystem::create_directories(p);
    return p;
}

Bytes read_all(const std::filesystem::path& p) {
    std::ifstream f(p, std::ios::binary);
    return Bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// The raw -lh5- stream inside a single-file archive, skipping the header as
// the reference describes (level at byte 20; level 2: u16 length at 0).
struct RawStream {
    Bytes packed;
    uint32_t original = 0;
};

RawStream strip_lzh(const Bytes& a) {
    REQUIRE(a.size() > 24);
    REQUIRE(std::string(a.begin() + 2, a.begin() + 7) == "-lh5-");
    const uint8_t level = a[20];
    size_t header = 0;
    if (level == 2)
        header = size_t(a[0] | (a[1] << 8));
    else
        header = size_t(a[0]) + 2;
    REQUIRE(level != 1);  // level 1 folds extended headers into the packed size
    const uint32_t packed = load_u32le(&a[7]);
    RawStream s;
    s.original = load_u32le(&a[11]);
    REQUIRE(header + packed <= a.size());
    s.packed.assign(a.begin() + long(header), a.begin() + long(header + packed));
    return s;
}

}  // namespace

TEST_CASE("LH5 streams written by jlha (independent encoder) decode to the input") {
    REQUIRE(std::system("command -v jlha > /dev/null 2>&1") == 0);
    const auto dir = temp_dir();
    for (size_t n : {size_t(1), size_t(700), size_t(20000), size_t(70000)}) {
        const Bytes data = sample_data(n, uint32_t(n));
        const auto in = dir / ("data" + std::to_string(n) + ".bin");
        const auto arc = dir / ("out" + std::to_string(n) + ".lzh");
        std::filesystem::remove(arc);
        {
            std::ofstream f(in, std::ios::binary);
            f.write(reinterpret_cast<const char*>(data.data()), std::streamsize(data.size()));
        }
        const std::string cmd = "cd '" + dir.string() + "' && jlha co5 '" +
                                arc.filename().string() + "' '" + in.filename().string() +
                                "' > /dev/null 2>&1";
        REQUIRE(std::system(cmd.c_str()) == 0);
        const Bytes archive = read_all(arc);
        if (archive.size() > 7 && std::string(archive.begin() + 2, archive.begin() + 7) == "-lh0-")
            continue;  // jlha stores tiny files uncompressed
        const RawStream s = strip_lzh(archive);
        REQUIRE(s.original == n);
        CHECK(codec::lh5_decode(s.packed, s.original, Limits{}) == data);
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("LH5 streams from the builder's encoder decode through liblhasa") {
    for (uint32_t seed : {1u, 2u, 3u}) {
        const Bytes data = sample_data(5000 * seed + 17, seed);
        const Bytes packed = hey_you_pikachu::lh5_encode(data);
        CHECK(packed.size() < data.size());  // matches were used
        CHECK(codec::lh5_decode(packed, data.size(), Limits{}) == data);
    }
    SECTION("several Huffman blocks") {
        const Bytes data = sample_data(30000, 9);
        hey_you_pikachu::Lh5EncodeOptions o;
        o.block_symbols = 700;
        CHECK(codec::lh5_decode(hey_you_pikachu::lh5_encode(data, o), data.size(), Limits{}) ==
              data);
    }
    SECTION("literals only") {
        const Bytes data = sample_data(3000, 4);
        hey_you_pikachu::Lh5EncodeOptions o;
        o.matches = false;
        CHECK(codec::lh5_decode(hey_you_pikachu::lh5_encode(data, o), data.size(), Limits{}) ==
              data);
    }
    SECTION("one repeated byte (a single long match chain)") {
        const Bytes data(10000, 0x41);
        CHECK(codec::lh5_decode(hey_you_pikachu::lh5_encode(data), data.size(), Limits{}) == data);
    }
}

TEST_CASE("LH5 that lies about its size or is cut short fails with the byte count") {
    const Bytes data = sample_data(4000, 7);
    const Bytes packed = hey_you_pikachu::lh5_encode(data);
    try {
        codec::lh5_decode(packed, data.size() + 100, Limits{}, 0x1234);
        FAIL("a stream shorter than its stated size must fail");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Truncated);
        CHECK(std::string(e.what()).find("ended after") != std::string::npos);
    }
    const Bytes cut(packed.begin(), packed.begin() + long(packed.size() / 2));
    CHECK_THROWS_AS(codec::lh5_decode(cut, data.size(), Limits{}), Error);
    Limits small;
    small.max_alloc_bytes = 1000;
    try {
        codec::lh5_decode(packed, data.size(), small);
        FAIL("the unpacked size must be checked against the limits");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::AllocationLimit);
    }
}

TEST_CASE("LH5 decoding of garbage ends (error or exact size), never hangs") {
    std::mt19937 rng(11);
    for (int i = 0; i < 200; ++i) {
        Bytes junk(size_t(rng() % 300), 0);
        for (auto& b : junk) b = uint8_t(rng());
        size_t got = 0;
        try {
            got = codec::lh5_decode(junk, 5000, Limits{}).size();
        } catch (const Error& e) {
            got = 5000;  // a clean error is an acceptable end
            CHECK(e.kind() == ErrorKind::Truncated);
        }
        CHECK(got == 5000);
    }
}
