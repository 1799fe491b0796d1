#include "ripkit/fbx_binary.hpp"

#include <algorithm>
#include <cstring>

#include "ripkit/codec/zlib.hpp"
#include "ripkit/error.hpp"

namespace ripkit::fbx {

namespace {

constexpr char kMagic[] = "Kaydara FBX Binary  ";  // followed by 0x00 0x1A 0x00
constexpr size_t kHeaderSize = 27;
constexpr uint32_t kMaxDepth = 128;
constexpr size_t kCompressFrom = 128;  // array bytes

// The FileId / footer code pair of files written at kCreationTime (Blender's
// encode_bin.py uses the same constants; the FBX SDK checks they belong together).
constexpr uint8_t kFileId[16] = {0x28, 0xb3, 0x2a, 0xeb, 0xb6, 0x24, 0xcc, 0xc2,
                                 0xbf, 0xc8, 0xb0, 0x2a, 0xa9, 0x2b, 0xfc, 0xf1};
constexpr uint8_t kFooterId[16] = {0xfa, 0xbc, 0xab, 0x09, 0xd0, 0xc8, 0xd4, 0x66,
                                   0xb1, 0x76, 0xfb, 0x83, 0x1c, 0xf7, 0x26, 0x7e};
constexpr uint8_t kFooterMagic[16] = {0xf8, 0x5a, 0x8c, 0x6a, 0xde, 0xf5, 0xd9, 0x7e,
                                      0xec, 0xe9, 0x0c, 0xe3, 0x75, 0x8f, 0x29, 0x0b};

void put_le(Bytes& b, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) b.push_back(uint8_t(v >> (8 * i)));
}

template <class T>
void put_array(Node& n, char type, std::span<const T> v) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (v.size() > UINT32_MAX / sizeof(T))
        fail_no_offset(ErrorKind::AllocationLimit, "an FBX array below 4 GiB");
    const size_t bytes = v.size() * sizeof(T);
    Bytes raw;
    raw.reserve(bytes);
    for (const T& x : v) {
        if constexpr (sizeof(T) == 4) {
            uint32_t bits = 0;
            std::memcpy(&bits, &x, 4);
            put_le(raw, bits, 4);
        } else {
            static_assert(sizeof(T) == 8);
            uint64_t bits = 0;
            std::memcpy(&bits, &x, 8);
            put_le(raw, bits, 8);
        }
    }
    n.props.push_back(uint8_t(type));
    put_le(n.props, v.size(), 4);
    if (bytes >= kCompressFrom) {
        const Bytes z = codec::zlib_deflate(raw, 6);
        put_le(n.props, 1, 4);
        put_le(n.props, z.size(), 4);
        n.props.insert(n.props.end(), z.begin(), z.end());
    } else {
        put_le(n.props, 0, 4);
        put_le(n.props, bytes, 4);
        n.props.insert(n.props.end(), raw.begin(), raw.end());
    }
    ++n.num_props;
}

bool wide(uint32_t version) { return version >= 7500; }
size_t null_record_size(uint32_t version) { return wide(version) ? 25 : 13; }

bool is_null_record(const ByteReader& r, size_t n) {
    if (r.remaining() < n) return false;
    const ByteSpan b = r.data().subspan(r.pos(), n);
    return std::all_of(b.begin(), b.end(), [](uint8_t v) { return v == 0; });
}

uint64_t read_word(ByteReader& r, uint32_t version, std::string_view what) {
    return wide(version) ? r.u64(what) : r.u32(what);
}

Node parse_node(ByteReader& r, uint32_t version, uint32_t depth) {
    if (depth > kMaxDepth) r.fail_here(ErrorKind::DepthLimit, "FBX nesting below 128 levels");
    const size_t start = r.pos();
    const uint64_t end = read_word(r, version, "FBX node end offset");
    Node n;
    n.num_props = read_word(r, version, "FBX property count");
    const uint64_t prop_len = read_word(r, version, "FBX property list length");
    const uint8_t name_len = r.u8("FBX node name length");
    const ByteSpan name = r.bytes(name_len, "FBX node name");
    n.name.assign(name.begin(), name.end());
    if (end <= start || end > r.size())
        r.fail_at(start, ErrorKind::BadIndex, "an FBX node end offset inside the file");
    if (prop_len > end - r.pos())
        r.fail_here(ErrorKind::BadValue, "an FBX property list inside its node");
    const ByteSpan props = r.bytes(size_t(prop_len), "FBX properties");
    n.props.assign(props.begin(), props.end());
    const size_t null_size = null_record_size(version);
    while (r.pos() < end) {
        if (is_null_record(r, null_size)) {
            r.skip(null_size, "FBX NULL record");
            break;
        }
        n.children.push_back(parse_node(r, version, depth + 1));
    }
    if (r.pos() != end)
        r.fail_here(ErrorKind::BadValue, "FBX children ending at the node's end offset");
    return n;
}

