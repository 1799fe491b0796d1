// RDP texture memory (4 KiB TMEM + the 8 tile descriptors) and decoding of a
// tile to RGBA8. Loads copy RAM into TMEM the way the RDP does (odd rows of a
// LOADTILE, or of a LOADBLOCK with dxt != 0, are 32-bit word swapped); a tile
// is read back with odd rows un-swapped. So a LOADBLOCK with dxt == 0 expects
// RAM that is already interleaved, as on hardware.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "ripkit/byte_reader.hpp"
#include "ripkit/n64/gbi.hpp"

namespace ripkit::n64 {

// Othermode-H G_MDSFT_TEXTLUT (2 bits at shift 14).
enum class TlutType : uint8_t { None = 0, Rgba16 = 2, Ia16 = 3 };

enum class WrapMode : uint8_t { Wrap = 0, Mirror = 1, Clamp = 2, MirrorClamp = 3 };

struct TileDescriptor {
    uint8_t fmt = 0, siz = 0;
    uint32_t line = 0, tmem = 0;  // 64-bit words
    uint8_t palette = 0, cms = 0, cmt = 0, masks = 0, maskt = 0, shifts = 0, shiftt = 0;
    uint32_t uls = 0, ult = 0, lrs = 0, lrt = 0;  // 10.2
    bool operator==(const TileDescriptor&) const = default;
};

// The texture image SETTIMG points at, resolved to bytes by the caller.
struct TextureImage {
    uint8_t fmt = 0, siz = 0;
    uint32_t width = 0;
    uint32_t address = 0;
};

struct Rgba8Image {
    int width = 0, height = 0;
    std::vector<uint8_t> rgba;  // width*height*4, rows top to bottom
};

// Bytes per texel of a RAM image; 4-bit images count as half a byte (returns 0
// and callers use bits_per_texel).
unsigned bits_per_texel(uint8_t siz);

// Expands a 5-bit channel to 8 bits the way the RDP does ((n << 3) | (n >> 2)).
inline uint8_t expand5(uint32_t n) { return uint8_t((n << 3) | (n >> 2)); }
// RGBA5551 to RGBA8.
std::array<uint8_t, 4> rgba16_to_rgba8(uint16_t c);
// IA88 (intensity high byte, alpha low byte) to RGBA8.
std::array<uint8_t, 4> ia16_to_rgba8(uint16_t c);

// One texel to RGBA8 with the RDP's expansions. `b` holds the texel's bytes in
// image order (bits/8 of them are used; one for 4-bit sizes), `nib` its nibble
// for 4-bit sizes. CI texels look their index (the byte, or the nibble) up
// through `palette(index) -> uint16_t`, read as RGBA5551 or IA88 by `tlut`.
// Formats/sizes the RDP lacks come out transparent black (callers refuse them
// before decoding).
template <class Palette>
std::array<uint8_t, 4> texel_to_rgba8(ImageFormat f, unsigned bits, const std::array<uint8_t, 4>& b,
                                      uint8_t nib, TlutType tlut, Palette&& palette) {
    switch (f) {
        case ImageFormat::Rgba:
            if (bits == 16) return rgba16_to_rgba8(uint16_t(b[0] << 8 | b[1]));
            return b;
        case ImageFormat::Ia:
            if (bits == 16) return ia16_to_rgba8(uint16_t(b[0] << 8 | b[1]));
            if (bits == 8) {
                const uint8_t i = uint8_t((b[0] >> 4) * 17), a = uint8_t((b[0] & 15) * 17);
                return {i, i, i, a};
            } else {
                // 3-bit intensity, 1-bit alpha.
                const uint32_t i3 = nib >> 1;
                const uint8_t i = uint8_t((i3 << 5) | (i3 << 2) | (i3 >> 1));
                return {i, i, i, uint8_t((nib & 1) ? 255 : 0)};
            }
        case ImageFormat::I: {
            const uint8_t i = bits == 8 ? b[0] : uint8_t(nib * 17);
            return {i, i, i, i};
        }
        case ImageFormat::Ci: {
            const uint16_t c = palette(bits == 8 ? size_t(b[0]) : size_t(nib));
            return tlut == TlutType::Ia16 ? ia16_to_rgba8(c) : rgba16_to_rgba8(c);
        }
        default:
            return {0, 0, 0, 0};
    }
}

class Tmem {
  public:
    static constexpr size_t kBytes = 4096;

    Tmem() { bytes_.fill(0); }

    // G_LOADBLOCK: `src` starts at the first texel loaded (the caller resolved
    // SETTIMG + uls/ult); `texels` = lrs+1 in the image's own size, except that
    // 4-bit images are loaded as 16-bit by convention (the caller passes the
    // SETTIMG size). `dxt` is the 1.11 line increment.
    void load_block(const TileDescriptor& tile, ByteSpan src, uint8_t img_siz, uint32_t texels,
                    uint32_t dxt);
    // G_LOADTILE: `rows` rows of `row_bytes` from `src` (RAM stride `src_stride`)
    // into TMEM at the tile's address with the tile's line stride.
    void load_tile(const TileDescriptor& tile, ByteSpan src, size_t src_stride, uint32_t rows,
                   uint32_t row_bytes);
    // G_LOADTLUT: `count` 16-bit entries into the palette area starting at the
    // tile's TMEM word (>= 0x100; entry e of palette area = word 0x100 + e).
    void load_tlut(const TileDescriptor& tile, ByteSpan src, uint32_t count);

    // The tile's texels as RGBA8: width x height from its tile size (clamped to
    // 1 << mask when a mask is set), CI through the palette of `tlut`.
    // Throws Error(Unsupported) for YUV and size/format pairs the RDP lacks.
    Rgba8Image decode(const TileDescriptor& tile, TlutType tlut) const;

    // Tile dimensions as decode() uses them.
    static int tile_width(const TileDescriptor& t);
    static int tile_height(const TileDescriptor& t);

    const std::array<uint8_t, kBytes>& bytes() const { return bytes_; }
    uint16_t tlut_entry(size_t i) const { return i < tlut_.size() ? tlut_[i] : 0; }

  private:
    uint8_t byte_at(uint32_t addr) const { return bytes_[addr & (kBytes - 1)]; }
    std::array<uint8_t, kBytes> bytes_;
    std::array<uint16_t, 256> tlut_{};
};

}  // namespace ripkit::n64
