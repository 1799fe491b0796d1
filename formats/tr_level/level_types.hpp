// The decoded structures of a Tomb Raider 4 (.TR4) or 5 / Chronicles (.TRC)
// level, values as stored (docs/formats/tr_level.md "dump"). Only what a
// moveable's body and the rooms need is kept; the other sections are walked
// and counted. Offsets (`at`) are where a record starts, in the space its
// reader names: the file for headers and TR5 geometry, the inflated geometry
// chunk for TR4 (errors say which with a where-frame).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "anim_types.hpp"
#include "ripkit/byte_reader.hpp"
#include "ripkit/error.hpp"
#include "tail_types.hpp"

namespace ripkit::tr_level {

enum class Version { Tr4, Tr5 };

inline const char* version_name(Version v) { return v == Version::Tr4 ? "tr4" : "tr5"; }

inline constexpr uint32_t kMagicTr4 = 0x00345254;  // "TR4\0" (TR5 writes it too)
// "TR4c": what TRNG writes over "TR4\0" when it encrypts a level (the
// bytes from offset 14 on are scrambled; trview and Tomb Editor decrypt,
// Tomb4Plus refuses). TRosettaStone gives it as a TR4 demo's version, so a
// "TR4c" file whose first chunk reads plainly is read as a level.
inline constexpr uint32_t kMagicTr4c = 0x63345254;
// "TRX4" / "TRX5": the remastered games' levels (trview LevelVersion), a
// different layout; recognised to be refused by name.
inline constexpr uint32_t kMagicTrx4 = 0x34585254, kMagicTrx5 = 0x35585254;
inline constexpr int kPageSide = 256;
inline constexpr size_t kPage32Bytes = 256u * 256u * 4u;
inline constexpr size_t kPage16Bytes = 256u * 256u * 2u;
inline constexpr int kMaxRooms = 1024;  // the engine refuses more (LoadRooms)

struct Vec3s {
    int16_t x = 0, y = 0, z = 0;
};

// A textured face. Objects: texture & 0x7FFF = object texture, effects bit 0
// additive, bit 1 shine. Rooms: texture & 0x3FFF, bit 15 double-sided; TR5
// room faces carry a word the engine ignores (kept in `effects`).
struct Face {
    std::array<uint16_t, 4> v{};  // corners; v[3] unused on triangles
    uint16_t texture = 0;
    uint16_t effects = 0;
    bool quad = false;
    uint64_t at = 0;
};

struct TrMesh {
    uint32_t pointer = 0;  // byte offset in the mesh pool
    uint64_t at = 0;
    Vec3s centre;
    int16_t radius = 0, flags = 0;  // TRS reads the pair as one s32 radius
    std::vector<Vec3s> vertices;    // model-local, Y down, pivot = tree origin
    int16_t normal_count = 0;       // as stored: > 0 normals, < 0 lights
    std::vector<Vec3s> normals;     // not unit length
    std::vector<int16_t> lights;    // 0 bright .. 8191 dark
    std::vector<Face> faces;        // quads first, then triangles
    uint16_t quad_count = 0;
};

// One mesh pointer's target, decoded once however many pointers share it.
struct MeshRecord {
    uint32_t pointer = 0;
    std::optional<TrMesh> mesh;
    std::optional<Error> error;
};

struct RoomVertex {
    float x = 0, y = 0, z = 0;      // x, z relative to the room, y absolute (TR4: s16)
    uint16_t attributes = 0;        // TR4: 0x2000 wave, 0x4000 caustics
    int16_t lighting = 0;           // TR4: unused by the engine
    uint32_t colour = 0;            // TR4: RGB555; TR5: BGRA bytes as a u32
    std::array<float, 3> normal{};  // TR5 only
};

struct Room {
    uint64_t at = 0;
    int32_t x = 0, z = 0, y_bottom = 0, y_top = 0;
    std::vector<RoomVertex> vertices;
    std::vector<Face> faces;  // quads first per layer (TR5: indices made room-wide)
    uint32_t quad_count = 0, triangle_count = 0;
    uint16_t sprites = 0, portals = 0, sectors_z = 0, sectors_x = 0, lights = 0, statics = 0;
    uint32_t layers = 0;   // TR5
    uint32_t ambient = 0;  // TR4: ARGB; TR5: BGRA bytes
    int16_t alt_room = -1;
    uint16_t flags = 0;
    std::optional<Error> error;  // the room's data could not be decoded
};

// s32 {flags, dx, dy, dz}: flags bit 0 pop, bit 1 push (pop first).
struct TreeNode {
    int32_t flags = 0, dx = 0, dy = 0, dz = 0;
};

struct Moveable {
    uint64_t at = 0;
    int32_t slot = 0;
    uint16_t mesh_count = 0;
    uint16_t starting_mesh = 0;  // index into the mesh pointers
    int32_t mesh_tree = 0;       // index into the s32 tree array
    int32_t frame_offset = 0;    // bytes into the frames
    int16_t animation = -1;
    uint16_t tr5_filler = 0;
    // Why this moveable cannot be presented (a pointer, tree or texture index
    // out of range, a mesh that failed), found at open.
    std::optional<Error> error;
    std::vector<MoveableAnim> anims;  // its anims in order (anim_range), decoded at open
};

struct ObjectTexture {
    uint64_t at = 0;
    uint16_t attribute = 0;        // 0 opaque, 1 alpha test, 2 additive
    uint16_t tile = 0;             // bits 0..14 page, bit 15 triangle
    uint16_t flags = 0;            // bits 0..2 mapping, 15 room texture
    std::array<uint16_t, 8> uv{};  // u0,v0 .. u3,v3, 8.8 fixed-point pixels
    uint32_t orig_u = 0, orig_v = 0, width = 0, height = 0;
    uint16_t tr5_extra = 0;
};

// Element counts of the sections as stored (those not decoded are walked).
struct SectionCounts {
    uint32_t floor_data = 0, animations = 0, state_changes = 0, dispatches = 0, anim_commands = 0,
             frames = 0, statics = 0, sprite_textures = 0, sprite_sequences = 0, cameras = 0,
             flyby_cameras = 0, sound_sources = 0, boxes = 0, overlaps = 0, animated_textures = 0;
    uint8_t uv_rotate = 0;
};

struct Level {
    Version version = Version::Tr4;
    uint32_t magic = kMagicTr4;
    uint16_t room_pages = 0, object_pages = 0, bump_pages = 0;
    uint16_t lara_type = 0, weather = 0;  // TR5
    uint64_t file_size = 0, geometry_size = 0;
    uint64_t geometry_at = 0;  // where the geometry block starts in the file
    std::vector<Bytes> pages;  // 32-bit pages, 256x256 texels of bytes B, G, R, A
    std::vector<Room> rooms;
    std::vector<uint32_t> mesh_pointers;
    uint64_t mesh_pointers_at = 0;     // offset of pointer 0
    std::vector<int> mesh_of_pointer;  // index into `meshes`
    std::vector<MeshRecord> meshes;
    std::vector<int32_t> mesh_tree;  // the s32 values (4 per node)
    uint64_t mesh_tree_at = 0;       // offset of value 0
    std::vector<Moveable> moveables;
    std::vector<Anim> anims;
    std::vector<StateChange> state_changes;
    std::vector<Dispatch> dispatches;
    std::vector<uint16_t> anim_commands;
    uint64_t anim_commands_at = 0;  // offset of word 0
    std::vector<uint16_t> frames;
    uint64_t frames_at = 0;  // offset of word 0
    std::vector<ObjectTexture> object_textures;
    SectionCounts counts;
    Tail tail;
    std::vector<std::string> warnings;
};

}  // namespace ripkit::tr_level
