// Bitmap_Z pixels from bytes laid out by hand (zouna-meshes.md section 3,
// docs/formats/zouna.md's Bitmap_Z row): every Ratatouille / WALL-E raw
// format with pixels built here from the documented bit layout and the RGBA
// expected computed here, and mip chains whose later levels differ from
// level 0, so a level read from the wrong place shows.
#include "ripkit_catch.hpp"
#include "test_util.hpp"
#include "zouna/models/bitmap.hpp"

using namespace ripkit;
using namespace ripkit::zouna;
using namespace zouna_test;

namespace {

// An n-bit channel value widened to 8 bits by repeating its bits from the top
// (the DDS convention: 5 bits abcde -> abcdeabc); 1 bit -> 0 or 255.
uint8_t widen(uint32_t v, int bits) {
    if (bits == 1) return v ? 255 : 0;
    if (bits == 4) return uint8_t(v * 17);
    return uint8_t((v << (8 - bits)) | (v >> (2 * bits - 8)));
}

using Rgba = std::array<uint8_t, 4>;

struct RawCase {
    uint8_t code;
    int bytes_per_pixel;
    std::vector<uint32_t> pixels;  // little-endian on disk
    std::vector<Rgba> expect;
};

uint32_t p5551(uint32_t r, uint32_t g, uint32_t b, uint32_t a) {
    return r << 11 | g << 6 | b << 1 | a;
}
uint32_t p565(uint32_t r, uint32_t g, uint32_t b) { return r << 11 | g << 5 | b; }
uint32_t p4444(uint32_t r, uint32_t g, uint32_t b, uint32_t a) {
    return r << 12 | g << 8 | b << 4 | a;
}
uint32_t p1555(uint32_t a, uint32_t r, uint32_t g, uint32_t b) {
    return a << 15 | r << 10 | g << 5 | b;
}

// Four pixels (a 2 x 2 level 0) per format, each channel different, so a
// swapped or shifted channel changes the RGBA.
std::vector<RawCase> raw_cases() {
    auto w5 = [](uint32_t v) { return widen(v, 5); };
    auto w4 = [](uint32_t v) { return widen(v, 4); };
    return {
        {7,
         2,
         {p5551(31, 0, 16, 1), p5551(1, 20, 3, 0), p5551(0, 31, 0, 1), p5551(10, 5, 31, 0)},
         {Rgba{255, 0, w5(16), 255},
          {w5(1), w5(20), w5(3), 0},
          {0, 255, 0, 255},
          {w5(10), w5(5), 255, 0}}},
        {8,
         2,
         {p565(31, 0, 16), p565(1, 40, 3), p565(0, 63, 0), p565(10, 5, 31)},
         {Rgba{255, 0, w5(16), 255},
          {w5(1), widen(40, 6), w5(3), 255},
          {0, 255, 0, 255},
          {w5(10), widen(5, 6), 255, 255}}},
        {10,
         2,
         {p4444(15, 0, 8, 1), p4444(1, 10, 3, 15), p4444(0, 15, 0, 0), p4444(5, 6, 7, 9)},
         {Rgba{255, 0, w4(8), w4(1)},
          {w4(1), w4(10), w4(3), 255},
          {0, 255, 0, 0},
          {w4(5), w4(6), w4(7), w4(9)}}},
        {11,
         2,
         {p1555(1, 31, 0, 16), p1555(0, 1, 20, 3), p1555(1, 0, 31, 0), p1555(0, 10, 5, 31)},
         {Rgba{255, 0, w5(16), 255},
          {w5(1), w5(20), w5(3), 0},
          {0, 255, 0, 255},
          {w5(10), w5(5), 255, 0}}},
        {15,
         1,
         {0, 7, 128, 255},
         {Rgba{0, 0, 0, 255}, {7, 7, 7, 255}, {128, 128, 128, 255}, {255, 255, 255, 255}}},
        // I8A8: luminance in the low byte, alpha in the high byte.
        {16,
         2,
         {0x4010, 0xFF00, 0x00FF, 0x8081},
         {Rgba{0x10, 0x10, 0x10, 0x40},
          {0, 0, 0, 255},
          {255, 255, 255, 0},
          {0x81, 0x81, 0x81, 0x80}}},
        // BGRA8888 and BGR888: bytes blue, green, red (, alpha).
        {12, 4, {0x80112233, 0x00FF0001}, {Rgba{0x11, 0x22, 0x33, 0x80}, {0xFF, 0x00, 0x01, 0x00}}},
        {13, 3, {0x112233, 0xFF0001}, {Rgba{0x11, 0x22, 0x33, 255}, {0xFF, 0x00, 0x01, 255}}},
    };
}

// A Ratatouille or WALL-E Bitmap_Z body header (size 0: raw pixels follow).
void body_header(Hand& h, BodyLayout l, uint32_t w, uint32_t hgt, uint32_t size, uint8_t format,
                 uint8_t mips) {
    h.u32(w), h.u32(hgt), h.u32(size);
    if (l == BodyLayout::Ratatouille) {
        h.b.insert(h.b.end(), {format, format, 0, 0, mips, 4});
        h.u16(0);  // flags
    } else {
        h.u16(0);  // flags
        h.b.insert(h.b.end(), {format, mips, 4});
    }
}

void pixel(Hand& h, uint32_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) h.b.push_back(uint8_t(v >> (8 * i)));
}