void put_word(ByteWriter& w, uint32_t version, uint64_t v) {
    if (wide(version)) {
        w.u32(uint32_t(v));
        w.u32(uint32_t(v >> 32));
    } else {
        w.u32(uint32_t(v));
    }
}

void patch_word(ByteWriter& w, uint32_t version, size_t at, uint64_t v) {
    w.put_u32(at, uint32_t(v));
    if (wide(version)) w.put_u32(at + 4, uint32_t(v >> 32));
}

// Blender's writer: a NULL record closes every child list, and also follows
// nodes with neither properties nor children and the two node kinds FBX
// readers expect it on.
bool needs_null_record(const Node& n) {
    return !n.children.empty() || n.props.empty() || n.name == "AnimationStack" ||
           n.name == "AnimationLayer";
}

void write_node(ByteWriter& w, uint32_t version, const Node& n) {
    const size_t start = w.size();
    put_word(w, version, 0);  // end offset, patched below
    put_word(w, version, n.num_props);
    put_word(w, version, n.props.size());
    if (n.name.size() > 255) fail_no_offset(ErrorKind::BadValue, "FBX node names below 256 bytes");
    w.u8(uint8_t(n.name.size()));
    w.raw(std::string_view(n.name));
    w.raw(n.props);
    for (const Node& c : n.children) write_node(w, version, c);
    if (needs_null_record(n)) w.zeros(null_record_size(version));
    patch_word(w, version, start, w.size());
}

}  // namespace

File parse(ByteSpan data) {
    ByteReader r(data);
    r.need(kHeaderSize, "FBX header");
    if (std::memcmp(data.data(), kMagic, 20) != 0)
        r.fail_at(0, ErrorKind::WrongFormat, "'Kaydara FBX Binary' magic");
    r.seek(23, "FBX version");
    File f;
    f.version = r.u32le("FBX version");
    const size_t null_size = null_record_size(f.version);
    while (true) {
        if (is_null_record(r, null_size)) {
            r.skip(null_size, "FBX top-level NULL record");
            break;
        }
        f.nodes.push_back(parse_node(r, f.version, 0));
    }
    const ByteSpan id = r.bytes(16, "FBX footer id");
    f.footer_id.assign(id.begin(), id.end());
    if (r.remaining() < 16) r.fail_here(ErrorKind::Truncated, "the 16-byte FBX footer magic");
    f.footer_magic.assign(data.end() - 16, data.end());
    return f;
}

Bytes write(const File& f) {
    ByteWriter w(Endian::Little);
    w.raw(std::string_view(kMagic, 20));
    w.u8(0x00);
    w.u8(0x1A);
    w.u8(0x00);
    w.u32(f.version);
    for (const Node& n : f.nodes) write_node(w, f.version, n);
    w.zeros(null_record_size(f.version));
    w.raw(f.footer_id);
    // Pad to 16 (a whole 16 when already aligned), as FBX SDK files do.
    w.zeros(16 - (w.size() % 16));
    w.zeros(4);
    w.u32(f.version);
    w.zeros(120);
    w.raw(f.footer_magic);
    return std::move(w.bytes());
}

std::vector<Prop> parse_props(const Node& n) {
    std::vector<Prop> out;
    ByteReader r(n.props);
    for (uint64_t i = 0; i < n.num_props && !r.at_end(); ++i) {
        Prop p;
        p.type = char(r.u8("FBX property type"));
        p.offset = r.pos();
        switch (p.type) {
            case 'Y':
                p.i = r.s16();
                break;
            case 'C':
                p.i = r.u8();
                break;
            case 'I':
                p.i = r.s32();
                break;
            case 'F':
                p.d = r.f32();
                break;
            case 'D': {
                const uint64_t v = r.u64();
                std::memcpy(&p.d, &v, 8);
                break;
            }
            case 'L':
                p.i = int64_t(r.u64());
                break;
            case 'S':
            case 'R': {
                const uint32_t len = r.u32("FBX string length");
                const ByteSpan s = r.bytes(len, "FBX string");
                p.str.assign(s.begin(), s.end());
                break;
            }
            case 'f':
            case 'd':
            case 'l':
            case 'i':
            case 'b': {
                p.count = r.u32("FBX array length");
                p.encoding = r.u32("FBX array encoding");
                p.byte_length = r.u32("FBX array byte length");
                p.data_offset = r.pos();
                r.skip(p.byte_length, "FBX array data");
                break;
            }
            default:
                r.fail_at(p.offset - 1, ErrorKind::BadValue, "a known FBX property type");
        }
        out.push_back(std::move(p));
    }
    return out;
}

