#include "zouna/models/model_objects.hpp"

#include "zouna/container/crc32.hpp"

namespace ripkit::zouna {

bool is_model_class(uint32_t c) {
    for (const char* n :
         {kMeshClass, kSkinClass, kMaterialClass, kBitmapClass, kMeshDataClass, kLodClass})
        if (asobo_crc32(n) == c) return true;
    return false;
}

bool is_model_item_class(uint32_t c) {
    return c == asobo_crc32(kMeshClass) || c == asobo_crc32(kSkinClass) ||
           c == asobo_crc32(kLodClass);
}

namespace {

// The bytes a decoded object keeps in memory (its arrays), for the budget.
uint64_t kept_bytes(const ModelDecoded& d) {
    uint64_t n = 0;
    if (const auto* m = std::get_if<MeshZ>(&d)) {
        for (const VertexBuffer& b : m->vertex_buffers) n += b.vertices.size() * sizeof(Vertex);
        for (const IndexBuffer& b : m->index_buffers) n += b.indices.size() * 2;
        n += m->groups.size() * sizeof(DrawGroup);
    } else if (const auto* s = std::get_if<SkinZ>(&d)) {
        for (const SkinSection& sec : s->sections)
            for (const SkinSubsection& sub : sec.subsections) n += sub.palette.size() * 4 + 64;
        n += s->bones.size() * 64;
    } else if (const auto* b = std::get_if<BitmapZ>(&d)) {
        n += b->rgba.size();
    }
    return n;
}

ModelDecoded read_model_body(ByteSpan file, const ObjectRef& o, const Variants& v,
                             const Limits& limits) {
    const std::string cls = class_name(o.header.class_crc);
    if (o.pooled)
        fail(ErrorKind::Unsupported, o.offset,
             "an object whose body is in its block (BigFile pools are not supported)");
    const BodyLayout l = body_layout(v, cls, o.endian, o.offset + 16);
    const uint64_t link_at = o.offset + kObjectHeaderSize;
    ByteReader all(file);
    all.need_at(link_at, o.header.link_header_size, "link header");
    const ByteReader link = all.sub(link_at, o.header.link_header_size, "link header");
    const Bytes body = object_body(file, o, limits);
    const uint64_t base = o.header.compressed_size ? 0 : link_at + o.header.link_header_size;
    const ByteReader r(body, base, o.endian);
    if (cls == kMeshClass) return read_mesh(link, r, l, limits);
    if (cls == kSkinClass) return read_skin(link, r, l, limits);
    if (cls == kMaterialClass) return read_material(link, r, l, limits);
    if (cls == kBitmapClass) return read_bitmap(link, r, l, limits);
    if (cls == kMeshDataClass) return read_mesh_data(link, r, l, limits);
    if (cls == kLodClass) return read_lod(link, r, l, limits);
    fail(ErrorKind::Unsupported, o.offset + 16, "a mesh-family class, got " + cls);
}

}  // namespace

ModelDecoded decode_model_object(ByteSpan file, const ObjectRef& o, const Variants& v,
                                 Budget& budget) {
    const uint64_t body_size = o.header.decompressed_size;
    budget.charge_bytes(body_size, "object body", o.offset);
    ModelDecoded d = read_model_body(file, o, v, budget.limits());
    budget.release_bytes(body_size);
    budget.charge_bytes(kept_bytes(d), "decoded " + class_name(o.header.class_crc), o.offset);
    return d;
}

}  // namespace ripkit::zouna
