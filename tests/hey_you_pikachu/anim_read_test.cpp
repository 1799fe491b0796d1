// Animation bank reading (seed 16-19): tables, track lists, scalar kinds,
// record streams as piecewise functions, holds, and every bad-table error.
// Expected values are worked out by hand from the records in
// anim_test_spec.hpp, not taken from the reader.
#include <cmath>
#include <limits>

#include "anim_test_spec.hpp"
#include "hey_you_pikachu/anim_reader.hpp"
#include "hey_you_pikachu/rom_layout.hpp"
#include "pikachu_test_util.hpp"
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;
using namespace ripkit::hey_you_pikachu;

namespace {

RomWindows whole(const Bytes& rom) { return RomWindows{rom.size(), {{0u, ByteSpan(rom)}}}; }

void put32(Bytes& rom, size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) rom.at(at + size_t(i)) = uint8_t(v >> (24 - 8 * i));
}

void putf(Bytes& rom, size_t at, float f) { put32(rom, at, f32_to_bits(f)); }

std::string error_of(const AnimBank& b) { return b.error ? b.error->what() : std::string(); }

}  // namespace

TEST_CASE("bank tables: ranges, track lists, durations; unused banks are empty") {
    const BuiltRom built = build_rom_detailed(pktest::anim_rom_spec());
    Budget budget;
    const AnimTables t = read_anim_tables(whole(built.rom), budget);
    REQUIRE(t.present);
    CHECK(t.quantum == 0.25f);
    REQUIRE(t.banks.size() == 230);
    const AnimBank& b5 = t.banks[5];
    CHECK(!b5.error);
    CHECK(b5.start == kAnimBase);  // the first bank written
    CHECK(b5.end == built.anims.banks[0].end);
    CHECK(b5.end == t.banks[6].start);
    CHECK(b5.track_list == built.anims.banks[0].track_list);
    CHECK(b5.duration == 3.0f);
    REQUIRE(b5.tracks.size() == 3);  // the {0, 0} entry ends the list
    CHECK(b5.tracks[0].node_type == 7);
    CHECK(b5.tracks[1].node_type == 1);
    CHECK(b5.tracks[2].node_type == 40);
    CHECK(b5.tracks[1].scalars.size() == 6);
    CHECK(b5.tracks[2].scalars.size() == 3);  // type >= 38
    for (uint32_t n : {0u, 4u, 8u, 10u, 229u}) {
        CHECK(t.banks[n].empty());
        CHECK(t.banks[n].tracks.empty());
        CHECK(!t.banks[n].error);
    }
    CHECK(!t.banks[9].empty());
}

