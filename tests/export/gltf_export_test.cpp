// glTF export: exact animation data in the file, cameras/extras/texture
// switching, and what real clients (Khronos validator, three.js, Assimp) see.
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#include <cmath>
#include <functional>

#include "clients.hpp"
#include "gltf_reader.hpp"
#include "ripkit/assimp/assimp_compat.hpp"
#include "ripkit/export.hpp"
#include "ripkit_catch.hpp"
#include "scene_fixture.hpp"

using namespace ripkit;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

fs::path export_to(const Scene& s, const fs::path& out, OutputFormat f) {
    ExportOptions o;
    o.format = f;
    export_scene(s, out, o);
    return out;
}

const json* find_channel(const json& anim, int node, const char* path) {
    for (const json& c : anim["channels"])
        if (c["target"]["node"] == node && c["target"]["path"] == path) return &c;
    return nullptr;
}

}  // namespace

TEST_CASE("glb samplers and accessors hold exactly the scene's keys", "[gltf]") {
    const Scene s = test::make_full_scene();
    const fs::path dir = test::fresh_temp_dir("gltf_exact");
    const test::Glb g = test::read_glb(export_to(s, dir / "full.glb", OutputFormat::Glb));
    const json& j = g.json;
    REQUIRE(j["animations"].size() == 1);
    const json& anim = j["animations"][0];
    CHECK(anim["name"] == "take");
    CHECK(anim["extras"]["source"] == "cutscene 1");
    CHECK(anim["extras"]["duration"] == 2.0);
    const int mover = test::node_index(g, "mover");
    REQUIRE(mover >= 0);

    struct Expect {
        const char* path;
        const char* interp;
        std::vector<float> input, output;
    };
    // Values copied from make_full_scene by hand (x,y,z[,w]); cubic = in, value, out per key.
    const std::vector<Expect> expects = {
        {"translation", "STEP", {0.0f, 0.5f, 1.5f}, {1, 2, 3, 4, 5, 6, 7, 8, 9}},
        {"rotation", "LINEAR", {0.0f, 2.0f}, {0, 0, 0, 1, 0, 0.70710678f, 0, 0.70710678f}},
        {"scale", "CUBICSPLINE", {0.0f, 1.0f, 2.0f}, {0,    0,  0, 1, 1, 1, 3,  1,     -2,
                                                      0.5f, -1, 2, 2, 3, 4, -1, 0.25f, 1,
                                                      0,    0,  0, 1, 1, 1, 0,  0,     0}},
    };
    for (const Expect& e : expects) {
        INFO(e.path);
        const json* ch = find_channel(anim, mover, e.path);
        REQUIRE(ch);
        const json& sampler = anim["samplers"][(*ch)["sampler"].get<size_t>()];
        CHECK(sampler["interpolation"] == e.interp);
        const int in = sampler["input"], out = sampler["output"];
        CHECK(test::accessor_floats(g, in) == e.input);
        CHECK(j["accessors"][in]["min"][0] == e.input.front());
        CHECK(j["accessors"][in]["max"][0] == e.input.back());
        const std::vector<float> got = test::accessor_floats(g, out);
        REQUIRE(got.size() == e.output.size());
        for (size_t i = 0; i < got.size(); ++i) CHECK(got[i] == Approx(e.output[i]).margin(1e-6));
    }
    const json* ft = find_channel(anim, test::node_index(g, "face_track"), "translation");
    REQUIRE(ft);
    CHECK(anim["samplers"][(*ft)["sampler"].get<size_t>()]["interpolation"] == "STEP");
}

