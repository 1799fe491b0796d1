#include "demo_level.hpp"

#include <algorithm>
#include <cstdlib>

#include "anim_writer.hpp"

namespace ripkit::tr_level::testkit {

namespace {

constexpr uint16_t kRoomQuadTex = 0, kRoomTriTex = 1, kQuadTexA = 2, kQuadTexB = 3,
                   kAdditiveTex = 4, kTriTex = 5;

Bytes page(int p) {
    Bytes out(kPage32Bytes);
    for (int y = 0; y < kPageSide; ++y)
        for (int x = 0; x < kPageSide; ++x) {
            const auto c = demo_texel(p, x, y);
            uint8_t* t = &out[size_t(y * kPageSide + x) * 4];
            t[0] = c[2];  // stored B, G, R, A
            t[1] = c[1];
            t[2] = c[0];
            t[3] = c[3];
        }
    return out;
}

// Corners in 8.8 fixed-point pixels.
ObjectTexture texture(uint16_t attribute, uint16_t page, bool triangle,
                      std::array<uint16_t, 8> uv) {
    ObjectTexture t;
    t.attribute = attribute;
    t.tile = uint16_t(page | (triangle ? 0x8000 : 0));
    t.uv = uv;
    t.width = 63;
    t.height = 63;
    return t;
}

std::vector<ObjectTexture> textures() {
    auto px = [](double v) { return uint16_t(v * 256.0); };
    return {
        texture(0, 0, false, {px(0), px(0), px(64), px(0), px(64), px(64), px(0), px(64)}),
        texture(1, 0, true, {px(64), px(0), px(128), px(0), px(64), px(64), 0, 0}),
        texture(
            0, 1, false,
            {px(10.5), px(20.25), px(74.5), px(20.25), px(74.5), px(84.75), px(10.5), px(84.75)}),
        texture(1, 2, false, {px(0), px(0), px(32), px(0), px(32), px(32), px(0), px(32)}),
        texture(2, 1, true, {px(128), px(128), px(192), px(128), px(160), px(192), 0, 0}),
        texture(0, 2, true, {px(200), px(8), px(250), px(8), px(225), px(60), 0, 0}),
    };
}

enum class Shading { Normals, Lights };

// A box from (-h, y0, -h) to (h, y1, h): 8 corners (bit 0 x, bit 1 y, bit 2
// z), six quads alternating two textures, one triangle.
TrMesh box(int h, int y0, int y1, uint16_t tri_tex, Shading shading) {
    TrMesh m;
    for (int i = 0; i < 8; ++i)
        m.vertices.push_back(
            {int16_t(i & 1 ? h : -h), int16_t(i & 2 ? y1 : y0), int16_t(i & 4 ? h : -h)});
    m.centre = {0, int16_t((y0 + y1) / 2), 0};
    m.radius = int16_t(std::max(h, std::max(std::abs(y0), std::abs(y1))));
    if (shading == Shading::Normals) {
        m.normal_count = 8;
        for (int i = 0; i < 8; ++i)
            m.normals.push_back({int16_t(i & 1 ? 9459 : -9459), int16_t(i & 2 ? 9459 : -9459),
                                 int16_t(i & 4 ? 9459 : -9459)});
    } else {
        m.normal_count = -8;
        for (int i = 0; i < 8; ++i) m.lights.push_back(int16_t(1000 * i));
    }
    const uint16_t quads[6][4] = {{0, 2, 6, 4}, {1, 5, 7, 3}, {0, 4, 5, 1},
                                  {2, 3, 7, 6}, {0, 1, 3, 2}, {4, 6, 7, 5}};
    for (int q = 0; q < 6; ++q) {
        Face f;
        f.quad = true;
        f.v = {quads[q][0], quads[q][1], quads[q][2], quads[q][3]};
        f.texture = q % 2 ? kQuadTexB : kQuadTexA;
        m.faces.push_back(f);
    }
    m.quad_count = 6;
    Face t;
    t.v = {0, 1, 2, 0};
    t.texture = tri_tex;
    m.faces.push_back(t);
    return m;
}

std::vector<int32_t> flatten(const std::vector<TreeNode>& nodes) {
    std::vector<int32_t> out;
    for (const TreeNode& n : nodes) out.insert(out.end(), {n.flags, n.dx, n.dy, n.dz});
    return out;
}

Moveable moveable(int32_t slot, uint16_t meshes, uint16_t start, int32_t tree, Version v) {
    Moveable m;
    m.slot = slot;
    m.mesh_count = meshes;
    m.starting_mesh = start;
    m.mesh_tree = tree;
    m.animation = -1;
    if (v == Version::Tr5) m.tr5_filler = 0xFFEF;
    return m;
}

RoomVertex room_vertex(Version v, int x, int y, int z, int i) {
    RoomVertex rv;
    rv.x = float(x);
    rv.y = float(y);
    rv.z = float(z);
    const int r = 31 - i, g = (2 * i) % 32, b = 16;
    if (v == Version::Tr4) {
        rv.colour = uint32_t((r << 10) | (g << 5) | b);
    } else {
        rv.colour =
            0xFF000000u | uint32_t((r * 8) << 16) | uint32_t((g * 8) << 8) | uint32_t(b * 8);
        rv.normal = {0.0f, -1.0f, 0.0f};
    }
    return rv;
}

Face room_face(std::array<uint16_t, 4> v, bool quad, uint16_t texture) {
    Face f;
    f.v = v;
    f.quad = quad;
    f.texture = texture;
    return f;
}

// Where the bundled cutscenes play (their origins are x 41984..45056,
// y -2304, z 35840): room 0 holds the TR4 ones, room 1 TR5's cutscene 4.
std::vector<Room> rooms(Version v) {
    constexpr int kFloor = -1792;  // under the actors' feet
    Room a;
    a.x = 40960;
    a.z = 34816;
    a.y_bottom = kFloor;
    a.y_top = -4096;
    for (int k = 0; k < 3; ++k)
        for (int i = 0; i < 3; ++i)
            a.vertices.push_back(room_vertex(v, 2048 * i, kFloor, 2048 * k, k * 3 + i));
    const int wall[4][3] = {
        {0, kFloor - 1024, 0}, {4096, kFloor - 1024, 0}, {4096, kFloor, 0}, {0, kFloor, 0}};
    for (int i = 0; i < 4; ++i)
        a.vertices.push_back(room_vertex(v, wall[i][0], wall[i][1], wall[i][2], 9 + i));
    for (int k = 0; k < 2; ++k)
        for (int i = 0; i < 2; ++i) {
            const uint16_t c = uint16_t(k * 3 + i);
            a.faces.push_back(room_face({c, uint16_t(c + 3), uint16_t(c + 4), uint16_t(c + 1)},
                                        true, kRoomQuadTex));
        }
    a.faces.push_back(room_face({9, 10, 11, 12}, true, kRoomQuadTex | 0x8000));
    a.faces.push_back(room_face({0, 1, 9, 0}, false, kRoomTriTex));
    a.sectors_z = a.sectors_x = 4;
    a.portals = v == Version::Tr4 ? 1 : 0;
    a.lights = 1;
    a.statics = 1;
    a.sprites = v == Version::Tr4 ? 1 : 0;
    a.layers = 1;
    a.ambient = 0xFF404040;
    a.flags = 0x20;

    Room b;
    b.x = 45056;
    b.z = 34816;
    b.y_bottom = kFloor;
    b.y_top = -3584;
    const int up = kFloor - 512;
    const int pts[8][3] = {{0, kFloor, 0},    {4096, kFloor, 0}, {4096, kFloor, 4096},
                           {0, kFloor, 4096}, {0, up, 0},        {1024, up, 0},
                           {1024, up, 1024},  {0, up, 1024}};
    for (int i = 0; i < 8; ++i)
        b.vertices.push_back(room_vertex(v, pts[i][0], pts[i][1], pts[i][2], 20 + i));
    b.faces.push_back(room_face({0, 3, 2, 1}, true, kRoomQuadTex));
    b.faces.push_back(room_face({4, 5, 6, 0}, false, kRoomTriTex | 0x8000));
    b.faces.push_back(room_face({4, 6, 7, 0}, false, kRoomTriTex | 0x8000));
    b.sectors_z = b.sectors_x = 4;
    b.layers = 2;  // TR5: vertices 0..3 and 4..7
    b.ambient = 0xFF202020;
    return {a, b};
}

// A keyframe of `meshes` rotations, all packed three-axis unless `single`
// names a mesh to pack on one axis (angles in 16-bit units; the writer keeps
// their top 10 or 12 bits, so multiples of 64 survive exactly).
KeyFrame key(int meshes, std::array<int16_t, 3> offset, std::vector<std::array<uint16_t, 3>> rot,
             std::vector<std::pair<int, Packing>> single = {}) {
    KeyFrame k;
    k.bbox = {-100, 100, -700, 0, -60, 60};
    k.offset = offset;
    k.rotations = std::move(rot);
    k.rotations.resize(size_t(meshes));
    k.packing.assign(size_t(meshes), Packing::ThreeAxis);
    for (const auto& [mesh, p] : single) k.packing[size_t(mesh)] = p;
    return k;
}

AnimCommand command(CommandKind kind, std::array<int16_t, 3> operands) {
    AnimCommand c;
    c.kind = kind;
    c.operands = operands;
    return c;
}

// Lara: a turn on the spot (hips about Y, arms out, a footstep sound) that
// can go to a wave (the right arm about X on one-axis words, a flip effect);
// the second actor a nod; ANIMATING1 a full turn. Angles: 16384 = 90 degrees.
void add_demo_anims(LevelSpec& s) {
    AnimSpec turn;
    turn.rate = 5;
    turn.state = 2;
    turn.frame_start = 0;
    turn.next_anim = 0;
    turn.speed = 0x8000;
    turn.keys = {key(15, {0, -470, 0}, {}),
                 key(15, {0, -480, 20}, {{0, 4096, 0}, {}, {}, {}, {}, {}, {}, {}, {8192, 0, 0}}),
                 key(15, {0, -470, 40}, {{0, 8192, 0}, {}, {}, {}, {}, {}, {}, {}, {16384, 0, 0}})};
    turn.commands = {command(CommandKind::PlaySound, {5, 0x4000 | 2, 0})};
    turn.state_changes = {{3, {Dispatch{0, 0, 10, 1, 11}}}};
    s.moveables[0].animation = int16_t(append_anim(s, turn));
    AnimSpec wave;
    wave.rate = 2;
    wave.state = 3;
    wave.frame_start = 11;
    wave.span = 5;
    wave.next_anim = 0;
    const std::vector<std::pair<int, Packing>> one = {{8, Packing::X}, {9, Packing::Z}};
    wave.keys = {
        key(15, {0, -470, 0}, {{}, {}, {}, {}, {}, {}, {}, {}, {49152, 0, 0}}, one),
        key(15, {0, -470, 0}, {{}, {}, {}, {}, {}, {}, {}, {}, {45056, 0, 0}, {0, 0, 8192}}, one),
        key(15, {0, -470, 0}, {{}, {}, {}, {}, {}, {}, {}, {}, {53248, 0, 0}, {0, 0, 57344}}, one),
        key(15, {0, -470, 0}, {{}, {}, {}, {}, {}, {}, {}, {}, {49152, 0, 0}}, one)};
    wave.commands = {command(CommandKind::FlipEffect, {14, 3, 0}),
                     command(CommandKind::EmptyHands, {})};
    append_anim(s, wave);
    AnimSpec nod;
    nod.rate = 4;
    nod.state = 1;
    nod.frame_start = 17;
    nod.next_anim = 2;
    nod.next_frame = 17;
    nod.keys = {key(15, {0, -300, 0}, {}),
                key(15, {0, -300, 0},
                    {{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {6144, 0, 64}})};
    s.moveables[3].animation = int16_t(append_anim(s, nod));
    AnimSpec spin;
    spin.rate = 10;
    spin.state = 1;
    spin.frame_start = 22;
    spin.next_anim = 3;
    spin.next_frame = 22;
    spin.keys = {key(1, {0, 0, 0}, {{0, 0, 0}}), key(1, {0, 0, 0}, {{0, 21824, 0}}),
                 key(1, {0, 0, 0}, {{0, 43648, 0}}), key(1, {0, 0, 0}, {{0, 65472, 0}})};
    s.moveables[4].animation = int16_t(append_anim(s, spin));
}

SectionCounts counts() {
    SectionCounts c;
    c.floor_data = 6;
    c.statics = 1;
    c.sprite_textures = 2;
    c.sprite_sequences = 1;
    c.cameras = 1;
    c.flyby_cameras = 1;
    c.sound_sources = 2;
    c.boxes = 2;
    c.overlaps = 3;
    c.animated_textures = 3;
    return c;
}

}  // namespace

std::array<uint8_t, 4> demo_texel(int page, int x, int y) {
    const uint8_t a = page == 2 && x < 16 && y < 16 ? 0 : 255;
    return {uint8_t(x & 0xF8), uint8_t(y & 0xF8), uint8_t(40 + 60 * page), a};
}

std::vector<TreeNode> lara_tree() {
    return {{2, 60, 10, 0},   {0, 0, 220, 0}, {0, 0, 200, 10},   {3, -60, 10, 0}, {0, 0, 220, 0},
            {0, 0, 200, 10},  {1, 0, -30, 0}, {2, -90, -200, 0}, {0, 0, 130, 0},  {0, 0, 120, 0},
            {3, 90, -200, 0}, {0, 0, 130, 0}, {0, 0, 120, 0},    {1, 0, -230, 0}};
}

std::vector<TreeNode> actor_tree() {
    return {{0, 0, -100, 0}, {0, 0, -100, 0}, {2, 0, -100, 0}, {0, 0, -80, 40}, {1, 70, 0, 0},
            {0, 0, 90, 0},   {2, 0, 90, 0},   {0, 20, 30, 0},  {1, 0, 40, 20},  {0, 0, 0, 80},
            {0, 0, 0, 80},   {0, 0, 0, 80},   {0, 0, 0, 80},   {0, 0, 0, 80}};
}

LevelSpec demo_level(Version v) {
    LevelSpec s;
    s.version = v;
    s.room_pages = 1;
    s.object_pages = 2;
    for (int p = 0; p < 3; ++p) s.pages.push_back(page(p));
    s.object_textures = textures();
    s.rooms = rooms(v);
    s.counts = counts();

    s.meshes.push_back(TrMesh{});  // 0: the empty dummy mesh pointer 0 names
    for (int j = 0; j < 15; ++j)   // 1..15: LARA
        s.meshes.push_back(box(20 + j, j == 7 ? -200 : 0, j == 7 ? 0 : 40 + 5 * j, kTriTex,
                               j == 14 ? Shading::Lights : Shading::Normals));
    for (int j = 0; j < 15; ++j)  // 16..30: LARA_SKIN
        s.meshes.push_back(box(30 + j, 0, 50 + 4 * j, kTriTex, Shading::Normals));
    // 31..44: LARA_SKIN_JOINTS meshes 1..14. The left knee (2) is as wide as
    // the shin: its top corners meet the shin's and are bound to it.
    for (int j = 1; j < 15; ++j)
        s.meshes.push_back(box(j == 2 ? 32 : 8 + j, 0, 16, kTriTex, Shading::Normals));
    for (int j = 0; j < 15; ++j) {  // 45..59: the second actor
        TrMesh m = box(15 + 2 * j, 0, 30 + 3 * j, kAdditiveTex, Shading::Normals);
        if (j == 4) m.faces[0].effects = 1;  // one additive face by its effects
        s.meshes.push_back(m);
    }
    const std::vector<uint32_t> off = mesh_offsets(s);
    s.mesh_pointers.push_back(off[0]);
    for (size_t i = 1; i <= 30; ++i) s.mesh_pointers.push_back(off[i]);
    s.mesh_pointers.push_back(off[0]);  // LARA_SKIN_JOINTS mesh 0 shares the dummy
    for (size_t i = 31; i <= 59; ++i) s.mesh_pointers.push_back(off[i]);

    for (int t = 0; t < 3; ++t) {
        const auto nodes = flatten(lara_tree());
        s.mesh_tree.insert(s.mesh_tree.end(), nodes.begin(), nodes.end());
    }
    const auto actor = flatten(actor_tree());
    s.mesh_tree.insert(s.mesh_tree.end(), actor.begin(), actor.end());
    s.moveables = {moveable(0, 15, 1, 0, v), moveable(8, 15, 16, 56, v),
                   moveable(9, 15, 31, 112, v), moveable(kDemoActorSlot, 15, 46, 168, v),
                   moveable(v == Version::Tr4 ? 427 : 416, 1, 1, 0, v)};
    add_demo_anims(s);
    return s;
}

LevelSpec minimal_level(Version v) {
    LevelSpec s;
    s.version = v;
    s.object_pages = 1;
    s.pages.push_back(Bytes(kPage32Bytes, 0x80));  // flat: a few hundred bytes of zlib
    s.object_textures = {textures()[0]};
    s.object_textures[0].tile = 0;
    TrMesh a = box(20, 0, 40, 0, Shading::Normals), b = box(10, 0, 20, 0, Shading::Lights);
    for (TrMesh* m : {&a, &b})
        for (Face& f : m->faces) f.texture = 0;
    s.meshes = {a, b};
    s.mesh_tree = {0, 0, -256, 0};
    s.moveables = {moveable(0, 2, 0, 0, v)};
    Room r;
    for (int i = 0; i < 4; ++i)
        r.vertices.push_back(room_vertex(v, (i & 1) * 1024, 0, (i >> 1) * 1024, i));
    r.faces.push_back(room_face({0, 1, 3, 2}, true, 0));
    r.layers = 1;
    s.rooms = {r};
    return s;
}

}  // namespace ripkit::tr_level::testkit
