// The F3DEX2/F3DAM interpreter on hand-assembled display lists in a flat
// memory: shared vertex cache across G_DL, palette slots bound at load time,
// F3DAM texture coordinates computed by hand, and bounded failure.
#include "ripkit/n64/f3dex2.hpp"

#include <vector>

#include "fresh_budget.hpp"
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;
using namespace ripkit::n64;

namespace {

// Segment 0x06 addresses are offsets into `bytes`.
class FlatMemory : public Memory {
  public:
    Bytes bytes = Bytes(0x1000, 0);
    ByteReader at(uint32_t address, size_t n, const std::string& what) const override {
        if ((address >> 24) != 0x06) fail(ErrorKind::BadIndex, address, what + " in segment 6");
        ByteReader r(bytes, 0, Endian::Big);
        const size_t off = address & 0xFFFFFF;
        r.need_at(off, n, what);
        return r.sub(off, bytes.size() - off, what);
    }
    void put32(size_t at, uint32_t v) {
        for (int i = 0; i < 4; ++i) bytes.at(at + size_t(i)) = uint8_t(v >> (24 - 8 * i));
    }
    void cmds(size_t at, std::initializer_list<std::pair<uint32_t, uint32_t>> list) {
        for (const auto& [w0, w1] : list) {
            put32(at, w0);
            put32(at + 4, w1);
            at += 8;
        }
    }
    void vtx(size_t at, int16_t x, int16_t y, int16_t z, int16_t s, int16_t t,
             std::array<uint8_t, 4> c) {
        const uint16_t v[6] = {uint16_t(x), uint16_t(y), uint16_t(z), 0, uint16_t(s), uint16_t(t)};
        for (int i = 0; i < 6; ++i) {
            bytes.at(at + size_t(i) * 2) = uint8_t(v[i] >> 8);
            bytes.at(at + size_t(i) * 2 + 1) = uint8_t(v[i]);
        }
        for (int i = 0; i < 4; ++i) bytes.at(at + 12 + size_t(i)) = c[size_t(i)];
    }
};

constexpr uint32_t kEnd = 0xDF000000;
uint32_t vtx_w0(uint32_t n, uint32_t v0) { return 0x01000000 | (n << 12) | ((v0 + n) << 1); }
uint32_t tri(uint32_t a, uint32_t b, uint32_t c) { return (a * 2) << 16 | (b * 2) << 8 | (c * 2); }

}  // namespace

TEST_CASE("nested G_DL calls share the 32-entry vertex cache") {
    FlatMemory m;
    for (int i = 0; i < 4; ++i)
        m.vtx(0x100 + size_t(i) * 16, int16_t(i * 10), 0, 0, 0, 0, {1, 2, 3, 255});
    m.cmds(0x000, {{vtx_w0(4, 0), 0x06000100}, {0xDE000000, 0x06000200}, {kEnd, 0}});
    // The callee draws with vertices the caller loaded.
    m.cmds(0x200, {{0x05000000 | tri(1, 2, 3), 0}, {kEnd, 0}});
    F3dex2Interpreter dl(m, {}, test::fresh_budget());
    dl.run(0x06000000, 0);
    REQUIRE(dl.triangles().size() == 1);
    CHECK(dl.triangles()[0].v[0].x == 10);
    CHECK(dl.triangles()[0].v[2].x == 30);
    CHECK(dl.stats().max_depth == 2);
    CHECK(dl.stats().commands.at("G_DL") == 1);
    CHECK(dl.stats().commands.at("G_ENDDL") == 2);
}

TEST_CASE("each vertex keeps the palette slot active when it was loaded") {
    FlatMemory m;
    for (int i = 0; i < 6; ++i)
        m.vtx(0x100 + size_t(i) * 16, int16_t(i), 0, 0, 0, 0, {0, 0, 0, 255});
    m.cmds(0x000, {{0xDA380003, 0x07000080},  // slot 0x80 / 0x40 = 2
                   {vtx_w0(3, 0), 0x06000100},
                   {0xDA380003, 0x07000000},  // slot 0
                   {vtx_w0(3, 3), 0x06000130},
                   {0xDA380003, 0x070000C0},  // slot 3: affects later loads only
                   {0x06000000 | tri(0, 3, 4), tri(1, 2, 5)},
                   {kEnd, 0}});
    F3dex2Interpreter dl(m, {}, test::fresh_budget());
    dl.run(0x06000000, 5);
    REQUIRE(dl.triangles().size() == 2);
    const auto& a = dl.triangles()[0].v;
    CHECK(a[0].slot == 2);
    CHECK(a[1].slot == 0);
    CHECK(a[2].slot == 0);
    const auto& b = dl.triangles()[1].v;
    CHECK(b[0].slot == 2);
    CHECK(b[2].slot == 0);
    CHECK(dl.active_slot() == 3);
}