TEST_CASE("scalar kinds evaluate as the seed's formulas (hand values)") {
    Budget budget;
    const AnimTables t = read_anim_tables(whole(build_rom(pktest::anim_rom_spec())), budget);
    const auto& s = t.banks[5].tracks[1].scalars;
    // Kind 0: (s32)value / 65536.
    CHECK(s[0].kind == 0);
    CHECK(s[0].constant == 1.5);
    CHECK(s[1].constant == -0.5);
    CHECK(s[1].eval(2.0) == -0.5);
    // Kind 2: a*t + b, t from the piece start; 4 ticks * 0.25 = 1 s, then 0.5 s, then hold.
    REQUIRE(s[2].pieces.size() == 3);
    CHECK(s[2].pieces[1].start == 1.0);
    CHECK(s[2].pieces[1].duration == 0.5);
    CHECK(s[2].pieces[2].hold());
    CHECK(s[2].pieces[2].start == 1.5);
    CHECK(s[2].pieces[2].duration == 1.5);  // to the bank end (3 s)
    CHECK(s[2].eval(0.0) == Approx(1.0));
    CHECK(s[2].eval(0.5) == Approx(2.0));       // 2*0.5 + 1
    CHECK(s[2].eval_left(1.0) == Approx(3.0));  // the first piece's end
    CHECK(s[2].eval(1.0) == Approx(10.0));      // -1*0 + 10: a jump
    CHECK(s[2].eval(1.25) == Approx(9.75));
    // Ticks 255: the value at the piece start (b = -3), held to the end.
    CHECK(s[2].eval(1.5) == Approx(-3.0));
    CHECK(s[2].eval(2.9) == Approx(-3.0));
    CHECK(s[2].eval(3.0) == Approx(-3.0));
    // Kind 1: ((a*t + b)*t + c)*t + base + fraction/256; base 3 + 64/256 = 3.25.
    REQUIRE(s[3].pieces.size() == 2);
    CHECK(s[3].pieces[0].base_value() == 3.25);
    CHECK(s[3].eval(0.5) == Approx(3.125));  // 0.125 - 0.5 + 0.25 + 3.25
    CHECK(s[3].eval(1.0) == Approx(2.75));
    CHECK(s[3].eval(1.5) == Approx(2.875));  // 3.375 - 4.5 + 0.75 + 3.25
    CHECK(s[3].eval_left(2.0) == Approx(4.25));
    // Negative s16 base: -1 + 128/256 = -0.5.
    CHECK(s[3].pieces[1].base_value() == -0.5);
    CHECK(s[3].eval(2.5) == Approx(-0.5));
    // The stream ends when it reaches the bank duration: 12 ticks = 3 s, so
    // the ticks-0 record after it is never read.
    REQUIRE(s[4].pieces.size() == 1);
    CHECK(s[4].eval(2.0) == Approx(1.0));  // 0.25 t^2
    CHECK(s[4].eval(3.0) == Approx(2.25));
    // A stream that starts with a hold: b = 4 for the whole bank.
    REQUIRE(s[5].pieces.size() == 1);
    CHECK(s[5].eval(0.0) == Approx(4.0));
    CHECK(s[5].eval(2.0) == Approx(4.0));
}

TEST_CASE("no animation data when the ROM ends before the animation base") {
    hey_you_pikachu::RomSpec spec = pktest::anim_rom_spec();
    spec.anims = {};
    const Bytes rom = build_rom(spec);
    REQUIRE(rom.size() < kAnimBase);
    const auto doc = pktest::open_rom(rom);
    const auto info = doc->info()["animation"];
    CHECK(info["present"] == false);
    CHECK(info["reason"].get<std::string>().find("0xB77EB0") != std::string::npos);
    CHECK(doc->items()[0].fields["banks"].empty());
    CHECK(doc->scene(0).animations.empty());
}

