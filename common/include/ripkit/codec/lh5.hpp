// Raw LHA "-lh5-" streams (LZSS over an 8 KiB window + static Huffman blocks),
// decoded through liblhasa's lha_decoder API. The stream carries no header and
// no end marker: the caller must know the unpacked size (N64 resources store it
// next to the stream).
#pragma once

#include <cstdint>

#include "ripkit/byte_reader.hpp"
#include "ripkit/limits.hpp"

namespace ripkit::codec {

// Decodes `packed` (offset `base` in the input, for messages) to exactly
// `unpacked_size` bytes. The size is checked against limits before allocating.
// Throws Error(Truncated) naming how many bytes came out when the stream ends
// (or turns invalid) early - an LH5 block that lies about its size - and never
// reads past `packed`.
Bytes lh5_decode(ByteSpan packed, uint64_t unpacked_size, const Limits& limits, uint64_t base = 0);

}  // namespace ripkit::codec
