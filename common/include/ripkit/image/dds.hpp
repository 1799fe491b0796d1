// DirectDraw Surface pixel data: the S3TC block formats (DXT1, DXT3, DXT5)
// and uncompressed formats described by bit masks, as whole .dds files or
// bare surfaces (a mip chain with no header). Decodes one level to RGBA8.
#pragma once

#include <cstdint>
#include <string>

#include "ripkit/byte_reader.hpp"

namespace ripkit::image {

struct PixelFormat {
    enum class Kind { Dxt1, Dxt3, Dxt5, Masked };
    Kind kind = Kind::Masked;
    // Masked: bits per pixel (8, 16, 24 or 32; little-endian pixels) and the
    // channel masks; a zero mask is absent (alpha 255, colour 0). Luminance:
    // r_mask holds the grey level, copied to red, green and blue.
    uint32_t bits = 32;
    uint32_t r_mask = 0x00FF0000, g_mask = 0x0000FF00, b_mask = 0x000000FF, a_mask = 0xFF000000;
    bool luminance = false;
};

PixelFormat dxt_format(int n);  // 1, 3 or 5
// "DXT1", "BGRA8888", "masked 16-bit (...)", for messages and dump.
std::string pixel_format_name(const PixelFormat& f);

// Bytes of one level of w x h pixels (blocks of 4 x 4 for DXT: at least one).
uint64_t surface_size(const PixelFormat& f, uint32_t w, uint32_t h);
// Bytes of `levels` levels starting at w x h, each halved (at least 1).
uint64_t mip_chain_size(const PixelFormat& f, uint32_t w, uint32_t h, uint32_t levels);

// One level to RGBA8, rows top to bottom. `data` must hold surface_size
// bytes (Error(Truncated) otherwise). DXT colours follow the S3TC rules:
// 5/6-bit values widened by repeating their high bits, the in-between
// colours (2a + b) / 3 and (a + 2b) / 3 or (a + b) / 2 truncated, DXT1's
// fourth colour transparent black when colour 0 <= colour 1 (DXT3/5 always
// use four colours), DXT3 alpha = 4 bits x 17, DXT5 alpha interpolated
// with truncation (six or eight levels).
Bytes decode_surface(const PixelFormat& f, ByteSpan data, uint32_t w, uint32_t h,
                     uint64_t base_offset = 0);

// The 128-byte header of a .dds file ("DDS ", 124, ...): size, mip levels
// (>= 1) and pixel format (FourCC DXT1/DXT3/DXT5, or RGB / luminance /
// alpha masks). Throws WrongFormat for a bad magic or sizes, Unsupported for
// other FourCCs (DX10 headers, ...), cube maps and volume textures.
struct DdsHeader {
    uint32_t width = 0, height = 0, levels = 1;
    PixelFormat format;
    uint32_t fourcc = 0;  // as stored (0 for masked formats)
};
inline constexpr size_t kDdsHeaderSize = 128;
DdsHeader read_dds_header(ByteReader& r);

}  // namespace ripkit::image
