// F3DEX2 command decoding pinned with hand-assembled words (field positions
// from the reference page's command table).
#include "ripkit/n64/gbi.hpp"

#include "ripkit_catch.hpp"

using namespace ripkit;
using namespace ripkit::n64;

TEST_CASE("G_VTX: count, first cache slot, address") {
    // n = 4 at bits 12..19, (v0 + n) * 2 = 12 in the low byte -> v0 = 2.
    const VtxCmd c = decode_vtx(0x0100400C, 0x06000120);
    CHECK(c.count == 4);
    CHECK(c.first == 2);
    CHECK(c.address == 0x06000120);
}

TEST_CASE("G_TRI1 / G_TRI2 / G_QUAD indices are halved") {
    CHECK(decode_tri1(0x05020406) == TriIdx{1, 2, 3});
    const auto t2 = decode_tri2(0x06000204, 0x00060A0C);
    CHECK(t2[0] == TriIdx{0, 1, 2});
    CHECK(t2[1] == TriIdx{3, 5, 6});
    const auto q = decode_quad(0x07000204, 0x00000406);
    CHECK(q[0] == TriIdx{0, 1, 2});
    CHECK(q[1] == TriIdx{0, 2, 3});
}

TEST_CASE("G_MTX parameters are stored with PUSH inverted") {
    const MtxCmd a = decode_mtx(0xDA380003, 0x07000080);  // LOAD | NOPUSH | MODELVIEW
    CHECK(!a.push);
    CHECK(a.load);
    CHECK(!a.projection);
    CHECK(segment_of(a.address) == 7);
    CHECK(segment_offset(a.address) == 0x80);
    const MtxCmd b = decode_mtx(0xDA380004, 0);  // PUSH | PROJECTION (4 ^ 1 = 5)
    CHECK(b.push);
    CHECK(!b.load);
    CHECK(b.projection);
}

TEST_CASE("G_SETTILE fields") {
    // fmt CI (2) << 21, siz 4b (0) << 19, line 2 << 9, tmem 0x100.
    const SetTileCmd c = decode_settile(0xF5400500, 0x0739454F);
    CHECK(c.fmt == 2);
    CHECK(c.siz == 0);
    CHECK(c.line == 2);
    CHECK(c.tmem == 0x100);
    CHECK(c.tile == 7);
    CHECK(c.palette == 3);
    CHECK(c.cmt == 2);
    CHECK(c.maskt == 5);
    CHECK(c.shiftt == 1);
    CHECK(c.cms == 1);
    CHECK(c.masks == 4);
    CHECK(c.shifts == 15);
}

TEST_CASE("G_SETTIMG, G_SETTILESIZE, G_LOADBLOCK, G_LOADTLUT") {
    const SetTImgCmd t = decode_settimg(0xFD10000F, 0x06000800);
    CHECK(t.fmt == 0);
    CHECK(t.siz == 2);
    CHECK(t.width == 16);
    CHECK(t.address == 0x06000800);
    const TileRectCmd r = decode_tile_rect(0xF2004008, 0x0003C01C);
    CHECK(r.uls == 4);
    CHECK(r.ult == 8);
    CHECK(r.tile == 0);
    CHECK(r.lrs == 0x3C);
    CHECK(r.lrt == 0x1C);
    const TileRectCmd lb = decode_tile_rect(0xF3000000, 0x073FF100);  // 1024 texels, dxt 0x100
    CHECK(lb.tile == 7);
    CHECK(lb.lrs == 0x3FF);
    CHECK(lb.lrt == 0x100);
    const LoadTlutCmd tl = decode_loadtlut(0xF0000000, 0x0703C000);  // (15 << 14)
    CHECK(tl.tile == 7);
    CHECK(tl.count == 16);
}

TEST_CASE("G_TEXTURE, G_DL, G_MOVEWORD, G_SETOTHERMODE_H") {
    const TextureCmd t = decode_texture(0xD7000902, 0x80004000);  // tile 1, level 1, on
    CHECK(t.tile == 1);
    CHECK(t.level == 1);
    CHECK(t.on == 1);
    CHECK(t.s_hi == 0x8000);
    CHECK(t.t_lo == 0x4000);
    CHECK(!decode_dl(0xDE000000, 0x06000010).branch);
    CHECK(decode_dl(0xDE010000, 0x06000010).branch);
    const MoveWordCmd m = decode_moveword(0xDB08000C, 0x00030004);
    CHECK(m.index == 8);
    CHECK(m.offset == 0x0C);
    CHECK(m.value == 0x00030004);
    const OtherModeCmd o = decode_othermode(0xE3001001);  // G_MDSFT_TEXTLUT: shift 14, 2 bits
    CHECK(o.shift == 14);
    CHECK(o.length == 2);
    CHECK(std::string(command_name(0xDE)) == "G_DL");
    CHECK(command_name(0x42) == nullptr);
    CHECK(std::string(texture_format_name(2, 0)) == "CI4");
    CHECK(std::string(texture_format_name(3, 2)) == "IA16");
}

TEST_CASE("Mtx: integer halves then fractions, row-vector order") {
    Bytes m(64, 0);
    // Identity integer parts: elements (0,0), (1,1), (2,2), (3,3).
    for (int i = 0; i < 4; ++i) m[size_t(i * 5) * 2 + 1] = 1;
    // Element (3,0) (row 3 = translation in row-vector form) = 10.5.
    m[24] = 0, m[25] = 10;
    m[32 + 24] = 0x80, m[32 + 25] = 0x00;
    // Element (0,1) = -0.25: integer -1 (0xFFFF), fraction 0xC000.
    m[2] = 0xFF, m[3] = 0xFF;
    m[32 + 2] = 0xC0, m[32 + 3] = 0x00;
    const glm::mat4 g = decode_mtx_fixed(m);
    CHECK(g[3][0] == Approx(10.5f));  // glm column 3 = translation for column vectors
    CHECK(g[0][1] == Approx(-0.25f));
    CHECK(g[1][1] == Approx(1.0f));
}
