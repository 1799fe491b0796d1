// Binary FBX (7.x) node tree: built in memory and written out by ripkit's
// FBX writer (fbx_export.cpp), and read back by the output checks (the fuzz
// targets' finite-output oracle). ripkit writes its FBX documents itself
// rather than through Assimp 5.2.5's exporter, whose binary output omits the
// NULL records that close nested node lists (Blender: "failed to read nested
// block sentinel") and which writes no cameras, no curves other than linear
// and no user properties.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ripkit/byte_reader.hpp"

namespace ripkit::fbx {

// One node: a name, its typed properties (kept encoded, in the order they
// were added) and child nodes.
struct Node {
    std::string name;
    uint64_t num_props = 0;
    Bytes props;  // the raw property list
    std::vector<Node> children;

    Node() = default;
    explicit Node(std::string n) : name(std::move(n)) {}

    Node& add(std::string child_name);  // appends a child, returns it

    Node& c(bool v);                         // 'C'
    Node& i32(int32_t v);                    // 'I'
    Node& i64(int64_t v);                    // 'L'
    Node& f64(double v);                     // 'D'
    Node& str(std::string_view v);           // 'S' (may hold NUL, e.g. "name\0\1Class")
    Node& raw(ByteSpan v);                   // 'R'
    Node& f64s(std::span<const double> v);   // 'd'
    Node& f32s(std::span<const float> v);    // 'f'
    Node& i32s(std::span<const int32_t> v);  // 'i'
    Node& i64s(std::span<const int64_t> v);  // 'l'
};

// "name\0\1Class": how binary FBX spells an object's name and class.
std::string object_name(std::string_view name, std::string_view cls);

struct File {
    uint32_t version = 7500;
    std::vector<Node> nodes;
    Bytes footer_id;     // 16 bytes after the top-level NULL record
    Bytes footer_magic;  // last 16 bytes
};

// Accepts nested lists with or without their closing NULL record.
File parse(ByteSpan data);
// Writes every nested list with its NULL record (Blender's rules) and the
// footer with its 16-byte alignment.
Bytes write(const File& f);

// One parsed property of a node (only the scalar and string kinds are decoded).
struct Prop {
    char type = 0;
    size_t offset = 0;  // of the value inside Node::props (after the type byte)
    std::string str;    // 'S' / 'R'
    int64_t i = 0;      // 'L', 'I', 'Y', 'C'
    double d = 0;       // 'D', 'F'
    // Arrays ('f', 'd', 'l', 'i', 'b'):
    uint32_t count = 0, encoding = 0, byte_length = 0;
    size_t data_offset = 0;
};
std::vector<Prop> parse_props(const Node& n);

// An uncompressed 'f' array, read and overwritten in place (same length).
std::vector<float> get_floats(const Node& n, const Prop& p);
void set_floats(Node& n, const Prop& p, const std::vector<float>& v);

// Overwrites an 'L' property value in place.
void set_int64(Node& n, const Prop& p, int64_t v);
// Overwrites an 'I' / a 'D' property value in place.
void set_int32(Node& n, const Prop& p, int32_t v);
void set_double(Node& n, const Prop& p, double v);

// A 7.5 document of `top_level` nodes with the fixed FileId / footer pair of
// kCreationTime (arrays of 128 bytes or more were zlib-compressed as they
// were added, as FBX SDK and Blender files are).
Bytes write_document(std::vector<Node> top_level);

// The fixed FileId / CreationTime pair FBX writers without the SDK use (the
// footer code write_document() adds belongs to it); a fixed time keeps
// ripkit's output byte for byte reproducible.
ByteSpan file_id();
constexpr std::string_view kCreationTime = "1970-01-01 10:00:00:000";

constexpr uint32_t kVersion = 7500;
constexpr int64_t kKTimePerSecond = 46186158000;

}  // namespace ripkit::fbx
