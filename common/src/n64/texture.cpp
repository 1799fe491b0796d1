#include "ripkit/n64/texture.hpp"

#include <algorithm>
#include <string>

#include "ripkit/error.hpp"

namespace ripkit::n64 {

unsigned bits_per_texel(uint8_t siz) { return 4u << (siz & 3); }

std::array<uint8_t, 4> rgba16_to_rgba8(uint16_t c) {
    return {expand5((c >> 11) & 31), expand5((c >> 6) & 31), expand5((c >> 1) & 31),
            uint8_t((c & 1) ? 255 : 0)};
}

std::array<uint8_t, 4> ia16_to_rgba8(uint16_t c) {
    const uint8_t i = uint8_t(c >> 8), a = uint8_t(c & 0xFF);
    return {i, i, i, a};
}

void Tmem::load_block(const TileDescriptor& tile, ByteSpan src, uint8_t img_siz, uint32_t texels,
                      uint32_t dxt) {
    const uint64_t bytes = (uint64_t(texels) * bits_per_texel(img_siz) + 7) / 8;
    const uint64_t words = std::min<uint64_t>((bytes + 7) / 8, kBytes / 8);
    uint32_t t = 0;  // 1.11 row accumulator: the RDP swaps words of odd rows
    for (uint64_t w = 0; w < words; ++w) {
        const bool odd = dxt != 0 && ((t >> 11) & 1);
        for (uint32_t b = 0; b < 8; ++b) {
            const uint64_t s = w * 8 + b;
            const uint8_t v = s < src.size() && s < bytes ? src[s] : 0;
            uint32_t addr = uint32_t(tile.tmem * 8 + w * 8 + b);
            if (odd) addr ^= 4;
            bytes_[addr & (kBytes - 1)] = v;
        }
        t += dxt;
    }
}

void Tmem::load_tile(const TileDescriptor& tile, ByteSpan src, size_t src_stride, uint32_t rows,
                     uint32_t row_bytes) {
    for (uint32_t r = 0; r < rows; ++r) {
        for (uint32_t b = 0; b < row_bytes; ++b) {
            const size_t s = size_t(r) * src_stride + b;
            const uint8_t v = s < src.size() ? src[s] : 0;
            uint32_t addr = tile.tmem * 8 + r * tile.line * 8 + b;
            if (r & 1) addr ^= 4;
            bytes_[addr & (kBytes - 1)] = v;
        }
    }
}

void Tmem::load_tlut(const TileDescriptor& tile, ByteSpan src, uint32_t count) {
    // Assumed (formats list it in their schema): palettes live in the upper half (word >= 0x100);
    // entry e is stored unquadricated in tlut_[word - 0x100 + e].
    const uint32_t first = tile.tmem >= 0x100 ? tile.tmem - 0x100 : tile.tmem;
    for (uint32_t e = 0; e < count && first + e < tlut_.size(); ++e) {
        const size_t s = size_t(e) * 2;
        tlut_[first + e] = s + 1 < src.size() ? load_u16be(src.data() + s) : 0;
    }
}

int Tmem::tile_width(const TileDescriptor& t) {
    int w = t.lrs >= t.uls ? int((t.lrs - t.uls) >> 2) + 1 : 1;
    if (t.masks) w = std::min(w, 1 << std::min<int>(t.masks, 10));
    return w;
}

int Tmem::tile_height(const TileDescriptor& t) {
    int h = t.lrt >= t.ult ? int((t.lrt - t.ult) >> 2) + 1 : 1;
    if (t.maskt) h = std::min(h, 1 << std::min<int>(t.maskt, 10));
    return h;
}

Rgba8Image Tmem::decode(const TileDescriptor& t, TlutType tlut) const {
    const auto fmt = ImageFormat(t.fmt);
    const unsigned bits = bits_per_texel(t.siz);
    const bool ok = (fmt == ImageFormat::Rgba && bits >= 16) ||
                    (fmt == ImageFormat::Ia && bits <= 16) ||
                    (fmt == ImageFormat::I && bits <= 8) || (fmt == ImageFormat::Ci && bits <= 8);
    if (!ok)
        fail_no_offset(ErrorKind::Unsupported, std::string("an RDP texture format (got ") +
                                                   texture_format_name(t.fmt, t.siz) + ")");
    Rgba8Image img;
    img.width = tile_width(t);
    img.height = tile_height(t);
    img.rgba.resize(size_t(img.width) * size_t(img.height) * 4);
    // A zero line (never set) falls back to the packed row size.
    const uint32_t line = t.line ? t.line : (uint32_t(img.width) * bits + 63) / 64;
    for (int y = 0; y < img.height; ++y) {
        const uint32_t row = t.tmem * 8 + uint32_t(y) * line * 8;
        const uint32_t swap = (y & 1) ? 4 : 0;
        for (int x = 0; x < img.width; ++x) {
            const uint32_t bit = uint32_t(x) * bits;
            const uint32_t addr = (row + bit / 8) ^ swap;
            const uint8_t b0 = byte_at(addr);
            const uint8_t nib = (bit & 4) ? (b0 & 0xF) : (b0 >> 4);
            const std::array<uint8_t, 4> bytes{b0, byte_at(addr + 1), byte_at(addr + 2),
                                               byte_at(addr + 3)};
            // A CI4 tile reads the 16 entries of its palette number.
            const std::array<uint8_t, 4> px = texel_to_rgba8(
                fmt, bits, bytes, nib, tlut,
                [&](size_t i) { return tlut_entry(bits == 4 ? size_t(t.palette) * 16 + i : i); });
            std::copy(px.begin(), px.end(), img.rgba.begin() + (size_t(y) * img.width + x) * 4);
        }
    }
    return img;
}

}  // namespace ripkit::n64
