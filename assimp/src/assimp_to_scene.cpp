#include "ripkit/assimp/assimp_to_scene.hpp"

#include <assimp/scene.h>

#include <map>

#include "ripkit/error.hpp"

namespace ripkit {

namespace {

nlohmann::json meta_value(const aiMetadataEntry& e) {
    switch (e.mType) {
        case AI_BOOL:
            return *static_cast<const bool*>(e.mData);
        case AI_INT32:
            return *static_cast<const int32_t*>(e.mData);
        case AI_UINT64:
            return *static_cast<const uint64_t*>(e.mData);
        case AI_FLOAT:
            return *static_cast<const float*>(e.mData);
        case AI_DOUBLE:
            return *static_cast<const double*>(e.mData);
        case AI_AISTRING:
            return std::string(static_cast<const aiString*>(e.mData)->C_Str());
        case AI_AIVECTOR3D: {
            const aiVector3D& v = *static_cast<const aiVector3D*>(e.mData);
            return nlohmann::json::array({v.x, v.y, v.z});
        }
        default:
            return nullptr;
    }
}

nlohmann::json meta_json(const aiMetadata* md, const std::string& prefix) {
    nlohmann::json out = nlohmann::json::object();
    if (!md) return out;
    for (unsigned i = 0; i < md->mNumProperties; ++i) {
        const std::string key = md->mKeys[i].C_Str();
        if (key.rfind(prefix, 0) != 0 || !md->mValues[i].mData) continue;
        nlohmann::json v = meta_value(md->mValues[i]);
        if (!v.is_null()) out[key.substr(prefix.size())] = std::move(v);
    }
    return out;
}

// "T=STEP;R=LINEAR;S=CUBICSPLINE" -> the interpolation of `which` (T, R, S).
Interp interp_from(const std::string& text, char which) {
    const std::string key = std::string(1, which) + "=";
    const size_t at = text.find(key);
    if (at == std::string::npos) return Interp::Linear;
    return text.compare(at + 2, 4, "STEP") == 0 ? Interp::Step : Interp::Linear;
}

template <class KeyT, class Fn>
Channel keys_channel(int node, AnimPath path, Interp interp, const KeyT* keys, unsigned n,
                     double tps, Fn value) {
    Channel c;
    c.node = node;
    c.path = path;
    c.interp = interp;
    for (unsigned k = 0; k < n; ++k) {
        const double t = keys[k].mTime / tps;
        if (!c.times.empty() && !(t > c.times.back())) continue;
        c.times.push_back(t);
        c.values.push_back(value(keys[k].mValue));
    }
    return c;
}

}  // namespace

Scene scene_from_aiscene(const aiScene& in) {
    if (!in.mRootNode) fail_no_offset(ErrorKind::BadValue, "an aiScene with a root node");
    Scene s;
    s.extras = meta_json(in.mMetaData, "ripkit.extras.");
    std::map<std::string, int> by_name;
    std::vector<std::pair<const aiNode*, int>> todo{{in.mRootNode, -1}};
    while (!todo.empty()) {
        const auto [n, parent] = todo.back();
        todo.pop_back();
        const int i = static_cast<int>(s.nodes.size());
        s.nodes.emplace_back();
        Node& out = s.nodes.back();
        out.name = n->mName.C_Str();
        out.parent = parent;
        aiVector3D scale, pos;
        aiQuaternion rot;
        n->mTransformation.Decompose(scale, rot, pos);
        out.translation = {pos.x, pos.y, pos.z};
        out.rotation = {rot.x, rot.y, rot.z, rot.w};
        out.scale = {scale.x, scale.y, scale.z};
        out.extras = meta_json(n->mMetaData, "");
        by_name.emplace(out.name, i);
        for (unsigned c = n->mNumChildren; c-- > 0;)
            if (n->mChildren[c]) todo.emplace_back(n->mChildren[c], i);
    }
    for (unsigned c = 0; c < in.mNumCameras; ++c) {
        const aiCamera* ac = in.mCameras[c];
        const auto it = by_name.find(ac->mName.C_Str());
        if (it == by_name.end() || s.nodes[size_t(it->second)].camera >= 0) continue;
        Camera cam;
        cam.name = ac->mName.C_Str();
        cam.node = it->second;
        if (ac->mAspect > 0) cam.aspect = ac->mAspect;
        cam.yfov = float(2.0 * std::atan(std::tan(double(ac->mHorizontalFOV)) / cam.aspect));
        cam.znear = ac->mClipPlaneNear;
        cam.zfar = ac->mClipPlaneFar;
        s.nodes[size_t(it->second)].camera = static_cast<int>(s.cameras.size());
        s.cameras.push_back(std::move(cam));
    }
    const nlohmann::json interp = meta_json(in.mMetaData, "ripkit.interp.");
    for (unsigned a = 0; a < in.mNumAnimations; ++a) {
        const aiAnimation* aa = in.mAnimations[a];
        Animation anim;
        anim.name = aa->mName.C_Str();
        const double tps = aa->mTicksPerSecond > 0 ? aa->mTicksPerSecond : 25.0;
        for (unsigned c = 0; c < aa->mNumChannels; ++c) {
            const aiNodeAnim* na = aa->mChannels[c];
            const auto it = by_name.find(na->mNodeName.C_Str());
            if (it == by_name.end()) continue;
            const std::string key = std::to_string(a) + "." + na->mNodeName.C_Str();
            const std::string text = interp.value(key, "");
            const auto vec = [](const aiVector3D& v) { return glm::vec4(v.x, v.y, v.z, 0.0f); };
            const auto quat = [](const aiQuaternion& q) { return glm::vec4(q.x, q.y, q.z, q.w); };
            Channel t = keys_channel(it->second, AnimPath::Translation, interp_from(text, 'T'),
                                     na->mPositionKeys, na->mNumPositionKeys, tps, vec);
            Channel r = keys_channel(it->second, AnimPath::Rotation, interp_from(text, 'R'),
                                     na->mRotationKeys, na->mNumRotationKeys, tps, quat);
            Channel sc = keys_channel(it->second, AnimPath::Scale, interp_from(text, 'S'),
                                      na->mScalingKeys, na->mNumScalingKeys, tps, vec);
            for (Channel* ch : {&t, &r, &sc})
                if (!ch->times.empty()) {
                    anim.duration = std::max(anim.duration, ch->times.back());
                    anim.channels.push_back(std::move(*ch));
                }
        }
        s.animations.push_back(std::move(anim));
    }
    return s;
}

}  // namespace ripkit
