// BFF0 headers laid out by hand from bff's definitions (bff_resource.rs,
// versions.rs, platforms.rs): "BFF0", u16 size of the rest of the header, u8
// platform, u8 Version tag, the variant's fields little-endian, zeros to the
// next 16 bytes (u32 fields padded to 4 in bff's April 2025 form). The
// expected version texts are bff's Display formats written out here. The
// object after each header is a hand-laid empty Skel_Z.
#include "ripkit_catch.hpp"
#include "test_util.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/encode/animation_writer.hpp"
#include "zouna/format.hpp"

using namespace ripkit;
using namespace zouna_test;

namespace {

// An empty Skel_Z object: 24-byte header, no link header, a body of flags,
// bounding sphere (and Ratatouille's quaternion), no bones, seven empty arrays.
Bytes empty_skel(bool rat) {
    const uint32_t body = (rat ? 36 : 20) + 4 + 7 * 4;
    Hand h{false, {}};
    h.u32(body), h.u32(0), h.u32(body), h.u32(0);
    h.u32(zouna::asobo_crc32("Skel_Z")), h.u32(zouna::asobo_crc32("HAND_SKEL"));
    h.zeros(int(body / 4));
    return h.b;
}

struct Header {
    uint8_t platform = 0;
    uint8_t tag = 0;
    Bytes fields;       // after the tag, as laid out
    size_t align = 16;  // 4 for the u32 form
    int size = -1;      // the u16 size field; -1: the header's length - 6
};

Bytes laid(const Header& hd, bool rat = false) {
    Bytes b = {'B', 'F', 'F', '0', 0, 0, hd.platform, hd.tag};
    b.insert(b.end(), hd.fields.begin(), hd.fields.end());
    while (b.size() % hd.align) b.push_back(0);
    const int size = hd.size >= 0 ? hd.size : int(b.size()) - 6;
    b[4] = uint8_t(size), b[5] = uint8_t(size >> 8);
    const Bytes o = empty_skel(rat);
    b.insert(b.end(), o.begin(), o.end());
    return b;
}

Bytes u16s(std::initializer_list<uint16_t> v) {
    Hand h{false, {}};
    for (uint16_t x : v) h.u16(x);
    return h.b;
}

Bytes u32s(std::initializer_list<uint32_t> v) {
    Hand h{false, {}};
    for (uint32_t x : v) h.u32(x);
    return h.b;
}

std::unique_ptr<Document> open(const Bytes& bytes, Options o = {}) {
    return open_zouna(bytes, "HAND_SKEL.Skel_Z", std::move(o));
}

const char* kAsobo = " - Asobo Studio - Internal Cross Technology";

}  // namespace

TEST_CASE("BFF0 as bff writes it: Asobo versions pick the game and its layouts") {
    struct Case {
        uint16_t v[4];
        const char* text;
        const char* game;
        const char* skel;
        int parent_index;
    };
    const Case cases[] = {{{1, 6, 63, 2}, "v1.06.63.02", "ratatouille", "ratatouille", 1},
                          {{1, 291, 3, 6}, "v1.291.03.06", "walle", "fuel", 1},
                          {{1, 381, 67, 9}, "v1.381.67.09", "fuel", "fuel", 0}};
    for (const Case& c : cases) {
        INFO(c.text);
        const Bytes file = laid({0, 0, u16s({c.v[0], c.v[1], c.v[2], c.v[3]})},
                                c.game == std::string("ratatouille"));
        // 4 + 2 + 1 + 1 + 8 = 16 bytes: no padding, size 10.
        REQUIRE(file[4] == 10);
        const auto d = open(file);
        const nlohmann::json info = d->info();
        CHECK(info["variant"] == "bff0");
        CHECK(info["version"] == std::string(c.text) + kAsobo);
        CHECK(info["game"] == c.game);
        CHECK(info["bff0"]["platform"] == "PC");
        CHECK(info["bff0"]["form"] == "bff");
        CHECK(info["bff0"]["version_kind"] == "Asobo");
        CHECK(info["settings"]["skel"] == c.skel);
        CHECK(info["settings"]["parent_index"] == c.parent_index);
        CHECK(info["objects_not_decodable"] == 0);
        CHECK(warning_with(*d, "names no game").empty());
    }
}

