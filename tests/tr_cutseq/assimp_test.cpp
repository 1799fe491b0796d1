// The importer through a plain Assimp::Importer: node names, the camera and
// animation key counts of the bundled samples.
#include <assimp/importerdesc.h>
#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "clients.hpp"
#include "ripkit/assimp/format_importer.hpp"
#include "ripkit/format.hpp"
#include "ripkit_catch.hpp"
#include "tr_cutseq/cutseq_reader.hpp"
#include "tr_cutseq/cutseq_writer.hpp"
#include "tr_cutseq/format.hpp"
#include "tr_cutseq/testkit/demo_cutscenes.hpp"
#include "tr_cutseq/testkit/tr_cutseq_samples.hpp"

namespace {

const aiNodeAnim* channel(const aiAnimation* a, const std::string& name) {
    for (unsigned i = 0; i < a->mNumChannels; ++i)
        if (name == a->mChannels[i]->mNodeName.C_Str()) return a->mChannels[i];
    return nullptr;
}

}  // namespace

TEST_CASE("tr_cutseq importer loads the samples through Assimp::Importer") {
    const auto dir = ripkit::test::fresh_temp_dir("tr_cutseq_assimp");
    ripkit::formats::tr_cutseq_write_samples(dir);
    Assimp::Importer importer;
    importer.RegisterLoader(new ripkit::FormatImporter(ripkit::formats::tr_cutseq_format()));
    const aiImporterDesc* desc = importer.GetImporterInfo(importer.GetImporterIndex("pak"));
    REQUIRE(desc);
    CHECK(std::string(desc->mFileExtensions) == "pak bin");

    // TR4 PAK: default item = cutscene 1 (240 frames, 2 actors of 15 meshes, no cut).
    const aiScene* s = importer.ReadFile((dir / "CUTSEQ.PAK").string(), 0);
    INFO(importer.GetErrorString());
    REQUIRE(s);
    for (const char* n : {"root", "camera", "camera_target", "actor0", "actor0_mesh0",
                          "actor0_mesh14", "actor1", "actor1_mesh14"})
        CHECK(s->mRootNode->FindNode(n) != nullptr);
    CHECK(s->mRootNode->FindNode("actor2") == nullptr);
    REQUIRE(s->mNumCameras == 1);
    CHECK(std::string(s->mCameras[0]->mName.C_Str()) == "camera");
    CHECK(s->mCameras[0]->mAspect == Approx(4.0 / 3.0));
    CHECK(s->mCameras[0]->mHorizontalFOV == Approx(11488.0 / 65536.0 * 2 * M_PI).epsilon(1e-4));
    REQUIRE(s->mNumAnimations == 1);
    const aiAnimation* a = s->mAnimations[0];
    // One aiNodeAnim per animated node: camera, target, 2 actor roots, 30 meshes.
    CHECK(a->mNumChannels == 2 + 2 + 30);
    const aiNodeAnim* cam = channel(a, "camera");
    REQUIRE(cam);
    CHECK(cam->mNumPositionKeys == 240);
    CHECK(cam->mNumRotationKeys == 240);
    const aiNodeAnim* m = channel(a, "actor1_mesh7");
    REQUIRE(m);
    CHECK(m->mNumRotationKeys == 240);
    // Last key at frame 239 = 7.9667 s.
    CHECK(m->mRotationKeys[239].mTime / a->mTicksPerSecond == Approx(239.0 / 30.0));

    // Cutscene 3 has a camera cut at frame 60: 120 keys + 1 hold key.
    importer.SetPropertyInteger("RIPKIT_ITEM", 3);
    s = importer.ReadFile((dir / "CUTSEQ.PAK").string(), 0);
    REQUIRE(s);
    CHECK(channel(s->mAnimations[0], "camera")->mNumPositionKeys == 121);
    CHECK(s->mRootNode->FindNode("actor1") == nullptr);

    // TR5 BIN, cutscene 4 (60 frames), STEP via settings: one key per frame.
    importer.SetPropertyInteger("RIPKIT_ITEM", 4);
    importer.SetPropertyString("RIPKIT_SETTINGS", "interp=step");
    s = importer.ReadFile((dir / "CUTSEQ.BIN").string(), 0);
    REQUIRE(s);
    CHECK(channel(s->mAnimations[0], "actor0_mesh3")->mNumRotationKeys == 60);

    // An empty cutscene is a clean failure.
    importer.SetPropertyInteger("RIPKIT_ITEM", 2);
    CHECK(importer.ReadFile((dir / "CUTSEQ.BIN").string(), 0) == nullptr);
    CHECK(std::string(importer.GetErrorString()).find("empty") != std::string::npos);
}

TEST_CASE("tr_cutseq probe tells PAK, BIN and other data apart") {
    const auto dir = ripkit::test::fresh_temp_dir("tr_cutseq_probe");
    ripkit::formats::tr_cutseq_write_samples(dir);
    const auto& f = ripkit::formats::tr_cutseq_format();
    const ripkit::Bytes pak = ripkit::read_file((dir / "CUTSEQ.PAK").string(), {});
    const ripkit::Bytes bin = ripkit::read_file((dir / "CUTSEQ.BIN").string(), {});
    CHECK(f.probe(pak, "") == 100);
    CHECK(f.probe(bin, "") == 100);
    CHECK(f.probe(ripkit::Bytes(64, 0), "") == 0);
    CHECK(f.probe(ripkit::Bytes{'P', 'K', 3, 4, 0, 0, 0, 0, 0, 0}, "x.pak") == 0);
    // Sample sizes stay small enough to commit.
    CHECK(pak.size() < 64 * 1024);
    CHECK(bin.size() < 96 * 1024);
}

// Assimp asks an importer with the file's first 64 KiB; a bare block keeps its
// camera and actor data far past that, so the probe is told the file's size.
TEST_CASE("a cutscene block longer than Assimp's 64 KiB probe head imports by path") {
    ripkit::tr_cutseq::DemoSpec spec;
    spec.frames = 1500;
    spec.actors = 4;
    const ripkit::tr_cutseq::Cutscene c = ripkit::tr_cutseq::make_demo_cutscene(spec);
    const ripkit::Bytes block = ripkit::tr_cutseq::write_block(c);
    REQUIRE(block.size() > 2 * 64 * 1024);
    const auto dir = ripkit::test::fresh_temp_dir("tr_cutseq_big_block");
    const auto path = dir / "CUT.DAT";  // no extension Assimp knows
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(block.data()), std::streamsize(block.size()));

    const auto& f = ripkit::formats::tr_cutseq_format();
    const ripkit::ByteSpan head(block.data(), 64 * 1024);
    CHECK(f.probe(head, "") == 0);  // the head alone does not hold the offsets
    CHECK(f.probe_head(head, block.size(), "") == 5);
    CHECK(f.probe_head(head, 64 * 1024 + 16, "") == 0);  // offsets past the file's end

    Assimp::Importer importer;
    importer.RegisterLoader(new ripkit::FormatImporter(ripkit::formats::tr_cutseq_format()));
    const aiScene* s = importer.ReadFile(path.string(), 0);
    INFO(importer.GetErrorString());
    REQUIRE(s);
    REQUIRE(s->mNumAnimations == 1);
    const aiNodeAnim* cam = channel(s->mAnimations[0], "camera");
    REQUIRE(cam);
    CHECK(cam->mNumPositionKeys == 1500);
    CHECK(s->mRootNode->FindNode("actor3") != nullptr);
    CHECK(s->mRootNode->FindNode("actor4") == nullptr);
}