TEST_CASE("bad tables: each error names its offset; other banks stay usable") {
    const BuiltRom built = build_rom_detailed(pktest::anim_rom_spec());
    const BuiltAnimBank& b5 = built.anims.banks[0];  // bank 5
    const BuiltAnimBank& b6 = built.anims.banks[1];  // bank 6
    auto read = [](const Bytes& rom) {
        Budget budget;
        return read_anim_tables(whole(rom), budget);
    };

    SECTION("time quantum 0 or NaN: every non-empty bank fails, naming 0xA1158") {
        for (float q : {0.0f, std::numeric_limits<float>::quiet_NaN(), -1.0f}) {
            Bytes rom = built.rom;
            putf(rom, kAnimTimeQuantum, q);
            const AnimTables t = read(rom);
            REQUIRE(t.error);
            CHECK(t.error->offset() == kAnimTimeQuantum);
            CHECK(t.banks[5].error);
            CHECK(error_of(t.banks[6]).find("time quantum") != std::string::npos);
            CHECK(!t.banks[0].error);  // empty banks are not read
        }
    }
    SECTION("bank duration 0 or NaN") {
        for (float d : {0.0f, std::numeric_limits<float>::quiet_NaN()}) {
            Bytes rom = built.rom;
            putf(rom, kAnimDurationTable + 4 * 5, d);
            const AnimTables t = read(rom);
            REQUIRE(t.banks[5].error);
            CHECK(t.banks[5].error->kind() == ErrorKind::BadValue);
            CHECK(t.banks[5].error->offset() == kAnimDurationTable + 4 * 5);
            CHECK(error_of(t.banks[5]).find("bank 5") != std::string::npos);
            CHECK(!t.banks[6].error);
            CHECK(t.banks[6].tracks.size() == 1);
        }
    }
    SECTION("ticks 0") {
        Bytes rom = built.rom;
        const uint32_t stream = b5.tracks[1].scalars[2].stream_offset;
        rom[stream + 0x10 + 15] = 0;  // the second piece of s2
        const AnimTables t = read(rom);
        REQUIRE(t.banks[5].error);
        CHECK(t.banks[5].error->offset() == stream + 0x10 + 15);
        CHECK(error_of(t.banks[5]).find("ticks 0") != std::string::npos);
        CHECK(!t.banks[6].error);
    }
    SECTION("unknown scalar kind") {
        Bytes rom = built.rom;
        const uint32_t at = b6.tracks[0].scalars[1].offset;
        put32(rom, at, 7);
        const AnimTables t = read(rom);
        REQUIRE(t.banks[6].error);
        CHECK(t.banks[6].error->offset() == at);
        CHECK(error_of(t.banks[6]).find("got 7") != std::string::npos);
        CHECK(!t.banks[5].error);
    }
    SECTION("offsets past the ROM end") {
        Bytes rom = built.rom;
        put32(rom, kAnimTrackTable + 4 * 6, 0x7FFFFFF0u);        // bank 6's track list
        put32(rom, b5.tracks[0].entry_offset + 4, 0x7FFFFFF0u);  // bank 5 track 0's vector
        const AnimTables t = read(rom);
        REQUIRE(t.banks[6].error);
        CHECK(t.banks[6].error->kind() == ErrorKind::BadIndex);
        CHECK(t.banks[6].error->offset() == kAnimTrackTable + 4 * 6);
        REQUIRE(t.banks[5].error);
        CHECK(t.banks[5].error->offset() == b5.tracks[0].entry_offset + 4);
        CHECK(error_of(t.banks[5]).find("past its end") != std::string::npos);
        CHECK(!t.banks[7].error);
    }
    SECTION("a record stream running into the ROM end") {
        Bytes rom = built.rom;
        // Point s2 of bank 5's type-1 track at the last 8 bytes of the ROM.
        put32(rom, b5.tracks[1].scalars[2].offset + 4, uint32_t(rom.size() - 8 - kAnimBase));
        const AnimTables t = read(rom);
        REQUIRE(t.banks[5].error);
        CHECK(t.banks[5].error->kind() == ErrorKind::Truncated);
    }
    SECTION("a track list without terminator before the ROM end") {
        Bytes rom(built.anims.banks.back().end + 8 * 16, 0);
        std::copy(built.rom.begin(), built.rom.begin() + long(built.anims.banks.back().end),
                  rom.begin());
        // Bank 9's list: type-1 entries up to the ROM end, all sharing bank
        // 6's (constant) vector.
        const uint32_t vec = built.anims.banks[1].tracks[0].vector_offset - kAnimBase;
        for (size_t at = built.anims.banks.back().track_list; at + 8 <= rom.size(); at += 8)
            put32(rom, at, 1), put32(rom, at + 4, vec);
        const AnimTables t = read(rom);
        REQUIRE(t.banks[9].error);
        CHECK(t.banks[9].error->kind() == ErrorKind::Truncated);
        CHECK(t.banks[9].error->offset() == rom.size());
        CHECK(!t.banks[5].error);
    }
    SECTION("a track list over the track limit") {
        Bytes rom = built.rom;
        const size_t list = built.anims.banks.back().track_list;
        rom.resize(list + 8 * (kMaxTracksPerBank + 4), 0);
        const uint32_t vec = built.anims.banks[1].tracks[0].vector_offset - kAnimBase;
        for (size_t at = list; at + 8 <= rom.size(); at += 8)
            put32(rom, at, 1), put32(rom, at + 4, vec);
        const AnimTables t = read(rom);
        REQUIRE(t.banks[9].error);
        CHECK(t.banks[9].error->kind() == ErrorKind::AllocationLimit);
    }
    SECTION("a bank whose end is before its start") {
        Bytes rom = built.rom;
        put32(rom, kAnimRangeTable + 4 * 7, b6.end - kAnimBase + 0x100);  // bank 6 end / 7 start
        const AnimTables t = read(rom);
        REQUIRE(t.banks[7].error);
        CHECK(t.banks[7].error->offset() == kAnimRangeTable + 4 * 8);
    }
}