TEST_CASE("BFF0 as bff writes it: the other Version variants and platforms") {
    struct Case {
        Header h;
        const char* kind;
        std::string text;
        const char* platform;
    };
    Bytes other = {10};
    for (char c : std::string("my version")) other.push_back(uint8_t(c));
    Bytes ubisoft = u16s({1, 2, 3, 4});
    for (uint8_t x : {5, 6, 7, 8}) ubisoft.push_back(x);
    // A vector, not an array: GCC 14 at -O2 takes the array's copied byte
    // vectors for uninitialised.
    const std::vector<Case> cases = {
        {{12, 1, u16s({1, 8})}, "AsoboLegacy", std::string("v1.08") + kAsobo, "GameCube"},
        {{4, 2, u16s({1, 6})},
         "Kalisto",
         "TotemTech Data v1.6 (c) 1999-2002 Kalisto Entertainment - All right reserved",
         "PS2"},
        {{13, 3, u16s({1, 2})}, "BlackSheep", "Bigfile Data v1.02 ", "Wii"},
        {{15, 4, ubisoft},
         "Ubisoft",
         "Opal 1.2 BigFile | Data Version v3.4 | CVT 5 | CVANIM 6 | CVMESH 7 | CVSHADER 8 |",
         "XboxSeries"},
        {{14, 5, other}, "Other", "my version", "Switch"},
    };
    for (const Case& c : cases) {
        INFO(c.kind);
        const auto d = open(laid(c.h));
        const nlohmann::json info = d->info();
        CHECK(info["version"] == c.text);
        CHECK(info["bff0"]["version_kind"] == c.kind);
        CHECK(info["bff0"]["platform"] == c.platform);
        CHECK(info["bff0"]["platform_index"] == c.h.platform);
        CHECK(info["game"] == "unknown");
        CHECK(info["objects_not_decodable"] == 0);
        // One warning naming the version read and the layouts assumed.
        size_t n = 0;
        for (const std::string& w : d->warnings()) {
            if (w.find("names no game") == std::string::npos) continue;
            ++n;
            CHECK(w.find("\"" + c.text + "\"") != std::string::npos);
            CHECK(w.find("FUEL's layouts assumed") != std::string::npos);
            CHECK(w.find("skel=fuel") != std::string::npos);
            CHECK(w.find("parent_index=0") != std::string::npos);
            CHECK(w.find("hdl=time_first") != std::string::npos);
        }
        CHECK(n == 1);
        // A game given says nothing more.
        Options o;
        o.settings["version"] = "fuel";
        CHECK(warning_with(*open(laid(c.h), o), "names no game").empty());
    }
}

