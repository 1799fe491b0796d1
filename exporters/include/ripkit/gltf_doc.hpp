// A glTF 2.0 document in memory: the JSON plus its single binary buffer, as
// Assimp's glb2 exporter leaves them, with helpers to append data.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "ripkit/byte_reader.hpp"

namespace ripkit {

struct GltfDoc {
    nlohmann::json json;
    Bytes bin;  // buffer 0

    // Appends bytes (4-aligned) as a new bufferView of buffer 0; returns its index.
    int add_buffer_view(ByteSpan bytes, int target = 0);
    // Appends a FLOAT accessor of `count` elements of `type` ("SCALAR",
    // "VEC3", "VEC4", "MAT4") over the given floats; min/max when asked.
    int add_float_accessor(const std::vector<float>& data, const char* type, size_t count,
                           bool with_min_max);
    // Keeps buffers[0].byteLength equal to bin.size().
    void sync_buffer_length();
};

// Parses a GLB container (header, JSON chunk, optional BIN chunk).
GltfDoc parse_glb(ByteSpan glb);
// Serialises as GLB 2 (chunks padded: JSON with spaces, BIN with zeros).
Bytes write_glb(const GltfDoc& doc);

}  // namespace ripkit
