#include "ripkit/image/png.hpp"

#include <png.h>

#include <string>

#include "ripkit/error.hpp"

namespace ripkit::image {

namespace {

void write_to_vector(png_structp png, png_bytep data, png_size_t len) {
    auto* out = static_cast<Bytes*>(png_get_io_ptr(png));
    out->insert(out->end(), data, data + len);
}

void flush_nothing(png_structp) {}

// libpng reports errors through longjmp by default; a C++ throw from the error
// callback unwinds through libpng's C frames, which is safe with its own
// allocations released by png_destroy_*_struct in our scope guard.
[[noreturn]] void throw_png_error(png_structp, png_const_charp msg) {
    fail_no_offset(ErrorKind::BadValue, std::string("a PNG libpng accepts (") + msg + ")");
}

void ignore_warning(png_structp, png_const_charp) {}

struct ReadCursor {
    ByteSpan data;
    size_t pos = 0;
};

void read_from_span(png_structp png, png_bytep out, png_size_t len) {
    auto* cur = static_cast<ReadCursor*>(png_get_io_ptr(png));
    if (len > cur->data.size() - cur->pos) fail(ErrorKind::Truncated, cur->pos, "more PNG data");
    std::memcpy(out, cur->data.data() + cur->pos, len);
    cur->pos += len;
}

}  // namespace

Bytes encode_png_rgba(int width, int height, ByteSpan rgba) {
    if (width <= 0 || height <= 0 || width > 65536 || height > 65536 ||
        rgba.size() != size_t(width) * size_t(height) * 4)
        fail_no_offset(ErrorKind::BadValue, "an RGBA image of " + std::to_string(width) + "x" +
                                                std::to_string(height) + " texels");
    png_structp png =
        png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, throw_png_error, ignore_warning);
    if (!png) fail_no_offset(ErrorKind::AllocationLimit, "memory for a PNG encoder");
    png_infop info = png_create_info_struct(png);
    Bytes out;
    try {
        if (!info) fail_no_offset(ErrorKind::AllocationLimit, "memory for a PNG encoder");
        png_set_write_fn(png, &out, write_to_vector, flush_nothing);
        png_set_IHDR(png, info, png_uint_32(width), png_uint_32(height), 8, PNG_COLOR_TYPE_RGBA,
                     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        png_write_info(png, info);
        for (int y = 0; y < height; ++y)
            png_write_row(png, rgba.data() + size_t(y) * size_t(width) * 4);
        png_write_end(png, nullptr);
    } catch (...) {
        png_destroy_write_struct(&png, &info);
        throw;
    }
    png_destroy_write_struct(&png, &info);
    return out;
}

Bytes decode_png_rgba(ByteSpan data, int& width, int& height) {
    if (data.size() < 8 || png_sig_cmp(data.data(), 0, 8) != 0)
        fail(ErrorKind::WrongFormat, 0, "a PNG signature");
    png_structp png =
        png_create_read_struct(PNG_LIBPNG_VER_STRING, nullptr, throw_png_error, ignore_warning);
    if (!png) fail_no_offset(ErrorKind::AllocationLimit, "memory for a PNG decoder");
    png_infop info = png_create_info_struct(png);
    Bytes out;
    ReadCursor cur{data, 0};
    try {
        if (!info) fail_no_offset(ErrorKind::AllocationLimit, "memory for a PNG decoder");
        png_set_read_fn(png, &cur, read_from_span);
        png_read_info(png, info);
        png_set_expand(png);
        png_set_strip_16(png);
        png_set_gray_to_rgb(png);
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
        png_read_update_info(png, info);
        width = int(png_get_image_width(png, info));
        height = int(png_get_image_height(png, info));
        if (width <= 0 || height <= 0 || width > 16384 || height > 16384)
            fail_no_offset(ErrorKind::BadValue, "PNG dimensions up to 16384");
        out.resize(size_t(width) * size_t(height) * 4);
        for (int y = 0; y < height; ++y)
            png_read_row(png, out.data() + size_t(y) * width * 4, nullptr);
    } catch (...) {
        png_destroy_read_struct(&png, &info, nullptr);
        throw;
    }
    png_destroy_read_struct(&png, &info, nullptr);
    return out;
}

}  // namespace ripkit::image
