// What follows a level's geometry, on levels laid out by hand: the samples
// (in the level, or TRNG's MAIN.SFX entries), the TRNG trailer as Tomb
// Editor writes it (Ng.cs WriteNgHeader: "NG", chunks of {u16 words counting
// their header, u16 tag, payload}, a zero u32, "NGLE", u32 size from "NG" to
// the end), TRNG's 31-bit chunk size (bit 15 of the first word, a third
// header word: TRNGCE ParseNgField), "TR4c", and trailers that lie. Every
// offset below is counted from the bytes the test lays out.
#include <string>

#include "hand_level.hpp"
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"
#include "tr_level/document.hpp"
#include "tr_level/level_reader.hpp"

using namespace ripkit;
using namespace ripkit::tr_level;
using hand::Bytes;

namespace {

std::unique_ptr<Document> open(const Bytes& file) {
    Input in;
    in.path = "custom.tr4";
    in.bytes = file;
    return open_level(in, Options{});
}

Error open_error(const Bytes& file) {
    try {
        open(file);
    } catch (const Error& e) {
        return e;
    }
    FAIL("no error");
    throw 0;
}

bool where_has(const Error& e, const std::string& frame) {
    for (const std::string& w : e.where())
        if (w.find(frame) != std::string::npos) return true;
    return false;
}

// Two samples kept in the level: 4 + (8 + 3) + (8 + 1) = 24 bytes.
Bytes two_samples() {
    Bytes b;
    hand::u32(b, 2);
    hand::u32(b, 6);
    hand::u32(b, 3);
    hand::raw(b, "abc");
    hand::u32(b, 2);
    hand::u32(b, 1);
    hand::raw(b, "z");
    return b;
}

// "NG", `chunks`, the zero u32, the footer with the size from "NG" to the end.
Bytes trailer(const Bytes& chunks) {
    Bytes b;
    hand::raw(b, "NG");
    hand::append(b, chunks);
    hand::u32(b, 0);
    hand::raw(b, "NGLE");
    hand::u32(b, int64_t(b.size() + 4));
    return b;
}

// Level flags (4 words: 0x01 | 0x02), level version 1.3.0.0 (7 words),
// a plugin floor table with a 31-bit count of 5 words (3 header words).
Bytes three_chunks() {
    Bytes c;
    for (int v : {4, 0x800D, 3, 0}) hand::u16(c, v);
    for (int v : {7, 0x8024, 1, 3, 0, 0, 0}) hand::u16(c, v);
    for (int v : {0x8000, 5, 0x8048, 0xAAAA, 0xBBBB}) hand::u16(c, v);
    return c;
}

}  // namespace

TEST_CASE("tr_level tail: samples and a TRNG trailer as Tomb Editor writes them") {
    Bytes file = hand::minimal_level_to_geometry_end(false);
    const uint64_t base = file.size();
    hand::append(file, two_samples());
    hand::append(file, trailer(three_chunks()));
    const auto doc = open(file);
    const nlohmann::json tail = doc->info()["tail"];
    INFO(tail.dump());
    CHECK(tail["version_tag"] == "TR4\\0");
    CHECK(tail["samples"]["count"] == 2);
    CHECK(tail["samples"]["offset"] == base);
    CHECK(tail["samples"]["size"] == 24);
    CHECK(tail["samples"]["kept"] == "in the level");
    const uint64_t ng = base + 24;
    CHECK(tail["trng"]["offset"] == ng);
    CHECK(tail["trng"]["size"] == 2 + 8 + 14 + 10 + 4 + 8);
    REQUIRE(tail["trng"]["chunks"].size() == 3);
    const nlohmann::json& c = tail["trng"]["chunks"];
    CHECK(c[0] ==
          nlohmann::json{
              {"offset", ng + 2}, {"tag", "0x800D"}, {"name", "level flags"}, {"words", 4}});
    CHECK(c[1] ==
          nlohmann::json{
              {"offset", ng + 10}, {"tag", "0x8024"}, {"name", "level version"}, {"words", 7}});
    CHECK(c[2] == nlohmann::json{{"offset", ng + 24},
                                 {"tag", "0x8048"},
                                 {"name", "plugin floor table"},
                                 {"words", 5}});
    CHECK(!tail.contains("unknown_tail"));
    // The geometry does not need any of it: the level converts as without.
    CHECK(doc->scene(0).meshes.size() == open(hand::minimal_level(false))->scene(0).meshes.size());
    CHECK(doc->dump(std::nullopt)["tail"] == tail);
}

TEST_CASE("tr_level tail: TRNG's MAIN.SFX entries, no samples, bytes nobody describes") {
    Bytes sfx = hand::minimal_level_to_geometry_end(false);
    const uint64_t base = sfx.size();
    for (int v : {2, 0, 4000, 4000, 900}) hand::u32(sfx, v);  // count, 2 x {start, size}
    hand::append(sfx, trailer({}));
    nlohmann::json tail = open(sfx)->info()["tail"];
    CHECK(tail["samples"]["count"] == 2);
    CHECK(tail["samples"]["size"] == 20);
    CHECK(tail["samples"]["kept"] == "in MAIN.SFX (the level holds start and size)");
    CHECK(tail["trng"]["offset"] == base + 20);
    CHECK(tail["trng"]["size"] == 14);
    CHECK(tail["trng"]["chunks"].empty());

    // A file that ends with its geometry: nothing to report, nothing missing.
    tail = open(hand::minimal_level_to_geometry_end(false))->info()["tail"];
    CHECK(tail["samples"] == "none (the file ends after the geometry)");
    CHECK(tail["trng"] == "none");

    Bytes extra = hand::minimal_level(false);
    const uint64_t after = extra.size();
    hand::raw(extra, "abcde");
    tail = open(extra)->info()["tail"];
    CHECK(tail["unknown_tail"] == nlohmann::json{{"offset", after}, {"size", 5}});
    CHECK(tail["trng"] == "none");
}

