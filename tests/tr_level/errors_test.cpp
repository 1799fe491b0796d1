// Hostile levels: each fails with one error of the right kind, at the offset
// where the lie is (found in the bytes by the test, not taken from the reader),
// with a where-stack naming the structure.
#include <string>

#include "ripkit/byte_reader.hpp"
#include "ripkit_catch.hpp"
#include "tr_level/document.hpp"
#include "tr_level/format.hpp"
#include "tr_level/level_reader.hpp"
#include "tr_level/testkit/demo_level.hpp"

using namespace ripkit;
using namespace ripkit::tr_level;
using namespace ripkit::tr_level::testkit;

namespace {

Error read_error(const Bytes& file) {
    try {
        Budget budget;
        read_level(file, budget);
    } catch (const Error& e) {
        return e;
    }
    FAIL("no error");
    throw 0;
}

std::unique_ptr<Document> open(const Bytes& file) {
    Input in;
    in.path = "bad.tr4";
    in.bytes = file;
    return open_level(in, Options{});
}

Error scene_error(const Document& doc, int64_t item) {
    try {
        doc.scene(item);
    } catch (const Error& e) {
        return e;
    }
    FAIL("no error for item " << item);
    throw 0;
}

size_t find(const Bytes& hay, const Bytes& needle) {
    size_t hit = std::string::npos, hits = 0;
    for (size_t i = 0; i + needle.size() <= hay.size(); ++i)
        if (std::equal(needle.begin(), needle.end(), hay.begin() + ptrdiff_t(i))) {
            hit = i;
            ++hits;
        }
    REQUIRE(hits == 1);
    return hit;
}

Bytes le32(uint32_t v) { return {uint8_t(v), uint8_t(v >> 8), uint8_t(v >> 16), uint8_t(v >> 24)}; }

void put32(Bytes& b, size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + size_t(i)] = uint8_t(v >> (8 * i));
}

bool where_has(const Error& e, const std::string& frame) {
    for (const std::string& w : e.where())
        if (w.find(frame) != std::string::npos) return true;
    return false;
}

// The geometry block and the file for it; TR5 offsets are file offsets,
// TR4 ones inflated-chunk offsets.
struct Built {
    Bytes geometry, file;
    uint64_t base = 0;  // file offset of geometry byte 0 (TR5)
};

Built build(const LevelSpec& spec) {
    Built b;
    b.geometry = geometry_block(spec);
    b.file = wrap_container(spec, b.geometry);
    if (spec.version == Version::Tr5) b.base = b.file.size() - 4 - b.geometry.size();
    return b;
}

}  // namespace

TEST_CASE("tr_level lying chunk sizes") {
    const Bytes file = write_level(demo_level(Version::Tr4));
    Bytes a = file;
    put32(a, kChunk32SizeAt, load_u32le(&file[kChunk32SizeAt]) + 1);  // 3 pages + 1 byte
    Error e = read_error(a);
    CHECK(e.kind() == ErrorKind::BadValue);
    CHECK(e.offset() == kChunk32SizeAt);
    CHECK(std::string(e.what()).find("3 pages") != std::string::npos);

    Bytes b = file;  // compressed size past the end of the file
    put32(b, kChunk32SizeAt + 4, uint32_t(file.size()));
    e = read_error(b);
    CHECK(e.kind() == ErrorKind::Truncated);
    CHECK(e.offset() == kChunk32SizeAt + 8);

    Bytes c = file;  // the 16-bit chunk must hold the same 3 pages
    const size_t c16 = kChunk32SizeAt + 8 + load_u32le(&file[kChunk32SizeAt + 4]);
    put32(c, c16, 131072);
    e = read_error(c);
    CHECK(e.kind() == ErrorKind::BadValue);
    CHECK(e.offset() == c16);

    for (size_t cut : {size_t(5), size_t(17), file.size() / 3, file.size() - 5}) {
        INFO("cut at " << cut);
        const Error t = read_error(Bytes(file.begin(), file.begin() + ptrdiff_t(cut)));
        CHECK(t.kind() == ErrorKind::Truncated);
    }
}

TEST_CASE("tr_level a zlib chunk that inflates past its declared size") {
    const LevelSpec spec = demo_level(Version::Tr4);
    const Bytes g = geometry_block(spec);
    ContainerOptions o;
    o.geometry_size_delta = -16;
    Error e = read_error(wrap_container(spec, g, o));
    CHECK(e.kind() == ErrorKind::BadValue);
    CHECK(std::string(e.what()).find("holds more") != std::string::npos);
    CHECK(where_has(e, "geometry chunk"));
    o.geometry_size_delta = 16;  // and one that stops short of it
    e = read_error(wrap_container(spec, g, o));
    CHECK((e.kind() == ErrorKind::BadValue || e.kind() == ErrorKind::Truncated));
    CHECK(where_has(e, "geometry chunk"));
}

