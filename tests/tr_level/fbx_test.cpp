// A moveable's animations in the FBX, read back by the test FBX reader
// (tests/export/fbx_reader.hpp, written from the format's rules) and by
// Assimp the way Tomb Editor's WadTool reads a model (TombLib's
// AssimpImporter: the bones of the meshes, linearized in node-tree order).
// Expected values come from the demo level's writer (add_demo_anims): Lara
// (slot 0) has 15 meshes and two anims, the turn (state 2, rate 5: root
// offset (0,-470,0) -> (0,-480,20) and the hips 0 -> 4096 about Y over
// frames 0..5) and the wave (state 3).
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <assimp/Importer.hpp>
#include <fstream>
#include <functional>
#include <iterator>
#include <set>

#include "../export/fbx_reader.hpp"
#include "clients.hpp"
#include "ripkit/export.hpp"
#include "ripkit_catch.hpp"
#include "tr_level/document.hpp"
#include "tr_level/testkit/demo_level.hpp"

using namespace ripkit;
using namespace ripkit::tr_level;
namespace fbxr = ripkit::test::fbxr;

namespace {

std::filesystem::path lara_fbx(const std::string& body = "skinned") {
    Input in;
    in.path = "DEMO.TR4";
    in.bytes = testkit::write_level(testkit::demo_level(Version::Tr4));
    Options o;
    o.settings["body"] = body;
    const Scene scene = open_level(in, o)->scene(0);
    const auto out = test::fresh_temp_dir("tr_level_fbx_" + body) / "lara.fbx";
    ExportOptions eo;
    eo.format = OutputFormat::Fbx;
    export_scene(scene, out, eo);
    return out;
}

std::vector<uint8_t> bytes_of(const std::filesystem::path& p) {
    std::ifstream f(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), {}};
}

std::vector<std::string> lara_joints() {
    std::vector<std::string> out;
    for (int j = 0; j < 15; ++j)
        out.push_back((j < 10 ? "slot0_mesh0" : "slot0_mesh") + std::to_string(j));
    return out;
}

std::string model_name(const fbxr::Node& m) { return fbxr::split_name(m.props.at(1).s).first; }

}  // namespace

TEST_CASE("tr_level FBX: one take per anim, one bone per mesh in the moveable's order") {
    const fbxr::Document d(bytes_of(lara_fbx()));

    std::set<std::string> stacks;
    for (const auto& [id, o] : d.objects)
        if (o->name == "AnimationStack") stacks.insert(fbxr::split_name(o->props.at(1).s).first);
    CHECK(stacks == std::set<std::string>{"anim_0_state_2", "anim_1_state_3"});

    // The LimbNode models, walked from the root joint in the file's child
    // order (the order Assimp, and so WadTool, sees them).
    std::vector<std::string> walked;
    std::function<void(const fbxr::Node&)> walk = [&](const fbxr::Node& m) {
        if (m.props.at(2).s != "LimbNode") return;
        walked.push_back(model_name(m));
        for (const fbxr::Node* c : d.children_of(d.id(m), "Model")) walk(*c);
    };
    walk(*d.model("slot0_mesh00"));
    CHECK(walked == lara_joints());
    size_t limbs = 0;
    for (const auto& [id, o] : d.objects)
        if (o->name == "Model" && o->props.at(2).s == "LimbNode") ++limbs;
    CHECK(limbs == 15);

    // The turn's keys on the root joint at frame 2 (2/5 of the first step):
    // offset (0,-474,8) -> (x,-y,-z) = (0,474,-8), the hips' yaw 2/5 of 22.5
    // degrees with its sign turned by the same half turn about X.
    const int64_t root = d.id(*d.model("slot0_mesh00"));
    const auto move = fbxr::curves_of(d, root, "Lcl Translation", "anim_0_state_2");
    const auto turn = fbxr::curves_of(d, root, "Lcl Rotation", "anim_0_state_2");
    REQUIRE(move.count("d|Y"));
    REQUIRE(turn.count("d|Y"));
    const double t = 2.0 / 30;
    // UnitScaleFactor 100: file units are metres (docs/exporters.md).
    CHECK(move.at("d|Y").evaluate(0) == Approx(470.0 / 512).margin(1e-4));
    CHECK(move.at("d|Y").evaluate(t) == Approx(474.0 / 512).margin(1e-4));
    CHECK(move.at("d|Z").evaluate(t) == Approx(-8.0 / 512).margin(1e-4));
    CHECK(turn.at("d|Y").evaluate(t) == Approx(-9.0).margin(1e-3));
    CHECK(turn.at("d|Y").evaluate(5.0 / 30) == Approx(-22.5).margin(1e-3));
}

