#include "ripkit/n64/linear_image.hpp"

#include <algorithm>
#include <string>

#include "ripkit/error.hpp"
#include "ripkit/n64/gbi.hpp"

namespace ripkit::n64 {

size_t linear_row_bytes(uint8_t siz, uint32_t width) {
    return (size_t(width) * bits_per_texel(siz) + 7) / 8;
}

uint32_t linear_palette_entries(uint8_t fmt, uint8_t siz) {
    if (ImageFormat(fmt) != ImageFormat::Ci) return 0;
    return siz == uint8_t(TexelSize::B4) ? 16 : 256;
}

Rgba8Image decode_linear_image(uint8_t fmt, uint8_t siz, uint32_t width, uint32_t height,
                               ByteSpan texels, ByteSpan palette, TlutType palette_type) {
    const auto f = ImageFormat(fmt);
    const unsigned bits = siz <= 3 ? bits_per_texel(siz) : 0;
    const bool ok = (f == ImageFormat::Rgba && (bits == 16 || bits == 32)) ||
                    (f == ImageFormat::Ia && bits >= 4 && bits <= 16) ||
                    (f == ImageFormat::I && (bits == 4 || bits == 8)) ||
                    (f == ImageFormat::Ci && (bits == 4 || bits == 8));
    if (!ok)
        fail_no_offset(ErrorKind::Unsupported, "an RDP image format/size pair (got format " +
                                                   std::to_string(fmt) + ", size " +
                                                   std::to_string(siz) + ")");
    const size_t row = linear_row_bytes(siz, width);
    if (texels.size() < row * height)
        fail_no_offset(ErrorKind::Truncated, std::to_string(row * height) + " texel bytes (got " +
                                                 std::to_string(texels.size()) + ")");
    const uint32_t entries = linear_palette_entries(fmt, siz);
    if (palette.size() < size_t(entries) * 2)
        fail_no_offset(ErrorKind::Truncated, std::to_string(entries) + " palette entries (got " +
                                                 std::to_string(palette.size() / 2) + ")");
    Rgba8Image img;
    img.width = int(width), img.height = int(height);
    img.rgba.resize(size_t(width) * height * 4);
    for (uint32_t y = 0; y < height; ++y) {
        const uint8_t* r = texels.data() + size_t(y) * row;
        for (uint32_t x = 0; x < width; ++x) {
            const size_t bit = size_t(x) * bits;
            const uint8_t* p = r + bit / 8;
            // 4-bit texels: the high nibble comes first.
            const uint8_t nib = (bit & 4) ? (p[0] & 0xF) : (p[0] >> 4);
            // Only the texel's own bytes: the last one may end the span.
            std::array<uint8_t, 4> bytes{};
            for (unsigned k = 0; k < std::max(1u, bits / 8); ++k) bytes[k] = p[k];
            const std::array<uint8_t, 4> px =
                texel_to_rgba8(f, bits, bytes, nib, palette_type,
                               [&](size_t i) { return load_u16be(palette.data() + i * 2); });
            std::copy(px.begin(), px.end(), img.rgba.begin() + (size_t(y) * width + x) * 4);
        }
    }
    return img;
}

}  // namespace ripkit::n64