TEST_CASE("tr_level a room count far past the file") {
    for (Version v : {Version::Tr4, Version::Tr5}) {
        INFO(version_name(v));
        Built b = build(demo_level(v));
        Bytes g = b.geometry;
        if (v == Version::Tr4) {
            g[4] = 0x00;  // 1024 rooms: the engine's limit
            g[5] = 0x04;
        } else {
            put32(g, 4, 1024);
        }
        // The third "room" is the floor data: TR4 reads on through the
        // sections as rooms until the bytes run out, TR5 finds no "XELA".
        Error e = read_error(wrap_container(demo_level(v), g));
        INFO(e.what());
        CHECK(e.kind() == (v == Version::Tr4 ? ErrorKind::Truncated : ErrorKind::BadValue));
        CHECK(where_has(e, v == Version::Tr4 ? "room " : "room 2"));
        if (v == Version::Tr4) {  // past it
            g[4] = 5000 & 0xFF;
            g[5] = 5000 >> 8;
        } else {
            put32(g, 4, 5000);
        }
        e = read_error(wrap_container(demo_level(v), g));
        CHECK(e.kind() == ErrorKind::BadValue);
        CHECK(*e.offset() == b.base + 4);
        CHECK(std::string(e.what()).find("at most 1024") != std::string::npos);
    }
}

TEST_CASE("tr_level a vertex count far past the room data fails the rooms item only") {
    Built b = build(demo_level(Version::Tr4));
    // room 0: u32 unused, u16 count, 16 bytes of position, u32 word count, s16 nV
    const size_t nv = 4 + 2 + 16 + 4;
    b.geometry[nv] = 0x30;
    b.geometry[nv + 1] = 0x75;  // 30000 vertices
    const auto doc = open(wrap_container(demo_level(Version::Tr4), b.geometry));
    const Error e = scene_error(*doc, kRoomsItem);
    CHECK(e.kind() == ErrorKind::Truncated);
    CHECK(e.offset() == nv + 2);
    CHECK(where_has(e, "room 0"));
    CHECK(where_has(e, "geometry chunk"));
    CHECK(std::string(e.what()).find("30000 room vertices") != std::string::npos);
    // the moveables are unaffected; the rooms item is listed with its error
    CHECK_NOTHROW(doc->scene(0));
    const auto items = doc->items();
    CHECK(items.back().fields.contains("error"));
    REQUIRE(items.back().error);
    CHECK(items.back().error->kind() == ErrorKind::Truncated);
    CHECK_FALSE(items.back().empty);
}

TEST_CASE("tr_level a mesh pointer past the mesh data") {
    for (Version v : {Version::Tr4, Version::Tr5}) {
        INFO(version_name(v));
        LevelSpec spec = demo_level(v);
        spec.mesh_pointers[5] = 0x00ABCDEF;
        const Built b = build(spec);
        const auto doc = open(b.file);
        const Error e = scene_error(*doc, 0);
        CHECK(e.kind() == ErrorKind::BadIndex);
        CHECK(*e.offset() == b.base + find(b.geometry, le32(0x00ABCDEF)));
        CHECK(where_has(e, "moveable 0 (slot 0)"));
        CHECK(where_has(e, "mesh 4 (mesh pointer 5)"));
        CHECK_NOTHROW(doc->scene(8));
        CHECK(doc->default_item() == 8);  // the first moveable that decoded
        CHECK(doc->items()[0].fields.contains("error"));
        REQUIRE(doc->items()[0].error);
        CHECK(doc->items()[0].error->kind() == ErrorKind::BadIndex);
    }
}

TEST_CASE("tr_level a mesh tree index past the tree list") {
    LevelSpec spec = demo_level(Version::Tr4);
    spec.moveables[1].mesh_tree = 0x7ABC0;
    const Built b = build(spec);
    const auto doc = open(b.file);
    const Error e = scene_error(*doc, 8);
    CHECK(e.kind() == ErrorKind::BadIndex);
    CHECK(e.offset() == find(b.geometry, le32(0x7ABC0)));
    CHECK(where_has(e, "moveable 1 (slot 8)"));
    CHECK(std::string(e.what()).find("224 mesh tree values") != std::string::npos);
}

TEST_CASE("tr_level an object texture index past the list") {
    LevelSpec spec = demo_level(Version::Tr4);
    spec.meshes[1].faces[0].texture = 0x1234;  // LARA mesh 0, quad 0 (0,2,6,4)
    spec.rooms[1].faces[0].texture = 0x0777;   // room 1 quad (0,3,2,1)
    const Built b = build(spec);
    const auto doc = open(b.file);
    Error e = scene_error(*doc, 0);
    CHECK(e.kind() == ErrorKind::BadIndex);
    CHECK(e.offset() == find(b.geometry, {0, 0, 2, 0, 6, 0, 4, 0, 0x34, 0x12}) + 8);
    CHECK(where_has(e, "moveable 0 (slot 0)"));
    CHECK(where_has(e, "quad 0"));
    CHECK(std::string(e.what()).find("below the 6 object textures") != std::string::npos);
    e = scene_error(*doc, kRoomsItem);
    CHECK(e.kind() == ErrorKind::BadIndex);
    CHECK(e.offset() == find(b.geometry, {0, 0, 3, 0, 2, 0, 1, 0, 0x77, 0x07}) + 8);
    CHECK(where_has(e, "room 1"));
}

