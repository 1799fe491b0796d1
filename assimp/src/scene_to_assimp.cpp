// ripkit::Scene -> aiScene: the structure (nodes, meshes, skins, materials,
// textures, cameras, metadata). Animations are in anim_to_assimp.cpp.
// The result must pass aiProcess_ValidateDataStructure (tested).
#include "ripkit/assimp/scene_to_assimp.hpp"

#include <assimp/GltfMaterial.h>
#include <assimp/commonMetaData.h>
#include <assimp/material.h>
#include <assimp/metadata.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "handover_detail.hpp"
#include "ripkit/assimp/assimp_compat.hpp"
#include "ripkit/error.hpp"

namespace ripkit {

namespace detail {

aiString checked_ai_string(const std::string& s, const char* what) {
    constexpr size_t max_bytes = assimp_compat::kStringCapacity - 1;
    if (s.size() > max_bytes)
        fail_no_offset(ErrorKind::BadValue, std::string(what) + " of at most " +
                                                std::to_string(max_bytes) + " bytes for Assimp");
    if (s.find('\0') != std::string::npos)
        fail_no_offset(ErrorKind::BadValue, std::string(what) + " without NUL bytes for Assimp");
    return aiString(s);
}

}  // namespace detail

namespace {

using detail::checked_ai_string;

constexpr size_t kMaxMetaString = 1000;

// Cuts at a UTF-8 character boundary so a host never sees half a character.
std::string clip_utf8(const std::string& s, size_t max) {
    if (s.size() <= max) return s;
    size_t n = max;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
    return s.substr(0, n);
}

bool meta_key_ok(const std::string& k) {
    return !k.empty() && k.size() <= kMaxMetaString && k.find('\0') == std::string::npos;
}

// Metadata entries collected first so aiMetadata::Alloc gets the exact count.
struct MetaList {
    struct Entry {
        std::string key;
        nlohmann::json value;  // scalar only
    };
    std::vector<Entry> entries;

    void add(const std::string& key, const nlohmann::json& v) {
        if (!meta_key_ok(key) || !(v.is_primitive()) || v.is_null()) return;
        entries.push_back({key, v});
    }
    void add_scalars(const std::string& prefix, const nlohmann::json& obj) {
        if (!obj.is_object()) return;
        for (auto it = obj.begin(); it != obj.end(); ++it) add(prefix + it.key(), it.value());
    }

    aiMetadata* build() const {
        if (entries.empty()) return nullptr;
        aiMetadata* md = aiMetadata::Alloc(static_cast<unsigned>(entries.size()));
        for (unsigned i = 0; i < entries.size(); ++i) set(md, i, entries[i]);
        return md;
    }

