// F3DEX2 command words (the RSP/RDP display-list encoding), decoded into plain
// structs. Pure functions of (w0, w1) so each can be pinned by a test with
// hand-assembled words; the interpreter (f3dex2.hpp) only sequences them.
#pragma once

#include <array>
#include <cstdint>
#include <glm/glm.hpp>

#include "ripkit/byte_reader.hpp"

namespace ripkit::n64 {

namespace op {
constexpr uint8_t kNoop = 0x00, kVtx = 0x01, kModifyVtx = 0x02, kCullDl = 0x03, kBranchZ = 0x04,
                  kTri1 = 0x05, kTri2 = 0x06, kQuad = 0x07, kSpecial3 = 0xD3, kSpecial2 = 0xD4,
                  kSpecial1 = 0xD5, kDma = 0xD6, kTexture = 0xD7, kPopMtx = 0xD8,
                  kGeometryMode = 0xD9, kMtx = 0xDA, kMoveWord = 0xDB, kMoveMem = 0xDC,
                  kLoadUcode = 0xDD, kDl = 0xDE, kEndDl = 0xDF, kSpNoop = 0xE0, kRdpHalf1 = 0xE1,
                  kSetOtherModeL = 0xE2, kSetOtherModeH = 0xE3, kTexRect = 0xE4,
                  kTexRectFlip = 0xE5, kRdpLoadSync = 0xE6, kRdpPipeSync = 0xE7,
                  kRdpTileSync = 0xE8, kRdpFullSync = 0xE9, kSetKeyGb = 0xEA, kSetKeyR = 0xEB,
                  kSetConvert = 0xEC, kSetScissor = 0xED, kSetPrimDepth = 0xEE,
                  kRdpSetOtherMode = 0xEF, kLoadTlut = 0xF0, kRdpHalf2 = 0xF1, kSetTileSize = 0xF2,
                  kLoadBlock = 0xF3, kLoadTile = 0xF4, kSetTile = 0xF5, kFillRect = 0xF6,
                  kSetFillColor = 0xF7, kSetFogColor = 0xF8, kSetBlendColor = 0xF9,
                  kSetPrimColor = 0xFA, kSetEnvColor = 0xFB, kSetCombine = 0xFC, kSetTImg = 0xFD,
                  kSetZImg = 0xFE, kSetCImg = 0xFF;
}  // namespace op

// "G_VTX", ... ("UNKNOWN_xx" style names are not produced: unknown -> nullptr).
const char* command_name(uint8_t opcode);

namespace geom {
constexpr uint32_t kZBuffer = 0x1, kShade = 0x4, kCullFront = 0x200, kCullBack = 0x400,
                   kFog = 0x10000, kLighting = 0x20000, kTextureGen = 0x40000,
                   kTextureGenLinear = 0x80000, kShadingSmooth = 0x200000;
}

enum class ImageFormat : uint8_t { Rgba = 0, Yuv = 1, Ci = 2, Ia = 3, I = 4 };
enum class TexelSize : uint8_t { B4 = 0, B8 = 1, B16 = 2, B32 = 3 };
const char* texture_format_name(uint8_t fmt, uint8_t siz);  // "RGBA16", "CI4", ...

// Segmented address: segment (addr >> 24) & 0x0F, offset addr & 0xFFFFFF.
inline uint8_t segment_of(uint32_t addr) { return uint8_t((addr >> 24) & 0x0F); }
inline uint32_t segment_offset(uint32_t addr) { return addr & 0xFFFFFFu; }

struct VtxCmd {
    uint32_t count, first, address;
};
VtxCmd decode_vtx(uint32_t w0, uint32_t w1);

// Vertex-cache indices of one triangle (already divided by 2).
using TriIdx = std::array<uint32_t, 3>;
TriIdx decode_tri1(uint32_t w0);
std::array<TriIdx, 2> decode_tri2(uint32_t w0, uint32_t w1);
std::array<TriIdx, 2> decode_quad(uint32_t w0, uint32_t w1);  // (0,1,2) and (0,2,3) of each

struct TextureCmd {
    uint32_t level, tile, on;
    uint16_t s_hi, t_lo;  // w1 halves (F3DEX2: S and T scale 0.16)
};
TextureCmd decode_texture(uint32_t w0, uint32_t w1);

struct MtxCmd {
    bool push, load, projection;
    uint32_t address;
};
MtxCmd decode_mtx(uint32_t w0, uint32_t w1);

struct DlCmd {
    bool branch;  // 1: no return (G_DL_NOPUSH)
    uint32_t address;
};
DlCmd decode_dl(uint32_t w0, uint32_t w1);

struct MoveWordCmd {
    uint32_t index, offset, value;
};
MoveWordCmd decode_moveword(uint32_t w0, uint32_t w1);

struct OtherModeCmd {
    uint32_t shift, length;  // bits [shift, shift+length) are replaced by w1's
};
OtherModeCmd decode_othermode(uint32_t w0);

struct SetTImgCmd {
    uint8_t fmt, siz;
    uint32_t width;  // texels
    uint32_t address;
};
SetTImgCmd decode_settimg(uint32_t w0, uint32_t w1);

struct SetTileCmd {
    uint8_t fmt, siz;
    uint32_t line;  // 64-bit words per row
    uint32_t tmem;  // 64-bit word address
    uint8_t tile, palette, cmt, maskt, shiftt, cms, masks, shifts;
};
SetTileCmd decode_settile(uint32_t w0, uint32_t w1);

// SETTILESIZE / LOADTILE / LOADBLOCK share the layout; for LOADBLOCK lrt is dxt.
struct TileRectCmd {
    uint8_t tile;
    uint32_t uls, ult, lrs, lrt;  // 10.2 fixed point (LOADBLOCK: lrs = texels-1, lrt = dxt)
};
TileRectCmd decode_tile_rect(uint32_t w0, uint32_t w1);

struct LoadTlutCmd {
    uint8_t tile;
    uint32_t count;  // entries
};
LoadTlutCmd decode_loadtlut(uint32_t w0, uint32_t w1);

// A 64-byte Mtx (s15.16 split into integer halves then fractions, row order,
// row vectors) as a glm column-major matrix acting on column vectors.
glm::mat4 decode_mtx_fixed(ByteSpan bytes64);

}  // namespace ripkit::n64