TEST_CASE("a bank that fails is listed with its error in dump; models keep the others") {
    const BuiltRom built = build_rom_detailed(pktest::anim_rom_spec());
    Bytes rom = built.rom;
    putf(rom, kAnimDurationTable + 4 * 6, 0.0f);
    const auto doc = pktest::open_rom(rom);
    const auto items = doc->items();
    CHECK(items[0].fields["banks"] == nlohmann::json::array({5, 7}));
    const auto d = doc->dump(std::nullopt)["animation"];
    CHECK(d["banks"].size() == 230);
    CHECK(d["banks"][6]["error"].get<std::string>().find("offset 0x77ff8") != std::string::npos);
    CHECK(!d["banks"][5].contains("error"));
    CHECK(doc->info()["animation"]["failed_banks"] == 1);
    // Not silently: a warning names the bank dropped.
    size_t named = 0;
    for (const std::string& w : doc->warnings())
        named += w.find("animation bank 6 dropped") != std::string::npos;
    CHECK(named == 1);
}

TEST_CASE("record streams read the same when a window ends anywhere inside them") {
    // The reader takes a stream's records from the window that holds them and
    // looks for a window again only where one ends: split the ROM in two
    // windows at every byte of a stream's first three records (inside a
    // record and at its edges) and every piece must come out as from one.
    const Bytes rom = build_rom(pktest::anim_rom_spec());
    Budget budget;
    const AnimTables one = read_anim_tables(whole(rom), budget);
    const AnimScalar& s = one.banks[5].tracks[1].scalars[2];
    REQUIRE(s.pieces.size() == 3);
    const uint32_t first = s.pieces[0].offset;
    for (uint32_t split = first; split <= first + 0x30; ++split) {
        INFO("split at " << split);
        const ByteSpan all(rom);
        const RomWindows two{rom.size(), {{0u, all.first(split)}, {split, all.subspan(split)}}};
        const AnimTables t = read_anim_tables(two, budget);
        REQUIRE(t.banks.size() == one.banks.size());
        for (size_t b = 0; b < t.banks.size(); ++b) {
            REQUIRE(t.banks[b].tracks.size() == one.banks[b].tracks.size());
            CHECK(error_of(t.banks[b]) == error_of(one.banks[b]));
            for (size_t k = 0; k < t.banks[b].tracks.size(); ++k) {
                const auto& got = t.banks[b].tracks[k].scalars;
                const auto& want = one.banks[b].tracks[k].scalars;
                REQUIRE(got.size() == want.size());
                for (size_t i = 0; i < got.size(); ++i) {
                    REQUIRE(got[i].pieces.size() == want[i].pieces.size());
                    for (size_t p = 0; p < got[i].pieces.size(); ++p) {
                        const AnimPiece &g = got[i].pieces[p], &w = want[i].pieces[p];
                        CHECK(g.offset == w.offset);
                        CHECK(g.a == w.a);
                        CHECK(g.b == w.b);
                        CHECK(g.c == w.c);
                        CHECK(g.base == w.base);
                        CHECK(g.fraction == w.fraction);
                        CHECK(g.ticks == w.ticks);
                        CHECK(g.start == w.start);
                        CHECK(g.duration == w.duration);
                    }
                }
            }
        }
    }
}
