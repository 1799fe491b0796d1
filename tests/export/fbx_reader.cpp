#include "fbx_reader.hpp"

#include <zlib.h>

#include <cmath>
#include <cstring>

namespace ripkit::test::fbxr {

namespace {

constexpr size_t kNullRecord = 25;

[[noreturn]] void fail(size_t at, const std::string& what) {
    throw std::runtime_error("FBX offset " + std::to_string(at) + ": " + what);
}

struct Reader {
    const std::vector<uint8_t>& b;
    size_t pos = 0;

    void need(size_t n, const char* what) const {
        if (n > b.size() || pos > b.size() - n) fail(pos, std::string("truncated ") + what);
    }
    uint64_t le(int bytes, const char* what) {
        need(size_t(bytes), what);
        uint64_t v = 0;
        for (int i = 0; i < bytes; ++i) v |= uint64_t(b[pos + size_t(i)]) << (8 * i);
        pos += size_t(bytes);
        return v;
    }
    std::string bytes(size_t n, const char* what) {
        need(n, what);
        std::string s(b.begin() + long(pos), b.begin() + long(pos + n));
        pos += n;
        return s;
    }
};

double bits_to_double(uint64_t u) {
    double d;
    std::memcpy(&d, &u, 8);
    return d;
}

double bits_to_float(uint32_t u) {
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

Value read_array(Reader& r, char type, size_t end) {
    Value v;
    v.type = type;
    const uint32_t count = uint32_t(r.le(4, "array length"));
    const uint32_t encoding = uint32_t(r.le(4, "array encoding"));
    const uint32_t stored = uint32_t(r.le(4, "array byte length"));
    const size_t elem = type == 'd' || type == 'l' ? 8 : type == 'b' ? 1 : 4;
    if (r.pos + stored > end) fail(r.pos, "array data inside the property list");
    std::string raw = r.bytes(stored, "array data");
    std::vector<uint8_t> data;
    if (encoding == 0) {
        if (uint64_t(count) * elem != stored) fail(r.pos, "array byte length = count x element");
        data.assign(raw.begin(), raw.end());
    } else if (encoding == 1) {
        data.resize(size_t(count) * elem);
        uLongf out = uLongf(data.size());
        if (uncompress(data.data(), &out, reinterpret_cast<const Bytef*>(raw.data()),
                       uLong(raw.size())) != Z_OK ||
            out != data.size())
            fail(r.pos, "a zlib array inflating to count x element bytes");
    } else {
        fail(r.pos, "array encoding 0 or 1");
    }
    for (size_t k = 0; k < count; ++k) {
        uint64_t u = 0;
        for (size_t i = 0; i < elem; ++i) u |= uint64_t(data[k * elem + i]) << (8 * i);
        switch (type) {
            case 'f':
                v.reals.push_back(bits_to_float(uint32_t(u)));
                break;
            case 'd':
                v.reals.push_back(bits_to_double(u));
                break;
            case 'i':
                v.ints.push_back(int32_t(uint32_t(u)));
                break;
            case 'l':
                v.ints.push_back(int64_t(u));
                break;
            default:
                v.ints.push_back(int64_t(u & 0xff));
        }
    }
    return v;
}

Value read_value(Reader& r, size_t end) {
    const size_t at = r.pos;
    const char type = char(r.le(1, "property type"));
    Value v;
    v.type = type;
    switch (type) {
        case 'C':
            v.i = int64_t(r.le(1, "bool"));
            break;
        case 'Y':
            v.i = int16_t(uint16_t(r.le(2, "int16")));
            break;
        case 'I':
            v.i = int32_t(uint32_t(r.le(4, "int32")));
            break;
        case 'L':
            v.i = int64_t(r.le(8, "int64"));
            break;
        case 'F':
            v.d = bits_to_float(uint32_t(r.le(4, "float")));
            break;
        case 'D':
            v.d = bits_to_double(r.le(8, "double"));
            break;
        case 'S':
        case 'R': {
            const size_t n = size_t(r.le(4, "string length"));
            if (r.pos + n > end) fail(r.pos, "string inside the property list");
            v.s = r.bytes(n, "string");
            break;
        }
        case 'f':
        case 'd':
        case 'l':
        case 'i':
        case 'b':
            return read_array(r, type, end);
        default:
            fail(at, std::string("a known property type, not '") + type + "'");
    }
    if (r.pos > end) fail(at, "property inside the property list");
    return v;
}

bool null_record_at(const std::vector<uint8_t>& b, size_t pos) {
    if (pos + kNullRecord > b.size()) return false;
    for (size_t i = 0; i < kNullRecord; ++i)
        if (b[pos + i]) return false;
    return true;
}

// `limit`: where the enclosing list's records must end (Assimp: "block offset
// is out of range" past it).
Node read_node(Reader& r, int depth, size_t limit) {
    if (depth > 64) fail(r.pos, "nesting below 64");
    const size_t start = r.pos;
    const uint64_t end = r.le(8, "end offset");
    const uint64_t count = r.le(8, "property count");
    const uint64_t length = r.le(8, "property list length");
    const size_t name_len = size_t(r.le(1, "name length"));
    Node n;
    n.name = r.bytes(name_len, "name");
    if (end <= start || end > limit) fail(start, "end offset inside the enclosing list");
    const size_t props_end = r.pos + size_t(length);
    if (props_end > end) fail(start, "property list inside the node");
    for (uint64_t k = 0; k < count; ++k) n.props.push_back(read_value(r, props_end));
    if (r.pos != props_end) fail(r.pos, "property list of exactly its stated length");
    if (r.pos < end) {
        // A child list (possibly empty), closed by the NULL record at the end.
        if (end - r.pos < kNullRecord) fail(r.pos, "room for the closing NULL record");
        while (r.pos < end - kNullRecord)
            n.children.push_back(read_node(r, depth + 1, size_t(end) - kNullRecord));
        if (r.pos != end - kNullRecord || !null_record_at(r.b, r.pos))
            fail(r.pos, "the 25-byte NULL record closing the child list at the end offset");
        r.pos = size_t(end);
    }
    return n;
}

}  // namespace

const Node* Node::child(const std::string& n) const {
    for (const Node& c : children)
        if (c.name == n) return &c;
    return nullptr;
}

std::vector<const Node*> Node::all(const std::string& n) const {
    std::vector<const Node*> out;
    for (const Node& c : children)
        if (c.name == n) out.push_back(&c);
    return out;
}

const Node* File::top(const std::string& n) const {
    for (const Node& c : nodes)
        if (c.name == n) return &c;
    return nullptr;
}

File parse(const std::vector<uint8_t>& bytes) {
    static const char kMagic[] = "Kaydara FBX Binary  ";
    if (bytes.size() < 27 || std::memcmp(bytes.data(), kMagic, 20) != 0 || bytes[20] != 0 ||
        bytes[21] != 0x1A || bytes[22] != 0)
        fail(0, "the 'Kaydara FBX Binary  \\0\\x1a\\0' magic");
    Reader r{bytes, 23};
    File f;
    f.version = uint32_t(r.le(4, "version"));
    if (f.version < 7500) fail(23, "version 7500 (64-bit records)");
    while (!null_record_at(bytes, r.pos)) f.nodes.push_back(read_node(r, 0, bytes.size()));
    r.pos += kNullRecord;
    // Footer: 16-byte id, zero padding to 16, 4 zeros, the version, 120 zeros, 16-byte magic.
    static const uint8_t kFooterMagic[16] = {0xf8, 0x5a, 0x8c, 0x6a, 0xde, 0xf5, 0xd9, 0x7e,
                                             0xec, 0xe9, 0x0c, 0xe3, 0x75, 0x8f, 0x29, 0x0b};
    if (bytes.size() < r.pos + 16 + 4 + 4 + 120 + 16 ||
        std::memcmp(bytes.data() + bytes.size() - 16, kFooterMagic, 16) != 0)
        fail(r.pos, "the FBX footer ending in its magic");
    Reader v{bytes, bytes.size() - 16 - 120 - 4};
    if (v.le(4, "footer version") != f.version) fail(v.pos, "the version repeated in the footer");
    return f;
}

std::map<std::string, Prop> properties(const Node& object) {
    std::map<std::string, Prop> out;
    const Node* p70 = object.child("Properties70");
    if (!p70) return out;
    for (const Node& p : p70->children) {
        if (p.name != "P" || p.props.size() < 4) throw std::runtime_error("a P row of 4+ values");
        Prop prop{p.props[1].s, p.props[2].s, p.props[3].s, {}};
        prop.values.assign(p.props.begin() + 4, p.props.end());
        out[p.props[0].s] = prop;
    }
    return out;
}

std::pair<std::string, std::string> split_name(const std::string& s) {
    const size_t k = s.find(std::string("\0\1", 2));
    if (k == std::string::npos) return {s, ""};
    return {s.substr(0, k), s.substr(k + 2)};
}

Document::Document(const std::vector<uint8_t>& bytes) : file(parse(bytes)) {
    if (const Node* objs = file.top("Objects"))
        for (const Node& o : objs->children) {
            if (o.props.empty() || o.props[0].type != 'L')
                throw std::runtime_error(o.name + " without an int64 id");
            if (!objects.emplace(o.props[0].i, &o).second)
                throw std::runtime_error("object id used twice");
        }
    if (const Node* conns = file.top("Connections"))
        for (const Node& c : conns->children) {
            Connection k{c.props.at(0).s, c.props.at(1).i, c.props.at(2).i, ""};
            if (k.kind == "OP") k.property = c.props.at(3).s;
            connections.push_back(k);
        }
}

std::vector<const Node*> Document::named(const std::string& type, const std::string& name) const {
    std::vector<const Node*> out;
    for (const auto& [id, o] : objects)
        if (o->name == type && o->props.size() > 1 && split_name(o->props[1].s).first == name)
            out.push_back(o);
    return out;
}

const Node* Document::model(const std::string& name) const {
    const std::vector<const Node*> m = named("Model", name);
    if (m.size() != 1) throw std::runtime_error("one Model named '" + name + "'");
    return m[0];
}

std::vector<const Node*> Document::children_of(int64_t parent, const std::string& type,
                                               const std::string& property) const {
    std::vector<const Node*> out;
    for (const Connection& c : connections) {
        if (c.parent != parent || (!property.empty() && c.property != property)) continue;
        const auto it = objects.find(c.child);
        if (it != objects.end() && it->second->name == type) out.push_back(it->second);
    }
    return out;
}

std::vector<const Node*> Document::parents_of(int64_t child, const std::string& type) const {
    std::vector<const Node*> out;
    for (const Connection& c : connections) {
        if (c.child != child) continue;
        const auto it = objects.find(c.parent);
        if (it != objects.end() && it->second->name == type) out.push_back(it->second);
    }
    return out;
}

Curve read_curve(const Node& curve) {
    auto array = [&](const char* name) -> const Value& {
        const Node* n = curve.child(name);
        if (!n || n->props.size() != 1) throw std::runtime_error(std::string("curve ") + name);
        return n->props[0];
    };
    const std::vector<int64_t>& times = array("KeyTime").ints;
    const std::vector<double>& values = array("KeyValueFloat").reals;
    const std::vector<int64_t>& flags = array("KeyAttrFlags").ints;
    const std::vector<double>& data = array("KeyAttrDataFloat").reals;
    const std::vector<int64_t>& refs = array("KeyAttrRefCount").ints;
    if (times.size() != values.size() || flags.size() != refs.size() ||
        data.size() != 4 * refs.size())
        throw std::runtime_error("curve arrays of matching lengths");
    Curve c;
    size_t entry = 0;
    int64_t left = refs.empty() ? 0 : refs[0];
    for (size_t k = 0; k < times.size(); ++k) {
        if (left <= 0) throw std::runtime_error("KeyAttrRefCount covering every key");
        Key key;
        key.time = double(times[k]) / 46186158000.0;
        key.value = values[k];
        key.flags = uint32_t(flags[entry]);
        key.right_slope = data[4 * entry];
        key.next_left_slope = data[4 * entry + 1];
        if (key.flags & 0x03000000u) {
            float packed_f = float(data[4 * entry + 2]);
            uint32_t packed;
            std::memcpy(&packed, &packed_f, 4);
            if (key.flags & 0x01000000u) key.right_weight = (packed & 0xffff) * 1e-4;
            if (key.flags & 0x02000000u) key.next_left_weight = (packed >> 16) * 1e-4;
        }
        c.keys.push_back(key);
        if (--left == 0 && ++entry < refs.size()) left = refs[entry];
    }
    if (entry != refs.size() || left != 0)
        throw std::runtime_error("KeyAttrRefCount summing to the key count");
    for (size_t k = 1; k < c.keys.size(); ++k)
        if (!(c.keys[k].time > c.keys[k - 1].time))
            throw std::runtime_error("strictly increasing key times");
    return c;
}

namespace {

// The Bezier parameter u where x(u) = x, x(u) = 3u(1-u)^2 x1 + 3u^2(1-u) x2 + u^3.
double bezier_parameter(double x1, double x2, double x) {
    double lo = 0, hi = 1;
    for (int i = 0; i < 80; ++i) {
        const double u = 0.5 * (lo + hi), v = 1 - u;
        const double xu = 3 * u * v * v * x1 + 3 * u * u * v * x2 + u * u * u;
        (xu < x ? lo : hi) = u;
    }
    return 0.5 * (lo + hi);
}

}  // namespace

double Curve::evaluate(double t) const {
    if (keys.empty()) throw std::runtime_error("a curve with keys");
    if (t <= keys.front().time) return keys.front().value;
    if (t >= keys.back().time) return keys.back().value;
    size_t k = 0;
    while (keys[k + 1].time <= t) ++k;
    const Key& a = keys[k];
    const Key& b = keys[k + 1];
    if (a.time == t) return a.value;
    const double dt = b.time - a.time, s = (t - a.time) / dt;
    if (a.flags & 0x2) return (a.flags & 0x100) ? b.value : a.value;
    if (a.flags & 0x8) {
        if (!(a.flags & 0x400))
            throw std::runtime_error("cubic keys with user tangents (auto tangents not evaluated)");
        const double dx1 = a.right_weight * dt, dx2 = a.next_left_weight * dt;
        const double y1 = a.value + dx1 * a.right_slope, y2 = b.value - dx2 * a.next_left_slope;
        const double u = bezier_parameter(dx1 / dt, 1 - dx2 / dt, s), v = 1 - u;
        return v * v * v * a.value + 3 * v * v * u * y1 + 3 * v * u * u * y2 + u * u * u * b.value;
    }
    return a.value + (b.value - a.value) * s;  // linear, or unknown flags
}

std::map<std::string, Curve> curves_of(const Document& doc, int64_t target,
                                       const std::string& property, const std::string& stack_name) {
    std::map<std::string, Curve> out;
    for (const Node* cn : doc.children_of(target, "AnimationCurveNode", property)) {
        if (!stack_name.empty()) {
            bool in_stack = false;
            for (const Node* layer : doc.parents_of(doc.id(*cn), "AnimationLayer"))
                for (const Node* stack : doc.parents_of(doc.id(*layer), "AnimationStack"))
                    in_stack |= split_name(stack->props[1].s).first == stack_name;
            if (!in_stack) continue;
        }
        for (const Connection& c : doc.connections)
            if (c.parent == doc.id(*cn) && c.kind == "OP") {
                const auto it = doc.objects.find(c.child);
                if (it != doc.objects.end() && it->second->name == "AnimationCurve")
                    out[c.property] = read_curve(*it->second);
            }
    }
    return out;
}

}  // namespace ripkit::test::fbxr
