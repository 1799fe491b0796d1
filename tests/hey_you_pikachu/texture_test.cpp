// RDP texture decoding: every format against texels computed by hand from the
// bit layouts (RGBA5551, IA88/44/31, I8/4, CI through RGBA16 and IA16
// palettes), and the three load paths including LOADBLOCK's dxt == 0 rows.
#include "ripkit/n64/texture.hpp"

#include <array>

#include "ripkit_catch.hpp"

using namespace ripkit;
using namespace ripkit::n64;

namespace {

using Px = std::array<uint8_t, 4>;

Px texel(const Rgba8Image& img, int x, int y) {
    const size_t i = (size_t(y) * size_t(img.width) + size_t(x)) * 4;
    return {img.rgba[i], img.rgba[i + 1], img.rgba[i + 2], img.rgba[i + 3]};
}

TileDescriptor tile(uint8_t fmt, uint8_t siz, int w, int h, uint32_t line) {
    TileDescriptor t;
    t.fmt = fmt, t.siz = siz, t.line = line, t.tmem = 0;
    t.lrs = uint32_t(w - 1) << 2, t.lrt = uint32_t(h - 1) << 2;
    return t;
}

// Loads linear RAM rows with LOADBLOCK (dxt from the row size) and decodes.
Rgba8Image via_block(uint8_t fmt, uint8_t siz, int w, int h, const Bytes& ram) {
    Tmem tm;
    const uint32_t line = uint32_t(w) * (4u << siz) / 64;
    TileDescriptor load;
    tm.load_block(load, ram, 2, uint32_t(ram.size() / 2), (2048 + line - 1) / line);
    return tm.decode(tile(fmt, siz, w, h, line), TlutType::None);
}

}  // namespace

TEST_CASE("RGBA16 5551 expands 5 bits as (n << 3) | (n >> 2)") {
    // 4x2 texels, 8 bytes a row.
    const Bytes ram = {0xF8, 0x01, 0x07, 0xC0, 0x00, 0x3E, 0x84, 0x21,
                       0x00, 0x01, 0xFF, 0xFF, 0x08, 0x42, 0x00, 0x00};
    const Rgba8Image img = via_block(0, 2, 4, 2, ram);
    REQUIRE(img.width == 4);
    REQUIRE(img.height == 2);
    CHECK(texel(img, 0, 0) == Px{255, 0, 0, 255});
    CHECK(texel(img, 1, 0) == Px{0, 255, 0, 0});
    CHECK(texel(img, 2, 0) == Px{0, 0, 255, 0});
    CHECK(texel(img, 3, 0) == Px{132, 132, 132, 255});  // 16 -> 128 | 4
    CHECK(texel(img, 1, 1) == Px{255, 255, 255, 255});
    CHECK(texel(img, 2, 1) == Px{8, 8, 8, 0});  // 0x0842: r=g=b=1 -> 8 | 0
}

TEST_CASE("RGBA32, IA16, IA8, IA4, I8, I4") {
    SECTION("RGBA32") {
        Bytes ram(16);
        for (size_t i = 0; i < ram.size(); ++i) ram[i] = uint8_t(i * 16 + 1);
        const Rgba8Image img = via_block(0, 3, 2, 2, ram);
        CHECK(texel(img, 1, 0) == Px{0x41, 0x51, 0x61, 0x71});
        CHECK(texel(img, 0, 1) == Px{0x81, 0x91, 0xA1, 0xB1});
    }
    SECTION("IA16: intensity byte, alpha byte") {
        const Bytes ram = {0x80, 0x40, 0xFF, 0x00, 0x00, 0xFF, 0x12, 0x34};
        const Rgba8Image img = via_block(3, 2, 4, 1, ram);
        CHECK(texel(img, 0, 0) == Px{0x80, 0x80, 0x80, 0x40});
        CHECK(texel(img, 3, 0) == Px{0x12, 0x12, 0x12, 0x34});
    }
    SECTION("IA8: intensity nibble, alpha nibble, each * 17") {
        const Bytes ram = {0xA5, 0x0F, 0xF0, 0x11, 0, 0, 0, 0};
        const Rgba8Image img = via_block(3, 1, 8, 1, ram);
        CHECK(texel(img, 0, 0) == Px{170, 170, 170, 85});
        CHECK(texel(img, 1, 0) == Px{0, 0, 0, 255});
        CHECK(texel(img, 2, 0) == Px{255, 255, 255, 0});
        CHECK(texel(img, 3, 0) == Px{17, 17, 17, 17});
    }
    SECTION("IA4: 3-bit intensity, 1-bit alpha") {
        // 0xB4: texel 0 = 1011 (I=5 -> 160+20+2=182, A=1), texel 1 = 0100 (I=2 -> 73, A=0).
        const Bytes ram = {0xB4, 0xF0, 0, 0, 0, 0, 0, 0};
        const Rgba8Image img = via_block(3, 0, 16, 1, ram);
        CHECK(texel(img, 0, 0) == Px{182, 182, 182, 255});
        CHECK(texel(img, 1, 0) == Px{73, 73, 73, 0});
        CHECK(texel(img, 2, 0) == Px{255, 255, 255, 255});
        CHECK(texel(img, 3, 0) == Px{0, 0, 0, 0});
    }
    SECTION("I8 and I4 copy intensity to alpha") {
        const Bytes i8 = {0x7F, 0x00, 0xFF, 0x10, 0, 0, 0, 0};
        CHECK(texel(via_block(4, 1, 8, 1, i8), 0, 0) == Px{127, 127, 127, 127});
        CHECK(texel(via_block(4, 1, 8, 1, i8), 3, 0) == Px{16, 16, 16, 16});
        const Bytes i4 = {0x3C, 0, 0, 0, 0, 0, 0, 0};
        CHECK(texel(via_block(4, 0, 16, 1, i4), 0, 0) == Px{51, 51, 51, 51});
        CHECK(texel(via_block(4, 0, 16, 1, i4), 1, 0) == Px{204, 204, 204, 204});
    }
}

