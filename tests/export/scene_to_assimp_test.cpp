// fill_aiscene: the aiScene must pass Assimp's ValidateDataStructure and hold
// the values the hand-built scene put in.
#include <assimp/BaseImporter.h>
#include <assimp/metadata.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#include <cmath>
#include <utility>

#include "ripkit/assimp/assimp_compat.hpp"
#include "ripkit/assimp/scene_to_assimp.hpp"
#include "ripkit_catch.hpp"
#include "scene_fixture.hpp"

using namespace ripkit;

namespace {

// Hands a prepared Scene to Assimp the way a format importer does, so
// Importer::ReadFile runs its real post-processing (validation) on it.
class SceneImporter : public Assimp::BaseImporter {
  public:
    explicit SceneImporter(const Scene& s) : scene_(s) {}
    bool CanRead(const std::string&, Assimp::IOSystem*, bool) const override { return true; }
    const aiImporterDesc* GetInfo() const override {
        static const aiImporterDesc desc = {"ripkit test", "", "", "", 0, 0, 0, 0, 0, "rktest"};
        return &desc;
    }

  protected:
    void InternReadFile(const std::string&, aiScene* out, Assimp::IOSystem*) override {
        fill_aiscene(scene_, out);
    }

  private:
    const Scene& scene_;
};

const aiScene* import(Assimp::Importer& imp, const Scene& s, unsigned flags) {
    imp.RegisterLoader(new SceneImporter(s));
    static const char dummy[] = "x";
    return imp.ReadFileFromMemory(dummy, 1, flags, "rktest");
}

const aiNode* find(const aiScene* s, const char* name) { return s->mRootNode->FindNode(name); }

std::string meta_string(const aiMetadata* md, const char* key) {
    aiString v;
    return md && md->Get(key, v) ? std::string(v.C_Str()) : std::string("<missing>");
}

}  // namespace

TEST_CASE("fill_aiscene output passes ValidateDataStructure", "[assimp]") {
    const Scene s = test::make_full_scene();
    validate_scene(s);
    Assimp::Importer imp;
    const aiScene* ai = import(imp, s, aiProcess_ValidateDataStructure);
    INFO(imp.GetErrorString());
    REQUIRE(ai != nullptr);
    CHECK((ai->mFlags & AI_SCENE_FLAGS_INCOMPLETE) == 0);
    CHECK(ai->mNumMeshes == 2);
    CHECK(ai->mNumTextures == 3);
    CHECK(ai->mNumCameras == 1);
    CHECK(ai->mNumAnimations == 1);
}

