// Replacing one cutscene of a file laid out by hand like TR4's: a 30-entry
// table, padding text behind it, unused entries, two entries sharing a block.
#include <cstring>

#include "fresh_budget.hpp"
#include "ripkit_catch.hpp"
#include "tr_cutseq/cutseq_reader.hpp"
#include "tr_cutseq/cutseq_splice.hpp"
#include "tr_cutseq/cutseq_writer.hpp"
#include "tr_cutseq/testkit/demo_cutscenes.hpp"

using namespace ripkit;
using namespace ripkit::tr_cutseq;

namespace {

Cutscene demo(int index, int frames, uint32_t seed) {
    DemoSpec d;
    d.index = index;
    d.frames = frames;
    d.actors = 1;
    d.meshes = 3;
    d.seed = seed;
    return make_demo_cutscene(d);
}

uint32_t u32_at(const Bytes& b, size_t at) {
    uint32_t v;
    std::memcpy(&v, b.data() + at, 4);
    return v;
}

const char kText[] = "Tomb Raider IV was made by ... (padding text after the table)";

// Signature, 30 entries (1, 2 and 5 used, 6 sharing 5's block), the text,
// then the blocks.
struct HandFile {
    Bytes bytes;
    Bytes b1, b2, b5;
    size_t at1 = 0, at2 = 0, at5 = 0, text_at = 0;
};

HandFile hand_file() {
    HandFile h;
    h.b1 = write_block(demo(1, 20, 1));
    h.b2 = write_block(demo(2, 30, 2));
    h.b5 = write_block(demo(5, 10, 3));
    ByteWriter w;
    w.raw(std::string_view(kSignature, 8));
    w.zeros(8 * 30);
    h.text_at = w.size();
    w.raw(std::string_view(kText, sizeof kText));
    w.align(4);
    h.at1 = w.size();
    w.raw(h.b1);
    h.at2 = w.size();
    w.raw(h.b2);
    h.at5 = w.size();
    w.raw(h.b5);
    const std::pair<int, std::pair<size_t, size_t>> entries[] = {{1, {h.at1, h.b1.size()}},
                                                                 {2, {h.at2, h.b2.size()}},
                                                                 {5, {h.at5, h.b5.size()}},
                                                                 {6, {h.at5, h.b5.size()}}};
    for (const auto& [k, e] : entries) {
        w.put_u32(8 * size_t(k), uint32_t(e.first));
        w.put_u32(8 * size_t(k) + 4, uint32_t(e.second));
    }
    h.bytes = w.bytes();
    return h;
}

const Cutscene& item(const CutseqFile& f, int index) {
    for (const Cutscene& c : f.cutscenes)
        if (c.index == index) return c;
    FAIL("no cutscene " << index);
    throw 0;
}

// A BIN with text after 30 entries infers fewer (the last used one); TR4's
// PAK infers 30. The count is not what is tested here.
ReadOptions thirty() {
    ReadOptions ro;
    ro.entries = 30;
    return ro;
}

bool same_span(const Bytes& a, size_t at_a, const Bytes& b, size_t at_b, size_t n) {
    return at_a + n <= a.size() && at_b + n <= b.size() &&
           std::memcmp(a.data() + at_a, b.data() + at_b, n) == 0;
}

}  // namespace

TEST_CASE("tr_cutseq splice replaces one block and keeps every other byte") {
    const HandFile h = hand_file();
    const CutseqFile file = read_cutseq(h.bytes, thirty(), test::fresh_budget());
    REQUIRE(file.table_entries == 30);
    const Cutscene fresh = demo(2, 77, 9);
    const Bytes nb = write_block(fresh);
    REQUIRE(nb.size() != h.b2.size());
    const Bytes out = splice_block(h.bytes, file, 2, nb);
    const int64_t delta = int64_t(nb.size()) - int64_t(h.b2.size());  // both 4-aligned
    REQUIRE(out.size() == size_t(int64_t(h.bytes.size()) + delta));
    // Table: entry 2's size, 5 and 6 moved by delta; everything else as it was.
    CHECK(u32_at(out, 16) == h.at2);
    CHECK(u32_at(out, 20) == nb.size());
    CHECK(u32_at(out, 40) == h.at5 + delta);
    CHECK(u32_at(out, 48) == h.at5 + delta);
    for (int k : {1, 3, 4, 7, 30})
        CHECK(u32_at(out, 8 * size_t(k)) == u32_at(h.bytes, 8 * size_t(k)));
    // The text, block 1 in place, the new block, block 5 byte for byte.
    CHECK(same_span(out, 0, h.bytes, 0, 16));
    CHECK(same_span(out, h.text_at, h.bytes, h.text_at, h.at2 - h.text_at));
    CHECK(same_span(out, h.at2, nb, 0, nb.size()));
    CHECK(same_span(out, size_t(int64_t(h.at5) + delta), h.b5, 0, h.b5.size()));
    const CutseqFile back = read_cutseq(out, thirty(), test::fresh_budget());
    CHECK(back.table_entries == 30);
    CHECK(item(back, 2).frames == 77);
    CHECK(item(back, 2).camera.values == fresh.camera.values);
    CHECK(item(back, 1).camera.values == item(file, 1).camera.values);
    CHECK(item(back, 5).actors[0].tracks.values == item(file, 5).actors[0].tracks.values);
}

TEST_CASE("tr_cutseq splice appends for an unused entry and for a shared block") {
    const HandFile h = hand_file();
    const CutseqFile file = read_cutseq(h.bytes, thirty(), test::fresh_budget());
    const Bytes nb = write_block(demo(4, 15, 4));
    const Bytes out = splice_block(h.bytes, file, 4, nb);
    CHECK(same_span(out, 0, h.bytes, 0, 32));  // signature, entries 1..3
    CHECK(same_span(out, 40, h.bytes, 40, h.bytes.size() - 40));
    CHECK(u32_at(out, 32) == h.bytes.size());  // already 4-aligned
    CHECK(u32_at(out, 36) == nb.size());
    CHECK(item(read_cutseq(out, thirty(), test::fresh_budget()), 4).frames == 15);

    // Entry 6 shares entry 5's bytes: replacing 5 must not change what 6 reads.
    const Bytes out5 = splice_block(h.bytes, file, 5, nb);
    const CutseqFile back = read_cutseq(out5, thirty(), test::fresh_budget());
    CHECK(item(back, 5).frames == 15);
    CHECK(item(back, 6).frames == 10);
    CHECK(same_span(out5, h.at5, h.b5, 0, h.b5.size()));

    CHECK_THROWS_WITH(splice_block(h.bytes, file, 31, nb),
                      Catch::Matchers::ContainsSubstring("--item 1..30") &&
                          Catch::Matchers::ContainsSubstring("30 entries"));
}