std::vector<float> get_floats(const Node& n, const Prop& p) {
    if (p.type != 'f' || p.encoding != 0 || uint64_t(p.count) * 4 != p.byte_length)
        fail_no_offset(ErrorKind::Unsupported, "an uncompressed FBX float array");
    std::vector<float> out(p.count);
    if (p.count) std::memcpy(out.data(), n.props.data() + p.data_offset, size_t(p.count) * 4);
    return out;
}

void set_floats(Node& n, const Prop& p, const std::vector<float>& v) {
    if (p.type != 'f' || p.encoding != 0 || v.size() != p.count)
        fail_no_offset(ErrorKind::BadValue, "an FBX float array of the same length");
    if (!v.empty()) std::memcpy(n.props.data() + p.data_offset, v.data(), v.size() * 4);
}

void set_int64(Node& n, const Prop& p, int64_t v) {
    if (p.type != 'L' || p.offset + 8 > n.props.size())
        fail_no_offset(ErrorKind::BadValue, "an FBX int64 property");
    const uint64_t u = uint64_t(v);
    for (int b = 0; b < 8; ++b) n.props[p.offset + size_t(b)] = uint8_t(u >> (8 * b));
}

void set_int32(Node& n, const Prop& p, int32_t v) {
    if (p.type != 'I' || p.offset + 4 > n.props.size())
        fail_no_offset(ErrorKind::BadValue, "an FBX int32 property");
    const uint32_t u = uint32_t(v);
    for (int b = 0; b < 4; ++b) n.props[p.offset + size_t(b)] = uint8_t(u >> (8 * b));
}

void set_double(Node& n, const Prop& p, double v) {
    if (p.type != 'D' || p.offset + 8 > n.props.size())
        fail_no_offset(ErrorKind::BadValue, "an FBX double property");
    uint64_t u = 0;
    std::memcpy(&u, &v, 8);
    for (int b = 0; b < 8; ++b) n.props[p.offset + size_t(b)] = uint8_t(u >> (8 * b));
}

Node& Node::add(std::string child_name) {
    children.emplace_back(std::move(child_name));
    return children.back();
}

Node& Node::c(bool v) {
    props.push_back('C');
    props.push_back(v ? 1 : 0);
    ++num_props;
    return *this;
}

Node& Node::i32(int32_t v) {
    props.push_back('I');
    put_le(props, uint32_t(v), 4);
    ++num_props;
    return *this;
}

Node& Node::i64(int64_t v) {
    props.push_back('L');
    put_le(props, uint64_t(v), 8);
    ++num_props;
    return *this;
}

Node& Node::f64(double v) {
    uint64_t u = 0;
    std::memcpy(&u, &v, 8);
    props.push_back('D');
    put_le(props, u, 8);
    ++num_props;
    return *this;
}

Node& Node::str(std::string_view v) {
    if (v.size() > UINT32_MAX)
        fail_no_offset(ErrorKind::AllocationLimit, "an FBX string below 4 GiB");
    props.push_back('S');
    put_le(props, v.size(), 4);
    props.insert(props.end(), v.begin(), v.end());
    ++num_props;
    return *this;
}

Node& Node::raw(ByteSpan v) {
    if (v.size() > UINT32_MAX)
        fail_no_offset(ErrorKind::AllocationLimit, "FBX raw data below 4 GiB");
    props.push_back('R');
    put_le(props, v.size(), 4);
    props.insert(props.end(), v.begin(), v.end());
    ++num_props;
    return *this;
}

Node& Node::f64s(std::span<const double> v) {
    put_array(*this, 'd', v);
    return *this;
}
Node& Node::f32s(std::span<const float> v) {
    put_array(*this, 'f', v);
    return *this;
}
Node& Node::i32s(std::span<const int32_t> v) {
    put_array(*this, 'i', v);
    return *this;
}
Node& Node::i64s(std::span<const int64_t> v) {
    put_array(*this, 'l', v);
    return *this;
}

std::string object_name(std::string_view name, std::string_view cls) {
    std::string s(name);
    s.push_back('\0');
    s.push_back('\1');
    s.append(cls);
    return s;
}

ByteSpan file_id() { return ByteSpan(kFileId, sizeof kFileId); }

Bytes write_document(std::vector<Node> top_level) {
    File f;
    f.version = kVersion;
    f.nodes = std::move(top_level);
    f.footer_id.assign(kFooterId, kFooterId + 16);
    f.footer_magic.assign(kFooterMagic, kFooterMagic + 16);
    return write(f);
}

}  // namespace ripkit::fbx
