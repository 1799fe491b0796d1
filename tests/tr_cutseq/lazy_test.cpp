// Per-item decoding: opening reads the table only; a verb decodes what it
// needs - `--item 3` cutscene 3 alone, the default the entries up to the first
// that decodes, list and info every entry once - and the findings (errors,
// warnings) are those of the entries decoded so far.
#include "hand_bytes.hpp"
#include "ripkit/byte_reader.hpp"
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"
#include "tr_cutseq/cutseq_writer.hpp"
#include "tr_cutseq/document.hpp"
#include "tr_cutseq/testkit/demo_cutscenes.hpp"

using namespace ripkit;
using namespace ripkit::tr_cutseq;

namespace {

// Cutscenes 1..4 (frames 10, 11, 12, 13); `corrupt` (0: none) gets a camera
// offset past its block; cutscene 4's camera sits on its target at frame 0,
// which the decoder reports as a warning.
struct Fixture {
    std::vector<Cutscene> list;
    Input in;
};

Fixture four_cutscenes(int corrupt) {
    Fixture f;
    for (int k = 1; k <= 4; ++k) {
        DemoSpec d;
        d.index = k;
        d.frames = 9 + k;
        d.actors = 2;
        d.meshes = 3;
        d.seed = uint32_t(k);
        f.list.push_back(make_demo_cutscene(d));
    }
    NodeTracks& cam = f.list[3].camera;
    cam.at(0, 0, 0) = cam.at(0, 1, 0);
    cam.at(0, 0, 2) = cam.at(0, 1, 2);
    f.in.path = "CUTSEQ.BIN";
    f.in.bytes = write_bin(f.list);
    if (corrupt) {
        const uint32_t at = load_u32le(f.in.bytes.data() + 8 * corrupt);
        hand::put32(f.in.bytes, at + 20, 0xFFFFFFF0u);
    }
    return f;
}

const CutseqDocument& lazy(const std::unique_ptr<Document>& doc) {
    const auto* d = dynamic_cast<const CutseqDocument*>(doc.get());
    REQUIRE(d);
    return *d;
}

bool mentions(const std::vector<std::string>& lines, const std::string& text) {
    for (const std::string& l : lines)
        if (l.find(text) != std::string::npos) return true;
    return false;
}

}  // namespace

TEST_CASE("tr_cutseq: one named cutscene decodes that cutscene alone, and its findings only") {
    const Fixture f = four_cutscenes(0);
    Options o;
    o.budget = std::make_shared<Budget>();
    const std::unique_ptr<Document> doc = open_cutseq(f.in, o);
    const CutseqDocument& d = lazy(doc);
    CHECK(d.decodes() == 0);
    const uint64_t held_open = o.budget->bytes_held();
    {
        const Scene s = doc->scene(3);
        CHECK(d.decodes() == 1);
        CHECK(s.extras["frame_count"] == 12);  // cutscene 3 has 9 + 3 frames
        CHECK(s.find_node("actor1") >= 0);
        CHECK(s.find_node("actor2") < 0);
    }
    // The decoded tracks are not kept: the budget is back where open left it.
    CHECK(o.budget->bytes_held() == held_open);
    CHECK_FALSE(mentions(doc->warnings(), "cutscene 4 camera"));
    (void)doc->dump(4);
    CHECK(d.decodes() == 2);
    (void)doc->scene(4);
    CHECK(d.decodes() == 3);
    // A cutscene decoded twice reports its finding once.
    int seen = 0;
    for (const std::string& w : doc->warnings())
        seen += w.find("cutscene 4 camera: 1 frames with the target") != std::string::npos;
    CHECK(seen == 1);
}

TEST_CASE("tr_cutseq: the default item decodes up to the first good entry; list decodes the rest") {
    const Fixture f = four_cutscenes(1);
    const std::unique_ptr<Document> doc = open_cutseq(f.in, Options{});
    const CutseqDocument& d = lazy(doc);
    CHECK(d.decodes() == 0);
    CHECK(doc->default_item() == 2);
    CHECK(d.decodes() == 2);
    const std::vector<ItemSummary> before = doc->items_before(2);
    REQUIRE(before.size() == 1);
    REQUIRE(before[0].error);
    CHECK(std::string(before[0].error->what()).find("camera offset below the block size") !=
          std::string::npos);
    CHECK(d.decodes() == 2);
    // The default's scene uses the decode that chose it; a second scene decodes again.
    CHECK(doc->scene(2).extras["frame_count"] == 11);
    CHECK(d.decodes() == 2);
    (void)doc->scene(2);
    CHECK(d.decodes() == 3);
    // Whole-file verbs decode every entry, each once.
    const std::vector<ItemSummary> all = doc->items();
    CHECK(d.decodes() == 5);
    REQUIRE(all.size() == 44);  // TR5's table; entries 5.. are unused
    CHECK(all[4].empty);
    CHECK(all[0].error);
    CHECK(all[3].fields["frames"] == 13);
    CHECK(mentions(doc->warnings(), "cutscene 4 camera"));
    const nlohmann::json info = doc->info();
    CHECK(info["not_decodable"] == 1);
    CHECK(info["total_frames"] == 11 + 12 + 13);
    CHECK(d.decodes() == 5);
    // The failed entry's error, as scene() throws it.
    try {
        (void)doc->scene(1);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::BadIndex);
    }
}

TEST_CASE("tr_cutseq: a PAK's entries decode lazily from its inflated data") {
    const Fixture f = four_cutscenes(0);
    Input pak;
    pak.path = "CUTSEQ.PAK";
    pak.bytes = write_pak(f.list);
    const std::unique_ptr<Document> doc = open_cutseq(pak, Options{});
    CHECK(lazy(doc).decodes() == 0);
    const nlohmann::json j = doc->dump(2);
    CHECK(lazy(doc).decodes() == 1);
    REQUIRE(j["cutscenes"].size() == 1);
    CHECK(j["cutscenes"][0]["frames"] == 11);
    const Cutscene& c = f.list[1];
    CHECK(j["cutscenes"][0]["actors"][1]["rotation"][4][2][0] == c.actors[1].tracks.at(4, 3, 0));
}
