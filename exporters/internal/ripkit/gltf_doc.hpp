// A glTF 2.0 document in memory: the JSON plus its single binary buffer, with
// helpers to append data. The few objects a scene has (nodes, meshes,
// materials, skins) are a JSON tree; animations, their accessors and their
// bufferViews - thousands in a file of many short animations, where as JSON
// objects they were most of a convert's memory - are written as JSON text as
// they are added ("streamed"), after the tree's own entries of those arrays.
// json_text() joins the two; a parsed document (parse_glb) is all tree.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "ripkit/byte_reader.hpp"

namespace ripkit {

// A piece of JSON text: owned, or a chunk of a document's streamed text.
struct JsonPart {
    std::string own;
    const std::string* ref = nullptr;
    std::string_view text() const { return ref ? std::string_view(*ref) : std::string_view(own); }
};

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
    // byteOffset (an animation's keys as one view, not one view per
    // accessor), and they and the view are streamed. Once something is
    // streamed, adding to the tree's accessors or bufferViews is an error
    // (indices would no longer follow the order of adding).
    void begin_shared_view();
    void end_shared_view();
    // Streams a glTF animation object.
    void add_animation(const nlohmann::json& animation);
    // Accessors and bufferViews so far, the tree's and the streamed ones.
    size_t accessor_count() const;
    size_t view_count() const;
    // Keeps buffers[0].byteLength equal to bin.size().
    void sync_buffer_length();
    // The compact JSON text as parts: the tree's members and punctuation
    // (owned) around the streamed chunks (referenced, valid while the
    // document's streamed text is).
    std::vector<JsonPart> json_parts() const;
    // The whole document as JSON text: compact (indent < 0) or indented (a .gltf).
    std::string json_text(int indent = -1) const;

  private:
    // JSON objects as text, comma-separated, in chunks of about 64 KiB (no
    // string grown by doubling to the size of them all), and how many.
    struct Streamed {
        std::vector<std::string> chunks;
        size_t count = 0;
        void add(const std::string& item);
        std::string array_text() const;  // "[...]"
    };
    const Streamed* streamed(const std::string& key) const;
    size_t tree_count(const char* key) const;
    void refuse_tree_add(const char* what) const;
    Streamed accessors_, views_, animations_;
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
    Bytes head;                  // file header and JSON chunk header
    std::vector<JsonPart> json;  // padded
    Bytes bin_head;              // BIN chunk header; empty when there is no buffer
    ByteSpan bin;
    Bytes bin_pad;
    std::vector<ByteSpan> spans() const;
};
// Serialises the JSON; `doc` (its buffer and streamed text) must outlive the pieces.
GlbPieces glb_pieces(const GltfDoc& doc);
// The same as one buffer.
Bytes write_glb(const GltfDoc& doc);

}  // namespace ripkit