TEST_CASE("tr_level a texture page index past the pages") {
    for (Version v : {Version::Tr4, Version::Tr5}) {
        INFO(version_name(v));
        LevelSpec spec = demo_level(v);
        spec.object_textures[3].tile = 7;  // 3 pages
        const Built b = build(spec);
        const auto doc = open(b.file);
        const Error e = scene_error(*doc, 0);
        CHECK(e.kind() == ErrorKind::BadIndex);
        // attribute 1, tile 7, flags 0, then corner (0, 0)
        CHECK(*e.offset() ==
              b.base + find(b.geometry, {1, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0x20}) + 2);
        CHECK(where_has(e, "object texture 3"));
        CHECK(std::string(e.what()).find("below the 3 32-bit pages") != std::string::npos);
    }
}

TEST_CASE("tr_level TR5: a bad XELA marker, a vertex data size that lies") {
    const LevelSpec spec = demo_level(Version::Tr5);
    const Built b = build(spec);
    // room 0: u32 unused, u32 room count, then "XELA"
    REQUIRE(Bytes(b.geometry.begin() + 8, b.geometry.begin() + 12) == Bytes({'X', 'E', 'L', 'A'}));
    Bytes g = b.geometry;
    g[8] = 'Y';
    Error e = read_error(wrap_container(spec, g));
    CHECK(e.kind() == ErrorKind::BadValue);
    CHECK(*e.offset() == b.base + 8);
    CHECK(where_has(e, "room 0"));
    // the header's vertex data size (at 188 in the room data, after "XELA"
    // and the u32 size) must be 28 x the layers' vertices
    g = b.geometry;
    const size_t size_at = 16 + 188;
    put32(g, size_at, load_u32le(&g[size_at]) + 28);
    const auto doc = open(wrap_container(spec, g));
    e = scene_error(*doc, kRoomsItem);
    CHECK(e.kind() == ErrorKind::BadValue);
    CHECK(*e.offset() == b.base + size_at);
    CHECK(where_has(e, "room 0"));
    CHECK_NOTHROW(doc->scene(0));
}

TEST_CASE("tr_level a repeated slot and a non-level") {
    LevelSpec spec = demo_level(Version::Tr4);
    spec.moveables[1].slot = 0;
    CHECK(read_error(write_level(spec)).kind() == ErrorKind::BadValue);
    spec.moveables[1].slot = int32_t(kRoomsItem);  // would clash with the rooms item
    const Error e = read_error(write_level(spec));
    CHECK(e.kind() == ErrorKind::BadValue);
    CHECK(std::string(e.what()).find("0..9999") != std::string::npos);
    Bytes junk(64, 0x41);
    CHECK(read_error(junk).kind() == ErrorKind::WrongFormat);
    CHECK(probe_level(junk) == 0);
    CHECK(probe_level(write_level(demo_level(Version::Tr5))) > 0);
}

TEST_CASE("tr_level a level is known by its head, whose first chunk runs past it") {
    // A retail level's 32-bit chunk is megabytes of zlib; Assimp's CanRead and
    // `ripkit check` see the first 64 KiB. Pages of noise (xorshift) do not
    // compress, so the chunk here is as long as a page.
    LevelSpec spec = demo_level(Version::Tr4);
    uint32_t x = 2463534242u;
    for (Bytes& page : spec.pages)
        for (uint8_t& b : page) {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            b = uint8_t(x);
        }
    const Bytes file = write_level(spec);
    const uint32_t compressed = load_u32le(file.data() + 14);
    REQUIRE(compressed > 64 * 1024);
    const ByteSpan head(file.data(), 64 * 1024);
    CHECK(probe_level(head, file.size()) == 90);
    // What Assimp's CanRead asks (a file named anything: no extension helps).
    CHECK(formats::tr_level_format().probe_head(head, file.size(), "level.bin") == 90);
    // Taken for a whole file, or in a file shorter than the chunk, it is a
    // level cut short: still known, below a whole one, so that opening it
    // says where it ends.
    CHECK(probe_level(head) == 40);
    CHECK(probe_level(head, compressed) == 40);
    const Format& f = formats::tr_level_format();
    CHECK(f.probe(head, "cut.tr4") == 40);
    try {
        f.open(Input("cut.tr4", Bytes(head.begin(), head.end())), Options{});
        FAIL("a cut level opened");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Truncated);
        CHECK(e.offset() == std::optional<uint64_t>(18));  // the first chunk's data
    }
    // A head whose chunk size disagrees with its page counts is not a level.
    Bytes other(head.begin(), head.end());
    other[10] ^= 1;
    CHECK(probe_level(other) == 0);
}
