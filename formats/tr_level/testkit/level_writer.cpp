#include "level_writer.hpp"

#include <algorithm>
#include <stdexcept>

#include "anim_writer.hpp"
#include "ripkit/codec/zlib.hpp"

namespace ripkit::tr_level::testkit {

namespace {

void put_vec(ByteWriter& w, const Vec3s& v) {
    w.s16(v.x);
    w.s16(v.y);
    w.s16(v.z);
}

void put_face(ByteWriter& w, const Face& f, bool with_effects, uint16_t base = 0) {
    for (int k = 0; k < (f.quad ? 4 : 3); ++k) w.u16(uint16_t(f.v[size_t(k)] - base));
    w.u16(f.texture);
    if (with_effects) w.u16(f.effects);
}

// s16 count, then the faces: quads, then (second call) triangles.
void put_face_run(ByteWriter& w, const std::vector<Face>& faces, bool quads, bool with_effects) {
    int16_t count = 0;
    for (const Face& f : faces) count = int16_t(count + (f.quad == quads));
    w.s16(count);
    for (const Face& f : faces)
        if (f.quad == quads) put_face(w, f, with_effects);
}

Bytes mesh_record(const TrMesh& m) {
    ByteWriter w;
    put_vec(w, m.centre);
    w.s16(m.radius);
    w.s16(m.flags);
    w.s16(int16_t(m.vertices.size()));
    for (const Vec3s& v : m.vertices) put_vec(w, v);
    w.s16(m.normal_count);
    for (const Vec3s& v : m.normals) put_vec(w, v);
    for (int16_t l : m.lights) w.s16(l);
    put_face_run(w, m.faces, true, true);
    put_face_run(w, m.faces, false, true);
    return w.bytes();
}

Bytes pool(const LevelSpec& spec, std::vector<uint32_t>* offsets) {
    ByteWriter w;
    for (const TrMesh& m : spec.meshes) {
        if (offsets) offsets->push_back(uint32_t(w.size()));
        w.raw(mesh_record(m));
        w.align(4, spec.pool_padding);
    }
    return w.bytes();
}

void write_room_tr4(ByteWriter& w, const Room& r) {
    w.s32(r.x);
    w.s32(r.z);
    w.s32(r.y_bottom);
    w.s32(r.y_top);
    ByteWriter d;
    d.s16(int16_t(r.vertices.size()));
    for (const RoomVertex& v : r.vertices) {
        d.s16(int16_t(v.x));
        d.s16(int16_t(v.y));
        d.s16(int16_t(v.z));
        d.s16(v.lighting);
        d.u16(v.attributes);
        d.u16(uint16_t(v.colour));
    }
    put_face_run(d, r.faces, true, false);
    put_face_run(d, r.faces, false, false);
    d.s16(int16_t(r.sprites));
    d.zeros(size_t(r.sprites) * 4);
    w.u32(uint32_t(d.size() / 2));
    w.raw(d.bytes());
    w.u16(r.portals);
    w.zeros(size_t(r.portals) * 32);
    w.u16(r.sectors_z);
    w.u16(r.sectors_x);
    w.zeros(size_t(r.sectors_z) * r.sectors_x * 8);
    w.u32(r.ambient);
    w.u16(r.lights);
    w.zeros(size_t(r.lights) * 46);
    w.u16(r.statics);
    w.zeros(size_t(r.statics) * 20);
    w.s16(r.alt_room);
    w.u16(r.flags);
    w.zeros(3);
}

// TR5 room: the 208-byte header with offsets from its end, then lights,
// sectors, portals, statics, layers, faces, vertices.
void write_room_tr5(ByteWriter& w, const Room& r) {
    const uint32_t layers = r.layers ? r.layers : 1;
    const size_t nv = r.vertices.size();
    const size_t run = nv ? (nv + layers - 1) / layers : 1;
    auto layer_of = [&](const Face& f) {
        const size_t l = f.v[0] / run;
        for (int k = 0; k < (f.quad ? 4 : 3); ++k)
            if (f.v[size_t(k)] / run != l) throw std::logic_error("TR5 room face spans two layers");
        return l;
    };
    ByteWriter body;
    body.zeros(size_t(r.lights) * 88);
    const uint32_t sectors_at = uint32_t(body.size());
    body.zeros(size_t(r.sectors_z) * r.sectors_x * 8);
    const uint32_t portals_at = uint32_t(body.size());
    body.u16(0);
    const uint32_t statics_at = uint32_t(body.size());
    body.zeros(size_t(r.statics) * 20);
    const uint32_t layers_at = uint32_t(body.size());
    std::vector<uint16_t> lq(layers), lt(layers), lv(layers);
    for (size_t l = 0; l < layers; ++l)
        lv[l] = uint16_t(std::min(nv, (l + 1) * run) - std::min(nv, l * run));
    for (const Face& f : r.faces) ++(f.quad ? lq : lt)[layer_of(f)];
    for (size_t l = 0; l < layers; ++l) {
        body.u16(lv[l]);
        body.u16(0);
        body.u16(0);
        body.u16(lq[l]);
        body.u16(lt[l]);
        body.zeros(6);
        body.zeros(24 + 4 + 12);
    }
    const uint32_t faces_at = uint32_t(body.size());
    uint32_t quads = 0, tris = 0;
    for (size_t l = 0; l < layers; ++l)
        for (int pass = 0; pass < 2; ++pass)
            for (const Face& f : r.faces)
                if (layer_of(f) == l && f.quad == (pass == 0)) {
                    put_face(body, f, true, uint16_t(l * run));
                    ++(f.quad ? quads : tris);
                }
    const uint32_t vertices_at = uint32_t(body.size());
    for (const RoomVertex& v : r.vertices) {
        body.f32(v.x);
        body.f32(v.y);
        body.f32(v.z);
        for (float c : v.normal) body.f32(c);
        body.u32(v.colour);
    }
    ByteWriter h;
    const uint32_t cd = 0xCDCDCDCD;
    h.u32(cd);
    h.u32(portals_at);
    h.u32(sectors_at);
    h.u32(cd);
    h.u32(statics_at);
    h.s32(r.x);
    h.s32(0);
    h.s32(r.z);
    h.s32(r.y_bottom);
    h.s32(r.y_top);
    h.u16(r.sectors_z);
    h.u16(r.sectors_x);
    h.u32(r.ambient);
    h.u16(r.lights);
    h.u16(r.statics);
    h.u32(0);  // reverb, alternate group, water scheme
    h.u32(0x7FFF);
    h.u32(0x7FFF);
    h.u32(cd);
    h.u32(cd);
    h.u32(0xFFFFFFFF);
    h.s16(r.alt_room);
    h.u16(r.flags);
    h.zeros(12 + 4 + 4);
    h.f32(float(r.x));
    h.u32(0);
    h.f32(float(r.z));
    for (int i = 0; i < 4; ++i) h.u32(cd);
    h.u32(0);
    h.u32(cd);
    h.u32(tris);
    h.u32(quads);
    h.u32(0);
    h.u32(uint32_t(r.lights) * 88);
    h.u32(r.lights);
    h.u32(0);
    h.f32(float(r.y_top));
    h.f32(float(r.y_bottom));
    h.u32(layers);
    h.u32(layers_at);
    h.u32(vertices_at);
    h.u32(faces_at);
    h.u32(faces_at);
    h.u32(uint32_t(nv * 28));
    for (int i = 0; i < 4; ++i) h.u32(cd);
    w.u32(0x414C4558);  // "XELA"
    w.u32(uint32_t(h.size() + body.size()));
    w.raw(h.bytes());
    w.raw(body.bytes());
}

void counted_zeros(ByteWriter& w, uint32_t count, size_t size) {
    w.u32(count);
    w.zeros(size_t(count) * size);
}

void write_objects(ByteWriter& w, const LevelSpec& spec) {
    const SectionCounts& c = spec.counts;
    const bool tr5 = spec.version == Version::Tr5;
    counted_zeros(w, c.floor_data, 2);
    std::vector<uint32_t> offsets;
    const Bytes p = pool(spec, &offsets);
    w.u32(uint32_t(p.size() / 2));
    w.raw(p);
    const std::vector<uint32_t>& pointers =
        spec.mesh_pointers.empty() ? offsets : spec.mesh_pointers;
    w.u32(uint32_t(pointers.size()));
    for (uint32_t v : pointers) w.u32(v);
    write_anim_sections(w, spec);
    w.u32(uint32_t(spec.mesh_tree.size()));
    for (int32_t v : spec.mesh_tree) w.s32(v);
    write_frame_words(w, spec);
    w.u32(uint32_t(spec.moveables.size()));
    for (const Moveable& m : spec.moveables) {
        w.s32(m.slot);
        w.u16(m.mesh_count);
        w.u16(m.starting_mesh);
        w.s32(m.mesh_tree);
        w.s32(m.frame_offset);
        w.s16(m.animation);
        if (tr5) w.u16(m.tr5_filler);
    }
    counted_zeros(w, c.statics, 32);
    w.raw(tr5 ? std::string_view("SPR\0", 4) : std::string_view("SPR", 3));
    counted_zeros(w, c.sprite_textures, 16);
    counted_zeros(w, c.sprite_sequences, 8);
    counted_zeros(w, c.cameras, 16);
    counted_zeros(w, c.flyby_cameras, 40);
    counted_zeros(w, c.sound_sources, 16);
    counted_zeros(w, c.boxes, 8);
    counted_zeros(w, c.overlaps, 2);
    w.zeros(size_t(c.boxes) * 10 * 2);
    counted_zeros(w, c.animated_textures, 2);
    w.u8(c.uv_rotate);
}

void write_textures_and_tail(ByteWriter& w, const LevelSpec& spec) {
    const bool tr5 = spec.version == Version::Tr5;
    w.raw(tr5 ? std::string_view("TEX\0", 4) : std::string_view("TEX", 3));
    w.u32(uint32_t(spec.object_textures.size()));
    for (const ObjectTexture& t : spec.object_textures) {
        w.u16(t.attribute);
        w.u16(t.tile);
        w.u16(t.flags);
        for (uint16_t c : t.uv) w.u16(c);
        w.u32(t.orig_u);
        w.u32(t.orig_v);
        w.u32(t.width);
        w.u32(t.height);
        if (tr5) w.u16(t.tr5_extra);
    }
    w.u32(0);                        // items
    w.u32(0);                        // AI objects
    w.u16(0);                        // demo data
    w.zeros((tr5 ? 450 : 370) * 2);  // sound map
    w.u32(0);                        // sound details
    w.u32(0);                        // sample indices
    w.zeros(6, tr5 ? 0xCD : 0);
}

void chunk(ByteWriter& w, const Bytes& raw, int64_t size_delta = 0) {
    const Bytes z = codec::zlib_deflate(raw, 6);
    w.u32(uint32_t(int64_t(raw.size()) + size_delta));
    w.u32(uint32_t(z.size()));
    w.raw(z);
}

Bytes pages16(const std::vector<Bytes>& pages) {
    Bytes out;
    out.reserve(pages.size() * kPage16Bytes);
    for (const Bytes& p : pages)
        for (size_t i = 0; i + 3 < p.size(); i += 4) {
            const uint16_t v = uint16_t((p[i + 3] >= 128 ? 0x8000 : 0) | ((p[i + 2] >> 3) << 10) |
                                        ((p[i + 1] >> 3) << 5) | (p[i] >> 3));
            out.push_back(uint8_t(v));
            out.push_back(uint8_t(v >> 8));
        }
    return out;
}

void write_tail(ByteWriter& w, const LevelSpec& spec) {
    w.u32(uint32_t(spec.samples.size()));
    for (const Bytes& s : spec.samples) {
        w.u32(uint32_t(s.size()));
        w.u32(uint32_t(s.size()));
        w.raw(s);
    }
    if (!spec.ng) return;
    const size_t start = w.bytes().size();
    w.raw(Bytes{'N', 'G'});
    for (const auto& [tag, words] : spec.ng_chunks) {
        w.u16(uint16_t(words.size() + 2));
        w.u16(tag);
        for (uint16_t v : words) w.u16(v);
    }
    w.u32(0);
    w.raw(Bytes{'N', 'G', 'L', 'E'});
    w.u32(uint32_t(w.bytes().size() + 4 - start));
}

}  // namespace

std::vector<uint32_t> mesh_offsets(const LevelSpec& spec) {
    std::vector<uint32_t> offsets;
    pool(spec, &offsets);
    return offsets;
}

Bytes geometry_block(const LevelSpec& spec) {
    ByteWriter w;
    w.u32(0);
    if (spec.version == Version::Tr4)
        w.u16(uint16_t(spec.rooms.size()));
    else
        w.u32(uint32_t(spec.rooms.size()));
    for (const Room& r : spec.rooms)
        spec.version == Version::Tr4 ? write_room_tr4(w, r) : write_room_tr5(w, r);
    write_objects(w, spec);
    write_textures_and_tail(w, spec);
    return w.bytes();
}

Bytes wrap_container(const LevelSpec& spec, const Bytes& geometry, const ContainerOptions& o) {
    ByteWriter w;
    w.u32(spec.magic);
    w.u16(spec.room_pages);
    w.u16(spec.object_pages);
    w.u16(spec.bump_pages);
    Bytes texels;
    for (const Bytes& p : spec.pages) texels.insert(texels.end(), p.begin(), p.end());
    chunk(w, texels);
    chunk(w, pages16(spec.pages));
    const bool tr5 = spec.version == Version::Tr5;
    chunk(w, Bytes((tr5 ? 3 : 2) * kPage32Bytes, 0));
    if (!tr5) {
        chunk(w, geometry, o.geometry_size_delta);
    } else {
        w.u16(spec.lara_type);
        w.u16(spec.weather);
        w.zeros(28);
        w.u32(uint32_t(geometry.size()));
        w.u32(uint32_t(geometry.size()));
        w.raw(geometry);
    }
    write_tail(w, spec);
    return w.bytes();
}

}  // namespace ripkit::tr_level::testkit
