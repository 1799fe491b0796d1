// Writer -> decoder round trips on random tracks, and the encoder's choices
// (width, command forms) checked against hand expectations.
#include <random>

#include "fresh_budget.hpp"
#include "hand_bytes.hpp"
#include "ripkit_catch.hpp"
#include "tr_cutseq/cutseq_reader.hpp"
#include "tr_cutseq/cutseq_writer.hpp"
#include "tr_cutseq/track_reader.hpp"

using namespace ripkit;
using namespace ripkit::tr_cutseq;

namespace {

NodeTracks random_tracks(std::mt19937& rng, int nodes, int frames, bool actor) {
    NodeTracks t;
    t.nodes = nodes;
    t.frames = frames;
    t.values.resize(static_cast<size_t>(nodes) * frames * 3);
    for (int n = 0; n < nodes; ++n)
        for (int a = 0; a < 3; ++a) {
            // Mixes smooth motion, held stretches and occasional large jumps.
            std::uniform_int_distribution<int> start(-30000, 30000), small(-20, 20),
                big(-16000, 16000), kind(0, 9);
            int v = start(rng);
            for (int f = 0; f < frames; ++f) {
                const int k = kind(rng);
                if (f > 0) v += k < 4 ? 0 : k < 9 ? small(rng) : big(rng);
                v = std::clamp(v, -32768, 32767);
                const int16_t s = static_cast<int16_t>(v);
                t.at(f, n, a) = actor && n > 0 ? static_cast<int16_t>(s & 1023) : s;
            }
        }
    return t;
}

}  // namespace

TEST_CASE("tr_cutseq encoder picks the narrowest width >= 6 and each command form") {
    const std::vector<int32_t> small = {1, -2, 3};
    EncodedTrack t = encode_track(small);
    CHECK(t.bits == 6);
    CHECK(t.words == std::vector<int32_t>{0x23, 1, -2, 3});
    // 32 needs 7 bits (6-bit range is -32..31); -33 too.
    CHECK(encode_track(std::vector<int32_t>{32}).bits == 7);
    CHECK(encode_track(std::vector<int32_t>{-32}).bits == 6);
    CHECK(encode_track(std::vector<int32_t>{-16384}).bits == 15);
    CHECK_THROWS_AS(encode_track(std::vector<int32_t>{16384}), Error);
    // 5 equal deltas -> short repeat; 40 -> long repeat (40 = 1<<5 | 8).
    CHECK(encode_track(std::vector<int32_t>(5, 7)).words == std::vector<int32_t>{5, 7});
    CHECK(encode_track(std::vector<int32_t>(40, -3)).words == std::vector<int32_t>{0x11, 8, -3});
    // 17 distinct deltas -> literal runs of 16 (count 0) and 1.
    std::vector<int32_t> d17;
    for (int i = 0; i < 17; ++i) d17.push_back(i - 8);
    const EncodedTrack l = encode_track(d17);
    CHECK(l.words[0] == 0x20);
    CHECK(l.words[17] == 0x21);
    // The packed bytes equal the independent bit packer's.
    std::vector<int> w(l.words.begin(), l.words.end());
    CHECK(l.bytes == hand::pack(w, l.bits));
}

TEST_CASE("tr_cutseq random tracks survive write -> read (BIN and PAK)") {
    std::mt19937 rng(1234);
    for (int round = 0; round < 8; ++round) {
        std::vector<Cutscene> list;
        for (int k : {1, 3, 7}) {
            Cutscene c;
            c.index = k;
            c.empty = false;
            c.frames = 1 + static_cast<int>(rng() % 300);
            c.origin = {static_cast<int32_t>(rng() % 100000), -static_cast<int32_t>(rng() % 5000),
                        77};
            c.audio_track = static_cast<int32_t>(rng() % 20) - 1;
            c.camera = random_tracks(rng, 2, c.frames, false);
            const int actors = static_cast<int>(rng() % 4);
            for (int a = 0; a < actors; ++a) {
                Actor act;
                act.slot = static_cast<int16_t>(a == 0 ? 0 : rng() % 500);
                act.meshes = static_cast<int>(rng() % 17);
                act.tracks = random_tracks(rng, act.meshes + 1, c.frames, true);
                c.actors.push_back(std::move(act));
            }
            list.push_back(std::move(c));
        }
        const bool pak = round % 2;
        const Bytes file = pak ? write_pak(list) : write_bin(list);
        const CutseqFile f = read_cutseq(file, ReadOptions{}, test::fresh_budget());
        CHECK(f.variant == (pak ? Variant::Tr4 : Variant::Tr5));
        for (const Cutscene& want : list) {
            const Cutscene& got = f.cutscenes[static_cast<size_t>(want.index - 1)];
            REQUIRE_FALSE(got.empty);
            CHECK(got.frames == want.frames);
            CHECK(got.origin == want.origin);
            CHECK(got.audio_track == want.audio_track);
            CHECK(got.camera.values == want.camera.values);
            REQUIRE(got.actors.size() == want.actors.size());
            for (size_t a = 0; a < want.actors.size(); ++a) {
                CHECK(got.actors[a].slot == want.actors[a].slot);
                CHECK(got.actors[a].meshes == want.actors[a].meshes);
                CHECK(got.actors[a].tracks.values == want.actors[a].tracks.values);
            }
        }
        for (int k : {2, 4, 5, 6}) CHECK(f.cutscenes[static_cast<size_t>(k - 1)].empty);
    }
}

TEST_CASE("tr_cutseq tracks that run past the cutscene's frames: the frames are played, no more") {
    // Retail cutscene 30 (title.tr4's mummy fight) plays 750 frames from
    // tracks holding 800 (TRN's decode of the retail cutseq.pak). Here: 120
    // frames written, numframes cut to 100 in the block.
    std::mt19937 rng(30);
    Cutscene c;
    c.index = 1;
    c.empty = false;
    c.frames = 120;
    c.camera = random_tracks(rng, 2, c.frames, false);
    Actor act;
    act.meshes = 15;
    act.tracks = random_tracks(rng, act.meshes + 1, c.frames, true);
    c.actors.push_back(act);
    Bytes file = write_bin({c});
    const size_t block = load_u32le(file.data() + 8);  // entry 1's offset
    REQUIRE(load_u16le(file.data() + block + 2) == 120);
    file[block + 2] = 100;
    file[block + 3] = 0;
    const CutseqFile f = read_cutseq(file, ReadOptions{}, test::fresh_budget());
    const Cutscene& got = f.cutscenes.at(0);
    REQUIRE(got.frames == 100);
    REQUIRE(got.actors.size() == 1);
    for (int n = 0; n < 2; ++n)
        for (int a = 0; a < 3; ++a)
            for (int fr = 0; fr < 100; ++fr)
                REQUIRE(got.camera.at(fr, n, a) == c.camera.at(fr, n, a));
    for (int n = 0; n <= 15; ++n)
        for (int a = 0; a < 3; ++a)
            for (int fr = 0; fr < 100; ++fr)
                REQUIRE(got.actors[0].tracks.at(fr, n, a) == act.tracks.at(fr, n, a));
    CHECK(f.warnings.empty());
}
