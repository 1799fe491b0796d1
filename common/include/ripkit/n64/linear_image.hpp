// RDP-format images stored linearly in memory (row after row, no TMEM word
// interleaving), decoded to RGBA8 without going through TMEM - for images a
// game keeps outside display lists (e.g. banks it copies from at run time),
// which may be larger than the 4 KiB TMEM.
#pragma once

#include <cstdint>
#include <span>

#include "ripkit/byte_reader.hpp"
#include "ripkit/n64/texture.hpp"

namespace ripkit::n64 {

// Bytes of one row: width texels of the size's bits, rounded up to a byte.
size_t linear_row_bytes(uint8_t siz, uint32_t width);
// Palette entries a CI image of this size indexes (16 for 4-bit, 256 for
// 8-bit); 0 for other formats.
uint32_t linear_palette_entries(uint8_t fmt, uint8_t siz);

// Decodes width x height texels of fmt/siz (G_IM_FMT / G_IM_SIZ numbering)
// from `texels` (at least height * linear_row_bytes bytes). CI images read
// `palette` (big-endian 16-bit entries, RGBA5551 or IA88 by `palette_type`).
// Throws Error(Unsupported) for pairs the RDP lacks, Error(Truncated) when a
// span is short.
Rgba8Image decode_linear_image(uint8_t fmt, uint8_t siz, uint32_t width, uint32_t height,
                               ByteSpan texels, ByteSpan palette,
                               TlutType palette_type = TlutType::Rgba16);

}  // namespace ripkit::n64