TEST_CASE("fill_aiscene maps structure and values", "[assimp]") {
    const Scene s = test::make_full_scene();
    Assimp::Importer imp;
    const aiScene* ai = import(imp, s, aiProcess_ValidateDataStructure);
    REQUIRE(ai != nullptr);

    SECTION("nodes and transforms") {
        REQUIRE(std::string(ai->mRootNode->mName.C_Str()) == "root");
        CHECK(ai->mRootNode->mNumChildren == 6);
        const aiNode* mover = find(ai, "mover");
        REQUIRE(mover);
        CHECK(mover->mTransformation.a4 == 1.0f);
        CHECK(mover->mTransformation.b4 == 2.0f);
        CHECK(mover->mTransformation.c4 == 3.0f);
        const aiNode* bb = find(ai, "bone_b");
        REQUIRE(bb);
        CHECK(std::string(bb->mParent->mName.C_Str()) == "bone_a");
        int32_t slot = 0;
        REQUIRE(mover->mMetaData);
        CHECK(mover->mMetaData->Get("slot", slot));
        CHECK(slot == 7);
        CHECK(meta_string(mover->mMetaData, "label") == "mover node");
        bool flag = false;
        CHECK(mover->mMetaData->Get("flag", flag));
        CHECK(flag);
        double ratio = 0;
        CHECK(mover->mMetaData->Get("ratio", ratio));
        CHECK(ratio == 0.25);
    }
    SECTION("scene metadata") {
        CHECK(meta_string(ai->mMetaData, "ripkit.format") == "testfmt");
        int32_t item = 0;
        CHECK(ai->mMetaData->Get("ripkit.item", item));
        CHECK(item == 3);
        CHECK(meta_string(ai->mMetaData, "ripkit.extras.units") == "metres");
        CHECK(meta_string(ai->mMetaData, "ripkit.interp.0.mover") ==
              "T=STEP;R=LINEAR;S=CUBICSPLINE");
        CHECK(meta_string(ai->mMetaData, "ripkit.interp.0.face_track") == "T=STEP");
    }
    SECTION("keys carry the channel's mode where Assimp has the field (5.4+)") {
        using assimp_compat::KeyMode;
        const aiAnimation* a = ai->mAnimations[0];
        const aiNodeAnim* mover = nullptr;
        for (unsigned i = 0; i < a->mNumChannels; ++i)
            if (std::string(a->mChannels[i]->mNodeName.C_Str()) == "mover") mover = a->mChannels[i];
        REQUIRE(mover);
        REQUIRE(mover->mNumPositionKeys > 1);
        // The mover's T is STEP, R LINEAR and S CUBICSPLINE (sampled, so linear between samples).
        const std::optional<KeyMode> step =
            assimp_compat::kKeyInterpolation ? std::optional(KeyMode::Step) : std::nullopt;
        const std::optional<KeyMode> linear =
            assimp_compat::kKeyInterpolation ? std::optional(KeyMode::Linear) : std::nullopt;
        for (unsigned k = 0; k < mover->mNumPositionKeys; ++k)
            CHECK(assimp_compat::key_mode(mover->mPositionKeys[k]) == step);
        for (unsigned k = 0; k < mover->mNumRotationKeys; ++k)
            CHECK(assimp_compat::key_mode(mover->mRotationKeys[k]) == linear);
        for (unsigned k = 0; k < mover->mNumScalingKeys; ++k)
            CHECK(assimp_compat::key_mode(mover->mScalingKeys[k]) == linear);
    }
    SECTION("skin: two bones, weight 1, offset = inverse bind") {
        const aiMesh* m = ai->mMeshes[0];
        REQUIRE(m->mNumBones == 2);
        CHECK(std::string(m->mBones[0]->mName.C_Str()) == "bone_a");
        CHECK(std::string(m->mBones[1]->mName.C_Str()) == "bone_b");
        REQUIRE(m->mBones[1]->mNumWeights == 4);
        CHECK(m->mBones[1]->mWeights[0].mVertexId == 4);
        CHECK(m->mBones[1]->mWeights[0].mWeight == 1.0f);
        CHECK(m->mBones[1]->mOffsetMatrix.b4 == -1.0f);  // translation row y
        CHECK(m->mBones[1]->mOffsetMatrix.a4 == 0.0f);
    }
    SECTION("uv flipped to Assimp's v-up, colours kept") {
        const aiMesh* m = ai->mMeshes[1];
        REQUIRE(m->HasTextureCoords(0));
        CHECK(m->mTextureCoords[0][0].y == 0.0f);  // glTF v=1 -> Assimp v=0
        CHECK(m->mTextureCoords[0][2].y == 1.0f);
        REQUIRE(m->HasVertexColors(0));
    }
    SECTION("material and embedded png") {
        const aiMaterial* mat = ai->mMaterials[1];
        aiString file;
        REQUIRE(mat->GetTexture(aiTextureType_DIFFUSE, 0, &file) == AI_SUCCESS);
        CHECK(std::string(file.C_Str()) == "*0");
        int two = 0;
        ai->mMaterials[0]->Get(AI_MATKEY_TWOSIDED, two);
        CHECK(two == 1);
        aiColor4D c;
        ai->mMaterials[0]->Get(AI_MATKEY_COLOR_DIFFUSE, c);
        CHECK(c.g == 0.25f);
        const aiTexture* t = ai->mTextures[0];
        CHECK(t->mHeight == 0);
        CHECK(t->mWidth == s.textures[0].png.size());
        CHECK(std::string(t->achFormatHint) == "png");
        CHECK(std::memcmp(t->pcData, s.textures[0].png.data(), s.textures[0].png.size()) == 0);
    }
    SECTION("camera named as its node") {
        const aiCamera* c = ai->mCameras[0];
        CHECK(std::string(c->mName.C_Str()) == "cam");
        CHECK(c->mLookAt == aiVector3D(0, 0, -1));
        CHECK(c->mUp == aiVector3D(0, 1, 0));
        CHECK(c->mAspect == 1.5f);
        CHECK(c->mClipPlaneNear == 0.1f);
        CHECK(c->mClipPlaneFar == 500.0f);
        // 2 atan(tan(0.4) * 1.5) = 1.1303609 (python math)
        CHECK(c->mHorizontalFOV == Approx(1.1303609).epsilon(1e-5));
    }
    SECTION("animation keys in milliseconds, rest values filled, cubic sampled") {
        const aiAnimation* a = ai->mAnimations[0];
        CHECK(a->mTicksPerSecond == 1000.0);
        CHECK(a->mDuration == 2000.0);
        REQUIRE(a->mNumChannels == 3);
        const aiNodeAnim* mv = a->mChannels[0];
        CHECK(std::string(mv->mNodeName.C_Str()) == "mover");
        REQUIRE(mv->mNumPositionKeys == 3);
        CHECK(mv->mPositionKeys[1].mTime == 500.0);
        CHECK(mv->mPositionKeys[1].mValue == aiVector3D(4, 5, 6));
        REQUIRE(mv->mNumRotationKeys == 2);
        CHECK(mv->mRotationKeys[1].mValue.y == Approx(0.70710678));
        // 3 keys + 59 samples in (0,1) + 59 in (1,2) at 60 Hz.
        REQUIRE(mv->mNumScalingKeys == 3 + 59 + 59);
        CHECK(mv->mScalingKeys[0].mTime == 0.0);
        CHECK(mv->mScalingKeys[60].mTime == 1000.0);
        CHECK(mv->mScalingKeys[60].mValue == aiVector3D(2, 3, 4));
        // Sample 30 is t = 0.5 s; reference Hermite from the spec formula.
        const Channel& c = test::cubic_channel(s);
        const glm::vec4 ref = test::hermite_reference(0, 1, c.values[0], c.out_tangents[0],
                                                      c.values[1], c.in_tangents[1], 0.5);
        CHECK(mv->mScalingKeys[30].mTime == Approx(500.0));
        CHECK(mv->mScalingKeys[30].mValue.x == Approx(ref.x));
        CHECK(mv->mScalingKeys[30].mValue.y == Approx(ref.y));
        CHECK(mv->mScalingKeys[30].mValue.z == Approx(ref.z));
        // by hand: s=0.5: 0.5*v0 + 0.125*out0 + 0.5*v1 - 0.125*in1 -> x = 0.5+0.375+1-0.0625
        CHECK(ref.x == Approx(1.8125));
        // bone_b: only rotation animated; T and S hold the rest pose as one key.
        const aiNodeAnim* bb = a->mChannels[2];
        CHECK(std::string(bb->mNodeName.C_Str()) == "bone_b");
        REQUIRE(bb->mNumPositionKeys == 1);
        CHECK(bb->mPositionKeys[0].mValue == aiVector3D(0, 1, 0));
        REQUIRE(bb->mNumScalingKeys == 1);
        CHECK(bb->mScalingKeys[0].mValue == aiVector3D(1, 1, 1));
    }
}

