// A strict binary FBX 7.5 reader and curve evaluator written for the tests,
// independent of ripkit's writer (ripkit::fbx / fbxw). Parsing follows the
// rules Blender's parse_fbx.py and Assimp's FBXBinaryTokenizer enforce (every
// child list closed by a 25-byte NULL record exactly at the node's end
// offset, property lists of exactly their stated length, array lengths that
// match their element count, the footer); curves are evaluated as ufbx
// documents it (ufbx.h ufbx_keyframe / ufbx_tangent, ufbx_evaluate_curve):
// constant keys hold their value (or the next one with 0x100), linear keys
// interpolate, cubic keys are Bezier segments whose handles leave each key at
// a third of the segment (unless weighted) with dy = slope * dx, slopes in
// value per second.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace ripkit::test::fbxr {

struct Value {
    char type = 0;
    int64_t i = 0;              // C Y I L
    double d = 0;               // F D
    std::string s;              // S R
    std::vector<double> reals;  // f d arrays
    std::vector<int64_t> ints;  // i l b arrays
};

struct Node {
    std::string name;
    std::vector<Value> props;
    std::vector<Node> children;

    const Node* child(const std::string& n) const;  // first child named n, or null
    std::vector<const Node*> all(const std::string& n) const;
};

struct File {
    uint32_t version = 0;
    std::vector<Node> nodes;
    const Node* top(const std::string& n) const;
};

// Throws std::runtime_error naming the offset and the broken rule.
File parse(const std::vector<uint8_t>& bytes);

// A Properties70 row: P name, type, subtype, flags, values...
struct Prop {
    std::string type, subtype, flags;
    std::vector<Value> values;
};
// Every P row of `object`'s Properties70, by name.
std::map<std::string, Prop> properties(const Node& object);

// "name\0\1Class" -> {"name", "Class"}.
std::pair<std::string, std::string> split_name(const std::string& s);

// The document's objects by id and its connections.
struct Connection {
    std::string kind;  // "OO" or "OP"
    int64_t child = 0, parent = 0;
    std::string property;
};
struct Document {
    File file;
    std::map<int64_t, const Node*> objects;
    std::vector<Connection> connections;

    explicit Document(const std::vector<uint8_t>& bytes);
    Document(const Document&) = delete;
    // Objects of a node type ("Model") whose name (before \0\1) is `name`.
    std::vector<const Node*> named(const std::string& type, const std::string& name) const;
    const Node* model(const std::string& name) const;  // exactly one, or throws
    int64_t id(const Node& object) const { return object.props.at(0).i; }
    // Objects connected as children of `parent` (optionally via `property`).
    std::vector<const Node*> children_of(int64_t parent, const std::string& type,
                                         const std::string& property = "") const;
    std::vector<const Node*> parents_of(int64_t child, const std::string& type) const;
};

struct Key {
    double time = 0;
    double value = 0;
    uint32_t flags = 0;
    double right_slope = 0, next_left_slope = 0;
    double right_weight = 1.0 / 3, next_left_weight = 1.0 / 3;
};
struct Curve {
    std::vector<Key> keys;
    double evaluate(double t) const;
};
// An AnimationCurve object (KeyTime in 46186158000 ticks per second).
Curve read_curve(const Node& curve);

// The curves of a curve node on `target` property `property` (e.g. a Model
// and "Lcl Translation"), by channel ("d|X", ...); empty when none.
std::map<std::string, Curve> curves_of(const Document& doc, int64_t target,
                                       const std::string& property,
                                       const std::string& stack_name = "");

}  // namespace ripkit::test::fbxr