TEST_CASE("tr_level tail: a TR5 level's samples follow its raw geometry block") {
    Bytes file = hand::minimal_level_to_geometry_end(true);
    const uint64_t base = file.size();
    hand::append(file, two_samples());
    const nlohmann::json tail = open(file)->info()["tail"];
    CHECK(tail["samples"]["offset"] == base);
    CHECK(tail["samples"]["count"] == 2);
    CHECK(!tail.contains("unknown_tail"));
}

TEST_CASE("tr_level tail: a trailer that lies is an error naming where") {
    const Bytes level = hand::minimal_level_to_geometry_end(false);
    const Bytes samples = two_samples();
    Bytes good = level;
    hand::append(good, samples);
    const uint64_t ng = good.size();
    hand::append(good, trailer(three_chunks()));
    const uint64_t size_at = good.size() - 4;

    SECTION("a footer size past what follows the geometry") {
        Bytes b = good;
        hand::put32(b, size_at, int64_t(b.size() - level.size() + 1));
        const Error e = open_error(b);
        CHECK(e.kind() == ErrorKind::BadValue);
        CHECK(e.offset() == size_at);
        CHECK(where_has(e, "NG trailer"));
    }
    SECTION("a footer size that does not land on \"NG\"") {
        Bytes b = good;
        hand::put32(b, size_at, int64_t(b.size() - ng - 2));
        const Error e = open_error(b);
        CHECK(e.kind() == ErrorKind::BadValue);
        CHECK(e.offset() == ng + 2);
        CHECK(std::string(e.what()).find("\"NG\"") != std::string::npos);
    }
    SECTION("a chunk that runs past the footer") {
        Bytes b = good;
        hand::put16(b, ng + 10, 100);  // the version chunk: 100 words
        const Error e = open_error(b);
        CHECK(e.kind() == ErrorKind::Truncated);
        CHECK(e.offset() == ng + 10);
    }
    SECTION("a chunk shorter than its own header") {
        Bytes b = good;
        hand::put16(b, ng + 2, 1);
        const Error e = open_error(b);
        CHECK(e.kind() == ErrorKind::BadValue);
        CHECK(e.offset() == ng + 2);
    }
    SECTION("no zero u32 before the footer") {
        Bytes t;
        hand::raw(t, "NG");
        for (int v : {4, 0x800D, 3, 0}) hand::u16(t, v);
        hand::raw(t, "NGLE");
        hand::u32(t, int64_t(t.size() + 4));
        Bytes b = good;
        b.resize(ng);
        hand::append(b, t);
        const Error e = open_error(b);
        CHECK(e.kind() == ErrorKind::Truncated);
        CHECK(e.offset() == ng + 10);
    }
    SECTION("bytes between the samples and the trailer") {
        Bytes b = level;
        hand::append(b, samples);
        hand::raw(b, "??");
        hand::append(b, trailer(three_chunks()));
        const Error e = open_error(b);
        CHECK(e.kind() == ErrorKind::BadValue);
        CHECK(e.offset() == ng);
    }
    SECTION("a sample that runs into the trailer") {
        Bytes b = good;
        hand::put32(b, level.size() + 4 + 11 + 4, 9);  // the second sample: 9 bytes, not 1
        const Error e = open_error(b);
        CHECK(e.kind() == ErrorKind::Truncated);
        CHECK(where_has(e, "samples"));
    }
    SECTION("an \"NG\" trailer without its footer") {
        Bytes b = good;
        b.resize(b.size() - 8);
        const Error e = open_error(b);
        CHECK(e.kind() == ErrorKind::BadValue);
        CHECK(e.offset() == ng);
    }
}

TEST_CASE("tr_level \"TR4c\": read when stored plainly, refused by name when encrypted") {
    Bytes plain = hand::minimal_level(false);
    plain[3] = 'c';
    CHECK(probe_level(plain) > 0);
    CHECK(open(plain)->info()["tail"]["version_tag"] == "TR4c");

    // NG Center scrambles the bytes from offset 14 on (trview's Decrypter
    // starts there): here the first chunk's compressed size and zlib header.
    Bytes locked = plain;
    for (size_t i = 14; i < 20; ++i) locked[i] ^= 0x5A;
    CHECK(probe_level(locked) > 0);
    const Error e = open_error(locked);
    CHECK(e.kind() == ErrorKind::Unsupported);
    CHECK(e.offset() == 14);
    CHECK(std::string(e.what()).find("encrypted") != std::string::npos);
}

TEST_CASE("tr_level the remasters' \"TRX4\" and \"TRX5\" are refused by name") {
    for (char v : {'4', '5'}) {
        Bytes file = hand::minimal_level(false);
        file[0] = 'T';
        file[1] = 'R';
        file[2] = 'X';
        file[3] = uint8_t(v);
        CHECK(probe_level(file) > 0);
        const Error e = open_error(file);
        CHECK(e.kind() == ErrorKind::Unsupported);
        CHECK(e.offset() == 0);
        CHECK(std::string(e.what()).find(std::string("\"TRX") + v + "\"") != std::string::npos);
    }
}