TEST_CASE("tr_level FBX through Assimp: WadTool's bone list is the moveable's meshes") {
    Assimp::Importer imp;
    const aiScene* s = imp.ReadFile(lara_fbx().string(), aiProcess_ValidateDataStructure);
    INFO(imp.GetErrorString());
    REQUIRE(s);
    std::set<std::string> anims;
    for (unsigned a = 0; a < s->mNumAnimations; ++a) anims.insert(s->mAnimations[a]->mName.C_Str());
    CHECK(anims == std::set<std::string>{"anim_0_state_2", "anim_1_state_3"});

    // TombLib's GetLinearizedBoneList: every mesh's bone names, then the node
    // tree depth first keeping the nodes so named.
    std::set<std::string> bones;
    for (unsigned m = 0; m < s->mNumMeshes; ++m)
        for (unsigned b = 0; b < s->mMeshes[m]->mNumBones; ++b)
            bones.insert(s->mMeshes[m]->mBones[b]->mName.C_Str());
    std::vector<std::string> linear;
    std::function<void(const aiNode*)> walk = [&](const aiNode* n) {
        if (bones.count(n->mName.C_Str())) linear.push_back(n->mName.C_Str());
        for (unsigned c = 0; c < n->mNumChildren; ++c) walk(n->mChildren[c]);
    };
    walk(s->mRootNode);
    CHECK(linear == lara_joints());
}

TEST_CASE("tr_level FBX with body=parts: WadTool's animation import finds every mesh") {
    Assimp::Importer imp;
    const aiScene* s = imp.ReadFile(lara_fbx("parts").string(), aiProcess_ValidateDataStructure);
    INFO(imp.GetErrorString());
    REQUIRE(s);
    // TombLib AssimpImporter.ImportFromFile: the names of the nodes with
    // meshes, depth first, are the model's meshes in order...
    std::vector<std::string> mesh_nodes;
    std::function<void(const aiNode*)> walk = [&](const aiNode* n) {
        if (n->mNumMeshes > 0) mesh_nodes.push_back(n->mName.C_Str());
        for (unsigned c = 0; c < n->mNumChildren; ++c) walk(n->mChildren[c]);
    };
    walk(s->mRootNode);
    CHECK(mesh_nodes == lara_joints());
    REQUIRE(s->mNumAnimations == 2);
    // ...its channel count, when Assimp's mesh count differs (one per
    // material here), is the most channels of one animation that name such a
    // node, and must equal that list's length...
    size_t most = 0;
    for (unsigned a = 0; a < s->mNumAnimations; ++a) {
        size_t named = 0;
        const aiAnimation* anim = s->mAnimations[a];
        for (unsigned c = 0; c < anim->mNumChannels; ++c)
            for (const std::string& m : mesh_nodes)
                if (m == anim->mChannels[c]->mNodeName.C_Str()) ++named;
        most = std::max(most, named);
        // ...and a channel goes to the first mesh whose name its node's
        // contains: its own mesh, with no name the start of another.
        for (unsigned c = 0; c < anim->mNumChannels; ++c) {
            const std::string node = anim->mChannels[c]->mNodeName.C_Str();
            const auto first = std::find_if(mesh_nodes.begin(), mesh_nodes.end(), [&](auto& m) {
                return node.find(m) != std::string::npos;
            });
            INFO(node);
            REQUIRE(first != mesh_nodes.end());
            CHECK(node.rfind(*first, 0) == 0);
            CHECK(std::count_if(mesh_nodes.begin(), mesh_nodes.end(),
                                [&](auto& m) { return node.find(m) != std::string::npos; }) == 1);
        }
    }
    CHECK(most == mesh_nodes.size());
}
