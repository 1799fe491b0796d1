// Asobo CRC32 vectors and LZRS streams built by hand from the reference layout.
#include <algorithm>

#include "ripkit_catch.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/container/lzrs.hpp"

using namespace ripkit;
using namespace ripkit::zouna;

TEST_CASE("Asobo CRC32 check values") {
    CHECK(asobo_crc32("TETE") == 1573865363u);
    CHECK(asobo_crc32("Animation_Z") == 1175485833u);
    CHECK(asobo_crc32("tete") == 1573865363u);  // names are lower-cased first
    CHECK(asobo_crc32("") == 0u);
}

namespace {
Bytes with_header(uint32_t dsz, Bytes data) {
    const uint32_t csz = static_cast<uint32_t>(data.size() + 8);
    // Sized once (inserting after an 8-byte list gets a bogus GCC 12 -O2 -Warray-bounds).
    Bytes out(8 + data.size());
    for (int i = 0; i < 4; ++i) {
        out[i] = uint8_t(dsz >> (8 * i));
        out[4 + i] = uint8_t(csz >> (8 * i));
    }
    std::copy(data.begin(), data.end(), out.begin() + 8);
    return out;
}
std::string str(const Bytes& b) { return std::string(b.begin(), b.end()); }
}  // namespace

TEST_CASE("LZRS: hand-built streams decode to known bytes") {
    Limits limits;
    // n=0: items literal a, b, c, match (len 6, dist 3), literal X.
    // Flag bits MSB first 0,0,0,1,0 -> 0x10000000; match = (6-3)<<14 | (3-1) = 0xC002.
    const Bytes s0 = with_header(10, {0x10, 0x00, 0x00, 0x00, 'a', 'b', 'c', 0xC0, 0x02, 'X'});
    CHECK(str(lzrs_decompress(ByteReader(s0), limits)) == "abcabcabcX");
    // n=3: 5 length bits, 11 distance bits: match = (6-3)<<11 | 2 = 0x1802.
    const Bytes s3 = with_header(10, {0x10, 0x00, 0x00, 0x03, 'a', 'b', 'c', 0x18, 0x02, 'X'});
    CHECK(str(lzrs_decompress(ByteReader(s3), limits)) == "abcabcabcX");
    // 31 literals need a second flag word (30 items per chunk).
    Bytes lits = {0, 0, 0, 0};
    for (int i = 0; i < 30; ++i) lits.push_back(uint8_t('A' + i % 26));
    lits.insert(lits.end(), {0, 0, 0, 0, '!'});
    const Bytes out = lzrs_decompress(ByteReader(with_header(31, lits)), limits);
    REQUIRE(out.size() == 31);
    CHECK(out[29] == 'A' + 3);
    CHECK(out[30] == '!');
}

TEST_CASE("LZRS: bad streams give clear errors") {
    Limits limits;
    // Truncated: the flag word promises a match that is not there.
    const Bytes trunc = with_header(10, {0x10, 0x00, 0x00, 0x00, 'a', 'b', 'c'});
    try {
        lzrs_decompress(ByteReader(trunc), limits);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Truncated);
        CHECK(e.offset().value() == 15);
    }
    // A match reaching before the start of the output.
    const Bytes far = with_header(8, {0x40, 0x00, 0x00, 0x00, 'a', 0x00, 0x05});
    try {
        lzrs_decompress(ByteReader(far), limits);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::BadValue);
        CHECK(std::string(e.what()).find("distance") != std::string::npos);
    }
    // Compressed size larger than the data.
    Bytes big = with_header(4, {0, 0, 0, 0, 'a', 'b', 'c', 'd'});
    big[4] = 200;
    CHECK_THROWS_AS(lzrs_decompress(ByteReader(big), limits), Error);
    // Header alone cut short.
    const Bytes tiny = {1, 0, 0};
    CHECK_THROWS_AS(lzrs_decompress(ByteReader(tiny), limits), Error);
    // Decompressed size over the limit.
    Limits small;
    small.max_alloc_bytes = 16;
    const Bytes huge = with_header(1000, {0, 0, 0, 0, 'a'});
    try {
        lzrs_decompress(ByteReader(huge), small);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::AllocationLimit);
    }
}

TEST_CASE("LZRS: compressor round trip and real compression") {
    Limits limits;
    Bytes text;
    for (int i = 0; i < 5000; ++i) {
        const char* w = (i % 7 == 0) ? "KeyframerVec3fComp_Z " : "Animation_Z ";
        text.insert(text.end(), w, w + std::strlen(w));
    }
    const Bytes packed = lzrs_compress(text);
    CHECK(packed.size() < text.size() / 4);
    CHECK(lzrs_decompress(ByteReader(packed), limits) == text);
    // Incompressible bytes (xorshift) and tiny inputs survive too.
    Bytes noise(20000);
    uint32_t x = 2463534242u;
    for (auto& b : noise) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        b = uint8_t(x);
    }
    CHECK(lzrs_decompress(ByteReader(lzrs_compress(noise)), limits) == noise);
    for (size_t n : {0u, 1u, 2u, 3u, 4u, 31u}) {
        Bytes small(text.begin(), text.begin() + n);
        CHECK(lzrs_decompress(ByteReader(lzrs_compress(small)), limits) == small);
    }
    // Long runs use overlapping matches and every split n.
    Bytes run(40000, 'z');
    const Bytes pr = lzrs_compress(run);
    CHECK(pr.size() < 40000 / 10);
    CHECK(lzrs_decompress(ByteReader(pr), limits) == run);
}