TEST_CASE("a list entered without G_MTX uses the slot it is run with") {
    FlatMemory m;
    m.vtx(0x100, 0, 0, 0, 0, 0, {0, 0, 0, 255});
    m.cmds(0x000, {{vtx_w0(1, 0), 0x06000100}, {kEnd, 0}});
    F3dex2Interpreter dl(m, {}, test::fresh_budget());
    dl.run(0x06000000, 4);
    CHECK(dl.vertex_cache()[0].slot == 4);
}

TEST_CASE("F3DAM texture coordinates: matrix rows and offset word") {
    FlatMemory m;
    m.vtx(0x100, 0, 0, 0, 64, 32, {0, 0, 0, 255});
    m.cmds(0x000, {{0xDB08000C, 0x0003FFFE},  // O: S offset 3, T offset -2
                   {0xDB080010, 0x1000C000},  // R: (0.125, -0.5)
                   {0xD7000002, 0x40002000},  // M: (0.5, 0.25), tile 0, on
                   {vtx_w0(1, 0), 0x06000100},
                   {kEnd, 0}});
    F3dex2Interpreter dl(m, {}, test::fresh_budget());
    dl.run(0x06000000, 0);
    const RspVertex& v = dl.vertex_cache()[0];
    // S = ((((0x4000*64 + 0x2000*32) << 1) + 0x8000) >> 16) + 3 = 40 + 3
    CHECK(v.s == 43);
    // T = ((((0x1000*64 - 0x4000*32) << 1) + 0x8000) >> 16) - 2 = -8 - 2
    CHECK(v.t == -10);
    CHECK(v.s_raw == 64);

    SECTION("plain F3DEX2: G_TEXTURE is a 0.16 scale") {
        InterpreterConfig c;
        c.microcode = Microcode::F3dex2;
        F3dex2Interpreter d2(m, c, test::fresh_budget());
        d2.run(0x06000000, 0);
        CHECK(d2.vertex_cache()[0].s == 16);  // 64 * 0x4000 / 65536
        CHECK(d2.vertex_cache()[0].t == 4);   // 32 * 0x2000 / 65536
    }
}

TEST_CASE("geometry mode decides whether vertex bytes are a normal") {
    FlatMemory m;
    m.vtx(0x100, 0, 0, 0, 0, 0, {0, 127, 0, 200});
    m.cmds(0x000, {{0xD9FFFFFF, 0x00020000},  // set G_LIGHTING
                   {vtx_w0(1, 0), 0x06000100},
                   {0xD9FDFFFF, 0},  // clear G_LIGHTING
                   {vtx_w0(1, 1), 0x06000100},
                   {kEnd, 0}});
    F3dex2Interpreter dl(m, {}, test::fresh_budget());
    dl.run(0x06000000, 0);
    CHECK(dl.vertex_cache()[0].lit);
    CHECK(!dl.vertex_cache()[1].lit);
}