TEST_CASE("glb carries cameras, extras, skins and texture switching", "[gltf]") {
    const Scene s = test::make_full_scene();
    const fs::path dir = test::fresh_temp_dir("gltf_extras");
    const test::Glb g = test::read_glb(export_to(s, dir / "full.glb", OutputFormat::Glb));
    const json& j = g.json;

    const int cam = test::node_index(g, "cam");
    REQUIRE(cam >= 0);
    REQUIRE(j["nodes"][cam].contains("camera"));
    const json& c = j["cameras"][j["nodes"][cam]["camera"].get<size_t>()];
    CHECK(c["type"] == "perspective");
    CHECK(c["perspective"]["yfov"].get<double>() == Approx(0.8));
    CHECK(c["perspective"]["aspectRatio"].get<double>() == Approx(1.5));
    CHECK(c["perspective"]["znear"].get<double>() == Approx(0.1));
    CHECK(c["perspective"]["zfar"].get<double>() == Approx(500.0));
    CHECK(c["extras"]["lens"] == "zoom");
    CHECK(c["extras"]["yfov_times"] == json({0.0, 1.0}));
    CHECK(c["extras"]["yfov_values"][1].get<double>() == Approx(0.6));
    CHECK(j["nodes"][cam]["translation"] == json({0.0, 1.0, 5.0}));
    CHECK_FALSE(j["nodes"][cam].contains("matrix"));

    const json& mover = j["nodes"][test::node_index(g, "mover")];
    CHECK(mover["extras"] ==
          json({{"slot", 7}, {"label", "mover node"}, {"flag", true}, {"ratio", 0.25}}));
    CHECK(j["scenes"][0]["extras"]["format"] == "testfmt");
    CHECK(j["scenes"][0]["extras"]["assumptions"] == json({"a", "b"}));

    // Skin: joints bone_a, bone_b; inverse binds as given.
    REQUIRE(j["skins"].size() == 1);
    const json& skin = j["skins"][0];
    CHECK(skin["joints"] == json({test::node_index(g, "bone_a"), test::node_index(g, "bone_b")}));
    CHECK(skin["skeleton"] == test::node_index(g, "bone_a"));
    const std::vector<float> ibm = test::accessor_floats(g, skin["inverseBindMatrices"]);
    REQUIRE(ibm.size() == 32);
    CHECK(ibm[16 + 13] == -1.0f);  // column-major: element [3][1] of the second matrix

    // Texture switching: three textures whose images are exactly the PNGs, in order.
    const json* face_mat = nullptr;
    for (const json& m : j["materials"])
        if (m["name"] == "face_mat") face_mat = &m;
    REQUIRE(face_mat);
    CHECK((*face_mat)["extras"]["note"] == "face");
    const json& sw = (*face_mat)["extras"]["ripkit_texture_switch"];
    CHECK(sw["track_node"] == test::node_index(g, "face_track"));
    CHECK(sw["track_node_name"] == "face_track");
    REQUIRE(sw["textures"].size() == 3);
    for (size_t i = 0; i < 3; ++i) {
        const json& tex = j["textures"][sw["textures"][i].get<size_t>()];
        const json& img = j["images"][tex["source"].get<size_t>()];
        CHECK(img["mimeType"] == "image/png");
        CHECK(test::view_bytes(g, img["bufferView"]) == s.textures[i].png);
        const json& sampler = j["samplers"][tex["sampler"].get<size_t>()];
        CHECK(sampler["wrapS"] == 33071);  // CLAMP_TO_EDGE
        CHECK(sampler["wrapT"] == 33648);  // MIRRORED_REPEAT
    }
    CHECK((*face_mat)["pbrMetallicRoughness"]["baseColorTexture"]["index"] == sw["textures"][0]);
}

TEST_CASE("Khronos validator: 0 errors for .glb and .gltf", "[gltf][clients]") {
    const Scene s = test::make_full_scene();
    const fs::path dir = test::fresh_temp_dir("gltf_validate");
    for (OutputFormat f : {OutputFormat::Glb, OutputFormat::Gltf}) {
        const fs::path out =
            export_to(s, dir / (std::string("full.") + output_format_extension(f)), f);
        const json report = test::validate_gltf(out);
        INFO(report.dump(1));
        CHECK(report["numErrors"] == 0);
    }
    CHECK(fs::exists(dir / "full.bin"));
    const json gltf = json::parse(test::read_file_bytes(dir / "full.gltf"));
    CHECK(gltf["buffers"][0]["uri"] == "full.bin");
}

