// A TR5 BIN read by range: open reads its table, a cutscene's decode reads that
// cutscene's bytes, nothing else - through a ByteSource, a file on disk and
// Assimp's IOSystem alike - and what it decodes is what the whole file in
// memory gives.
#include <assimp/scene.h>

#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>

#include "clients.hpp"
#include "hand_bytes.hpp"
#include "memory_io.hpp"
#include "ripkit/assimp/format_importer.hpp"
#include "ripkit/byte_source.hpp"
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"
#include "tr_cutseq/cutseq_writer.hpp"
#include "tr_cutseq/document.hpp"
#include "tr_cutseq/format.hpp"
#include "tr_cutseq/testkit/demo_cutscenes.hpp"

using namespace ripkit;
using namespace ripkit::tr_cutseq;

namespace {

struct Range {
    uint64_t offset, length;
    bool operator==(const Range&) const = default;
};

// A file read by range that records what was read; `shrink_to` cuts the file
// short after open, as another program truncating it would.
class CountingSource final : public ByteSource {
  public:
    explicit CountingSource(Bytes b) : bytes_(std::move(b)) {}
    uint64_t size() const override { return bytes_.size(); }
    std::vector<Range> reads() const {
        const std::lock_guard<std::mutex> lock(mutex_);
        return reads_;
    }
    void clear() {
        const std::lock_guard<std::mutex> lock(mutex_);
        reads_.clear();
    }
    uint64_t shrink_to = UINT64_MAX;

  protected:
    void fill(uint64_t offset, std::span<uint8_t> out) const override {
        {
            const std::lock_guard<std::mutex> lock(mutex_);
            reads_.push_back({offset, out.size()});
        }
        if (offset + out.size() > shrink_to)
            fail(ErrorKind::Io, shrink_to, "the file's bytes (it shrank while read)");
        std::memcpy(out.data(), bytes_.data() + offset, out.size());
    }

  private:
    Bytes bytes_;
    mutable std::mutex mutex_;
    mutable std::vector<Range> reads_;
};

// Cutscenes 1..6 of 40 + 20k frames, two actors of three meshes.
std::vector<Cutscene> six_cutscenes() {
    std::vector<Cutscene> list;
    for (int k = 1; k <= 6; ++k) {
        DemoSpec d;
        d.index = k;
        d.frames = 40 + 20 * k;
        d.actors = 2;
        d.meshes = 3;
        d.seed = uint32_t(100 + k);
        list.push_back(make_demo_cutscene(d));
    }
    return list;
}

// Entry k's {offset, size}, read off the table as the layout gives it
// (slot k = bytes [8k, 8k + 8)), not through the reader.
Range entry(const Bytes& bin, int k) {
    return {load_u32le(bin.data() + 8 * k), load_u32le(bin.data() + 8 * k + 4)};
}

const CutseqDocument& lazy(const std::unique_ptr<Document>& doc) {
    const auto* d = dynamic_cast<const CutseqDocument*>(doc.get());
    REQUIRE(d);
    return *d;
}

}  // namespace

TEST_CASE("tr_cutseq: a BIN read by range reads its table, then the cutscene asked for alone") {
    const std::vector<Cutscene> list = six_cutscenes();
    const Bytes bin = write_bin(list);
    auto counting = std::make_shared<CountingSource>(bin);
    Input ranged;
    ranged.path = "CUTSEQ.BIN";
    ranged.source = counting;
    Input whole;
    whole.path = "CUTSEQ.BIN";
    whole.bytes = bin;
    Options o;
    o.budget = std::make_shared<Budget>();
    const std::unique_ptr<Document> doc = open_cutseq(ranged, o);
    const std::unique_ptr<Document> ref = open_cutseq(whole, Options{});
    // The table is within the engine's 2048-byte header.
    CHECK(counting->reads() == std::vector<Range>{{0, 2048}});
    CHECK(lazy(doc).decodes() == 0);
    const uint64_t held_open = o.budget->bytes_held();
    // Nothing was copied: only the decoded tables are charged.
    CHECK(held_open < 4096);

    counting->clear();
    {
        const Scene s = doc->scene(5);
        CHECK(counting->reads() == std::vector<Range>{entry(bin, 5)});
        CHECK(s.extras["frame_count"] == 140);  // 40 + 20 x 5, as written
        CHECK(s.animations.at(0).channels.size() == ref->scene(5).animations.at(0).channels.size());
    }
    // The bytes read and the tracks decoded are given back with the scene.
    CHECK(o.budget->bytes_held() == held_open);

    counting->clear();
    const nlohmann::json three = doc->dump(3);
    CHECK(counting->reads() == std::vector<Range>{entry(bin, 3)});
    CHECK(three == ref->dump(3));
    CHECK(three["cutscenes"][0]["frames"] == 100);

    // list decodes the entries not decoded yet: each one's bytes once, in table order.
    counting->clear();
    const std::vector<ItemSummary> items = doc->items();
    std::vector<Range> expected;
    for (int k : {1, 2, 4, 6}) expected.push_back(entry(bin, k));
    CHECK(counting->reads() == expected);
    REQUIRE(items.size() == 44);
    CHECK(items[5].fields["frames"] == 160);
    CHECK(items[6].empty);
}

