// ByteReader/ByteWriter against hand-built byte vectors: values, endianness,
// bounds, and the absolute offsets errors report.
#include "ripkit/byte_reader.hpp"

#include <cstring>

#include "expect_error.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;
using ripkit::test::expect_error;

TEST_CASE("ByteReader reads little- and big-endian values from hand-built bytes") {
    const Bytes b = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x00, 0x00, 0x80, 0x3f};
    ByteReader r(b);
    CHECK(r.u8() == 0x01);
    CHECK(r.u16le() == 0x0302);
    CHECK(r.pos() == 3);
    CHECK(r.remaining() == 9);
    r.seek(0, "start");
    CHECK(r.u32le() == 0x04030201u);
    r.seek(0, "start");
    CHECK(r.u32be() == 0x01020304u);
    r.seek(0, "start");
    CHECK(r.u64() == 0x0807060504030201ull);
    CHECK(r.f32() == 1.0f);  // bytes 00 00 80 3f = 0x3f800000
    CHECK(r.at_end());

    ByteReader be(b, 0, Endian::Big);
    CHECK(be.u16() == 0x0102);
    CHECK(be.u32() == 0x03040506u);
    be.seek(0, "start");
    CHECK(be.u64() == 0x0102030405060708ull);
    CHECK(be.u16_at(2) == 0x0304);
    CHECK(be.u32_at(4) == 0x05060708u);
    CHECK(be.pos() == 8);  // random access leaves the cursor alone
}

TEST_CASE("ByteReader signed reads are two's complement") {
    const Bytes b = {0xff, 0xfe, 0xff, 0x00, 0x00, 0x00, 0x80};
    ByteReader r(b);
    CHECK(r.s8() == -1);
    CHECK(r.s16() == -2);         // fe ff
    CHECK(r.s32() == INT32_MIN);  // 00 00 00 80
}

TEST_CASE("ByteReader reading past the end throws Truncated at the absolute offset") {
    const Bytes b = {1, 2, 3, 4, 5};
    ByteReader r(b, 0x100);  // the window starts at 0x100 of some larger input
    r.skip(3, "head");
    Error e = expect_error([&] { r.u32("frame count"); });
    CHECK(e.kind() == ErrorKind::Truncated);
    REQUIRE(e.offset());
    CHECK(*e.offset() == 0x103);
    CHECK(e.expected().find("frame count") != std::string::npos);
    CHECK(e.expected().find("4 bytes, 2 left") != std::string::npos);
    CHECK(std::string(e.what()).find("offset 0x103 (259)") != std::string::npos);
    CHECK(r.pos() == 3);  // a failed read does not move the cursor
    CHECK(r.u16() == 0x0504);
}

TEST_CASE("ByteReader random access and sub-readers report absolute offsets") {
    Bytes b(16);
    for (size_t i = 0; i < b.size(); ++i) b[i] = static_cast<uint8_t>(i);
    ByteReader r(b, 1000);
    Error e1 = expect_error([&] { (void)r.u32_at(14, "tail"); });
    CHECK(e1.kind() == ErrorKind::Truncated);
    CHECK(*e1.offset() == 1014);

    ByteReader sub = r.sub(8, 4, "block");
    CHECK(sub.size() == 4);
    CHECK(sub.base() == 1008);
    CHECK(sub.u8() == 8);
    CHECK(sub.abs_pos() == 1009);
    Error e2 = expect_error([&] { sub.skip(4, "past block"); });
    CHECK(*e2.offset() == 1009);

    Error e3 = expect_error([&] { (void)r.sub(10, 7, "big block"); });
    CHECK(e3.kind() == ErrorKind::Truncated);
    CHECK(*e3.offset() == 1010);
    // An offset beyond the window: nothing left there.
    Error e4 = expect_error([&] { r.need_at(20, 1, "far"); });
    CHECK(*e4.offset() == 1020);
    CHECK(e4.expected().find("0 left") != std::string::npos);
    // Sizes near SIZE_MAX must not wrap around the bounds check.
    Error e5 = expect_error([&] { r.need_at(8, SIZE_MAX - 4, "huge"); });
    CHECK(e5.kind() == ErrorKind::Truncated);

    Error e6 = expect_error([&] { r.seek(17, "jump"); });
    CHECK(e6.kind() == ErrorKind::BadIndex);
    CHECK(*e6.offset() == 1017);
    r.seek(16, "end");  // the end itself is a valid position
    CHECK(r.at_end());
    CHECK(r.rest().size() == 0);
}