TEST_CASE("Assimp reads the glb back", "[gltf][assimp]") {
    const Scene s = test::make_full_scene();
    const fs::path dir = test::fresh_temp_dir("gltf_assimp");
    const fs::path out = export_to(s, dir / "full.glb", OutputFormat::Glb);
    Assimp::Importer imp;
    const aiScene* ai = imp.ReadFile(out.string(), aiProcess_ValidateDataStructure);
    INFO(imp.GetErrorString());
    REQUIRE(ai);
    for (const Node& n : s.nodes) {
        INFO(n.name);
        CHECK(ai->mRootNode->FindNode(n.name.c_str()) != nullptr);
    }
    REQUIRE(ai->mNumAnimations == 1);
    const aiAnimation* a = ai->mAnimations[0];
    const aiNodeAnim* mover = nullptr;
    for (unsigned i = 0; i < a->mNumChannels; ++i)
        if (std::string(a->mChannels[i]->mNodeName.C_Str()) == "mover") mover = a->mChannels[i];
    REQUIRE(mover);
    REQUIRE(mover->mNumPositionKeys == 3);
    REQUIRE(mover->mNumRotationKeys == 2);
    // The scale is CUBICSPLINE: Assimp 6 keeps each key's tangents as keys too.
    const unsigned per_key = assimp_compat::kGltfReaderCubicTriplets ? 3 : 1;
    REQUIRE(mover->mNumScalingKeys == 3 * per_key);
    // Assimp's glTF2 importer reports time in ms (mTicksPerSecond 1000).
    CHECK(mover->mPositionKeys[1].mTime / a->mTicksPerSecond == Approx(0.5));
    CHECK(mover->mPositionKeys[2].mValue == aiVector3D(7, 8, 9));
    CHECK(mover->mScalingKeys[per_key + per_key / 3].mValue == aiVector3D(2, 3, 4));
    CHECK(ai->mNumCameras == 1);
}

// Assimp 5.2.5 turns node extras into aiMetadata; an array or object becomes
// nested aiMetadata (AI_AIMETADATA), which its SceneCombiner cannot copy, so
// `assimp export` of the file aborts. Node extras carry such values as JSON text.
TEST_CASE("node extras: arrays and objects as JSON text under <key>_json", "[gltf][assimp]") {
    Scene s = test::make_full_scene();
    const int mover = s.find_node("mover");
    s.nodes[size_t(mover)].extras["origin"] = {41984, -2304, 35840};
    s.nodes[size_t(mover)].extras["range"] = {{"lo", -1.5}, {"hi", 2}, {"ids", {1, 2}}};
    s.nodes[size_t(mover)].extras["none"] = json::array();
    const fs::path dir = test::fresh_temp_dir("gltf_node_extras");
    const fs::path out = export_to(s, dir / "full.glb", OutputFormat::Glb);
    const test::Glb g = test::read_glb(out);
    const json& ex = g.json["nodes"][test::node_index(g, "mover")]["extras"];
    CHECK(ex == json({{"slot", 7},
                      {"label", "mover node"},
                      {"flag", true},
                      {"ratio", 0.25},
                      {"origin_json", "[41984,-2304,35840]"},
                      {"range_json", R"({"hi":2,"ids":[1,2],"lo":-1.5})"},
                      {"none_json", "[]"}}));

    Assimp::Importer imp;
    const aiScene* ai = imp.ReadFile(out.string(), 0);
    INFO(imp.GetErrorString());
    REQUIRE(ai);
    const aiNode* n = ai->mRootNode->FindNode("mover");
    REQUIRE(n);
    REQUIRE(n->mMetaData);
    aiString text;
    CHECK(n->mMetaData->Get("origin_json", text));
    CHECK(std::string(text.C_Str()) == "[41984,-2304,35840]");
    std::function<void(const aiNode*)> scalars_only = [&](const aiNode* node) {
        INFO(node->mName.C_Str());
        for (unsigned i = 0; node->mMetaData && i < node->mMetaData->mNumProperties; ++i)
            CHECK(node->mMetaData->mValues[i].mType != AI_AIMETADATA);
        for (unsigned i = 0; i < node->mNumChildren; ++i) scalars_only(node->mChildren[i]);
    };
    scalars_only(ai->mRootNode);

    s.nodes[size_t(mover)].extras["origin_json"] = "[0,0,0]";
    CHECK_THROWS_WITH(export_to(s, dir / "clash.glb", OutputFormat::Glb),
                      Catch::Matchers::ContainsSubstring("'origin' or 'origin_json', not both"));
    CHECK_FALSE(fs::exists(dir / "clash.glb"));
}

