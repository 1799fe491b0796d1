// Frame records and the header, from hand-packed words (each hex constant
// below was packed by hand from the seed's bit layout).
#include "ripkit_catch.hpp"
#include "rugrats_cine/stream_reader.hpp"

using namespace ripkit;
using namespace ripkit::rugrats_cine;

namespace {

// A frame with 2 actors and 1 pose of 2 keys, exercising the field limits.
Bytes hand_frame() {
    ByteWriter w;
    w.u16(17);    // frame
    w.u16(1380);  // unknown_02
    w.s32(-5);    // camera position
    w.s32(70000);
    w.s32(-2147483647 - 1);
    w.u32(0x09FFF000);  // q0 = -4096, q1 = 4095, actors = 2
    w.u32(0x04001FFF);  // q2 = -1, q3 = 0, poses = 1
    // actor 0: q0 1, q1 -1, mouth 15, eyes 3 | q2 4095, q3 -4096
    w.u32(0xFFFFE001);
    w.u32(0x02000FFF);
    w.s32(-7);
    w.s32(8);
    w.s32(2147483647);
    w.s16(510);
    w.u16(0x1234);
    // actor 1: eyes 1 only
    w.u32(0x40000000);
    w.u32(0x00000000);
    w.s32(1);
    w.s32(2);
    w.s32(3);
    w.s16(-2);
    w.u16(0);
    // pose: position, id 0x0107, 2 keys, mouth 9, eyes 2
    w.s32(100);
    w.s32(-200);
    w.s32(300);
    w.u32(0x29020107);
    w.u32(0xFFF38064);  // channel 63, q0 100, q1 -100
    w.u32(0x01F40000);  // q2 0, q3 4000
    w.u32(0x14000002);  // channel 5, q0 2
    w.u32(0x00000000);
    return w.bytes();
}

}  // namespace

TEST_CASE("13-bit parts and 6-bit counts unpack with their signs") {
    const PackedWord a = unpack_word(0x09FFF000);
    CHECK(a.lo == -4096);
    CHECK(a.hi == 4095);
    CHECK(a.top == 2);
    const PackedWord b = unpack_word(0xFFFFFFFF);
    CHECK(b.lo == -1);
    CHECK(b.hi == -1);
    CHECK(b.top == 63);
    const PackedWord c = unpack_word(0x00000FFF);
    CHECK(c.lo == 4095);
    CHECK(c.hi == 0);
    CHECK(pack_word(-4096, 4095, 2) == 0x09FFF000u);
}

TEST_CASE("a hand-packed frame record decodes field by field") {
    const Bytes bytes = hand_frame();
    ByteReader r(bytes);
    FrameRecord f;
    REQUIRE(read_frame(r, f, Limits{}));
    CHECK(r.at_end());
    CHECK(f.frame == 17);
    CHECK(f.unknown_02 == 1380);
    CHECK(f.camera_position == Vec3i{-5, 70000, INT32_MIN});
    CHECK(f.camera_q == Quat13{-4096, 4095, -1, 0});
    REQUIRE(f.actors.size() == 2);
    CHECK(f.actors[0].q == Quat13{1, -1, 4095, -4096});
    CHECK(f.actors[0].mouth == 15);
    CHECK(f.actors[0].eyes == 3);
    CHECK(f.actors[0].position == Vec3i{-7, 8, INT32_MAX});
    CHECK(f.actors[0].id == 510);
    CHECK(f.actors[0].unknown_16 == 0x1234);
    CHECK(f.actors[1].mouth == 0);
    CHECK(f.actors[1].eyes == 1);
    CHECK(f.actors[1].id == -2);
    REQUIRE(f.poses.size() == 1);
    const PoseRecord& p = f.poses[0];
    CHECK(p.position == Vec3i{100, -200, 300});
    CHECK(p.id == 0x0107);
    CHECK(p.mouth == 9);
    CHECK(p.eyes == 2);
    REQUIRE(p.keys.size() == 2);
    CHECK(p.keys[0].channel == 63);
    CHECK(p.keys[0].q == Quat13{100, -100, 0, 4000});
    CHECK(p.keys[1].channel == 5);
    CHECK(p.keys[1].q == Quat13{2, 0, 0, 0});
}

TEST_CASE("the end marker stops the stream") {
    const Bytes bytes = {0xdd, 0xdd, 0xdd, 0xdd, 1, 2, 3};
    ByteReader r(bytes);
    FrameRecord f;
    CHECK_FALSE(read_frame(r, f, Limits{}));
}

TEST_CASE("counts that overrun the sector are errors naming the offset") {
    Bytes bytes = hand_frame();
    SECTION("63 actors in a 2048-byte sector with nothing after the header") {
        Bytes sector(2048, 0);
        ByteWriter w;
        w.u16(1);
        w.u16(0);
        w.zeros(12);
        w.u32(63u << 26);
        w.u32(0);
        std::copy(w.bytes().begin(), w.bytes().end(), sector.begin());
        ByteReader r(ByteSpan(sector.data(), 24 + 63 * 24 - 1), 1000);
        FrameRecord f;
        try {
            read_frame(r, f, Limits{});
            FAIL("no error");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::Truncated);
            CHECK(*e.offset() == 1000 + 24);
            CHECK(std::string(e.what()).find("63 actors") != std::string::npos);
        }
    }
    SECTION("pose keys past the end") {
        bytes[24 + 48 + 12 + 2] = 0xFF;  // 255 keys
        ByteReader r(bytes, 0);
        FrameRecord f;
        try {
            read_frame(r, f, Limits{});
            FAIL("no error");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::Truncated);
            CHECK(*e.offset() == 24 + 48 + 16);
            CHECK(std::string(e.what()).find("pose 0") != std::string::npos);
        }
    }
}

TEST_CASE("header: magic, version, 0xdead, frames, opaque setup") {
    ByteWriter w;
    w.u32(0xbabed00d);
    w.u16(3);
    w.u16(0xdead);
    w.u16(1412);
    w.u16(5);
    w.raw(std::string_view("\x01\x02\x03\x04\x05", 5));
    ByteReader r(w.bytes());
    const Header h = read_header(r);
    CHECK(h.magic == 0xbabed00du);
    CHECK(h.version == 3);
    CHECK(h.frames == 1412);
    CHECK(h.setup == Bytes{1, 2, 3, 4, 5});

    Bytes bad = w.bytes();
    bad[0] = 0xbf;
    ByteReader r2(bad, 500);
    try {
        read_header(r2);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::WrongFormat);
        CHECK(*e.offset() == 500);
        CHECK(std::string(e.what()).find("0xf00dbabe") != std::string::npos);
    }
    Bytes nodead = w.bytes();
    nodead[6] = 0;
    ByteReader r3(nodead);
    CHECK_THROWS_AS(read_header(r3), Error);
    Bytes big = w.bytes();
    big[10] = 200;  // setup larger than the data
    ByteReader r4(big);
    CHECK_THROWS_AS(read_header(r4), Error);
}
