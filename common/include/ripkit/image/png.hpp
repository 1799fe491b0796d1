// PNG encoding of decoded textures (libpng), so scenes can embed them.
#pragma once

#include <cstdint>

#include "ripkit/byte_reader.hpp"

namespace ripkit::image {

// Encodes a width x height RGBA8 image (rows top to bottom, 4 bytes a texel)
// as a complete PNG file. Throws Error(BadValue) for inconsistent sizes.
Bytes encode_png_rgba(int width, int height, ByteSpan rgba);

// Decodes a PNG (any colour type) to RGBA8; for tests and round trips.
// Throws Error(BadValue) when the data is not a PNG libpng accepts.
Bytes decode_png_rgba(ByteSpan png, int& width, int& height);

}  // namespace ripkit::image