TEST_CASE("BFF0 in bff's u32 form (April 2025) and its first 16-byte padding") {
    // Asobo, u32 fields: size = platform + tag + 16 = 18, header 24 (aligned to 4).
    const Bytes wide = laid({0, 0, u32s({1, 381, 67, 9}), 4, 18});
    REQUIRE(wide.size() == 24 + 24 + 52);
    const nlohmann::json a = open(wide)->info();
    CHECK(a["version"] == std::string("v1.381.67.09") + kAsobo);
    CHECK(a["game"] == "fuel");
    CHECK(a["bff0"]["form"] == "bff-u32");
    CHECK(a["objects_not_decodable"] == 0);
    // AsoboLegacy: size 10 and a 16-byte header in both forms; the u32 form's
    // minor lands where the current form pads with zeros.
    const nlohmann::json l = open(laid({0, 1, u32s({1, 8}), 4, 10}))->info();
    CHECK(l["version"] == std::string("v1.08") + kAsobo);
    CHECK(l["bff0"]["form"] == "bff-u32");
    const nlohmann::json l16 = open(laid({0, 1, u16s({1, 8})}))->info();
    CHECK(l16["version"] == std::string("v1.08") + kAsobo);
    CHECK(l16["bff0"]["form"] == "bff");
    // Ubisoft, every field u32: 8 + 32 = 40 bytes, size 34.
    const nlohmann::json u = open(laid({0, 4, u32s({1, 2, 3, 4, 5, 6, 7, 8}), 4, 34}))->info();
    CHECK(u["version"] ==
          "Opal 1.2 BigFile | Data Version v3.4 | CVT 5 | CVANIM 6 | CVMESH 7 | CVSHADER 8 |");
    // Other: size = platform + tag + length + text; header 12 bytes.
    const nlohmann::json o = open(laid({0, 5, {3, 'a', 'b', 'c'}, 4, 6}))->info();
    CHECK(o["version"] == "abc");
    CHECK(o["bff0"]["form"] == "bff-u32");
    // bff's first 16-byte release wrote size = unpadded + unpadded % 16 - 6:
    // AsoboLegacy's 12 bytes gave 18 for a 16-byte header.
    const nlohmann::json first = open(laid({0, 1, u16s({1, 8}), 16, 18}))->info();
    CHECK(first["version"] == std::string("v1.08") + kAsobo);
    CHECK(first["bff0"]["form"] == "bff");
}

TEST_CASE("BFF0 headers cut short or with a size fitting no form: one error at its offset") {
    const Bytes whole = laid({0, 0, u16s({1, 381, 67, 9})});
    for (size_t keep : {size_t(7), size_t(9), size_t(15)}) {
        INFO("first " << keep << " bytes");
        const Error e =
            error_of([&] { open(Bytes(whole.begin(), whole.begin() + std::ptrdiff_t(keep))); });
        INFO(e.what());
        CHECK(e.kind() == ErrorKind::Truncated);
        CHECK(std::string(e.what()).find("BFF0") != std::string::npos);
    }
    const Error size = error_of([&] { open(laid({0, 0, u16s({1, 381, 67, 9}), 16, 12})); });
    INFO(size.what());
    CHECK(size.kind() == ErrorKind::BadValue);
    CHECK(size.offset() == 4u);
    CHECK(std::string(size.what()).find("a BFF0 header size of 10") != std::string::npos);
    CHECK(std::string(size.what()).find("18 (its u32 form), got 12") != std::string::npos);
    const Error variant = error_of([&] { open(laid({0, 9, u16s({1, 381, 67, 9})})); });
    CHECK(variant.kind() == ErrorKind::BadValue);
    CHECK(variant.offset() == 7u);
    CHECK(std::string(variant.what()).find("got 9") != std::string::npos);
}

TEST_CASE("ripkit writes BFF0 as bff does, byte for byte") {
    const Bytes object = empty_skel(false);
    struct Case {
        std::string version;
        Header h;
    };
    Bytes other = {8};
    for (char c : std::string("v1.06.63")) other.push_back(uint8_t(c));
    const Case cases[] = {
        {std::string("v1.381.67.09") + kAsobo, {0, 0, u16s({1, 381, 67, 9})}},
        {"1.291.03.06", {0, 0, u16s({1, 291, 3, 6})}},  // a bare Asobo number
        {"v1.06.63.02", {12, 0, u16s({1, 6, 63, 2})}},
        {std::string("v1.08") + kAsobo, {0, 1, u16s({1, 8})}},
        {"v1.06.63", {0, 5, other}},  // no variant of bff's: Other
    };
    for (const Case& c : cases) {
        INFO(c.version);
        CHECK(zouna::write_bff0(object, c.h.platform, c.version) == laid(c.h));
    }
    CHECK_THROWS_AS(zouna::write_bff0(object, 0, std::string(256, 'x')), Error);
}