TEST_CASE("fill_aiscene: no meshes marks the scene incomplete and still validates", "[assimp]") {
    Scene s;
    s.add_node("root", -1);
    const int cam = s.add_node("cam", 0);
    Camera c;
    c.node = cam;
    s.cameras.push_back(c);
    s.nodes[cam].camera = 0;
    Assimp::Importer imp;
    const aiScene* ai = import(imp, s, aiProcess_ValidateDataStructure);
    INFO(imp.GetErrorString());
    REQUIRE(ai != nullptr);
    CHECK((ai->mFlags & AI_SCENE_FLAGS_INCOMPLETE) != 0);
}

TEST_CASE("fill_aiscene refuses names Assimp cannot hold", "[assimp]") {
    Scene s;
    s.add_node(std::string(1100, 'n'), -1);
    aiScene ai;
    CHECK_THROWS_AS(fill_aiscene(s, &ai), ripkit::Error);
    Scene dup = test::make_full_scene();
    dup.animations[0].channels.push_back(dup.animations[0].channels[0]);
    aiScene ai2;
    CHECK_THROWS_AS(fill_aiscene(dup, &ai2), ripkit::Error);
}

TEST_CASE("fill_aiscene of a scene given up holds the same keys and frees the scene's",
          "[assimp]") {
    const Scene kept = test::make_full_scene();
    Scene given = kept;
    aiScene a, b;
    fill_aiscene(kept, &a);
    fill_aiscene(std::move(given), &b);
    REQUIRE(a.mNumAnimations == b.mNumAnimations);
    for (unsigned i = 0; i < a.mNumAnimations; ++i) {
        const aiAnimation *x = a.mAnimations[i], *y = b.mAnimations[i];
        CHECK(x->mDuration == y->mDuration);
        REQUIRE(x->mNumChannels == y->mNumChannels);
        for (unsigned c = 0; c < x->mNumChannels; ++c) {
            const aiNodeAnim *p = x->mChannels[c], *q = y->mChannels[c];
            CHECK(std::string(p->mNodeName.C_Str()) == q->mNodeName.C_Str());
            REQUIRE(p->mNumPositionKeys == q->mNumPositionKeys);
            REQUIRE(p->mNumRotationKeys == q->mNumRotationKeys);
            REQUIRE(p->mNumScalingKeys == q->mNumScalingKeys);
            for (unsigned k = 0; k < p->mNumPositionKeys; ++k) {
                CHECK(p->mPositionKeys[k].mTime == q->mPositionKeys[k].mTime);
                CHECK((p->mPositionKeys[k].mValue == q->mPositionKeys[k].mValue));
            }
            for (unsigned k = 0; k < p->mNumRotationKeys; ++k) {
                CHECK(p->mRotationKeys[k].mTime == q->mRotationKeys[k].mTime);
                CHECK((p->mRotationKeys[k].mValue == q->mRotationKeys[k].mValue));
            }
            for (unsigned k = 0; k < p->mNumScalingKeys; ++k) {
                CHECK(p->mScalingKeys[k].mTime == q->mScalingKeys[k].mTime);
                CHECK((p->mScalingKeys[k].mValue == q->mScalingKeys[k].mValue));
            }
        }
    }
    // The metadata (interpolation per node) is made after the keys are gone.
    CHECK(meta_string(b.mMetaData, "ripkit.interp.0.mover") == "T=STEP;R=LINEAR;S=CUBICSPLINE");
    // The given-up scene keeps its channels, without their keys.
    REQUIRE(given.animations.size() == kept.animations.size());
    for (const Channel& ch : given.animations[0].channels) {
        CHECK(ch.times.empty());
        CHECK(ch.values.empty());
        CHECK(ch.times.capacity() == 0);
        CHECK(ch.out_tangents.empty());
    }
}
