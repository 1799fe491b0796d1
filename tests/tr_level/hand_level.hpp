// Hand-laid minimal levels, byte by byte from the published layout
// (reference tr-level.md section 8 and OpenTomb's TR5 room header), with the
// system zlib: deliberately not the format's writer.
#pragma once

#include <zlib.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace hand {

using Bytes = std::vector<uint8_t>;

inline void u8(Bytes& b, int v) { b.push_back(uint8_t(v)); }
inline void u16(Bytes& b, int v) {
    b.push_back(uint8_t(v & 0xFF));
    b.push_back(uint8_t((v >> 8) & 0xFF));
}
inline void u32(Bytes& b, int64_t v) {
    for (int i = 0; i < 4; ++i) b.push_back(uint8_t((v >> (8 * i)) & 0xFF));
}
inline void f32(Bytes& b, float f) {
    uint32_t v;
    std::memcpy(&v, &f, 4);
    u32(b, v);
}
inline void put16(Bytes& b, size_t at, int v) {
    b[at] = uint8_t(v & 0xFF);
    b[at + 1] = uint8_t((v >> 8) & 0xFF);
}
inline void put32(Bytes& b, size_t at, int64_t v) {
    for (int i = 0; i < 4; ++i) b[at + size_t(i)] = uint8_t((v >> (8 * i)) & 0xFF);
}
inline void raw(Bytes& b, const std::string& s) { b.insert(b.end(), s.begin(), s.end()); }
inline void zeros(Bytes& b, size_t n, uint8_t fill = 0) { b.insert(b.end(), n, fill); }
inline void append(Bytes& b, const Bytes& more) { b.insert(b.end(), more.begin(), more.end()); }

inline void chunk(Bytes& out, const Bytes& raw_data) {
    uLongf n = compressBound(uLong(raw_data.size()));
    Bytes z(n);
    compress2(z.data(), &n, raw_data.data(), uLong(raw_data.size()), 6);
    z.resize(n);
    u32(out, int64_t(raw_data.size()));
    u32(out, int64_t(z.size()));
    append(out, z);
}

// The page of the minimal level: texel (x, y) = bytes B, G, R, A =
// (y, x, 200, 255) (so R = 200, G = x, B = y).
inline Bytes page() {
    Bytes p;
    for (int y = 0; y < 256; ++y)
        for (int x = 0; x < 256; ++x) {
            u8(p, y);
            u8(p, x);
            u8(p, 200);
            u8(p, 255);
        }
    return p;
}

// Mesh A: 3 vertices (0,0,0) (100,0,0) (0,100,0), normals (0,0,-16384), one
// triangle (0,1,2) with texture 0. 64 bytes.
inline Bytes mesh_a() {
    Bytes m;
    for (int v : {0, 0, 0, 100, 0}) u16(m, v);  // centre, radius, flags
    u16(m, 3);
    for (int v : {0, 0, 0, 100, 0, 0, 0, 100, 0}) u16(m, v);
    u16(m, 3);
    for (int i = 0; i < 3; ++i)
        for (int v : {0, 0, -16384}) u16(m, v);
    u16(m, 0);  // quads
    u16(m, 1);
    for (int v : {0, 1, 2, 0, 0}) u16(m, v);
    return m;
}

// Mesh B: 4 vertices of a 64-unit square at y = 0, lights 0, 2048, 4096,
// 8191, one quad (0,1,2,3) texture 0 with the additive effect. 62 + 2 bytes.
inline Bytes mesh_b() {
    Bytes m;
    for (int v : {32, 0, 32, 64, 0}) u16(m, v);
    u16(m, 4);
    for (int v : {0, 0, 0, 64, 0, 0, 64, 0, 64, 0, 0, 64}) u16(m, v);
    u16(m, -4);
    for (int v : {0, 2048, 4096, 8191}) u16(m, v);
    u16(m, 1);
    for (int v : {0, 1, 2, 3, 0, 1}) u16(m, v);
    u16(m, 0);          // triangles
    zeros(m, 2, 0xEE);  // padding to 4 bytes, garbage as in retail files
    return m;
}

inline void tr4_room(Bytes& g) {
    for (int v : {1024, 2048, 0, -1024}) u32(g, v);  // x, z, yBottom, yTop
    Bytes d;
    u16(d, 3);
    const int verts[3][3] = {{0, 0, 0}, {1024, 0, 0}, {0, -512, 1024}};
    const int colours[3] = {0x7C00, 0x03E0, 0x001F};  // red, green, blue (RGB555)
    for (int i = 0; i < 3; ++i) {
        for (int a = 0; a < 3; ++a) u16(d, verts[i][a]);
        u16(d, 0);       // lighting
        u16(d, 0x4000);  // attributes: caustics
        u16(d, colours[i]);
    }
    u16(d, 0);  // quads
    u16(d, 1);
    for (int v : {0, 1, 2, 0x8000}) u16(d, v);  // double-sided, texture 0
    u16(d, 0);                                  // sprites
    u32(g, int64_t(d.size() / 2));
    append(g, d);
    u16(g, 0);  // portals
    u16(g, 1);  // sectors z
    u16(g, 1);  // sectors x
    zeros(g, 8);
    u32(g, 0xFF808080);  // ambient
    u16(g, 0);           // lights
    u16(g, 0);           // statics
    u16(g, -1);          // alternate room
    u16(g, 0);           // flags
    zeros(g, 3);
}

