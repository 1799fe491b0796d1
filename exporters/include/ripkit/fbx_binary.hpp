// Binary FBX (7.x) node tree: read, edit, write. Used to repair Assimp
// 5.2.5's binary FBX output, which omits the 25-byte NULL record that must
// close every nested node list (Blender: "failed to read nested block
// sentinel"), and floors the animation stack times to whole seconds.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ripkit/byte_reader.hpp"

namespace ripkit::fbx {

struct Node {
    std::string name;
    uint64_t num_props = 0;
    Bytes props;  // the raw property list
    std::vector<Node> children;
};

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

constexpr int64_t kKTimePerSecond = 46186158000;

}  // namespace ripkit::fbx