TEST_CASE("tr_cutseq: a cutscene whose bytes cannot be read is that item's error, naming where") {
    const std::vector<Cutscene> list = six_cutscenes();
    const Bytes bin = write_bin(list);
    auto counting = std::make_shared<CountingSource>(bin);
    Input in;
    in.path = "CUTSEQ.BIN";
    in.source = counting;
    const std::unique_ptr<Document> doc = open_cutseq(in, Options{});
    const Range four = entry(bin, 4);
    counting->shrink_to = four.offset + 10;
    (void)doc->scene(2);  // before the cut: still read
    try {
        (void)doc->scene(4);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Io);
        CHECK(e.offset() == four.offset + 10);
        CHECK(std::string(e.what()).find("cutscene 4") != std::string::npos);
    }
    const std::vector<ItemSummary> items = doc->items();
    REQUIRE(items[3].error);
    CHECK(items[3].error->kind() == ErrorKind::Io);
    CHECK_FALSE(items[1].error);
    CHECK(items[4].error);  // 5 and 6 lie past the cut too
}

TEST_CASE("tr_cutseq: a BIN on disk reads by range as in memory; a shrunk file is an error") {
    const std::vector<Cutscene> list = six_cutscenes();
    const Bytes bin = write_bin(list);
    const auto dir = test::fresh_temp_dir("tr_cutseq_by_range");
    const auto path = dir / "CUTSEQ.BIN";
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bin.data()), std::streamsize(bin.size()));
    Input in;
    in.path = path.string();
    in.source = file_source(in.path, Limits{});
    REQUIRE_FALSE(in.source->in_memory());
    Input whole;
    whole.path = in.path;
    whole.bytes = bin;
    const std::unique_ptr<Document> doc = open_cutseq(in, Options{});
    const std::unique_ptr<Document> ref = open_cutseq(whole, Options{});
    CHECK(doc->dump(6) == ref->dump(6));
    // Cut the file short inside cutscene 6: its next read fails, naming the offset.
    const Range six = entry(bin, 6);
    std::filesystem::resize_file(path, six.offset + 100);
    try {
        (void)doc->scene(6);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Io);
        CHECK(e.offset() == six.offset + 100);
        CHECK(std::string(e.what()).find("shrank") != std::string::npos);
    }
    CHECK(doc->dump(1) == ref->dump(1));
}

TEST_CASE("tr_cutseq through Assimp reads a BIN's table and the one cutscene it imports") {
    std::vector<Cutscene> list;
    for (int k = 1; k <= 8; ++k) {
        DemoSpec d;
        d.index = k;
        d.frames = 1500;
        d.actors = 4;
        d.seed = uint32_t(k);
        list.push_back(make_demo_cutscene(d));
    }
    const Bytes bin = write_bin(list);
    const Range three = entry(bin, 3);
    REQUIRE(three.length > 128 * 1024);
    auto* io = new test::MemoryIO;  // owned by the importer
    io->files["v/CUTSEQ.BIN"] = bin;
    Assimp::Importer importer;
    importer.SetIOHandler(io);
    importer.RegisterLoader(new FormatImporter(formats::tr_cutseq_format()));
    importer.SetPropertyInteger("RIPKIT_ITEM", 3);
    const aiScene* s = importer.ReadFile("v/CUTSEQ.BIN", 0);
    INFO(importer.GetErrorString());
    REQUIRE(s);
    REQUIRE(s->mNumAnimations == 1);
    const aiAnimation* a = s->mAnimations[0];
    bool camera = false;
    for (unsigned i = 0; i < a->mNumChannels; ++i)
        if (std::string(a->mChannels[i]->mNodeName.C_Str()) == "camera")
            camera = a->mChannels[i]->mNumPositionKeys == 1500;
    CHECK(camera);
    CHECK(s->mRootNode->FindNode("actor3") != nullptr);  // actors 0 .. 3
    // At most two 64 KiB probe heads (Assimp's CanRead and the import's own
    // check), the table and cutscene 3 - of a file eight cutscenes long.
    CHECK(io->read <= 2 * 64 * 1024 + 2048 + three.length);
    CHECK(io->read >= three.length);
    CHECK(bin.size() > 8 * three.length / 2);
}
