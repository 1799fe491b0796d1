#include "zouna/models/bitmap.hpp"

namespace ripkit::zouna {

namespace {

image::PixelFormat masked(uint32_t bits, uint32_t r, uint32_t g, uint32_t b, uint32_t a,
                          bool lum = false) {
    image::PixelFormat f;
    f.kind = image::PixelFormat::Kind::Masked;
    f.bits = bits;
    f.r_mask = r;
    f.g_mask = g;
    f.b_mask = b;
    f.a_mask = a;
    f.luminance = lum;
    return f;
}

void check_size(const ByteReader& r, uint32_t w, uint32_t h, const Limits& limits) {
    if (!w || !h)
        r.fail_at(
            0, ErrorKind::BadValue,
            "a bitmap of at least 1 x 1, got " + std::to_string(w) + " x " + std::to_string(h));
    check_alloc(limits, uint64_t(w) * h, 4, r.abs(0), "bitmap pixels");
}

// Pixels from `data` (at `data_at` in `r`): the chain must fit; level 0 decoded.
void decode_pixels(const ByteReader& r, size_t data_at, BitmapZ& b) {
    const ByteSpan data = r.data().subspan(data_at);
    b.data_bytes = data.size();
    b.chain_bytes = image::mip_chain_size(b.pixel, b.width, b.height, b.levels);
    if (b.chain_bytes > data.size())
        r.fail_at(data_at, ErrorKind::Truncated,
                  std::to_string(b.levels) + " mip levels of " + std::to_string(b.width) + " x " +
                      std::to_string(b.height) + " " + image::pixel_format_name(b.pixel) + " (" +
                      std::to_string(b.chain_bytes) + " bytes), only " +
                      std::to_string(data.size()) + " bytes of pixel data");
    b.rgba = image::decode_surface(b.pixel, data, b.width, b.height, r.abs(data_at));
}

// Ratatouille / WALL-E: a DDS file whose header must agree with the body's.
void read_dds_data(ByteReader& r, BitmapZ& b) {
    const size_t at = r.pos();
    if (b.size != r.remaining())
        r.fail_at(at, ErrorKind::BadValue,
                  "a DDS file of the stored size " + std::to_string(b.size) + " bytes, got " +
                      std::to_string(r.remaining()));
    const image::DdsHeader h =
        with_context("DDS header", [&] { return image::read_dds_header(r); });
    if (h.width != b.width || h.height != b.height)
        r.fail_at(at + 12, ErrorKind::BadValue,
                  "a DDS of the bitmap's " + std::to_string(b.width) + " x " +
                      std::to_string(b.height) + ", got " + std::to_string(h.width) + " x " +
                      std::to_string(h.height));
    b.dds_file = true;
    b.pixel = h.format;
    b.levels = h.levels;
    decode_pixels(r, r.pos(), b);
}

void read_raw_data(ByteReader& r, BitmapZ& b) {
    const std::optional<image::PixelFormat> f = rat_raw_format(b.format);
    if (!f)
        r.fail_at(r.pos(), ErrorKind::Unsupported,
                  "a PC bitmap format (raw 7, 8, 10, 11, 12, 13, 15, 16 or a DDS file), got raw "
                  "format " +
                      std::to_string(b.format) +
                      " (palettised and console formats are out of scope)");
    b.pixel = *f;
    b.levels = uint32_t(b.mips) + 1;
    decode_pixels(r, r.pos(), b);
}

void read_fuel_link(ByteReader& l, BitmapZ& b) {
    b.link.link_name = l.u32("link name");
    b.bitmap_class = l.u16("bitmap class");
    b.width = l.u32("width");
    b.height = l.u32("height");
    b.size = l.u32("precalculated size");
    b.fuel_flags = l.u8("flags");
    b.bitmap_type = l.u8("bitmap type");
    l.skip(2, "pad");
    b.layer = l.f32("layer");
    b.format = l.u8("format");
    b.mips = l.u8("mip count");
    l.skip(1, "four");
    b.bitmap_class2 = l.u8("bitmap class 2");
    b.format_copy = l.u8("format copy");
    b.transparency = l.u8("transparency");
    expect_end(l, "Bitmap_Z link header");
}

}  // namespace

std::optional<image::PixelFormat> rat_raw_format(uint8_t code) {
    switch (code) {
        case 7:
            return masked(16, 0xF800, 0x07C0, 0x003E, 0x0001);
        case 8:
            return masked(16, 0xF800, 0x07E0, 0x001F, 0);
        case 10:
            return masked(16, 0xF000, 0x0F00, 0x00F0, 0x000F);
        case 11:
            return masked(16, 0x7C00, 0x03E0, 0x001F, 0x8000);
        case 12:
            return masked(32, 0x00FF0000, 0x0000FF00, 0x000000FF, 0xFF000000);
        case 13:
            return masked(24, 0xFF0000, 0x00FF00, 0x0000FF, 0);
        case 15:
            return masked(8, 0xFF, 0, 0, 0, true);
        case 16:
            return masked(16, 0x00FF, 0, 0, 0xFF00, true);
        default:
            return std::nullopt;
    }
}

std::optional<image::PixelFormat> fuel_format(uint8_t code) {
    switch (code) {
        case 7:
            return masked(16, 0x00FF, 0, 0, 0xFF00, true);
        case 14:
            return image::dxt_format(1);
        case 16:
            return image::dxt_format(5);
        default:
            return std::nullopt;
    }
}

BitmapZ read_bitmap(ByteReader link, ByteReader body, BodyLayout layout, const Limits& limits) {
    BitmapZ b;
    b.layout = layout;
    ByteReader& r = body;
    if (layout == BodyLayout::Fuel) {
        with_context("link header", [&] { read_fuel_link(link, b); });
        check_size(link, b.width, b.height, limits);
        const std::optional<image::PixelFormat> f = fuel_format(b.format_copy);
        if (b.bitmap_class != 0 || !f)
            link.fail_at(4, ErrorKind::Unsupported,
                         "a single FUEL bitmap of format 7 (A8L8), 14 (DXT1) or 16 (DXT5), got "
                         "class " +
                             std::to_string(b.bitmap_class) + " format " +
                             std::to_string(b.format_copy));
        if (b.size && b.size != r.size())
            link.fail_at(14, ErrorKind::BadValue,
                         "a precalculated size equal to the " + std::to_string(r.size()) +
                             " bytes of pixel data (or 0), got " + std::to_string(b.size));
        b.pixel = *f;
        b.levels = uint32_t(b.mips) + 1;
        decode_pixels(r, 0, b);
        return b;
    }
    with_context("link header", [&] { b.link = read_resource_link(link, layout, limits); });
    b.width = r.u32("width");
    b.height = r.u32("height");
    b.size = r.u32("precalculated size");
    if (layout == BodyLayout::Ratatouille) {
        b.format = r.u8("format");
        b.format_copy = r.u8("format copy");
        b.palette_format = r.u8("palette format");
        b.transparency = r.u8("transparency");
        b.mips = r.u8("mip count");
        r.skip(1, "four");
        b.flags = r.u16("flags");
    } else {
        b.flags = r.u16("flags");
        b.format = r.u8("format");
        b.mips = r.u8("mip count");
        r.skip(1, "four");
    }
    check_size(r, b.width, b.height, limits);
    if (b.size)
        read_dds_data(r, b);
    else
        read_raw_data(r, b);
    return b;
}

}  // namespace ripkit::zouna
