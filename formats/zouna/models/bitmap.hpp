// Bitmap_Z: a texture (zouna-meshes.md section 3, "Bitmap_Z"): Ratatouille
// and WALL-E keep the header in the body, followed by a whole DDS file (size
// field != 0) or raw pixels; FUEL keeps it in the link header and the body is
// the bare DDS surface data, every mip level. PC formats only: console
// swizzles and palettes (PS2, GameCube) are out of scope (Unsupported).
#pragma once

#include <optional>

#include "ripkit/image/dds.hpp"
#include "zouna/models/link.hpp"

namespace ripkit::zouna {

struct BitmapZ {
    BodyLayout layout = BodyLayout::Fuel;
    ResourceLink link;
    uint32_t width = 0, height = 0;
    uint32_t size = 0;  // "precalculated size"
    uint8_t format = 0, format_copy = 0, palette_format = 0, transparency = 0;
    uint8_t mips = 0;  // levels after the first, as stored
    uint16_t flags = 0;
    // FUEL link header fields.
    uint16_t bitmap_class = 0;  // 0 single, 2 cube map
    uint8_t bitmap_type = 0, bitmap_class2 = 0, fuel_flags = 0;
    float layer = 0.0f;
    // What the data turned out to be.
    bool dds_file = false;  // a whole .dds (Ratatouille / WALL-E size != 0)
    uint32_t levels = 1;    // mip levels held (the DDS header's when there is one)
    image::PixelFormat pixel;
    uint64_t data_bytes = 0, chain_bytes = 0;  // pixel data stored / the mip chain needs
    Bytes rgba;  // level 0 decoded, width x height x 4, rows top to bottom
};

// Raw (headerless) Ratatouille / WALL-E format codes (RatDecomp BmFormat_Z).
// ASSUMPTION(raw16): 16-bit formats are named from the high bit down (5551 =
// R5 G5 B5 A1, 4444 = R4 G4 B4 A4, 1555 = A1 R5 G5 B5, 565 = R5 G6 B5),
// pixels little-endian; I8A8 = luminance in the low byte.
std::optional<image::PixelFormat> rat_raw_format(uint8_t code);

// FUEL link header formats (bff BmFormat): 7 A8L8, 14 DXT1, 16 DXT5.
std::optional<image::PixelFormat> fuel_format(uint8_t code);

// Decodes the header, checks that the size field, the DDS header and the mip
// chain agree with the data (a chain longer than the data is an error) and
// decodes level 0.
BitmapZ read_bitmap(ByteReader link, ByteReader body, BodyLayout layout, const Limits& limits);

}  // namespace ripkit::zouna
