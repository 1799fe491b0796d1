// Wire format pinned by hand-built bytes: every command form, sign extension
// at widths 6 and 15, masking, exhausted tracks, truncation.
#include "fresh_budget.hpp"
#include "hand_bytes.hpp"
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"
#include "tr_cutseq/cutseq_reader.hpp"
#include "tr_cutseq/track_reader.hpp"

using namespace ripkit;
using namespace ripkit::tr_cutseq;

namespace {

// The deltas of running values from TrackDecoder::running (frame 0 the start).
std::vector<int32_t> running_deltas(const hand::Bytes& bytes, unsigned bits, size_t words,
                                    int frames) {
    TrackDecoder d(bytes.data(), bits, static_cast<uint16_t>(words));
    std::vector<int16_t> v(size_t(frames) + 1);
    d.running(v.data(), v.size(), 0, false);
    std::vector<int32_t> out;
    for (size_t i = 1; i < v.size(); ++i) out.push_back(int16_t(v[i] - v[i - 1]));
    return out;
}

// Deltas the decoder yields for one track over `frames` calls; the bulk
// decoder the reader uses must give the same.
std::vector<int32_t> deltas(const hand::Track& t, int frames) {
    const hand::Bytes bytes = hand::pack(t.words, t.bits);
    TrackDecoder d(bytes.data(), t.bits, static_cast<uint16_t>(t.words.size()));
    std::vector<int32_t> out;
    for (int i = 0; i < frames; ++i) out.push_back(d.next());
    CHECK(running_deltas(bytes, t.bits, t.words.size(), frames) == out);
    return out;
}

using V = std::vector<int32_t>;

}  // namespace

TEST_CASE("tr_cutseq words are LSB-first and sign-extended at the track width") {
    // Width 6: 0b111111 = -1, 0b100000 = -32, 0b011111 = 31.
    const hand::Bytes b6 = hand::pack({0x3F, 0x20, 0x1F, 5}, 6);
    CHECK(read_word(b6.data(), 6, 0) == -1);
    CHECK(read_word(b6.data(), 6, 1) == -32);
    CHECK(read_word(b6.data(), 6, 2) == 31);
    CHECK(read_word(b6.data(), 6, 3) == 5);
    // Width 15: -16384 and 16383, straddling bytes 1..3.
    const hand::Bytes b15 = hand::pack({0x4000, 0x3FFF, 0x7FFF}, 15);
    CHECK(read_word(b15.data(), 15, 0) == -16384);
    CHECK(read_word(b15.data(), 15, 1) == 16383);
    CHECK(read_word(b15.data(), 15, 2) == -1);
    // Hand check of the packing itself: 6-bit words 1 and 2 -> byte0 = 1 | (2 << 6) = 0x81.
    CHECK(hand::pack({1, 2}, 6)[0] == 0x81);
}

TEST_CASE("tr_cutseq literal run gives its words then holds") {
    hand::Track t{6, {0x20 | 3, 5, -3, 7}};
    CHECK(deltas(t, 6) == V{5, -3, 7, 0, 0, 0});
}

TEST_CASE("tr_cutseq literal count 0 means 16 words") {
    hand::Track t{6, {0x20}};
    for (int i = 1; i <= 16; ++i) t.words.push_back(i);
    t.words.push_back(0x20 | 1);
    t.words.push_back(-7);
    V want;
    for (int i = 1; i <= 16; ++i) want.push_back(i);
    want.push_back(-7);
    want.push_back(0);
    CHECK(deltas(t, 18) == want);
}

TEST_CASE("tr_cutseq short repeat, bit 3 ignored") {
    hand::Track t{6, {3, -2, 0x08 | 2, 4}};
    CHECK(deltas(t, 7) == V{-2, -2, -2, 4, 4, 0, 0});
}

TEST_CASE("tr_cutseq long repeat count ((w&7)<<5)|(next&31)") {
    hand::Track t{8, {0x10 | 1, 4, 9, 0x21, -100}};  // 36 x 9, then -100
    V want(36, 9);
    want.push_back(-100);
    want.push_back(0);
    CHECK(deltas(t, 38) == want);
    // The low word keeps only 5 bits: 0x3F & 31 = 31 with (w&7) = 0 -> 31 repeats.
    hand::Track u{8, {0x10, 0x3F, 2}};
    CHECK(deltas(u, 32) == [] {
        V v(31, 2);
        v.push_back(0);
        return v;
    }());
}

TEST_CASE("tr_cutseq width 15 literal values sign-extend") {
    hand::Track t{15, {0x22, 0x4000, 0x3FFF}};
    CHECK(deltas(t, 3) == V{-16384, 16383, 0});
}

