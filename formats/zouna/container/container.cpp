#include "zouna/container/container.hpp"

#include "zouna/container/crc32.hpp"
#include "zouna/container/lzrs.hpp"

namespace ripkit::zouna {

namespace {

constexpr const char* kClassNames[] = {
    "Animation_Z",    "Skel_Z",          "MaterialAnim_Z", "Mesh_Z",        "MeshData_Z",
    "Skin_Z",         "SkinData_Z",      "Material_Z",     "MaterialObj_Z", "Bitmap_Z",
    "Node_Z",         "Surface_Z",       "SurfaceDatas_Z", "Sound_Z",       "Rtc_Z",
    "Particles_Z",    "ParticlesData_Z", "Camera_Z",       "CameraZone_Z",  "Light_Z",
    "LightData_Z",    "Spline_Z",        "SplineGraph_Z",  "World_Z",       "WorldRef_Z",
    "GameObj_Z",      "Fonts_Z",         "CollisionVol_Z", "Omni_Z",        "Lod_Z",
    "LodData_Z",      "UserDefine_Z",    "Warp_Z",         "HFog_Z",        "RotShape_Z",
    "RotShapeData_Z", "Binary_Z",        "Graph_Z",        "GenWorld_Z",    "Occluder_Z",
    "Anim_Z"};

uint32_t load(ByteSpan d, size_t at, Endian e) {
    return e == Endian::Little ? load_u32le(d.data() + at) : load_u32be(d.data() + at);
}

// link header + body == data size (the header is self-consistent).
bool sizes_consistent(ByteSpan d, size_t at, Endian e) {
    const uint32_t data = load(d, at, e), link = load(d, at + 4, e), dec = load(d, at + 8, e),
                   comp = load(d, at + 12, e);
    const uint64_t body = comp ? comp : dec;
    return uint64_t(link) + body == data;
}

bool sizes_agree(ByteSpan d, size_t at, Endian e) {
    return sizes_consistent(d, at, e) &&
           uint64_t(load(d, at, e)) <= d.size() - at - kObjectHeaderSize;
}

}  // namespace

std::string class_name(uint32_t crc) {
    for (const char* n : kClassNames)
        if (asobo_crc32(n) == crc) return n;
    return {};
}

bool is_supported_class(uint32_t crc) {
    return crc == asobo_crc32(kAnimationClass) || crc == asobo_crc32(kSkelClass) ||
           crc == asobo_crc32(kMaterialAnimClass);
}

std::optional<Endian> detect_object_endian(ByteSpan d, size_t at) {
    if (at + kObjectHeaderSize > d.size()) return std::nullopt;
    for (Endian e : {Endian::Little, Endian::Big})
        if (!class_name(load(d, at + 16, e)).empty() && sizes_agree(d, at, e)) return e;
    for (Endian e : {Endian::Little, Endian::Big})
        if (sizes_agree(d, at, e)) return e;
    // A known class with consistent sizes that run past the end: a cut file,
    // reported as Truncated by parse_object rather than "not this format".
    for (Endian e : {Endian::Little, Endian::Big})
        if (!class_name(load(d, at + 16, e)).empty() && sizes_consistent(d, at, e)) return e;
    return std::nullopt;
}

ObjectHeader read_object_header(ByteReader& r) {
    ObjectHeader h;
    h.data_size = r.u32("object data size");
    h.link_header_size = r.u32("link header size");
    h.decompressed_size = r.u32("decompressed size");
    h.compressed_size = r.u32("compressed size");
    h.class_crc = r.u32("class crc32");
    h.name_crc = r.u32("name crc32");
    return h;
}

ObjectRef parse_object(ByteSpan data, size_t at, Endian e, uint64_t base) {
    ByteReader r(data, base, e);
    r.seek(at, "object header");
    ObjectRef o;
    o.offset = base + at;
    o.endian = e;
    o.header = read_object_header(r);
    const ObjectHeader& h = o.header;
    const uint64_t body = h.compressed_size ? h.compressed_size : h.decompressed_size;
    if (uint64_t(h.link_header_size) + body != h.data_size)
        r.fail_at(at, ErrorKind::BadValue,
                  "data size " + std::to_string(h.data_size) + " = link header " +
                      std::to_string(h.link_header_size) + " + body " + std::to_string(body));
    r.need(h.data_size, "object data (link header and body)");
    return o;
}

Bytes object_body(ByteSpan data, const ObjectRef& o, const Limits& limits) {
    if (o.pooled)
        fail(ErrorKind::Unsupported, o.offset,
             "an object whose body is in its block (BigFile pools are not supported)");
    const ObjectHeader& h = o.header;
    const uint64_t start = o.offset + kObjectHeaderSize + h.link_header_size;
    ByteReader all(data);
    if (!h.compressed_size) {
        all.need_at(start, h.decompressed_size, "object body");
        auto b = data.subspan(start, h.decompressed_size);
        return Bytes(b.begin(), b.end());
    }
    ByteReader in = all.sub(start, h.compressed_size, "compressed object body");
    const LzrsHeader lh = lzrs_header(in);
    if (lh.decompressed_size != h.decompressed_size || lh.compressed_size != h.compressed_size)
        in.fail_at(0, ErrorKind::BadValue,
                   "LZRS sizes matching the object header (" + std::to_string(h.decompressed_size) +
                       ", " + std::to_string(h.compressed_size) + "), got (" +
                       std::to_string(lh.decompressed_size) + ", " +
                       std::to_string(lh.compressed_size) + ")");
    return with_context("LZRS body", [&] { return lzrs_decompress(in, limits); });
}

}  // namespace ripkit::zouna