BitmapZ read_body(const Hand& body, BodyLayout l) {
    Hand link;
    link.u32(0), link.u32(0);  // link name, no dependencies
    return read_bitmap(ByteReader(link.b), ByteReader(body.b), l, Limits{});
}

Rgba at(const BitmapZ& b, size_t i) {
    return {b.rgba.at(4 * i), b.rgba[4 * i + 1], b.rgba[4 * i + 2], b.rgba[4 * i + 3]};
}

const char* layout_name(BodyLayout l) {
    return l == BodyLayout::Ratatouille ? "Ratatouille" : "WALL-E";
}

}  // namespace

TEST_CASE("Bitmap_Z raw formats 7, 8, 10, 11, 12, 13, 15, 16 decode by the documented bit layout") {
    for (BodyLayout l : {BodyLayout::Ratatouille, BodyLayout::WallE})
        for (const RawCase& c : raw_cases()) {
            INFO(layout_name(l) << " raw format " << int(c.code));
            const uint32_t w = 2, h = uint32_t(c.pixels.size()) / 2;
            Hand body;
            body_header(body, l, w, h, 0, c.code, 0);
            for (uint32_t p : c.pixels) pixel(body, p, c.bytes_per_pixel);
            const BitmapZ b = read_body(body, l);
            CHECK(!b.dds_file);
            CHECK(b.format == c.code);
            CHECK(b.width == w);
            CHECK(b.height == h);
            CHECK(b.levels == 1);
            REQUIRE(b.rgba.size() == c.expect.size() * 4);
            for (size_t i = 0; i < c.expect.size(); ++i) {
                INFO("pixel " << i);
                CHECK(at(b, i) == c.expect[i]);
            }
        }
}

TEST_CASE("Bitmap_Z raw mip chain: level 0 first, the chain sized level by level") {
    for (BodyLayout l : {BodyLayout::Ratatouille, BodyLayout::WallE}) {
        INFO(layout_name(l));
        // 4 x 2 R5G6B5 with 2 mips: 8 + 2 + 1 pixels of 2 bytes = 22 bytes.
        Hand body;
        body_header(body, l, 4, 2, 0, 8, 2);
        for (int i = 0; i < 8; ++i) pixel(body, p565(uint32_t(i), 0, 0), 2);
        for (int i = 0; i < 2; ++i) pixel(body, p565(0, 63, 0), 2);  // level 1: green
        pixel(body, p565(0, 0, 31), 2);                              // level 2: blue
        const BitmapZ b = read_body(body, l);
        CHECK(b.levels == 3);
        CHECK(b.chain_bytes == 22);
        CHECK(b.data_bytes == 22);
        REQUIRE(b.rgba.size() == 4 * 2 * 4);
        for (size_t i = 0; i < 8; ++i) CHECK(at(b, i) == Rgba{widen(uint32_t(i), 5), 0, 0, 255});
        // One byte short of level 2: the chain does not fit.
        Hand short_body = body;
        short_body.b.pop_back();
        CHECK_THROWS_WITH(read_body(short_body, l),
                          Catch::Matchers::ContainsSubstring("3 mip levels") &&
                              Catch::Matchers::ContainsSubstring("22 bytes"));
    }
}