TEST_CASE("tr_cutseq a command whose data word is past the length holds") {
    CHECK(deltas(hand::Track{6, {5}}, 3) == V{0, 0, 0});           // short repeat, no data
    CHECK(deltas(hand::Track{6, {0x11, 2}}, 3) == V{0, 0, 0});     // long repeat, no data
    CHECK(deltas(hand::Track{6, {0x23, 1}}, 4) == V{1, 0, 0, 0});  // literal run cut short
    CHECK(deltas(hand::Track{6, {}}, 2) == V{0, 0});               // empty track
}

TEST_CASE("tr_cutseq zero repeat count wraps like the engine") {
    hand::Track t{6, {0, 3}};
    const hand::Bytes bytes = hand::pack(t.words, t.bits);
    TrackDecoder d(bytes.data(), 6, 2);
    for (int i = 0; i < 100; ++i) CHECK(d.next() == 3);
    CHECK(d.saw_zero_repeat());
}

TEST_CASE("tr_cutseq running values in bulk equal the per-frame decoder, masked or not") {
    // Random command streams (every form, counts 0..15 and long, cut anywhere),
    // decoded both ways over more frames than the words last.
    uint32_t seed = 12345;
    const auto rnd = [&seed](uint32_t n) {
        seed = seed * 1103515245u + 12345u;
        return (seed >> 16) % n;
    };
    for (int trial = 0; trial < 300; ++trial) {
        // Widths 0-5 too (the packer keeps each word's low bits, so their
        // commands read as whatever those bits say, the same both ways).
        const unsigned bits = trial < 36 ? unsigned(trial) % 6 : 6 + rnd(10);
        const int32_t top = bits ? 1 << (bits - 1) : 1;
        hand::Track t{bits, {}};
        while (t.words.size() < 40) {
            switch (rnd(3)) {
                case 0: {  // literal run of 1..16 words
                    const uint32_t n = rnd(16);
                    t.words.push_back(0x20 | int32_t(n));
                    for (uint32_t i = 0; i < (n ? n : 16); ++i)
                        t.words.push_back(int32_t(rnd(2 * top)) - top);
                    break;
                }
                case 1:  // short repeat, count 0..7 (0 wraps)
                    t.words.push_back(int32_t(rnd(8)));
                    t.words.push_back(int32_t(rnd(2 * top)) - top);
                    break;
                default:  // long repeat
                    t.words.push_back(0x10 | int32_t(rnd(8)));
                    t.words.push_back(int32_t(rnd(32)));
                    t.words.push_back(int32_t(rnd(2 * top)) - top);
            }
        }
        t.words.resize(rnd(40) + 1);  // cut anywhere, mid-command too
        const hand::Bytes bytes = hand::pack(t.words, t.bits);
        const int frames = 1 + int(rnd(3)) * 40000;  // past a zero repeat's 65536 in some
        for (bool mask : {false, true}) {
            TrackDecoder one(bytes.data(), bits, uint16_t(t.words.size()));
            TrackDecoder bulk(bytes.data(), bits, uint16_t(t.words.size()));
            const int16_t start = int16_t(int(rnd(2000)) - 1000);
            std::vector<int16_t> want(size_t(frames) + 1), got(want.size());
            int16_t run = start;
            for (size_t f = 0; f < want.size(); ++f) {
                if (f > 0) run = int16_t(run + one.next());
                want[f] = mask ? int16_t(run & 1023) : run;
            }
            bulk.running(got.data(), got.size(), start, mask);
            REQUIRE(got == want);
            CHECK(bulk.saw_zero_repeat() == one.saw_zero_repeat());
        }
    }
}

