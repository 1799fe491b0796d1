#include "room_reader.hpp"

#include <cmath>
#include <string>

#include "face_reader.hpp"
#include "section_walk.hpp"

namespace ripkit::tr_level {

namespace {

constexpr uint32_t kXela = 0x414C4558;  // "XELA"
constexpr size_t kTr5HeaderBytes = 208;
constexpr size_t kTr5LayerBytes = 56;
constexpr size_t kTr5VertexBytes = 28;

std::string n(uint64_t v) { return std::to_string(v); }

// The sized geometry data of a room: its errors stay the room's own.
template <class Fn>
void keep_error(Room& room, Fn&& read) {
    try {
        read();
    } catch (Error& e) {
        if (document_wide(e)) throw;
        room.vertices.clear();
        room.faces.clear();
        room.error = e;
    }
}

// The data words: vertices, quads, triangles and sprites.
void read_tr4_data(ByteReader d, Room& room, Budget& budget) {
    const uint16_t nv = count16(d, "room vertex count");
    reserve_records(d, room.vertices, nv, 12, budget, "room vertices");
    for (uint16_t i = 0; i < nv; ++i) {
        RoomVertex v;
        v.x = d.s16("room vertex x");
        v.y = d.s16("room vertex y");
        v.z = d.s16("room vertex z");
        v.lighting = d.s16("room vertex lighting");
        v.attributes = d.u16("room vertex attributes");
        v.colour = d.u16("room vertex colour");
        room.vertices.push_back(v);
    }
    room.quad_count = count16(d, "room quad count");
    read_faces(d, room.faces, room.quad_count, true, false, nv, 0, budget, "room quads");
    room.triangle_count = count16(d, "room triangle count");
    read_faces(d, room.faces, room.triangle_count, false, false, nv, 0, budget, "room triangles");
    room.sprites = count16(d, "room sprite count");
    skip_records(d, room.sprites, 4, "room sprites");
}

}  // namespace

Room read_room_tr4(ByteReader& r, Budget& budget) {
    Room room;
    room.at = r.abs_pos();
    room.x = r.s32("room x");
    room.z = r.s32("room z");
    room.y_bottom = r.s32("room y bottom");
    room.y_top = r.s32("room y top");
    const uint32_t words = r.u32("room data word count");
    need_records(r, words, 2, "room data words");
    const ByteReader data = r.sub(r.pos(), size_t(words) * 2, "room data");
    r.skip(size_t(words) * 2, "room data");
    room.portals = r.u16("room portal count");
    skip_records(r, room.portals, 32, "room portals");
    room.sectors_z = r.u16("room sector count along z");
    room.sectors_x = r.u16("room sector count along x");
    skip_records(r, uint64_t(room.sectors_z) * room.sectors_x, 8, "room sectors");
    room.ambient = r.u32("room ambient colour");
    room.lights = r.u16("room light count");
    skip_records(r, room.lights, 46, "room lights");
    room.statics = r.u16("room static mesh count");
    skip_records(r, room.statics, 20, "room static meshes");
    room.alt_room = r.s16("room alternate room");
    room.flags = r.u16("room flags");
    r.skip(3, "room water scheme, reverb and alternate group");
    keep_error(room, [&] { read_tr4_data(data, room, budget); });
    return room;
}

namespace {

struct Tr5Layer {
    uint16_t vertices = 0, quads = 0, triangles = 0;
};

void read_tr5_faces(ByteReader& d, Room& room, const std::vector<Tr5Layer>& layers,
                    Budget& budget) {
    uint32_t base = 0;
    for (size_t l = 0; l < layers.size(); ++l) {
        const Tr5Layer& layer = layers[l];
        const std::string what = "layer " + n(l);
        read_faces(d, room.faces, layer.quads, true, true, layer.vertices, uint16_t(base), budget,
                   what + " quads");
        read_faces(d, room.faces, layer.triangles, false, true, layer.vertices, uint16_t(base),
                   budget, what + " triangles");
        base += layer.vertices;
    }
}

float finite(ByteReader& d, const char* what) {
    const uint64_t at = d.abs_pos();
    const float v = d.f32(what);
    if (!std::isfinite(v)) fail(ErrorKind::BadValue, at, std::string("a finite ") + what);
    return v;
}

void read_tr5_data(ByteReader d, Room& room, Budget& budget) {
    d.need(kTr5HeaderBytes, "TR5 room header");
    const ByteReader h = d.sub(0, kTr5HeaderBytes, "TR5 room header");
    room.x = int32_t(h.u32_at(20, "room x"));
    room.z = int32_t(h.u32_at(28, "room z"));
    room.y_bottom = int32_t(h.u32_at(32, "room y bottom"));
    room.y_top = int32_t(h.u32_at(36, "room y top"));
    room.sectors_z = h.u16_at(40, "room sector count along z");
    room.sectors_x = h.u16_at(42, "room sector count along x");
    room.ambient = h.u32_at(44, "room ambient colour");
    room.lights = h.u16_at(48, "room light count");
    room.statics = h.u16_at(50, "room static mesh count");
    room.alt_room = int16_t(h.u16_at(76, "room alternate room"));
    room.flags = h.u16_at(78, "room flags");
    room.layers = h.u32_at(168, "room layer count");
    const uint32_t layer_at = h.u32_at(172, "layer offset");
    const uint32_t vertex_at = h.u32_at(176, "vertex offset");
    const uint32_t poly_at = h.u32_at(180, "face offset");
    const uint32_t vertex_bytes = h.u32_at(188, "vertex data size");

    ByteReader body = d.rest();
    body.skip(kTr5HeaderBytes, "TR5 room header");
    body = body.rest();
    body.seek(layer_at, "layer offset");
    std::vector<Tr5Layer> layers;
    reserve_records(body, layers, room.layers, kTr5LayerBytes, budget, "room layers");
    uint64_t total = 0, quads = 0, tris = 0;
    for (uint32_t l = 0; l < room.layers; ++l) {
        const ByteReader lr = body.sub(body.pos(), kTr5LayerBytes, "room layer");
        Tr5Layer layer{lr.u16_at(0), lr.u16_at(6), lr.u16_at(8)};
        total += layer.vertices;
        quads += layer.quads;
        tris += layer.triangles;
        layers.push_back(layer);
        body.skip(kTr5LayerBytes, "room layer");
    }
    if (total * kTr5VertexBytes != vertex_bytes || total > 0xFFFF)
        fail(ErrorKind::BadValue, h.abs(188),
             "a vertex data size of " + n(kTr5VertexBytes) + " x the layers' " + n(total) +
                 " vertices (at most 65535), got " + n(vertex_bytes));
    body.seek(poly_at, "face offset");
    read_tr5_faces(body, room, layers, budget);
    body.seek(vertex_at, "vertex offset");
    reserve_records(body, room.vertices, total, kTr5VertexBytes, budget, "room vertices");
    for (uint64_t i = 0; i < total; ++i) {
        RoomVertex v;
        v.x = finite(body, "room vertex x");
        v.y = finite(body, "room vertex y");
        v.z = finite(body, "room vertex z");
        for (float& c : v.normal) c = finite(body, "room vertex normal");
        v.colour = body.u32("room vertex colour");
        room.vertices.push_back(v);
    }
    room.quad_count = uint32_t(quads);
    room.triangle_count = uint32_t(tris);
}

}  // namespace

Room read_room_tr5(ByteReader& r, Budget& budget) {
    Room room;
    room.at = r.abs_pos();
    const uint32_t magic = r.u32("room marker \"XELA\"");
    if (magic != kXela) fail(ErrorKind::BadValue, room.at, "the room marker \"XELA\"");
    const uint32_t size = r.u32("room data size");
    const ByteReader data = r.sub(r.pos(), size, "room data");
    r.skip(size, "room data");
    keep_error(room, [&] { read_tr5_data(data, room, budget); });
    return room;
}

}  // namespace ripkit::tr_level