namespace {

// A one-colour DXT1 block: colour 0 = `c` (> colour 1 = 0: four-colour mode),
// every index 0.
void dxt1_solid(Hand& h, uint16_t c) {
    h.u16(c), h.u16(0);
    h.u32(0);
}

// A 128-byte DDS header for a DXT1 w x h with `levels` mip levels.
void dds_header(Hand& d, uint32_t w, uint32_t h, uint32_t levels) {
    d.u32(0x20534444), d.u32(124);
    d.u32(0x1007 | 0x80000 | (levels > 1 ? 0x20000 : 0));  // caps, h, w, pf, linear size, mips
    d.u32(h), d.u32(w), d.u32(((w + 3) / 4) * ((h + 3) / 4) * 8), d.u32(0), d.u32(levels);
    for (int i = 0; i < 11; ++i) d.u32(0);
    d.u32(32), d.u32(4), d.u32(0x31545844);  // DDPF_FOURCC, "DXT1"
    for (int i = 0; i < 5; ++i) d.u32(0);
    d.u32(0x1000 | (levels > 1 ? 0x400008 : 0));  // texture (+ complex, mipmap)
    for (int i = 0; i < 4; ++i) d.u32(0);
}

// 8 x 4 DXT1, 2 levels: level 0 = a red block then a green one, level 1 (4 x 2) blue.
Hand dxt1_chain() {
    Hand s;
    dxt1_solid(s, 0xF800);
    dxt1_solid(s, 0x07E0);
    dxt1_solid(s, 0x001F);
    return s;
}

// Level 0 of dxt1_chain: x < 4 red, x >= 4 green, every row.
void check_level0(const BitmapZ& b) {
    CHECK(image::pixel_format_name(b.pixel) == "DXT1");
    CHECK(b.levels == 2);
    CHECK(b.chain_bytes == 24);  // 2 blocks + 1 block of 8 bytes
    REQUIRE(b.rgba.size() == 8 * 4 * 4);
    for (size_t y = 0; y < 4; ++y)
        for (size_t x = 0; x < 8; ++x) {
            INFO("x " << x << " y " << y);
            CHECK(at(b, y * 8 + x) == (x < 4 ? Rgba{255, 0, 0, 255} : Rgba{0, 255, 0, 255}));
        }
}

// FUEL's link header: link name, class, w, h, size, flags, type, pad, layer,
// format, mips, 4, class2, format copy, transparency.
Hand fuel_link(uint32_t w, uint32_t h, uint32_t size, uint8_t format, uint8_t mips) {
    Hand l;
    l.u32(0), l.u16(0), l.u32(w), l.u32(h), l.u32(size);
    l.b.insert(l.b.end(), {0, 1}), l.u16(0), l.f32(0);
    l.b.insert(l.b.end(), {format, mips, 4, 3, format, 0});
    return l;
}

}  // namespace

TEST_CASE("Bitmap_Z DXT1 mips: level 0 from the first blocks (DDS file and FUEL bare surfaces)") {
    const Hand chain = dxt1_chain();
    for (BodyLayout l : {BodyLayout::Ratatouille, BodyLayout::WallE}) {
        INFO(layout_name(l));
        Hand body;
        body_header(body, l, 8, 4, 128 + 24, 13, 1);
        dds_header(body, 8, 4, 2);
        body.b.insert(body.b.end(), chain.b.begin(), chain.b.end());
        const BitmapZ b = read_body(body, l);
        CHECK(b.dds_file);
        check_level0(b);
        // A DDS header claiming 3 levels needs 32 bytes of surfaces.
        Hand three;
        body_header(three, l, 8, 4, 128 + 24, 13, 2);
        dds_header(three, 8, 4, 3);
        three.b.insert(three.b.end(), chain.b.begin(), chain.b.end());
        CHECK_THROWS_WITH(read_body(three, l),
                          Catch::Matchers::ContainsSubstring("3 mip levels") &&
                              Catch::Matchers::ContainsSubstring("(32 bytes)"));
    }
    const Hand fl = fuel_link(8, 4, 24, 14, 1);
    const BitmapZ f =
        read_bitmap(ByteReader(fl.b), ByteReader(chain.b), BodyLayout::Fuel, Limits{});
    CHECK(!f.dds_file);
    check_level0(f);
    const Hand fl3 = fuel_link(8, 4, 24, 14, 2);
    CHECK_THROWS_WITH(
        read_bitmap(ByteReader(fl3.b), ByteReader(chain.b), BodyLayout::Fuel, Limits{}),
        Catch::Matchers::ContainsSubstring("3 mip levels") &&
            Catch::Matchers::ContainsSubstring("only 24 bytes"));
}
