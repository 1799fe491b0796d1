// Builds synthetic Hey You, Pikachu! ROMs for tests, benchmarks and the bundled
// sample: header (game code NPGE), descriptor and model tables at the real
// addresses, RAW and LH5-compressed resources (lh5_encoder), hierarchies,
// display lists with nested calls and palette matrices, textures in every RDP
// format and load path, the sine table and the angle constant.
//
// The layout it writes is this project's choice where the seed is silent (the
// model record's resource id at +0x04 with the model index as a decoy at
// +0x00; pointers in one of three shapes) - which is what lets tests check
// that the importer finds those choices by structure.
#pragma once

#include <cstdint>
#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "anim_builder.hpp"
#include "face_builder.hpp"
#include "ripkit/byte_reader.hpp"
#include "ripkit/n64/texture.hpp"

namespace ripkit::hey_you_pikachu {

enum class PointerForm { Relative, Segment, Kseg0 };
enum class TexLoad { Block, BlockDxt0, Tile };

struct TextureSpec {
    uint8_t fmt = 0, siz = 2;  // n64::ImageFormat / TexelSize values
    int width = 8, height = 8;
    TexLoad load = TexLoad::Block;
    n64::TlutType tlut = n64::TlutType::Rgba16;  // CI only
    uint8_t palette = 0;                         // CI4 palette number
    uint8_t cms = 0, cmt = 0, shifts = 0, shiftt = 0;
    uint32_t seed = 1;  // texel pattern
    // Filled by the builder: linear rows (width * bits / 8 bytes each) and the
    // palette entries (CI), as the importer must decode them.
    Bytes texels;
    std::vector<uint16_t> palette_entries;
};

struct NodeSpec {
    glm::vec3 scale{1.0f}, rotation{0.0f}, translation{0.0f};
    int32_t type = 1;
    int parent = -1;      // index of an earlier node; nodes are in depth-first order
    int texture = -1;     // index into ModelSpec::textures
    bool lit = false;     // G_LIGHTING: vertex bytes are a normal
    bool nested = false;  // draw through a G_DL call that reuses the caller's vertices
    bool bridge = false;  // two vertices loaded under the parent's palette slot
    bool draw = true;     // false: no display list
    float size = 40.0f;   // half extent of the node's quad
    int face_slot = -1;   // >= 0: the quad shows face slot k (texels from segment 0x08 + k)
    // > 0: the quad is drawn `repeat_quads` times in a sub-list that the node's
    // list calls `repeat_calls` times (amplification for limits tests and benchmarks).
    uint32_t repeat_calls = 0, repeat_quads = 1;
    // > 0: the node's list also calls a chain of `fan_levels` sub-lists, each
    // calling the one below `fan_calls` times, the last drawing nothing: about
    // fan_calls^fan_levels commands from a few bytes, and no memory (the step
    // total's tests and benchmarks).
    uint32_t fan_levels = 0, fan_calls = 2;
};

struct ModelSpec {
    uint32_t resource_id = 0;
    bool compressed = true;
    PointerForm pointers = PointerForm::Segment;
    uint8_t segment = 0x06;
    uint32_t kseg0_base = 0x80200000;
    std::vector<NodeSpec> nodes;
    std::vector<TextureSpec> textures;
    // F3DAM texture state for the first textured node: G_TEXTURE word (matrix
    // row 1), and G_MOVEWORD G_MW_FOG words for offsets 0x0C (O) and 0x10 (R).
    uint32_t tex_m = 0x7FFF0000u, tex_o = 0, tex_r = 0x00007FFFu;
    std::vector<FaceSlotSpec> face_slots;  // runtime record +0x24 (face_builder.hpp)
};

struct RomSpec {
    std::vector<ModelSpec> models;
    std::string game_code = "NPGE";
    bool record_in_resource = false;  // runtime record at resource start, not in the ROM table
    // The model record field holding the resource id (any multiple of 4 but
    // 0x1C and 0x24); it overwrites the decoys at +0x00 and +0x08 when it is one.
    uint32_t descriptor_field = 0x04;
    // Descriptors that are not models (resource ids not used by any model).
    std::vector<uint32_t> filler_resources;
    AnimSpec anims;  // animation banks (anim_builder.hpp); absent by default
    FaceSpec faces;  // selector programs and face banks (face_builder.hpp); absent by default
};

struct BuiltModel {
    uint32_t record_offset = 0, descriptor_offset = 0;
    uint32_t rom_start = 0, rom_end = 0;
    Bytes resource;                      // uncompressed resource
    Bytes packed;                        // the LH5 stream (compressed only)
    std::vector<uint32_t> node_offsets;  // in the resource
    std::vector<uint32_t> dl_offsets;    // per node (0 = none)
    uint32_t hierarchy_pointer = 0;
    // Record +0x24 and the slots' resource offset; 0 without face slots.
    uint32_t facial_pointer = 0, face_slots_offset = 0;
    std::vector<TextureSpec> textures;  // with texels/palettes filled in
};

struct BuiltRom {
    Bytes rom;
    std::vector<BuiltModel> models;
    BuiltAnims anims;
    FaceSpec faces;  // RomSpec::faces with texels and offsets filled in
};

BuiltRom build_rom_detailed(const RomSpec& spec);
inline Bytes build_rom(const RomSpec& spec) { return build_rom_detailed(spec).rom; }

// The ROM written by hey_you_pikachu_write_samples: five models (LH5 and RAW, every texture
// format and load path, nested calls, cross-slot vertices, a type-100 node,
// rotations off the quarter turns on every level of a chain).
RomSpec sample_rom_spec();

// The three byte orders of a .z64 image.
Bytes to_v64(ByteSpan z64);
Bytes to_n64(ByteSpan z64);

}  // namespace ripkit::hey_you_pikachu