TEST_CASE("ByteReader fail_here and fail_at name the offset and what was expected") {
    const Bytes b = {0, 0, 0, 0};
    ByteReader r(b, 0x40);
    r.skip(2, "x");
    Error e = expect_error([&] { r.fail_here(ErrorKind::BadValue, "a version of 3"); });
    CHECK(e.kind() == ErrorKind::BadValue);
    CHECK(*e.offset() == 0x42);
    CHECK(e.expected() == "a version of 3");
    Error f = expect_error([&] { r.fail_at(1, ErrorKind::WrongFormat, "magic"); });
    CHECK(*f.offset() == 0x41);
}

TEST_CASE("ByteWriter writes both byte orders and patches in place") {
    ByteWriter le;
    le.u16(0x1234);
    le.u32(0xA1B2C3D4u);
    le.s16(-2);
    le.f32(1.0f);
    CHECK(le.bytes() ==
          Bytes{0x34, 0x12, 0xD4, 0xC3, 0xB2, 0xA1, 0xFE, 0xFF, 0x00, 0x00, 0x80, 0x3F});
    le.put_u32(2, 0x01020304u);
    le.put_u16(0, 0xBEEF);
    CHECK(le.bytes()[0] == 0xEF);
    CHECK(le.bytes()[1] == 0xBE);
    CHECK(le.bytes()[2] == 0x04);
    CHECK(le.bytes()[5] == 0x01);

    ByteWriter be(Endian::Big);
    be.u16(0x1234);
    be.u32(0xA1B2C3D4u);
    be.put_u16(0, 0xBEEF);
    CHECK(be.bytes() == Bytes{0xBE, 0xEF, 0xA1, 0xB2, 0xC3, 0xD4});
    be.align(4, 0xAA);
    CHECK(be.size() == 8);
    CHECK(be.bytes()[7] == 0xAA);
    CHECK_THROWS(be.put_u32(6, 0));  // past the end: a writer bug, not silent growth
}

TEST_CASE("sign_extend on hand-computed values") {
    // 13-bit fields as the Rugrats stream packs quaternion parts.
    CHECK(sign_extend(0x0FFF, 13) == 4095);
    CHECK(sign_extend(0x1000, 13) == -4096);
    CHECK(sign_extend(0x1FFF, 13) == -1);
    CHECK(sign_extend(0x0000, 13) == 0);
    // Bits above the field are ignored.
    CHECK(sign_extend(0xFFFFE001u, 13) == 1);
    CHECK(sign_extend(0x7F, 8) == 127);
    CHECK(sign_extend(0x80, 8) == -128);
    CHECK(sign_extend(1, 1) == -1);
    CHECK(sign_extend(0, 1) == 0);
    CHECK(sign_extend(0x7FFFFFFFu, 32) == INT32_MAX);
    CHECK(sign_extend(0x80000000u, 32) == INT32_MIN);
    CHECK(sign_extend(0xFFFFFFFFu, 32) == -1);
    CHECK(sign_extend(0x8000, 16) == -32768);
}

TEST_CASE("load helpers and float bit casts") {
    const uint8_t p[4] = {0x78, 0x56, 0x34, 0x12};
    CHECK(load_u16le(p) == 0x5678);
    CHECK(load_u32le(p) == 0x12345678u);
    CHECK(load_u16be(p) == 0x7856);
    CHECK(load_u32be(p) == 0x78563412u);
    CHECK(f32_to_bits(-2.0f) == 0xC0000000u);
    CHECK(bits_to_f32(0x3F000000u) == 0.5f);
}