TEST_CASE("CI4 and CI8 go through the TLUT, RGBA16 or IA16") {
    Tmem tm;
    // Palette 2 of CI4 (TMEM word 0x100 + 32): entry 5 = 0xF801 (red), entry 10 = 0x003F.
    Bytes pal(32, 0);
    pal[10] = 0xF8, pal[11] = 0x01;
    pal[20] = 0x00, pal[21] = 0x3F;
    TileDescriptor tl;
    tl.tmem = 0x100 + 16 * 2;
    tm.load_tlut(tl, pal, 16);
    const Bytes idx = {0x5A, 0xA5, 0, 0, 0, 0, 0, 0};
    TileDescriptor load;
    tm.load_block(load, idx, 2, 4, 2048);
    TileDescriptor t = tile(2, 0, 16, 1, 1);
    t.palette = 2;
    const Rgba8Image img = tm.decode(t, TlutType::Rgba16);
    CHECK(texel(img, 0, 0) == Px{255, 0, 0, 255});
    CHECK(texel(img, 1, 0) == Px{0, 0, 255, 255});
    CHECK(texel(img, 2, 0) == Px{0, 0, 255, 255});
    CHECK(texel(img, 3, 0) == Px{255, 0, 0, 255});

    // CI8 with an IA16 palette at 0x100: entry 0x81 = (I 0x40, A 0xC0).
    Bytes pal8(512, 0);
    pal8[0x81 * 2] = 0x40, pal8[0x81 * 2 + 1] = 0xC0;
    TileDescriptor tl8;
    tl8.tmem = 0x100;
    tm.load_tlut(tl8, pal8, 256);
    const Bytes idx8 = {0x81, 0x00, 0, 0, 0, 0, 0, 0};
    tm.load_block(load, idx8, 2, 4, 2048);
    const Rgba8Image img8 = tm.decode(tile(2, 1, 8, 1, 1), TlutType::Ia16);
    CHECK(texel(img8, 0, 0) == Px{0x40, 0x40, 0x40, 0xC0});
    CHECK(texel(img8, 1, 0) == Px{0, 0, 0, 0});
}

TEST_CASE(
    "LOADBLOCK dxt == 0 expects odd rows pre-swapped; dxt != 0 and LOADTILE take linear rows") {
    // A 4x4 RGBA16 image, 8 bytes a row: texel (x, y) = 0x0100 * (y * 4 + x) + 1.
    Bytes linear(32);
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x) {
            const uint16_t v = uint16_t(0x0800 * (y * 4 + x) + 1);
            linear[size_t((y * 4 + x) * 2)] = uint8_t(v >> 8);
            linear[size_t((y * 4 + x) * 2 + 1)] = uint8_t(v);
        }
    // The same image as RAM holds it for dxt == 0: odd rows' 32-bit words swapped.
    Bytes swapped = linear;
    for (int y = 1; y < 4; y += 2)
        for (int b = 0; b < 8; ++b) swapped[size_t(y * 8 + b)] = linear[size_t(y * 8 + (b ^ 4))];
    const TileDescriptor t = tile(0, 2, 4, 4, 1);
    Tmem a, b, c;
    TileDescriptor load;
    a.load_block(load, swapped, 2, 16, 0);
    b.load_block(load, linear, 2, 16, 2048);
    TileDescriptor lt;
    lt.line = 1;
    c.load_tile(lt, linear, 8, 4, 8);
    const Rgba8Image ia = a.decode(t, TlutType::None), ib = b.decode(t, TlutType::None),
                     ic = c.decode(t, TlutType::None);
    // Texel (1, 1) = 0x0800 * 5 + 1 = 0x2801: r = 5 -> 41, g = 0, b = 0, a = 255.
    CHECK(texel(ia, 1, 1) == Px{41, 0, 0, 255});
    CHECK(ia.rgba == ib.rgba);
    CHECK(ia.rgba == ic.rgba);
    // Without the swap the odd row would come out shifted by two texels.
    Tmem wrong;
    wrong.load_block(load, linear, 2, 16, 0);
    CHECK(texel(wrong.decode(t, TlutType::None), 1, 1) != Px{41, 0, 0, 255});
}

TEST_CASE("Tile size comes from SETTILESIZE and is capped by the mask") {
    TileDescriptor t = tile(0, 2, 32, 16, 8);
    CHECK(Tmem::tile_width(t) == 32);
    CHECK(Tmem::tile_height(t) == 16);
    t.masks = 4;
    CHECK(Tmem::tile_width(t) == 16);
}
