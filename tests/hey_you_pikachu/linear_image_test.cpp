// RDP-format images stored linearly (face banks): hand vectors for the
// formats the sample's banks do not use, row padding of odd 4-bit widths,
// and refusals.
#include "ripkit/n64/linear_image.hpp"

#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;
using namespace ripkit::n64;

namespace {
using Px = std::array<uint8_t, 4>;
Px at(const Rgba8Image& img, int x, int y) {
    const size_t o = (size_t(y) * size_t(img.width) + size_t(x)) * 4;
    return {img.rgba[o], img.rgba[o + 1], img.rgba[o + 2], img.rgba[o + 3]};
}
}  // namespace

TEST_CASE("linear images: hand vectors per format") {
    SECTION("RGBA32 bytes are the texel") {
        const Bytes t = {1, 2, 3, 4, 250, 251, 252, 253};
        const auto img = decode_linear_image(0, 3, 2, 1, t, {});
        CHECK(at(img, 1, 0) == Px{250, 251, 252, 253});
    }
    SECTION("IA16: intensity byte, alpha byte") {
        const Bytes t = {0x80, 0x40};
        CHECK(at(decode_linear_image(3, 2, 1, 1, t, {}), 0, 0) == Px{0x80, 0x80, 0x80, 0x40});
    }
    SECTION("IA4: 3-bit intensity replicated, 1-bit alpha") {
        // 0xB = 101 1 -> i = 101 101 10 = 0xB6, a = 255; 0x4 = 010 0 -> 0x49, a = 0.
        const Bytes t = {0xB4};
        const auto img = decode_linear_image(3, 0, 2, 1, t, {});
        CHECK(at(img, 0, 0) == Px{0xB6, 0xB6, 0xB6, 255});
        CHECK(at(img, 1, 0) == Px{0x49, 0x49, 0x49, 0});
    }
    SECTION("I8: intensity into every channel") {
        const Bytes t = {0x37};
        CHECK(at(decode_linear_image(4, 1, 1, 1, t, {}), 0, 0) == Px{0x37, 0x37, 0x37, 0x37});
    }
    SECTION("RGBA16 5551") {
        // 0xF801: r = 31 -> 255, g = 0, b = 0, a = 1.
        const Bytes t = {0xF8, 0x01};
        CHECK(at(decode_linear_image(0, 2, 1, 1, t, {}), 0, 0) == Px{255, 0, 0, 255});
    }
    SECTION("odd 4-bit widths pad each row to a byte") {
        // 3 texels of I4 per row: 2 bytes per row; row 1 starts at byte 2.
        const Bytes t = {0x12, 0x30, 0xAB, 0xC0};
        const auto img = decode_linear_image(4, 0, 3, 2, t, {});
        CHECK(at(img, 2, 0)[0] == 0x33);
        CHECK(at(img, 0, 1)[0] == 0xAA);
        CHECK(at(img, 2, 1)[0] == 0xCC);
    }
    SECTION("CI4 through an IA16 palette") {
        Bytes pal(32, 0);
        pal[2 * 5] = 0x11, pal[2 * 5 + 1] = 0x22;
        const Bytes t = {0x50};
        CHECK(at(decode_linear_image(2, 0, 1, 1, t, pal, TlutType::Ia16), 0, 0) ==
              Px{0x11, 0x11, 0x11, 0x22});
    }
}

TEST_CASE("linear images: short data and missing formats are refused") {
    const Bytes t(7, 0);
    CHECK_THROWS_AS(decode_linear_image(0, 2, 2, 2, t, {}), Error);         // needs 8 bytes
    CHECK_THROWS_AS(decode_linear_image(2, 1, 1, 1, t, Bytes(20)), Error);  // 256 entries
    CHECK_THROWS_AS(decode_linear_image(1, 2, 1, 1, t, {}), Error);         // YUV
    CHECK_THROWS_AS(decode_linear_image(0, 0, 1, 1, t, {}), Error);         // RGBA4
    CHECK_THROWS_AS(decode_linear_image(4, 2, 1, 1, t, {}), Error);         // I16
}
