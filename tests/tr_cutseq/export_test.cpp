// A sample cutscene exported to .glb and checked by the real clients: the
// Khronos validator, three.js (tracks, camera yfov, sampled poses across a
// cut) and Assimp reading the file back.
#include "ripkit/export.hpp"

#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#include <cmath>
#include <string_view>

#include "clients.hpp"
#include "ripkit_catch.hpp"
#include "tr_cutseq/cutscene_scene.hpp"
#include "tr_cutseq/document.hpp"
#include "tr_cutseq/testkit/tr_cutseq_samples.hpp"

using namespace ripkit;
using namespace ripkit::tr_cutseq;

namespace {

// The name as a view: GCC 14 takes a reference returned from a call given a
// temporary std::string for a dangling one.
const Channel& chan(const Scene& s, std::string_view node, AnimPath p) {
    const int n = s.find_node(std::string(node));
    for (const Channel& c : s.animations.at(0).channels)
        if (c.node == n && c.path == p) return c;
    FAIL("no channel " << node);
    throw 0;
}

const nlohmann::json* track(const nlohmann::json& anim, const std::string& node,
                            const std::string& prop) {
    for (const auto& t : anim["tracks"])
        if (t["node"] == node && t["property"] == prop) return &t;
    return nullptr;
}

}  // namespace

TEST_CASE("tr_cutseq sample exports to a valid glb that three.js and Assimp read back") {
    const auto dir = test::fresh_temp_dir("tr_cutseq_export");
    formats::tr_cutseq_write_samples(dir);
    Input in;
    in.path = (dir / "CUTSEQ.PAK").string();
    in.bytes = read_file(in.path, Limits{});
    const auto doc = open_cutseq(in, Options{});
    const Scene scene = doc->scene(3);  // 120 frames, camera cut at frame 60
    const Channel& cam_t = chan(scene, "camera", AnimPath::Translation);
    REQUIRE(cam_t.times.size() == 121);

    const auto glb = dir / "cutscene3.glb";
    ExportOptions eo;
    eo.format = OutputFormat::Glb;
    export_scene(scene, glb, eo);

    const auto report = test::validate_gltf(glb);
    INFO(report.dump());
    CHECK(report["numErrors"] == 0);

    const auto three = test::three_inspect(glb);
    REQUIRE(three["cameras"].size() == 1);
    CHECK(three["cameras"][0]["yfov"].get<double>() ==
          Approx(yfov_from_engine_fov(kCutsceneFov)).epsilon(1e-5));
    REQUIRE(three["animations"].size() == 1);
    const auto& anim = three["animations"][0];
    CHECK(anim["duration"].get<double>() == Approx(119.0 / 30.0).epsilon(1e-5));
    const nlohmann::json* pos = track(anim, "camera", "position");
    REQUIRE(pos);
    CHECK((*pos)["interpolation"] == "LINEAR");
    REQUIRE((*pos)["times"].size() == 121);
    for (size_t k : {size_t(0), size_t(40), size_t(60), size_t(61), size_t(120)}) {
        CHECK((*pos)["times"][k].get<double>() == Approx(cam_t.times[k]).epsilon(1e-6));
        for (int a = 0; a < 3; ++a)
            CHECK((*pos)["values"][k * 3 + a].get<double>() ==
                  Approx(cam_t.values[k][a]).epsilon(1e-6));
    }
    const nlohmann::json* rot = track(anim, "actor0_mesh5", "quaternion");
    REQUIRE(rot);
    CHECK((*rot)["times"].size() == 121);

    // Sampled poses: LINEAR between frames 2 and 3, held right up to the cut.
    const auto sampled =
        test::three_sample(glb, "cutscene3", {2.5 / 30.0, 59.5 / 30.0, 60.0 / 30.0});
    const auto& cam = sampled["nodes"]["camera"];
    REQUIRE(cam.size() == 3);
    for (int a = 0; a < 3; ++a) {
        const double mid = (cam_t.values[2][a] + cam_t.values[3][a]) / 2.0;
        CHECK(cam[0]["position"][a].get<double>() == Approx(mid).epsilon(1e-5));
        // 59.5/30 lies between frame 59 and the hold key (= frame 59): no glide.
        CHECK(cam[1]["position"][a].get<double>() == Approx(cam_t.values[59][a]).epsilon(1e-5));
        CHECK(cam[2]["position"][a].get<double>() == Approx(cam_t.values[61][a]).epsilon(1e-5));
    }

    Assimp::Importer imp;
    const aiScene* s = imp.ReadFile(glb.string(), 0);
    INFO(imp.GetErrorString());
    REQUIRE(s);
    CHECK(s->mRootNode->FindNode("actor0_mesh14") != nullptr);
    CHECK(s->mNumCameras == 1);
    REQUIRE(s->mNumAnimations == 1);
    const aiAnimation* a = s->mAnimations[0];
    const aiNodeAnim* c = nullptr;
    for (unsigned i = 0; i < a->mNumChannels; ++i)
        if (std::string(a->mChannels[i]->mNodeName.C_Str()) == "camera") c = a->mChannels[i];
    REQUIRE(c);
    CHECK(c->mNumPositionKeys == 121);
    CHECK(c->mPositionKeys[61].mValue.x == Approx(cam_t.values[61].x).epsilon(1e-6));
}
