// A sample cinematic exported to .glb (+ .wav): the Khronos validator finds
// no errors and three.js sees the STEP tracks, the camera and face nodes.
#include "ripkit/export.hpp"

#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#include <cmath>
#include <fstream>

#include "clients.hpp"
#include "ripkit/assimp/format_importer.hpp"
#include "ripkit_catch.hpp"
#include "rugrats_cine/document.hpp"
#include "rugrats_cine/format.hpp"
#include "rugrats_cine/testkit/cine_writer.hpp"
#include "rugrats_cine/testkit/demo.hpp"

using namespace ripkit;
using namespace ripkit::rugrats_cine;

TEST_CASE("a cinematic exports to glb + wav that clients read") {
    const StreamSpec spec = make_demo_stream({.frames = 30});
    const Bytes file = write_stream(spec, cd::SectorShape::Raw2352);
    Options o;
    o.format_options["cine"] = {"3"};
    const Scene scene = CineDocument(file, o).scene(1);
    const auto dir = test::fresh_temp_dir("rugrats_cine_export");
    const auto out = dir / "demo.glb";
    ExportOptions eo;
    const ExportResult r = export_scene(scene, out, eo);
    CHECK(std::filesystem::exists(out));
    const auto wav = dir / "demo.wav";
    REQUIRE(std::filesystem::exists(wav));
    // 44-byte header + the samples.
    CHECK(std::filesystem::file_size(wav) == 44 + scene.audio->samples.size() * 2);
    {
        // Metadata contract: the glb's scene extras audio describes demo.wav (GLB:
        // 12-byte header, then the JSON chunk's length, type and text).
        std::ifstream g(out, std::ios::binary);
        const std::string glb((std::istreambuf_iterator<char>(g)),
                              std::istreambuf_iterator<char>());
        std::ifstream w(wav, std::ios::binary);
        const std::string hdr((std::istreambuf_iterator<char>(w)),
                              std::istreambuf_iterator<char>());
        const auto u32 = [](const std::string& b, size_t at) {
            return uint32_t(uint8_t(b.at(at))) | uint32_t(uint8_t(b.at(at + 1))) << 8 |
                   uint32_t(uint8_t(b.at(at + 2))) << 16 | uint32_t(uint8_t(b.at(at + 3))) << 24;
        };
        const nlohmann::json j = nlohmann::json::parse(glb.substr(20, u32(glb, 12)));
        const nlohmann::json& ex = j["scenes"][0]["extras"];
        CHECK(ex["frame_rate"] == 30.0);
        CHECK(ex["frame_count"] == 30);
        const nlohmann::json& a = ex["audio"];
        CHECK(a["file"] == "demo.wav");
        CHECK(a["rate"] == u32(hdr, 24));
        CHECK(a["channels"] == (u32(hdr, 22) & 0xFFFF));
        CHECK(a["frames"] == u32(hdr, 40) / (2 * (u32(hdr, 22) & 0xFFFF)));  // data bytes / frame
        CHECK(a["start_frame"] == 0);
    }

    const nlohmann::json v = test::validate_gltf(out);
    CHECK(v["numErrors"] == 0);

    const nlohmann::json t = test::three_inspect(out);
    REQUIRE(t["animations"].size() == 1);
    REQUIRE(t["cameras"].size() >= 1);
    CHECK(t["cameras"][0]["yfov"].get<double>() == Approx(2 * std::atan(120.0 / 178.0)));
    bool mouth = false, cam_pos = false;
    for (const auto& track : t["animations"][0]["tracks"]) {
        CHECK(track["interpolation"] == "STEP");
        if (track["node"] == "actor_5_mouth" && track["property"] == "position") {
            mouth = true;
            // Demo: actor 5's mouth field is n % 16, wrapped past 10: 1, 2, ..., 9, 0, 1.
            const auto& vals = track["values"];
            REQUIRE(vals.size() == 30 * 3);
            CHECK(vals[0].get<double>() == 1);
            CHECK(vals[3 * 9].get<double>() == 0);   // record 10: field 10 wraps to 0
            CHECK(vals[3 * 14].get<double>() == 5);  // field 15 -> 5
        }
        if (track["node"] == "camera" && track["property"] == "position") {
            cam_pos = true;
            CHECK(track["times"].size() == 30);
            CHECK(track["times"][1].get<double>() == Approx(1.0 / 30.0));
        }
    }
    CHECK(mouth);
    CHECK(cam_pos);
}

TEST_CASE("the Assimp importer reads a stream by content and leaves other .bin files alone") {
    const auto dir = test::fresh_temp_dir("rugrats_cine_assimp");
    const Bytes file = write_stream(make_demo_stream({.frames = 10}), cd::SectorShape::Riff);
    const auto path = dir / "OPEN.BIN";
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(file.data()), std::streamsize(file.size()));
    const auto other = dir / "CUTSEQ.BIN";
    std::ofstream(other, std::ios::binary) << std::string(4096, '\x07');

    Assimp::Importer imp;
    imp.RegisterLoader(new FormatImporter(formats::rugrats_cine_format()));
    const aiScene* s = imp.ReadFile(path.string(), 0);
    REQUIRE(s);
    CHECK(s->mNumCameras == 1);
    CHECK(s->mNumAnimations == 1);
    CHECK(s->mRootNode->FindNode("pose_7_ch1") != nullptr);
    CHECK(s->mRootNode->FindNode("actor_5_eyes") != nullptr);
    Assimp::Importer imp2;
    imp2.RegisterLoader(new FormatImporter(formats::rugrats_cine_format()));
    CHECK(imp2.ReadFile(other.string(), 0) == nullptr);
}