    static void set(aiMetadata* md, unsigned i, const Entry& e) {
        const nlohmann::json& v = e.value;
        if (v.is_boolean()) {
            md->Set(i, e.key, v.get<bool>());
        } else if (v.is_number_unsigned()) {
            const uint64_t u = v.get<uint64_t>();
            if (u <= uint64_t(INT32_MAX))
                md->Set(i, e.key, static_cast<int32_t>(u));
            else
                md->Set(i, e.key, u);
        } else if (v.is_number_integer()) {
            const int64_t s = v.get<int64_t>();
            if (s >= INT32_MIN && s <= INT32_MAX)
                md->Set(i, e.key, static_cast<int32_t>(s));
            else
                md->Set(i, e.key, static_cast<double>(s));  // 5.2.5 has no signed 64-bit entry
        } else if (v.is_number()) {
            md->Set(i, e.key, v.get<double>());
        } else {
            md->Set(i, e.key, aiString(clip_utf8(v.get<std::string>(), kMaxMetaString)));
        }
    }
};

aiMatrix4x4 to_ai(const glm::mat4& m) {
    // glm is column-major (m[col][row]); aiMatrix4x4 is row-major (a1..a4 = row 0).
    return aiMatrix4x4(m[0][0], m[1][0], m[2][0], m[3][0], m[0][1], m[1][1], m[2][1], m[3][1],
                       m[0][2], m[1][2], m[2][2], m[3][2], m[0][3], m[1][3], m[2][3], m[3][3]);
}

aiMatrix4x4 node_matrix(const Node& n) {
    const aiQuaternion q(n.rotation.w, n.rotation.x, n.rotation.y, n.rotation.z);
    return aiMatrix4x4(aiVector3D(n.scale.x, n.scale.y, n.scale.z), q,
                       aiVector3D(n.translation.x, n.translation.y, n.translation.z));
}

template <class T>
T** new_array(size_t n) {
    return n ? new T*[n]() : nullptr;
}

// Scene meshes Assimp can hold (a mesh needs vertices and faces); -1 for the rest.
std::vector<int> mesh_remap(const Scene& s) {
    std::vector<int> remap(s.meshes.size(), -1);
    int next = 0;
    for (size_t i = 0; i < s.meshes.size(); ++i)
        if (!s.meshes[i].positions.empty() && s.meshes[i].indices.size() >= 3) remap[i] = next++;
    return remap;
}

// `weights`: the (vertex, weight) pairs bound to `joint`, bucketed by make_mesh
// in one pass over the vertices.
aiBone* make_bone(const Scene& s, const Mesh& m, uint16_t joint,
                  const std::vector<aiVertexWeight>& weights) {
    const Skin& skin = s.skins.at(static_cast<size_t>(m.skin));
    auto bone = std::make_unique<aiBone>();
    bone->mName = checked_ai_string(s.nodes.at(static_cast<size_t>(skin.joints[joint])).name,
                                    "joint node name");
    bone->mOffsetMatrix = to_ai(skin.inverse_bind[joint]);
    bone->mNumWeights = static_cast<unsigned>(weights.size());
    bone->mWeights = weights.empty() ? nullptr : new aiVertexWeight[weights.size()];
    std::copy(weights.begin(), weights.end(), bone->mWeights);
    return bone.release();
}

// What make_mesh allocates: aiVector3D/aiColor4D arrays, and per face an
// aiFace plus its own 3-index array (with the allocator's overhead), plus one
// weight per vertex when skinned.
uint64_t mesh_bytes(const Mesh& m) {
    const uint64_t nv = m.positions.size(), nf = m.indices.size() / 3;
    return nv * (3 * sizeof(aiVector3D) + sizeof(aiColor4D) + sizeof(aiVertexWeight)) +
           nf * (sizeof(aiFace) + 3 * sizeof(unsigned) + 16);
}

aiMesh* make_mesh(const Scene& s, const Mesh& m, unsigned material) {
    auto out = std::make_unique<aiMesh>();
    out->mName = checked_ai_string(m.name, "mesh name");
    out->mMaterialIndex = material;
    out->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    const size_t nv = m.positions.size();
    out->mNumVertices = static_cast<unsigned>(nv);
    out->mVertices = new aiVector3D[nv];
    for (size_t i = 0; i < nv; ++i)
        out->mVertices[i] = aiVector3D(m.positions[i].x, m.positions[i].y, m.positions[i].z);
    if (!m.normals.empty()) {
        out->mNormals = new aiVector3D[nv];
        for (size_t i = 0; i < nv; ++i)
            out->mNormals[i] = aiVector3D(m.normals[i].x, m.normals[i].y, m.normals[i].z);
    }
    if (!m.uv0.empty()) {
        // Scene UVs follow glTF (v down); Assimp keeps v up and its glTF
        // exporter flips back, so flip here.
        out->mTextureCoords[0] = new aiVector3D[nv];
        out->mNumUVComponents[0] = 2;
        for (size_t i = 0; i < nv; ++i)
            out->mTextureCoords[0][i] = aiVector3D(m.uv0[i].x, 1.0f - m.uv0[i].y, 0.0f);
    }
    if (!m.colors.empty()) {
        out->mColors[0] = new aiColor4D[nv];
        for (size_t i = 0; i < nv; ++i)
            out->mColors[0][i] =
                aiColor4D(m.colors[i].r, m.colors[i].g, m.colors[i].b, m.colors[i].a);
    }
    const size_t nf = m.indices.size() / 3;
    out->mNumFaces = static_cast<unsigned>(nf);
    out->mFaces = new aiFace[nf];
    for (size_t f = 0; f < nf; ++f) {
        aiFace& face = out->mFaces[f];
        face.mNumIndices = 3;
        face.mIndices = new unsigned[3];
        for (int c = 0; c < 3; ++c) face.mIndices[c] = m.indices[f * 3 + c];
    }
    if (m.skin >= 0) {
        const Skin& skin = s.skins.at(static_cast<size_t>(m.skin));
        // Every joint becomes a bone, also unweighted ones, so exporters keep
        // the whole skeleton in the skin.
        std::vector<std::vector<aiVertexWeight>> by_joint(skin.joints.size());
        for (size_t v = 0; v < nv; ++v) {
            const Influence in = skin_influence(m, v);
            for (int k = 0; k < 4; ++k)
                if (in.weights[k] > 0.0f)
                    by_joint.at(in.joints[k]).emplace_back(static_cast<unsigned>(v), in.weights[k]);
        }
        out->mNumBones = static_cast<unsigned>(skin.joints.size());
        out->mBones = new_array<aiBone>(skin.joints.size());
        for (size_t j = 0; j < skin.joints.size(); ++j)
            out->mBones[j] = make_bone(s, m, static_cast<uint16_t>(j), by_joint[j]);
        if (!out->mNumBones) out->mBones = nullptr;
    }
    return out.release();
}

aiTextureMapMode to_ai(Wrap w) {
    switch (w) {
        case Wrap::Repeat:
            return aiTextureMapMode_Wrap;
        case Wrap::Mirror:
            return aiTextureMapMode_Mirror;
        case Wrap::Clamp:
            return aiTextureMapMode_Clamp;
    }
    return aiTextureMapMode_Wrap;
}

aiMaterial* make_material(const Material& m) {
    auto out = std::make_unique<aiMaterial>();
    const aiString name = checked_ai_string(m.name, "material name");
    out->AddProperty(&name, AI_MATKEY_NAME);
    const aiColor4D c(m.base_color.r, m.base_color.g, m.base_color.b, m.base_color.a);
    out->AddProperty(&c, 1, AI_MATKEY_COLOR_DIFFUSE);
    out->AddProperty(&c, 1, AI_MATKEY_BASE_COLOR);
    const int two_sided = m.double_sided ? 1 : 0;
    out->AddProperty(&two_sided, 1, AI_MATKEY_TWOSIDED);
    if (m.unlit) {
        const int model = aiShadingMode_Unlit;
        out->AddProperty(&model, 1, AI_MATKEY_SHADING_MODEL);
    }
    if (m.alpha_mode != AlphaMode::Opaque) {
        const aiString mode(m.alpha_mode == AlphaMode::Mask ? "MASK" : "BLEND");
        out->AddProperty(&mode, AI_MATKEY_GLTF_ALPHAMODE);
        out->AddProperty(&m.alpha_cutoff, 1, AI_MATKEY_GLTF_ALPHACUTOFF);
    }
    if (m.texture >= 0) {
        // "*N" names embedded texture N (aiScene::mTextures), as glTF importers do.
        // Built by appending: GCC 12 -O2 reports a false -Wrestrict on "*" + to_string().
        std::string name = "*";
        name += std::to_string(m.texture);
        const aiString file(name);
        out->AddProperty(&file, AI_MATKEY_TEXTURE_DIFFUSE(0));
        const int u = to_ai(m.wrap_s), v = to_ai(m.wrap_t);
        out->AddProperty(&u, 1, AI_MATKEY_MAPPINGMODE_U_DIFFUSE(0));
        out->AddProperty(&v, 1, AI_MATKEY_MAPPINGMODE_V_DIFFUSE(0));
        const int mag = m.nearest ? 9728 : 9729;  // GL NEAREST / LINEAR
        const int min = m.nearest ? 9984 : 9987;  // NEAREST_MIPMAP_NEAREST / LINEAR_MIPMAP_LINEAR
        out->AddProperty(&mag, 1, AI_MATKEY_GLTF_MAPPINGFILTER_MAG(aiTextureType_DIFFUSE, 0));
        out->AddProperty(&min, 1, AI_MATKEY_GLTF_MAPPINGFILTER_MIN(aiTextureType_DIFFUSE, 0));
    }
    return out.release();
}

aiMaterial* default_material() {
    Material m;
    m.name = "ripkit_default";
    return make_material(m);
}

aiTexture* make_texture(const Texture& t) {
    auto out = std::make_unique<aiTexture>();
    if (t.png.empty())
        fail_no_offset(ErrorKind::BadValue, "texture '" + t.name + "' has PNG bytes");
    out->mWidth = static_cast<unsigned>(t.png.size());  // compressed: mWidth = byte count
    out->mHeight = 0;
    std::strncpy(out->achFormatHint, "png", HINTMAXTEXTURELEN - 1);
    out->mFilename = checked_ai_string(t.name, "texture name");
    out->pcData = new aiTexel[(t.png.size() + sizeof(aiTexel) - 1) / sizeof(aiTexel)];
    std::memcpy(out->pcData, t.png.data(), t.png.size());
    return out.release();
}

aiCamera* make_camera(const Scene& s, const Camera& c) {
    auto out = std::make_unique<aiCamera>();
    // ValidateDataStructure binds a camera to the one node of the same name.
    out->mName =
        checked_ai_string(s.nodes.at(static_cast<size_t>(c.node)).name, "camera node name");
    out->mPosition = aiVector3D(0, 0, 0);
    out->mLookAt = aiVector3D(0, 0, -1);
    out->mUp = aiVector3D(0, 1, 0);
    out->mAspect = c.aspect;
    // ASSUMPTION: full horizontal angle, as Assimp's own glTF2, FBX and Collada
    // importers fill it (the header comment calls it a half angle).
    out->mHorizontalFOV = 2.0f * std::atan(std::tan(c.yfov * 0.5f) * c.aspect);
    out->mClipPlaneNear = c.znear;
    out->mClipPlaneFar = c.zfar > c.znear ? c.zfar : c.znear * 2.0f + 1.0f;
    return out.release();
}

aiNode* build_nodes(const Scene& s, const std::vector<int>& remap) {
    std::vector<aiNode*> made(s.nodes.size(), nullptr);
    std::vector<std::vector<int>> children(s.nodes.size());
    for (size_t i = 1; i < s.nodes.size(); ++i) children[s.nodes[i].parent].push_back(int(i));
    // Created in index order (parents come first) and linked immediately, so
    // deleting the root frees everything if a later node throws.
    std::unique_ptr<aiNode> root;
    for (size_t i = 0; i < s.nodes.size(); ++i) {
        const Node& n = s.nodes[i];
        aiNode* node = new aiNode();
        if (i == 0) {
            root.reset(node);
        } else {
            aiNode* parent = made[n.parent];
            node->mParent = parent;
            parent->mChildren[parent->mNumChildren++] = node;
        }
        made[i] = node;
        node->mName = checked_ai_string(n.name, "node name");
        node->mTransformation = node_matrix(n);
        node->mChildren = new_array<aiNode>(children[i].size());
        std::vector<unsigned> meshes;
        for (int m : n.meshes)
            if (remap[m] >= 0) meshes.push_back(unsigned(remap[m]));
        if (!meshes.empty()) {
            node->mNumMeshes = unsigned(meshes.size());
            node->mMeshes = new unsigned[meshes.size()];
            std::copy(meshes.begin(), meshes.end(), node->mMeshes);
        }
        MetaList md;
        md.add_scalars("", n.extras);
        node->mMetaData = md.build();
    }
    return root.release();
}

aiMetadata* scene_metadata(const Scene& s, const AssimpHandoverOptions& opt) {
    MetaList md;
    const nlohmann::json& ex = s.extras;
    const auto fmt = ex.is_object() ? ex.find("format") : ex.end();
    const auto item = ex.is_object() ? ex.find("item") : ex.end();
    md.add("ripkit.format", fmt != ex.end() && fmt->is_string() ? *fmt : nlohmann::json(""));
    md.add("ripkit.item",
           item != ex.end() && item->is_number_integer() ? *item : nlohmann::json(-1));
    if (fmt != ex.end() && fmt->is_string()) md.add(AI_METADATA_SOURCE_FORMAT, *fmt);
    md.add_scalars("ripkit.extras.", ex);
    if (opt.include_animations)
        for (size_t a = 0; a < s.animations.size(); ++a)
            for (const auto& [node, text] : detail::interp_summary(s, a))
                md.add("ripkit.interp." + std::to_string(a) + "." + node, text);
    return md.build();
}

}  // namespace

namespace {

// `consume`: the same scene, given up (its keys freed as they are handed over).
void fill(const Scene& s, aiScene* out, const AssimpHandoverOptions& opt, Budget& budget,
          Scene* consume) {
    if (!out) fail_no_offset(ErrorKind::Usage, "an aiScene to fill");
    if (s.nodes.empty()) fail_no_offset(ErrorKind::BadValue, "a scene with a root node");
    const std::vector<int> remap = mesh_remap(s);
    const size_t nmesh =
        size_t(std::count_if(remap.begin(), remap.end(), [](int r) { return r >= 0; }));
    bool needs_default = false;
    for (size_t i = 0; i < s.meshes.size(); ++i)
        needs_default |= remap[i] >= 0 && s.meshes[i].material < 0;

    out->mRootNode = build_nodes(s, remap);

    out->mNumMaterials = unsigned(s.materials.size() + (needs_default ? 1 : 0));
    out->mMaterials = new_array<aiMaterial>(out->mNumMaterials);
    for (size_t i = 0; i < s.materials.size(); ++i)
        out->mMaterials[i] = make_material(s.materials[i]);
    if (needs_default) out->mMaterials[s.materials.size()] = default_material();

    out->mNumMeshes = unsigned(nmesh);
    out->mMeshes = new_array<aiMesh>(nmesh);
    for (size_t i = 0; i < s.meshes.size(); ++i) {
        if (remap[i] < 0) continue;
        const int mat = s.meshes[i].material;
        budget.charge_bytes(mesh_bytes(s.meshes[i]),
                            "mesh '" + s.meshes[i].name + "' handed to Assimp");
        out->mMeshes[remap[i]] =
            make_mesh(s, s.meshes[i], mat >= 0 ? unsigned(mat) : unsigned(s.materials.size()));
    }
    if (!nmesh) out->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;

    out->mNumTextures = unsigned(s.textures.size());
    out->mTextures = new_array<aiTexture>(s.textures.size());
    for (size_t i = 0; i < s.textures.size(); ++i) {
        budget.charge_bytes(s.textures[i].png.size(),
                            "texture '" + s.textures[i].name + "' handed to Assimp");
        out->mTextures[i] = make_texture(s.textures[i]);
    }

    out->mNumCameras = unsigned(s.cameras.size());
    out->mCameras = new_array<aiCamera>(s.cameras.size());
    for (size_t i = 0; i < s.cameras.size(); ++i) out->mCameras[i] = make_camera(s, s.cameras[i]);

    if (opt.include_animations && !s.animations.empty()) {
        out->mNumAnimations = unsigned(s.animations.size());
        out->mAnimations = new_array<aiAnimation>(s.animations.size());
        for (size_t i = 0; i < s.animations.size(); ++i)
            out->mAnimations[i] = detail::make_animation(
                s, i, opt, budget, consume ? &consume->animations[i] : nullptr);
    }
    out->mMetaData = scene_metadata(s, opt);  // reads channel paths, not keys
}

}  // namespace

void fill_aiscene(const Scene& s, aiScene* out, const AssimpHandoverOptions& opt, Budget& budget) {
    fill(s, out, opt, budget, nullptr);
}

void fill_aiscene(const Scene& s, aiScene* out, const AssimpHandoverOptions& opt) {
    fill(s, out, opt, *scene_budget(s), nullptr);
}

void fill_aiscene(Scene&& s, aiScene* out, const AssimpHandoverOptions& opt) {
    const std::shared_ptr<Budget> budget = scene_budget(s);
    fill(s, out, opt, *budget, &s);
}

std::unique_ptr<aiScene> to_aiscene(const Scene& scene, const AssimpHandoverOptions& opt,
                                    Budget& budget) {
    auto out = std::make_unique<aiScene>();
    fill_aiscene(scene, out.get(), opt, budget);
    return out;
}

std::unique_ptr<aiScene> to_aiscene(const Scene& scene, const AssimpHandoverOptions& opt) {
    return to_aiscene(scene, opt, *scene_budget(scene));
}

}  // namespace ripkit