TEST_CASE("display-list loops, runaway calls and bad cache indices fail cleanly") {
    SECTION("branch back to itself") {
        FlatMemory m;
        m.cmds(0x000, {{0xE7000000, 0}, {0xDE010000, 0x06000000}});
        F3dex2Interpreter dl(m, {}, test::fresh_budget());
        try {
            dl.run(0x06000000, 0);
            FAIL("a looping list must fail");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::StepLimit);
        }
    }
    SECTION("a list that calls itself") {
        FlatMemory m;
        m.cmds(0x000, {{0xDE000000, 0x06000000}, {kEnd, 0}});
        F3dex2Interpreter dl(m, {}, test::fresh_budget());
        try {
            dl.run(0x06000000, 0);
            FAIL("recursion must fail");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::DepthLimit);
        }
    }
    SECTION("a list that never ends runs into the step limit") {
        FlatMemory m;  // 0x1000 bytes of G_NOOP, then the memory ends
        F3dex2Interpreter dl(m, {}, test::fresh_budget());
        CHECK_THROWS_AS(dl.run(0x06000000, 0), Error);
        Limits tight;
        tight.max_steps = 10;
        F3dex2Interpreter d2(m, {}, test::fresh_budget(tight));
        try {
            d2.run(0x06000000, 0);
            FAIL("step limit");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::StepLimit);
        }
    }
    SECTION("the document's step total bounds every run together") {
        FlatMemory m;  // 0x100 G_NOOPs and G_ENDDL: 257 commands a run
        m.cmds(0x800, {{kEnd, 0}});
        Limits total;
        total.max_total_steps = 100'000;
        F3dex2Interpreter dl(m, {}, test::fresh_budget(total));
        int runs = 0;
        try {
            for (; runs < 1000; ++runs) dl.run(0x06000000, 0);
            FAIL("the step total must stop the runs");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::StepLimit);
            CHECK(std::string(e.what()).find("total_steps") != std::string::npos);
        }
        // Charged 1024 commands ahead: the limit is met within one chunk of it.
        CHECK(runs >= (100'000 - 1024) / 257);
        CHECK(runs <= 100'000 / 257);
    }
    SECTION("G_VTX past the cache") {
        FlatMemory m;
        m.cmds(0x000, {{vtx_w0(4, 30), 0x06000100}, {kEnd, 0}});
        F3dex2Interpreter dl(m, {}, test::fresh_budget());
        try {
            dl.run(0x06000000, 0);
            FAIL("v0 + n > 32 must fail");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::BadIndex);
            CHECK(e.offset() == 0x06000000u);
        }
    }
    SECTION("triangle index past the cache / never loaded") {
        FlatMemory m;
        m.cmds(0x000, {{vtx_w0(3, 0), 0x06000100}, {0x05000000 | tri(0, 1, 40), 0}, {kEnd, 0}});
        F3dex2Interpreter dl(m, {}, test::fresh_budget());
        CHECK_THROWS_AS(dl.run(0x06000000, 0), Error);
        FlatMemory m2;
        m2.cmds(0x000, {{vtx_w0(3, 0), 0x06000100}, {0x05000000 | tri(0, 1, 7), 0}, {kEnd, 0}});
        F3dex2Interpreter d2(m2, {}, test::fresh_budget());
        try {
            d2.run(0x06000000, 0);
            FAIL("unloaded vertex");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::BadValue);
        }
    }
    SECTION("an unknown opcode") {
        FlatMemory m;
        m.cmds(0x000, {{0x42000000, 0}, {kEnd, 0}});
        F3dex2Interpreter dl(m, {}, test::fresh_budget());
        CHECK_THROWS_AS(dl.run(0x06000000, 0), Error);
    }
    SECTION("a palette matrix off the 0x40 grid") {
        FlatMemory m;
        m.cmds(0x000, {{0xDA380003, 0x07000020}, {kEnd, 0}});
        F3dex2Interpreter dl(m, {}, test::fresh_budget());
        CHECK_THROWS_AS(dl.run(0x06000000, 0), Error);
    }
}

TEST_CASE("textures decoded at draw time through SETTIMG/SETTILE/LOADBLOCK/SETTILESIZE") {
    FlatMemory m;
    // 4x1 RGBA16 texels at 0x300: red, green, blue, white.
    const uint8_t tex[8] = {0xF8, 0x01, 0x07, 0xC1, 0x00, 0x3F, 0xFF, 0xFF};
    for (int i = 0; i < 8; ++i) m.bytes[0x300 + size_t(i)] = tex[i];
    for (int i = 0; i < 3; ++i) m.vtx(0x100 + size_t(i) * 16, 0, 0, 0, 0, 0, {0, 0, 0, 255});
    m.cmds(0x000, {{0xFD100000, 0x06000300},  // SETTIMG RGBA16 width 1
                   {0xF5100000, 0x07000000},  // SETTILE 7 RGBA16
                   {0xF3000000, 0x07003800},  // LOADBLOCK 4 texels, dxt 0x800
                   {0xF5100200, 0x00000000},  // SETTILE 0 RGBA16 line 1
                   {0xF2000000, 0x0000C000},  // SETTILESIZE 4x1
                   {0xD7000002, 0x7FFF0000},  // G_TEXTURE on, tile 0
                   {vtx_w0(3, 0), 0x06000100},
                   {0x05000000 | tri(0, 1, 2), 0},
                   {kEnd, 0}});
    F3dex2Interpreter dl(m, {}, test::fresh_budget());
    dl.run(0x06000000, 0);
    REQUIRE(dl.textures().size() == 1);
    const Rgba8Image& img = dl.textures()[0].image;
    REQUIRE(img.width == 4);
    REQUIRE(img.height == 1);
    const std::vector<uint8_t> expect = {255, 0, 0,   255, 0,   255, 0,   255,
                                         0,   0, 255, 255, 255, 255, 255, 255};
    CHECK(img.rgba == expect);
    CHECK(dl.states()[dl.triangles()[0].state].texture == 0);
}
