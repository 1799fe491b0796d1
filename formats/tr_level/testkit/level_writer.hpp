// Writes TR4 (.TR4) and TR5 (.TRC) levels from plain structures (the same
// ones the reader decodes into), for tests, fuzz seeds and samples. Sections
// the reader only walks are written as zero-filled records of the counts in
// LevelSpec::counts (its animation counts are the vectors' sizes instead);
// everything after the object textures is a minimal tail.
#pragma once

#include <cstdint>
#include <vector>

#include "tr_level/level_types.hpp"

namespace ripkit::tr_level::testkit {

struct LevelSpec {
    Version version = Version::Tr4;
    uint32_t magic = kMagicTr4;
    uint16_t room_pages = 0, object_pages = 0, bump_pages = 0;
    uint16_t lara_type = 0, weather = 0;
    std::vector<Bytes> pages;  // 32-bit pages: bytes B, G, R, A, 256x256, top row first
    // Room fields written: x, z, y_bottom, y_top, vertices, faces (room-wide
    // indices, each face within one TR5 layer), sprites (TR4), portals (TR4),
    // sectors, lights, statics, ambient, alt_room, flags, layers (TR5: the
    // vertices are split into this many equal runs, at least one).
    std::vector<Room> rooms;
    std::vector<TrMesh> meshes;           // written to the pool in order, 4-byte aligned
    std::vector<uint32_t> mesh_pointers;  // empty: one pointer per mesh, to its record
    std::vector<int32_t> mesh_tree;
    std::vector<Moveable> moveables;
    std::vector<ObjectTexture> object_textures;
    // The animation sections (anim_writer.hpp append_anim fills them).
    std::vector<Anim> anims;
    std::vector<StateChange> state_changes;
    std::vector<Dispatch> dispatches;
    std::vector<uint16_t> anim_commands, frames;
    SectionCounts counts;
    // After the geometry: the samples (each stored as is, compressed size =
    // uncompressed size) and, when `ng` is set, a TRNG trailer of these
    // chunks (tag, payload words) laid out as Tomb Editor writes it.
    std::vector<Bytes> samples;
    bool ng = false;
    std::vector<std::pair<uint16_t, std::vector<uint16_t>>> ng_chunks;
    uint8_t pool_padding = 0xCD;  // retail padding is garbage; the reader must not care
};

// Byte offsets of each mesh record in the pool.
std::vector<uint32_t> mesh_offsets(const LevelSpec& spec);

// The geometry block (TR4: what the geometry chunk inflates to; TR5: stored raw).
Bytes geometry_block(const LevelSpec& spec);

struct ContainerOptions {
    int64_t geometry_size_delta = 0;  // TR4: declared uncompressed size minus the real one
};

// The whole file around a geometry block (possibly tampered with by a test).
Bytes wrap_container(const LevelSpec& spec, const Bytes& geometry, const ContainerOptions& o = {});

inline Bytes write_level(const LevelSpec& spec) {
    return wrap_container(spec, geometry_block(spec));
}

// Where, in a TR4 container, the fields a test may want to lie about are.
inline constexpr size_t kChunk32SizeAt = 10;  // u32 uncompressed size of the 32-bit chunk

}  // namespace ripkit::tr_level::testkit
