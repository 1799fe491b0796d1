// A glTF 2.0 document in memory: the JSON plus its single binary buffer, as
// Assimp's glb2 exporter leaves them, with helpers to append data.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ripkit/byte_reader.hpp"

namespace ripkit {

struct GltfDoc {
    nlohmann::json json;
    Bytes bin;  // buffer 0

    // Appends bytes (4-aligned) as a new bufferView of buffer 0; returns its index.
    int add_buffer_view(ByteSpan bytes, int target = 0);
    // Appends a FLOAT accessor of `count` elements of `type` ("SCALAR",
    // "VEC3", "VEC4", "MAT4") over the given floats; min/max when asked.
    // `data_offset`, when given, receives where the floats start in `bin`.
    int add_float_accessor(const std::vector<float>& data, const char* type, size_t count,
                           bool with_min_max, size_t* data_offset = nullptr);
    // Between these two, accessors share one bufferView, each at its own
    // byteOffset: an animation's keys as one view, not one view per accessor
    // (thousands of JSON objects in a file of many short animations).
    void begin_shared_view();
    void end_shared_view();
    // Keeps buffers[0].byteLength equal to bin.size().
    void sync_buffer_length();

  private:
    int shared_view_ = -1;  // its index once an accessor is in it
    bool sharing_ = false;
    size_t shared_start_ = 0;
};

// Parses a GLB container (header, JSON chunk, optional BIN chunk).
GltfDoc parse_glb(ByteSpan glb);
// A GLB 2 file as the pieces written one after another (chunks padded: JSON
// with spaces, BIN with zeros); `bin` is the document's buffer itself, not a
// copy, so a writer holds the buffer once.
struct GlbPieces {
    Bytes head;        // file header and JSON chunk header
    std::string json;  // padded
    Bytes bin_head;    // BIN chunk header; empty when there is no buffer
    ByteSpan bin;
    Bytes bin_pad;
    std::vector<ByteSpan> spans() const;
};
// Serialises the JSON; `doc` must outlive the pieces.
GlbPieces glb_pieces(const GltfDoc& doc);
// The same as one buffer.
Bytes write_glb(const GltfDoc& doc);

}  // namespace ripkit