TEST_CASE("three.js sees the interpolations, cameras and skin", "[gltf][clients]") {
    const Scene s = test::make_full_scene();
    const fs::path dir = test::fresh_temp_dir("gltf_three");
    const fs::path out = export_to(s, dir / "full.glb", OutputFormat::Glb);
    const json r = test::three_inspect(out);
    INFO(r.dump(1));
    std::map<std::string, std::string> interp;
    REQUIRE(r["animations"].size() == 1);
    for (const json& t : r["animations"][0]["tracks"]) interp[t["name"]] = t["interpolation"];
    CHECK(interp["mover.position"] == "STEP");
    CHECK(interp["mover.quaternion"] == "LINEAR");
    CHECK(interp["mover.scale"] == "CUBICSPLINE");
    CHECK(interp["face_track.position"] == "STEP");
    CHECK(interp["bone_b.quaternion"] == "LINEAR");
    CHECK(r["animations"][0]["duration"].get<double>() == Approx(2.0));
    REQUIRE(r["cameras"].size() == 1);
    CHECK(r["cameras"][0]["yfov"].get<double>() == Approx(0.8));
    CHECK(r["cameras"][0]["aspect"].get<double>() == Approx(1.5));
    CHECK(r["cameras"][0]["parent"] == "root");
    REQUIRE(r["skinnedMeshes"].size() == 1);
    CHECK(r["skinnedMeshes"][0]["bones"] == 2);
    for (const Node& n : s.nodes) {
        INFO(n.name);
        CHECK(std::find(r["nodes"].begin(), r["nodes"].end(), n.name) != r["nodes"].end());
    }
}

TEST_CASE("three.js evaluates the curves like the glTF formula", "[gltf][clients]") {
    const Scene s = test::make_full_scene();
    const fs::path dir = test::fresh_temp_dir("gltf_sample");
    const fs::path out = export_to(s, dir / "full.glb", OutputFormat::Glb);
    const json r = test::three_sample(out, "take", {0.25, 0.5, 0.75, 1.0});
    INFO(r.dump(1));
    const json& mover = r["nodes"]["mover"];
    REQUIRE(mover.size() == 4);
    // Hermite at t = 0.5 by hand (s = 0.5: h00 = h01 = 0.5, h10 = 0.125, h11 = -0.125):
    // x = 0.5*1 + 0.125*3 + 0.5*2 - 0.125*0.5 = 1.8125; y = 2.25; z = 2.0
    CHECK(mover[1]["scale"][0].get<double>() == Approx(1.8125).margin(1e-5));
    CHECK(mover[1]["scale"][1].get<double>() == Approx(2.25).margin(1e-5));
    CHECK(mover[1]["scale"][2].get<double>() == Approx(2.0).margin(1e-5));
    const Channel& c = test::cubic_channel(s);
    const glm::vec4 ref = test::hermite_reference(0, 1, c.values[0], c.out_tangents[0], c.values[1],
                                                  c.in_tangents[1], 0.25);
    for (int i = 0; i < 3; ++i)
        CHECK(mover[0]["scale"][i].get<double>() == Approx(ref[i]).margin(1e-5));
    // STEP holds the key at 0.5 until 1.5.
    CHECK(mover[2]["position"] == json({4.0, 5.0, 6.0}));
    // LINEAR rotation about y from 0 to 90 degrees over 2 s: 22.5 degrees at 0.5 s.
    CHECK(mover[1]["quaternion"][1].get<double>() ==
          Approx(std::sin(0.5 * 22.5 * M_PI / 180)).margin(1e-5));
    CHECK(r["nodes"]["face_track"][3]["position"][0].get<double>() == 2.0);
}