// TR5 room: "XELA", size, a 208-byte header (fields at OpenTomb's offsets,
// the rest 0xCD), one 56-byte layer, one 10-byte triangle, three
// 28-byte vertices.
inline void tr5_room(Bytes& g) {
    Bytes h(208, 0xCD);
    const size_t layers_at = 0, faces_at = 56, vertices_at = 66;
    put32(h, 20, 1024);
    put32(h, 28, 2048);
    put32(h, 32, 0);
    put32(h, 36, -1024);
    put16(h, 40, 1);
    put16(h, 42, 1);
    put32(h, 44, 0xFF808080);
    put16(h, 48, 0);
    put16(h, 50, 0);
    put16(h, 76, -1);
    put16(h, 78, 0);
    put32(h, 168, 1);
    put32(h, 172, int64_t(layers_at));
    put32(h, 176, int64_t(vertices_at));
    put32(h, 180, int64_t(faces_at));
    put32(h, 184, int64_t(faces_at));
    put32(h, 188, 3 * 28);
    Bytes body;
    u16(body, 3);  // layer: vertices
    u16(body, 0);
    u16(body, 0);
    u16(body, 0);  // quads
    u16(body, 1);  // triangles
    zeros(body, 56 - 10);
    for (int v : {0, 1, 2, 0x8000, 0}) u16(body, v);  // triangle + its extra word
    const float verts[3][3] = {{0, 0, 0}, {1024, 0, 0}, {0, -512, 1024}};
    const uint32_t colours[3] = {0xFFFF0000, 0xFF00FF00, 0xFF0000FF};  // BGRA bytes
    for (int i = 0; i < 3; ++i) {
        for (int a = 0; a < 3; ++a) f32(body, verts[i][a]);
        for (float n : {0.0f, -1.0f, 0.0f}) f32(body, n);
        u32(body, colours[i]);
    }
    raw(g, "XELA");
    u32(g, int64_t(h.size() + body.size()));
    append(g, h);
    append(g, body);
}

// What the minimal level holds between the mesh pointers and the statics
// when a test lays out animations: the four counted sections after the
// pointers (anims, state changes, dispatches, command words), the counted
// frame words after the tree, and the moveable's first anim.
struct AnimBytes {
    Bytes sections;
    Bytes frames;
    int animation = -1;
};

// The minimal level of reference section 8 (plus one room), TR4 or TR5, up
// to the end of the geometry: what follows (samples, a TRNG trailer) is the
// caller's.
inline Bytes minimal_level_to_geometry_end(bool tr5, const AnimBytes* anims = nullptr) {
    Bytes g;
    u32(g, 0);
    if (tr5)
        u32(g, 1);
    else
        u16(g, 1);
    tr5 ? tr5_room(g) : tr4_room(g);
    u32(g, 0);  // floor data
    Bytes pool = mesh_a();
    append(pool, mesh_b());
    u32(g, int64_t(pool.size() / 2));
    append(g, pool);
    u32(g, 2);
    u32(g, 0);
    u32(g, 64);
    if (anims)
        append(g, anims->sections);
    else
        for (int i = 0; i < 4; ++i) u32(g, 0);  // anims, changes, dispatches, commands
    u32(g, 4);
    for (int v : {0, 0, -256, 0}) u32(g, v);
    if (anims)
        append(g, anims->frames);
    else
        u32(g, 0);  // frames
    u32(g, 1);
    u32(g, 0);                              // slot
    u16(g, 2);                              // meshes
    u16(g, 0);                              // starting mesh
    u32(g, 0);                              // tree
    u32(g, 0);                              // frame offset
    u16(g, anims ? anims->animation : -1);  // animation
    if (tr5) u16(g, 0xFFEF);
    u32(g, 0);  // statics
    raw(g, tr5 ? std::string("SPR\0", 4) : "SPR");
    for (int i = 0; i < 5; ++i) u32(g, 0);  // sprites, sequences, cameras, flybys, sounds
    u32(g, 0);                              // boxes
    u32(g, 0);                              // overlaps
    u32(g, 0);                              // animated textures
    u8(g, 0);
    raw(g, tr5 ? std::string("TEX\0", 4) : "TEX");
    u32(g, 1);
    for (int v : {1, 0, 0}) u16(g, v);  // attribute 1 (alpha), page 0, flags
    for (int v : {0x0100, 0x0200, 0x4080, 0x0200, 0x4080, 0x4000, 0x0100, 0x4000}) u16(g, v);
    for (int i = 0; i < 4; ++i) u32(g, 0);
    if (tr5) u16(g, 0);
    u32(g, 0);  // items
    u32(g, 0);  // AI
    u16(g, 0);  // demo
    zeros(g, tr5 ? 900 : 740);
    u32(g, 0);
    u32(g, 0);
    zeros(g, 6, tr5 ? 0xCD : 0);

    Bytes f;
    raw(f, std::string("TR4\0", 4));
    u16(f, 0);
    u16(f, 1);
    u16(f, 0);
    chunk(f, page());
    chunk(f, Bytes(131072, 0));
    chunk(f, Bytes(tr5 ? 786432 : 524288, 0));
    if (tr5) {
        u16(f, 2);  // Lara type
        u16(f, 1);  // weather
        zeros(f, 28);
        u32(f, int64_t(g.size()));
        u32(f, int64_t(g.size()));
        append(f, g);
    } else {
        chunk(f, g);
    }
    return f;
}

inline Bytes minimal_level(bool tr5, const AnimBytes* anims = nullptr) {
    Bytes f = minimal_level_to_geometry_end(tr5, anims);
    u32(f, 0);  // samples
    return f;
}

}  // namespace hand
