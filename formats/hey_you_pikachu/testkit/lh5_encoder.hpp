// A small -lh5- encoder for the synthetic ROM (liblhasa only decodes): greedy
// LZSS over the 8 KiB window (hash chains, matches of 3..256 bytes) and static
// Huffman blocks with canonical codes. Not a competitive compressor - it only
// has to produce valid streams with literals, matches and several blocks.
#pragma once

#include <cstddef>

#include "ripkit/byte_reader.hpp"

namespace ripkit::hey_you_pikachu {

struct Lh5EncodeOptions {
    size_t block_symbols = 16384;  // symbols per Huffman block (<= 65535)
    bool matches = true;           // false: literals only
};

Bytes lh5_encode(ByteSpan data, const Lh5EncodeOptions& options = {});

}  // namespace ripkit::hey_you_pikachu
