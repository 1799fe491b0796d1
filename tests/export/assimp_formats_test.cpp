// Collada and FBX: what Assimp 5.2.5 reads back of what ripkit writes.
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <cmath>

#include "clients.hpp"
#include "gltf_reader.hpp"
#include "ripkit/assimp/assimp_compat.hpp"
#include "ripkit/assimp/scene_to_assimp.hpp"
#include "ripkit/export.hpp"
#include "ripkit_catch.hpp"
#include "scene_fixture.hpp"

using namespace ripkit;
namespace fs = std::filesystem;

namespace {

const aiNodeAnim* channel(const aiAnimation* a, const char* name) {
    for (unsigned i = 0; i < a->mNumChannels; ++i)
        if (std::string(a->mChannels[i]->mNodeName.C_Str()) == name) return a->mChannels[i];
    return nullptr;
}

}  // namespace

TEST_CASE("FBX: Assimp reads back nodes, skin, the camera and a 2 s animation", "[fbx]") {
    Scene s = test::make_full_scene();
    s.nodes[size_t(s.find_node("mover"))].extras["big"] = 3338892134LL;
    const fs::path dir = test::fresh_temp_dir("fbx_read");
    ExportOptions o;
    o.format = OutputFormat::Fbx;
    export_scene(s, dir / "full.fbx", o);
    Assimp::Importer imp;
    const aiScene* ai = imp.ReadFile((dir / "full.fbx").string(), aiProcess_ValidateDataStructure);
    INFO(imp.GetErrorString());
    REQUIRE(ai);
    for (const char* n : {"mover", "bone_a", "bone_b", "face", "face_track", "cam"}) {
        INFO(n);
        CHECK(ai->mRootNode->FindNode(n));
    }
    // Node extras as user properties: Assimp's node metadata (ints within
    // int32, past it as uint64, strings).
    const aiNode* mover_node = ai->mRootNode->FindNode("mover");
    REQUIRE(mover_node);
    REQUIRE(mover_node->mMetaData);
    int32_t slot = 0;
    uint64_t big = 0;
    aiString label;
    CHECK(mover_node->mMetaData->Get("slot", slot));
    CHECK(slot == 7);
    CHECK(mover_node->mMetaData->Get("label", label));
    CHECK(std::string(label.C_Str()) == "mover node");
    CHECK(mover_node->mMetaData->Get("big", big));
    CHECK(big == 3338892134ull);
    REQUIRE(ai->mNumAnimations == 1);
    const aiAnimation* a = ai->mAnimations[0];
    const double tps = a->mTicksPerSecond > 0 ? a->mTicksPerSecond : 1.0;
    CHECK(a->mDuration / tps == Approx(2.0).margin(0.05));
    const aiNodeAnim* mover = channel(a, "mover");
    REQUIRE(mover);
    REQUIRE(mover->mNumPositionKeys >= 3);
    // The STEP key of 0.5 s -> (4,5,6) is at 0.5 s (Assimp reads FBX keys as linear).
    bool found = false;
    for (unsigned i = 0; i < mover->mNumPositionKeys; ++i)
        if (std::abs(mover->mPositionKeys[i].mTime / tps - 0.5) < 1e-3) {
            found = true;
            CHECK(mover->mPositionKeys[i].mValue.x == Approx(4.0f));
        }
    CHECK(found);
    bool has_bones = false;
    for (unsigned m = 0; m < ai->mNumMeshes; ++m) has_bones |= ai->mMeshes[m]->mNumBones == 2;
    CHECK(has_bones);
    // The camera, named as its node (Assimp's convention), with the game's angle
    // (Assimp fills mHorizontalFOV with FBX FieldOfView, the full horizontal angle,
    // or from 5.4 half of it).
    REQUIRE(ai->mNumCameras == 1);
    const aiCamera& cam = *ai->mCameras[0];
    CHECK(std::string(cam.mName.C_Str()) == "cam");
    const double full_fov = 2 * std::atan(std::tan(0.4) * 1.5);
    CHECK(cam.mHorizontalFOV ==
          Approx(assimp_compat::kFbxReaderHalfFov ? full_fov / 2 : full_fov).epsilon(1e-5));
    CHECK(cam.mAspect == Approx(1.5f));
    CHECK(cam.mClipPlaneNear == Approx(0.1f));
    CHECK(cam.mClipPlaneFar == Approx(500.0f));
    // Looking down the Scene node's -Z (the node is unrotated): the camera
    // node's world rotation takes Assimp's mLookAt (+X for FBX) there.
    aiMatrix4x4 world;
    for (const aiNode* n = ai->mRootNode->FindNode("cam"); n; n = n->mParent)
        world = n->mTransformation * world;
    aiVector3D look = aiMatrix3x3(world) * cam.mLookAt, up = aiMatrix3x3(world) * cam.mUp;
    look.Normalize();
    up.Normalize();
    CHECK(look.x == Approx(0).margin(1e-5));
    CHECK(look.y == Approx(0).margin(1e-5));
    CHECK(look.z == Approx(-1).margin(1e-5));
    CHECK(up.y == Approx(1).margin(1e-5));
}

TEST_CASE("Collada: Assimp reads back the camera and animation in seconds", "[dae]") {
    const Scene s = test::make_full_scene();
    const fs::path dir = test::fresh_temp_dir("dae");
    ExportOptions o;
    o.format = OutputFormat::Dae;
    o.write_audio = false;
    const ExportResult r = export_scene(s, dir / "full.dae", o);
    CHECK(r.written.size() == 4);  // .dae + 3 textures
    for (const auto& e : fs::directory_iterator(dir)) CHECK(e.path().filename().string()[0] != '.');
    Assimp::Importer imp;
    const aiScene* ai = imp.ReadFile((dir / "full.dae").string(), aiProcess_ValidateDataStructure);
    INFO(imp.GetErrorString());
    REQUIRE(ai);
    REQUIRE(ai->mNumCameras == 1);
    CHECK(std::string(ai->mCameras[0]->mName.C_Str()) == "cam");
    REQUIRE(ai->mNumAnimations >= 1);
    const aiNodeAnim* mover = nullptr;
    double tps = 1.0;
    for (unsigned i = 0; i < ai->mNumAnimations && !mover; ++i) {
        mover = channel(ai->mAnimations[i], "mover");
        tps = ai->mAnimations[i]->mTicksPerSecond > 0 ? ai->mAnimations[i]->mTicksPerSecond : 1.0;
    }
    REQUIRE(mover);
    CHECK(mover->mPositionKeys[mover->mNumPositionKeys - 1].mTime / tps ==
          Approx(2.0).margin(1e-3));
}
