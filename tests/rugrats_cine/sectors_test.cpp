// CD sector shapes: detection by content, subheaders, user data positions,
// BCD MSF headers, and the errors of broken images.
#include "ripkit/cd/sector_writer.hpp"
#include "ripkit/cd/sectors.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;
using namespace ripkit::cd;

namespace {

std::vector<SectorSpec> two_sectors() {
    Bytes d(2048);
    for (size_t i = 0; i < d.size(); ++i) d[i] = uint8_t(i * 3 + 1);
    Bytes a(2324);
    for (size_t i = 0; i < a.size(); ++i) a[i] = uint8_t(i * 5 + 2);
    return {data_sector(1, 2, d), audio_sector(1, 3, 0x05, a)};
}

}  // namespace

TEST_CASE("raw 2352 sectors: sync, BCD header, subheader at +16, user data at +24") {
    const Bytes img = write_sectors(two_sectors(), SectorShape::Raw2352, 0);
    REQUIRE(img.size() == 2 * 2352);
    // Hand-checked layout: 00 FF*10 00, MSF of LBA 0 is 00:02:00, mode 2.
    CHECK(img[0] == 0x00);
    CHECK(img[1] == 0xFF);
    CHECK(img[10] == 0xFF);
    CHECK(img[11] == 0x00);
    CHECK(img[12] == 0x00);
    CHECK(img[13] == 0x02);
    CHECK(img[14] == 0x00);
    CHECK(img[15] == 0x02);
    CHECK(img[2352 + 14] == 0x01);  // LBA 1 -> frame 01
    CHECK(img[16] == 1);            // file
    CHECK(img[17] == 2);            // channel
    CHECK(img[18] == kData);
    CHECK(img[20] == 1);  // the subheader's copy
    CHECK(img[24] == 1);  // first user byte (i*3+1 at i=0)
    CHECK(detect_shape(img) == SectorShape::Raw2352);
    const SectorImage s = open_sectors(img);
    REQUIRE(s.count() == 2);
    const Sector d = s.sector(0), a = s.sector(1);
    CHECK(d.sub->data());
    CHECK_FALSE(d.sub->audio());
    CHECK(d.user.size() == 2048);
    CHECK(d.user_offset == 24);
    CHECK(d.user[2047] == uint8_t(2047 * 3 + 1));
    CHECK(a.sub->audio());
    CHECK(a.sub->channel == 3);
    CHECK(a.user.size() == 2324);
    CHECK(a.user_offset == 2352 + 24);
    CHECK(a.user[100] == uint8_t(100 * 5 + 2));
}

TEST_CASE("BCD MSF of LBA past one minute") {
    // LBA 4500 + 150 = 4650 frames = 1 min 2 s 0 f.
    const Msf m = lba_to_msf(4500);
    CHECK(m.minute == 0x01);
    CHECK(m.second == 0x02);
    CHECK(m.frame == 0x00);
    const Msf n = lba_to_msf(74);  // 224 = 2 s 74 f
    CHECK(n.second == 0x02);
    CHECK(n.frame == 0x74);
}

TEST_CASE("RIFF/CDXA wrapper: 44-byte prefix then raw sectors") {
    const Bytes img = write_sectors(two_sectors(), SectorShape::Riff);
    REQUIRE(img.size() == 44 + 2 * 2352);
    CHECK(std::string(img.begin(), img.begin() + 4) == "RIFF");
    CHECK(std::string(img.begin() + 8, img.begin() + 12) == "CDXA");
    CHECK(detect_shape(img) == SectorShape::Riff);
    const SectorImage s = open_sectors(img);
    REQUIRE(s.count() == 2);
    CHECK(s.sector(0).user_offset == 44 + 24);
    CHECK(s.sector(1).sub->channel == 3);
}

TEST_CASE("2336-byte Mode 2 sectors: subheader at +0") {
    const Bytes img = write_sectors(two_sectors(), SectorShape::Mode2_2336);
    REQUIRE(img.size() == 2 * 2336);
    CHECK(detect_shape(img) == SectorShape::Mode2_2336);
    const SectorImage s = open_sectors(img);
    CHECK(s.sector(0).user_offset == 8);
    CHECK(s.sector(1).user_offset == 2336 + 8);
    CHECK(s.sector(1).sub->form2());
}

TEST_CASE("2048-byte data-only copies have no subheaders") {
    const Bytes img = write_sectors(two_sectors(), SectorShape::Data2048);
    REQUIRE(img.size() == 2 * 2048);
    CHECK(detect_shape(img) == SectorShape::Data2048);
    const SectorImage s = open_sectors(img);
    CHECK_FALSE(s.has_subheaders());
    CHECK_FALSE(s.sector(0).sub);
    CHECK(s.sector(1).user_offset == 2048);
}

TEST_CASE("coding info") {
    CHECK(decode_coding(0x00).rate == 37800);
    CHECK_FALSE(decode_coding(0x00).stereo);
    CHECK(decode_coding(0x01).stereo);
    CHECK(decode_coding(0x04).rate == 18900);
    CHECK(decode_coding(0x10).bits == 8);
    CHECK(decode_coding(0x40).emphasis);
}

TEST_CASE("broken images give errors naming the offset") {
    Bytes img = write_sectors(two_sectors(), SectorShape::Raw2352);
    SECTION("broken sync in sector 1") {
        img[2352 + 5] = 0x12;
        try {
            open_sectors(img);
            FAIL("no error");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::BadValue);
            CHECK(*e.offset() == 2352);
            CHECK(std::string(e.what()).find("sync") != std::string::npos);
        }
    }
    SECTION("truncated last sector") {
        img.resize(img.size() - 100);
        try {
            open_sectors(img);
            FAIL("no error");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::Truncated);
            CHECK(*e.offset() == 2352);
        }
    }
    SECTION("truncated 2336 image") {
        Bytes m = write_sectors(two_sectors(), SectorShape::Mode2_2336);
        m.resize(m.size() - 7);
        CHECK_THROWS_AS(open_sectors(m), Error);
    }
    SECTION("RIFF size past the end") {
        Bytes r = write_sectors(two_sectors(), SectorShape::Riff);
        r.resize(r.size() - 2352);
        CHECK_THROWS_AS(open_sectors(r), Error);
    }
}