TEST_CASE("tr_cutseq node block: 14-byte headers, running s16 values, rotation mask") {
    // Actor block: root node (unmasked) and one rotation node (masked to 10 bits).
    hand::NodeSpec root;
    root.key[0] = 32766;
    root.t[0] = {6, {0x22, 1, 1}};  // 32766 -> 32767 -> -32768 (s16 wrap)
    root.key[1] = -5;
    root.t[1] = {6, {2, -1}};  // -5, -6, -7
    root.key[2] = 7;           // empty track: holds 7
    hand::NodeSpec rot;
    rot.key[0] = 1020;
    rot.t[0] = {6, {2, 3}};  // 1020, 1023, 1026&1023=2
    rot.key[1] = 5;
    rot.t[1] = {6, {0x21, -10}};  // 5, -5 & 1023 = 1019, holds
    rot.key[2] = 2000;            // key itself is masked: 2000 & 1023 = 976
    const hand::Bytes b = hand::node_block({root, rot});
    // 2 headers + tracks of (3,2,0) and (2,2,0) words at 6 bits: 28 + 6+5+4 + 5+5+4.
    REQUIRE(b.size() == 57);
    const DecodedBlock d = decode_node_block(ByteReader(b), 0, 2, 3, BlockKind::Actor, Limits{});
    CHECK(d.headers[0].packmethod == ((6 << 10) | (6 << 5) | 6));
    CHECK(d.tracks.at(0, 0, 0) == 32766);
    CHECK(d.tracks.at(1, 0, 0) == 32767);
    CHECK(d.tracks.at(2, 0, 0) == -32768);
    CHECK(d.tracks.at(2, 0, 1) == -7);
    CHECK(d.tracks.at(2, 0, 2) == 7);
    CHECK(d.tracks.at(0, 1, 0) == 1020);
    CHECK(d.tracks.at(1, 1, 0) == 1023);
    CHECK(d.tracks.at(2, 1, 0) == 2);
    CHECK(d.tracks.at(1, 1, 1) == 1019);
    CHECK(d.tracks.at(2, 1, 1) == 1019);
    CHECK(d.tracks.at(0, 1, 2) == 976);
    // The same bytes as a camera block are not masked.
    const DecodedBlock c = decode_node_block(ByteReader(b), 0, 2, 3, BlockKind::Camera, Limits{});
    CHECK(c.tracks.at(2, 1, 0) == 1026);
    CHECK(c.tracks.at(1, 1, 1) == -5);
    CHECK(c.tracks.at(0, 1, 2) == 2000);
}

TEST_CASE("tr_cutseq node block with a track past the data is rejected") {
    hand::NodeSpec n;
    n.t[0] = {6, {0x23, 1, 2, 3}};
    hand::Bytes b = hand::node_block({n});
    b.resize(b.size() - 2);  // cut into the Z track's slack
    try {
        decode_node_block(ByteReader(b), 0, 1, 4, BlockKind::Camera, Limits{});
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Truncated);
        CHECK(std::string(e.what()).find("axis Z") != std::string::npos);
    }
    const hand::Bytes headers_only(20, 0);  // 1.4 headers
    CHECK_THROWS_AS(
        decode_node_block(ByteReader(headers_only), 0, 2, 4, BlockKind::Camera, Limits{}), Error);
}

TEST_CASE("tr_cutseq a hand-built BIN decodes to the engine's world values") {
    const int org[3] = {1000, -2000, 3000};
    hand::NodeSpec target, position;
    target.key[0] = 10;
    target.t[0] = {6, {0x22, 4, -4}};  // run 10, 14, 10
    position.key[1] = -300;
    position.t[1] = {7, {2, 50}};  // run -300, -250, -200
    hand::ActorSpec lara;
    lara.slot = 0;
    lara.nodes.resize(3);
    lara.nodes[0].key[0] = 100;  // offset 3*100 = 300
    lara.nodes[0].t[0] = {6, {2, 1}};
    lara.nodes[2].key[1] = 512;  // mesh 1: y angle 512 then 512+256
    lara.nodes[2].t[1] = {10, {0x21, 256}};
    const hand::Bytes blk = hand::block(3, org, 12, {target, position}, {lara});
    const hand::Bytes file = hand::bin(44, {{2, blk}});

    const CutseqFile f = read_cutseq(file, ReadOptions{}, test::fresh_budget());
    CHECK(f.variant == Variant::Tr5);
    REQUIRE(f.cutscenes.size() == 44);
    CHECK(f.cutscenes[0].empty);
    const Cutscene& c = f.cutscenes[1];
    REQUIRE_FALSE(c.empty);
    CHECK(c.index == 2);
    CHECK(c.frames == 3);
    CHECK(c.audio_track == 12);
    REQUIRE(c.actors.size() == 1);
    CHECK(c.actors[0].meshes == 2);
    // target x = org + 2*run
    CHECK(c.camera.at(1, 0, 0) == 14);
    CHECK(c.camera.at(2, 1, 1) == -200);
    CHECK(c.actors[0].tracks.at(2, 0, 0) == 102);
    CHECK(c.actors[0].tracks.at(0, 2, 1) == 512);
    CHECK(c.actors[0].tracks.at(1, 2, 1) == 768);

    // The same block alone is read as a bare block.
    const CutseqFile bare = read_cutseq(blk, ReadOptions{}, test::fresh_budget());
    CHECK(bare.variant == Variant::Block);
    REQUIRE(bare.cutscenes.size() == 1);
    CHECK(bare.cutscenes[0].actors[0].tracks.at(1, 2, 1) == 768);
}
