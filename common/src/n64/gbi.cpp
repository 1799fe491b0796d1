#include "ripkit/n64/gbi.hpp"

#include "ripkit/error.hpp"

namespace ripkit::n64 {

// A table written as a switch, one line per opcode.
const char* command_name(uint8_t o) {
    switch (o) {
        case op::kNoop:
            return "G_NOOP";
        case op::kVtx:
            return "G_VTX";
        case op::kModifyVtx:
            return "G_MODIFYVTX";
        case op::kCullDl:
            return "G_CULLDL";
        case op::kBranchZ:
            return "G_BRANCH_Z";
        case op::kTri1:
            return "G_TRI1";
        case op::kTri2:
            return "G_TRI2";
        case op::kQuad:
            return "G_QUAD";
        case op::kSpecial3:
            return "G_SPECIAL_3";
        case op::kSpecial2:
            return "G_SPECIAL_2";
        case op::kSpecial1:
            return "G_SPECIAL_1";
        case op::kDma:
            return "G_DMA_IO";
        case op::kTexture:
            return "G_TEXTURE";
        case op::kPopMtx:
            return "G_POPMTX";
        case op::kGeometryMode:
            return "G_GEOMETRYMODE";
        case op::kMtx:
            return "G_MTX";
        case op::kMoveWord:
            return "G_MOVEWORD";
        case op::kMoveMem:
            return "G_MOVEMEM";
        case op::kLoadUcode:
            return "G_LOAD_UCODE";
        case op::kDl:
            return "G_DL";
        case op::kEndDl:
            return "G_ENDDL";
        case op::kSpNoop:
            return "G_SPNOOP";
        case op::kRdpHalf1:
            return "G_RDPHALF_1";
        case op::kSetOtherModeL:
            return "G_SETOTHERMODE_L";
        case op::kSetOtherModeH:
            return "G_SETOTHERMODE_H";
        case op::kTexRect:
            return "G_TEXRECT";
        case op::kTexRectFlip:
            return "G_TEXRECTFLIP";
        case op::kRdpLoadSync:
            return "G_RDPLOADSYNC";
        case op::kRdpPipeSync:
            return "G_RDPPIPESYNC";
        case op::kRdpTileSync:
            return "G_RDPTILESYNC";
        case op::kRdpFullSync:
            return "G_RDPFULLSYNC";
        case op::kSetKeyGb:
            return "G_SETKEYGB";
        case op::kSetKeyR:
            return "G_SETKEYR";
        case op::kSetConvert:
            return "G_SETCONVERT";
        case op::kSetScissor:
            return "G_SETSCISSOR";
        case op::kSetPrimDepth:
            return "G_SETPRIMDEPTH";
        case op::kRdpSetOtherMode:
            return "G_RDPSETOTHERMODE";
        case op::kLoadTlut:
            return "G_LOADTLUT";
        case op::kRdpHalf2:
            return "G_RDPHALF_2";
        case op::kSetTileSize:
            return "G_SETTILESIZE";
        case op::kLoadBlock:
            return "G_LOADBLOCK";
        case op::kLoadTile:
            return "G_LOADTILE";
        case op::kSetTile:
            return "G_SETTILE";
        case op::kFillRect:
            return "G_FILLRECT";
        case op::kSetFillColor:
            return "G_SETFILLCOLOR";
        case op::kSetFogColor:
            return "G_SETFOGCOLOR";
        case op::kSetBlendColor:
            return "G_SETBLENDCOLOR";
        case op::kSetPrimColor:
            return "G_SETPRIMCOLOR";
        case op::kSetEnvColor:
            return "G_SETENVCOLOR";
        case op::kSetCombine:
            return "G_SETCOMBINE";
        case op::kSetTImg:
            return "G_SETTIMG";
        case op::kSetZImg:
            return "G_SETZIMG";
        case op::kSetCImg:
            return "G_SETCIMG";
        default:
            return nullptr;
    }
}

const char* texture_format_name(uint8_t fmt, uint8_t siz) {
    static const char* const kNames[5][4] = {{"RGBA4", "RGBA8", "RGBA16", "RGBA32"},
                                             {"YUV4", "YUV8", "YUV16", "YUV32"},
                                             {"CI4", "CI8", "CI16", "CI32"},
                                             {"IA4", "IA8", "IA16", "IA32"},
                                             {"I4", "I8", "I16", "I32"}};
    if (fmt > 4 || siz > 3) return "UNKNOWN";
    return kNames[fmt][siz];
}

VtxCmd decode_vtx(uint32_t w0, uint32_t w1) {
    const uint32_t n = (w0 >> 12) & 0xFF;
    const uint32_t end = (w0 >> 1) & 0x7F;
    // `first` wraps (as unsigned) when end < n; the interpreter rejects it.
    return {n, end - n, w1};
}

TriIdx decode_tri1(uint32_t w0) {
    return {((w0 >> 16) & 0xFF) / 2, ((w0 >> 8) & 0xFF) / 2, (w0 & 0xFF) / 2};
}

std::array<TriIdx, 2> decode_tri2(uint32_t w0, uint32_t w1) {
    return {decode_tri1(w0), decode_tri1(w1)};
}

std::array<TriIdx, 2> decode_quad(uint32_t w0, uint32_t w1) {
    // F3DEX2's G_QUAD is encoded as two triangles sharing an edge (gSP1Quadrangle).
    return {decode_tri1(w0), decode_tri1(w1)};
}

TextureCmd decode_texture(uint32_t w0, uint32_t w1) {
    return {(w0 >> 11) & 7, (w0 >> 8) & 7, (w0 >> 1) & 0x7F, uint16_t(w1 >> 16),
            uint16_t(w1 & 0xFFFF)};
}

MtxCmd decode_mtx(uint32_t w0, uint32_t w1) {
    const uint32_t p = (w0 & 0xFF) ^ 1;  // F3DEX2 stores G_MTX_PUSH inverted
    return {(p & 1) != 0, (p & 2) != 0, (p & 4) != 0, w1};
}

DlCmd decode_dl(uint32_t w0, uint32_t w1) { return {((w0 >> 16) & 0xFF) != 0, w1}; }

MoveWordCmd decode_moveword(uint32_t w0, uint32_t w1) {
    return {(w0 >> 16) & 0xFF, w0 & 0xFFFF, w1};
}

OtherModeCmd decode_othermode(uint32_t w0) {
    const uint32_t len = (w0 & 0xFF) + 1;
    const uint32_t sft = (w0 >> 8) & 0xFF;
    const int shift = 32 - int(sft) - int(len);
    return {shift < 0 ? 0u : uint32_t(shift), len};
}

SetTImgCmd decode_settimg(uint32_t w0, uint32_t w1) {
    return {uint8_t((w0 >> 21) & 7), uint8_t((w0 >> 19) & 3), (w0 & 0xFFF) + 1, w1};
}

SetTileCmd decode_settile(uint32_t w0, uint32_t w1) {
    SetTileCmd c{};
    c.fmt = uint8_t((w0 >> 21) & 7);
    c.siz = uint8_t((w0 >> 19) & 3);
    c.line = (w0 >> 9) & 0x1FF;
    c.tmem = w0 & 0x1FF;
    c.tile = uint8_t((w1 >> 24) & 7);
    c.palette = uint8_t((w1 >> 20) & 0xF);
    c.cmt = uint8_t((w1 >> 18) & 3);
    c.maskt = uint8_t((w1 >> 14) & 0xF);
    c.shiftt = uint8_t((w1 >> 10) & 0xF);
    c.cms = uint8_t((w1 >> 8) & 3);
    c.masks = uint8_t((w1 >> 4) & 0xF);
    c.shifts = uint8_t(w1 & 0xF);
    return c;
}

TileRectCmd decode_tile_rect(uint32_t w0, uint32_t w1) {
    return {uint8_t((w1 >> 24) & 7), (w0 >> 12) & 0xFFF, w0 & 0xFFF, (w1 >> 12) & 0xFFF,
            w1 & 0xFFF};
}

LoadTlutCmd decode_loadtlut(uint32_t, uint32_t w1) {
    return {uint8_t((w1 >> 24) & 7), ((w1 >> 14) & 0x3FF) + 1};
}

glm::mat4 decode_mtx_fixed(ByteSpan b) {
    if (b.size() < 64) fail_no_offset(ErrorKind::Truncated, "a 64-byte Mtx");
    glm::mat4 m(1.0f);
    for (int row = 0; row < 4; ++row)
        for (int col = 0; col < 4; ++col) {
            const size_t i = size_t(row * 4 + col) * 2;
            const int32_t hi = int16_t(load_u16be(b.data() + i));
            const uint32_t lo = load_u16be(b.data() + 32 + i);
            const double v = double(int32_t(uint32_t(hi) << 16 | lo)) / 65536.0;
            // N64 matrices are row-vector (v * M); transposing gives column-vector form.
            m[row][col] = float(v);
        }
    return m;
}

}  // namespace ripkit::n64
