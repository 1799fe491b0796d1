// Asobo's LZRS ("Asobo LZ") compression of object bodies.
//
// Stream: u32 decompressed size, u32 compressed size (including these 8
// bytes), both little-endian on every platform; then chunks. A chunk is a
// big-endian u32 flag word: its low 2 bits n choose the match split, its top
// 30 bits (MSB first) say literal byte (0) or match (1). A match is a
// big-endian u16: top n+2 bits length-3, low 14-n bits distance-1. Decoding
// stops as soon as the output reaches the decompressed size.
#pragma once

#include "ripkit/byte_reader.hpp"
#include "ripkit/limits.hpp"

namespace ripkit::zouna {

struct LzrsHeader {
    uint32_t decompressed_size = 0;
    uint32_t compressed_size = 0;  // including the 8 header bytes
};

LzrsHeader lzrs_header(const ByteReader& in);

// Decodes a whole LZRS stream (header included) from `in`. Errors name the
// absolute offset (truncated chunk, match before the start, size mismatch).
Bytes lzrs_decompress(ByteReader in, const Limits& limits);

// A real compressor (greedy LZ with hash chains over the 16 KiB window; each
// chunk picks the split n that covers the most input). Output includes the
// 8-byte header and round-trips through lzrs_decompress.
Bytes lzrs_compress(ByteSpan data);

}  // namespace ripkit::zouna
