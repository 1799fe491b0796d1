// Bounded zlib (RFC 1950) inflate/deflate.
//
// Game containers that store "declared size + zlib stream" (TR4 .PAK, ...)
// inflate through zlib_inflate: the output is exactly `declared_size` bytes or
// the call throws ripkit::Error - Truncated when the stream stops early,
// BadValue when it is corrupt or its real size disagrees with the declared
// one, AllocationLimit when the declared size is over the Limits or more than
// deflate can possibly expand the input to. Offsets in errors are input
// offsets (`base_offset` + bytes consumed).
#pragma once

#include <cstdint>

#include "ripkit/byte_reader.hpp"
#include "ripkit/limits.hpp"

namespace ripkit::codec {

// Deflate's best case is 1032:1, so a declared size above this for `n`
// compressed bytes is a lie we can reject before allocating.
uint64_t zlib_max_expansion(uint64_t compressed_bytes);

// Inflates one zlib stream from `compressed` into exactly `declared_size`
// bytes. Bytes after the end of the stream are ignored; `consumed` (optional)
// receives how many input bytes the stream used.
Bytes zlib_inflate(ByteSpan compressed, uint64_t declared_size, const Limits& limits,
                   uint64_t base_offset = 0, size_t* consumed = nullptr);

// Up to `max_out` bytes from the start of a zlib stream, never throwing: for
// probes that only look at a decompressed header (empty on corrupt input).
Bytes zlib_inflate_prefix(ByteSpan compressed, size_t max_out);

// Compresses `raw` as one zlib stream (level 0..9; 9 by default).
Bytes zlib_deflate(ByteSpan raw, int level = 9);

}  // namespace ripkit::codec
