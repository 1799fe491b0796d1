// Table length without --set entries, on tables built slot by slot: 4, 30, 44
// and 255 entries in TR4 PAKs and TR5 BINs, TR4's padding text, zero padding
// up to the 2048-byte header, damaged entries, and --set entries=N overriding
// or contradicting the data. Expected counts follow from how each file is
// built and the rule in docs/formats/tr_cutseq.md ("Table length").
#include <algorithm>
#include <string>

#include "expect_error.hpp"
#include "fresh_budget.hpp"
#include "hand_bytes.hpp"
#include "ripkit/codec/zlib.hpp"
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"
#include "tr_cutseq/cutseq_reader.hpp"
#include "tr_cutseq/cutseq_writer.hpp"
#include "tr_cutseq/document.hpp"
#include "tr_cutseq/testkit/demo_cutscenes.hpp"

using namespace ripkit;
using namespace ripkit::tr_cutseq;

namespace {

// A block tagged with its table index k: audio track 10k, one actor in slot
// 100+k, 2 + k%5 frames, camera target x key k.
hand::Bytes tagged(int k) {
    const int org[3] = {k, 0, 0};
    hand::NodeSpec target, position;
    target.key[0] = k;
    hand::ActorSpec actor;
    actor.slot = 100 + k;
    actor.nodes.resize(2);
    return hand::block(2 + k % 5, org, 10 * k, {target, position}, {actor});
}

std::vector<std::pair<int, hand::Bytes>> tagged_at(const std::vector<int>& indices) {
    std::vector<std::pair<int, hand::Bytes>> out;
    for (int k : indices) out.emplace_back(k, tagged(k));
    return out;
}

// The TR4 container: u32 decompressed size, then a zlib stream.
hand::Bytes pak(const hand::Bytes& bin) {
    hand::Bytes b;
    hand::u32(b, static_cast<int64_t>(bin.size()));
    hand::append(b, codec::zlib_deflate(bin));
    return b;
}

hand::Bytes text(const std::string& s) { return hand::Bytes(s.begin(), s.end()); }

// The start of the message TR4's CUTSEQ.PAK holds after its table (seed 003).
const std::string kDelText =
    "Cutseq.JIZ , Compiled by Del using the one and only 'ASMLE.EXE'\r\n"
    "Ok, I`ve got about 1.5k of padding here, so enjoy my ramblings...\r\n"
    "Keep your greasy mits off my packed data...\r\nGreets to...\r\n"
    "Tombraider IV Delta-Packed Animation Data (C) 1999 Core Design.\r\n"
    "Sector padded for hotness...\r\nFormat:\r\ndc.w num_actors\r\n";

// `lead` then zeros, so that the data after a table of `entries` starts at byte 2048.
hand::Bytes padding_to_2048(int entries, const hand::Bytes& lead = {}) {
    hand::Bytes p = lead;
    p.resize(2048 - 8 - 8 * static_cast<size_t>(entries), 0);
    return p;
}

CutseqFile read(const hand::Bytes& file, std::optional<int> entries = std::nullopt) {
    ReadOptions o;
    o.entries = entries;
    return read_cutseq(file, o, test::fresh_budget());
}

// `f` has exactly `n` entries, inferred, with tagged blocks at `used`.
void check_table(const CutseqFile& f, int n, const std::vector<int>& used) {
    CHECK(f.table_entries == n);
    CHECK(f.inferred_entries == n);
    CHECK_FALSE(f.entries_set);
    REQUIRE(f.cutscenes.size() == static_cast<size_t>(n));
    for (int k = 1; k <= n; ++k) {
        const Cutscene& c = f.cutscenes[static_cast<size_t>(k - 1)];
        INFO("entry " << k);
        CHECK(c.index == k);
        const bool want = std::find(used.begin(), used.end(), k) != used.end();
        REQUIRE(c.empty == !want);
        if (!want) continue;
        CHECK(c.audio_track == 10 * k);
        CHECK(c.frames == 2 + k % 5);
        CHECK(c.camera.at(0, 0, 0) == k);
        REQUIRE(c.actors.size() == 1);
        CHECK(c.actors[0].slot == 100 + k);
    }
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("tr_cutseq a table of 4, 30 or 44 entries ends where the data begins") {
    for (const int n : {4, 30, 44})
        for (const bool tr4 : {false, true})
            for (const std::vector<int>& used :
                 {std::vector<int>{1, n / 2 + 1, n}, std::vector<int>{1, 2}}) {
                INFO(n << " entries, " << (tr4 ? "PAK" : "BIN") << ", last used " << used.back());
                const hand::Bytes bin = hand::bin(n, tagged_at(used));
                const CutseqFile f = read(tr4 ? pak(bin) : bin);
                CHECK(f.variant == (tr4 ? Variant::Tr4 : Variant::Tr5));
                check_table(f, n, used);
                // The first block sits right after the n-entry table.
                CHECK(f.cutscenes[0].offset == 8 + 8 * static_cast<uint32_t>(n));
                CHECK(f.warnings.empty());
            }
}

TEST_CASE("tr_cutseq TR4 padding text after the table is not read as entries") {
    // 30 entries, the message, zeros, data at 2048 (the retail TR4 layout).
    const hand::Bytes tr4 =
        hand::bin(30, tagged_at({1, 15, 30}), padding_to_2048(30, text(kDelText)));
    check_table(read(pak(tr4)), 30, {1, 15, 30});
    // Entries 3..30 unused before the text: the table still has TR4's 30.
    check_table(read(pak(hand::bin(30, tagged_at({1, 2}), padding_to_2048(30, text(kDelText))))),
                30, {1, 2});
    // The Times demo's 4 entries followed by the text, as PAK and as BIN.
    const hand::Bytes demo = hand::bin(4, tagged_at({1, 2, 4}), padding_to_2048(4, text(kDelText)));
    check_table(read(pak(demo)), 4, {1, 2, 4});
    check_table(read(demo), 4, {1, 2, 4});
    // Text starting 5 zero bytes into slot 31: slot 31 is then offset 0 (unused),
    // slot 32 the text; TR4 keeps 30 entries.
    hand::Bytes lead(5, 0);
    hand::append(lead, text(kDelText));
    const CutseqFile shifted =
        read(pak(hand::bin(30, tagged_at({1, 30}), padding_to_2048(30, lead))));
    check_table(shifted, 30, {1, 30});
    CHECK(shifted.warnings.empty());
}

TEST_CASE("tr_cutseq zero padding to the 2048-byte header keeps the game's count") {
    // Zeros up to the data at 2048 could be unused entries or padding: the
    // table keeps the game's count (TR5 44, TR4 30) or runs to the last used entry.
    check_table(read(hand::bin(4, tagged_at({1, 4}), padding_to_2048(4))), 44, {1, 4});
    check_table(read(pak(hand::bin(4, tagged_at({1, 4}), padding_to_2048(4)))), 30, {1, 4});
    check_table(read(hand::bin(44, tagged_at({1, 44}), padding_to_2048(44))), 44, {1, 44});
    check_table(read(hand::bin(50, tagged_at({3, 50}), padding_to_2048(50))), 50, {3, 50});
    // The header holds 255 entries: entry 255 is read, slot 256 (bytes
    // 2048..2056) never is, even when it looks like an entry.
    hand::Bytes full = hand::bin(256, {});
    const hand::Bytes blk = tagged(255);
    hand::put32(full, 8 * 255, static_cast<uint32_t>(full.size()));
    hand::put32(full, 8 * 255 + 4, static_cast<uint32_t>(blk.size()));
    hand::put32(full, 8 * 256, static_cast<uint32_t>(full.size()));
    hand::put32(full, 8 * 256 + 4, static_cast<uint32_t>(blk.size()));
    hand::append(full, blk);
    REQUIRE(full.size() == 2056 + blk.size());
    check_table(read(full), 255, {255});
    // Only the signature and zeros: no entry has data, TR5's 44 are all empty.
    hand::Bytes blank = hand::bin(0, {});
    blank.resize(1000, 0);
    check_table(read(blank), 44, {});
}

TEST_CASE("tr_cutseq a damaged entry inside the table is an error, not its end") {
    // Entry 10 points past the file while entry 20 further on holds data.
    for (const bool tr4 : {false, true}) {
        hand::Bytes bin = hand::bin(44, tagged_at({1, 20}));
        hand::put32(bin, 8 * 10, static_cast<uint32_t>(bin.size() + 100));
        hand::put32(bin, 8 * 10 + 4, 16);
        const Error e = test::expect_error([&] { read(tr4 ? pak(bin) : bin); });
        INFO(e.what());
        CHECK(e.kind() == ErrorKind::BadIndex);
        REQUIRE(e.offset().has_value());
        CHECK(*e.offset() == 80);
        CHECK(has(e.what(), "cutscene 10"));
        CHECK(has(e.what(), "entry 20"));
        CHECK(has(e.what(), "[" + std::to_string(bin.size() + 100) + ", +16)"));
    }
    // Entry 1 already is no entry: there is no table.
    hand::Bytes first = hand::bin(4, tagged_at({2}));
    hand::put32(first, 12, static_cast<uint32_t>(first.size()));  // size: past the end
    hand::put32(first, 8, 100);
    const Error e1 = test::expect_error([&] { read(first); });
    CHECK(e1.kind() == ErrorKind::BadIndex);
    CHECK(e1.offset() == std::optional<uint64_t>(8));
    // The signature alone: the table is cut off.
    CHECK(test::expect_error([] { read(hand::bin(0, {})); }).kind() == ErrorKind::Truncated);
}

TEST_CASE("tr_cutseq a slot that is neither entry nor text ends the table with a warning") {
    // Entries 1 and 4, then slot 5 holds bytes no text has (offset 0x00123456,
    // past the file, size 16), then zeros to 2048. Nothing further on has
    // data, so slot 5 starts padding: 4 entries (the last used), and a warning.
    hand::Bytes bin = hand::bin(4, tagged_at({1, 4}), padding_to_2048(4));
    hand::put32(bin, 40, 0x00123456u);
    hand::put32(bin, 44, 16);
    const CutseqFile f = read(bin);
    check_table(f, 4, {1, 4});
    REQUIRE(f.warnings.size() == 1);
    CHECK(has(f.warnings[0], "slot 5"));
    CHECK(has(f.warnings[0], "[" + std::to_string(0x00123456) + ", +16)"));
}

TEST_CASE("tr_cutseq --set entries=N overrides the inferred length") {
    const hand::Bytes bin = hand::bin(30, tagged_at({1, 2, 30}));
    const CutseqFile two = read(bin, 2);
    CHECK(two.table_entries == 2);
    CHECK(two.entries_set);
    CHECK(two.inferred_entries == 30);
    REQUIRE(two.cutscenes.size() == 2);
    CHECK(two.cutscenes[1].audio_track == 20);
    // More entries than the data gives, where the extra slots are zeros.
    const CutseqFile more = read(hand::bin(44, tagged_at({1, 44}), padding_to_2048(44)), 100);
    CHECK(more.table_entries == 100);
    CHECK(more.inferred_entries == 44);
    REQUIRE(more.cutscenes.size() == 100);
    CHECK(more.cutscenes[43].audio_track == 440);
    CHECK(more.cutscenes[99].empty);
}

TEST_CASE("tr_cutseq --set entries=N that disagrees with the data is a usage error") {
    // 30 entries, data at 248: a 44-entry table would end at 360, inside entry 1's data.
    const hand::Bytes bin = hand::bin(30, tagged_at({1, 30}));
    Error e = test::expect_error([&] { read(bin, 44); });
    INFO(e.what());
    CHECK(e.kind() == ErrorKind::Usage);
    CHECK(e.offset() == std::optional<uint64_t>(8));
    CHECK(has(e.what(), "--set entries=44"));
    CHECK(has(e.what(), "reads as 30 entries"));
    CHECK(has(e.what(), "[248, +"));
    // The same in a PAK with TR4's text: slot 31 is text, not an entry.
    const hand::Bytes tr4 = pak(hand::bin(30, tagged_at({1}), padding_to_2048(30, text(kDelText))));
    e = test::expect_error([&] { read(tr4, 40); });
    CHECK(e.kind() == ErrorKind::Usage);
    CHECK(e.offset() == std::optional<uint64_t>(8 * 31));
    CHECK(has(e.what(), "cutscene 31"));
    // A table longer than the file.
    e = test::expect_error([&] { read(hand::bin(4, tagged_at({1})), 255); });
    CHECK(e.kind() == ErrorKind::Usage);
    CHECK(has(e.what(), "a table of 255 cutscene entries"));
    // Out of range.
    CHECK(test::expect_error([&] { read(bin, 0); }).kind() == ErrorKind::Usage);
    CHECK(test::expect_error([&] { read(bin, 256); }).kind() == ErrorKind::Usage);
    // When the data is damaged on its own, the error stays about the data:
    // that cutscene's (listed with it), the others decode.
    hand::Bytes bad = hand::bin(44, tagged_at({1, 20}));
    hand::put32(bad, 80, static_cast<uint32_t>(bad.size() + 100));
    hand::put32(bad, 84, 16);
    const CutseqFile f = read(bad, 44);
    REQUIRE(f.cutscenes.at(9).error.has_value());
    CHECK(f.cutscenes[9].error->kind() == ErrorKind::BadIndex);
    CHECK_FALSE(f.cutscenes[9].empty);
    CHECK_FALSE(f.cutscenes[0].error.has_value());
    CHECK_FALSE(f.cutscenes[19].error.has_value());
}

TEST_CASE("tr_cutseq info, list, dump and scenes on a 30-entry file") {
    Input in;
    in.path = "CUTSEQ.BIN";
    in.bytes = hand::bin(30, tagged_at({1, 30}));
    const auto doc = open_cutseq(in, Options{});
    const nlohmann::json info = doc->info();
    CHECK(info["table_entries"] == 30);
    CHECK(info["table_entries_from"] == "data");
    CHECK(info["inferred_entries"] == 30);
    CHECK(info["non_empty"] == 2);
    CHECK(doc->items().size() == 30);
    CHECK(doc->dump(std::nullopt)["cutscenes"].size() == 30);
    CHECK(doc->dump(30)["cutscenes"][0]["audio_track"] == 300);
    const Scene s = doc->scene(30);
    CHECK(s.find_node("actor0") >= 0);

    Options set;
    set.settings["entries"] = "2";
    const auto two = open_cutseq(in, set);
    CHECK(two->info()["table_entries"] == 2);
    CHECK(two->info()["table_entries_from"] == "--set entries");
    CHECK(two->info()["inferred_entries"] == 30);
    CHECK(two->items().size() == 2);
    set.settings["entries"] = "44";
    CHECK(test::expect_error([&] { open_cutseq(in, set); }).kind() == ErrorKind::Usage);
}

TEST_CASE("tr_cutseq the writer's short tables read back at their length") {
    DemoSpec d;
    d.frames = 5;
    d.meshes = 2;
    d.index = 4;
    const Cutscene c = make_demo_cutscene(d);
    CHECK(read(write_bin({c}, 4)).table_entries == 4);
    CHECK(read(write_pak({c}, 30)).table_entries == 30);
    CHECK(read(write_bin({c})).table_entries == 44);  // 255 slots, zeros: TR5's count
    CHECK_THROWS_AS(write_bin({c}, 3), Error);        // index 4 does not fit
}
