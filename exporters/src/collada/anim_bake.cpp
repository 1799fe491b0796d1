#include "ripkit/anim_bake.hpp"

#include <assimp/anim.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>

#include "ripkit/error.hpp"
#include "ripkit/limits.hpp"
#include "ripkit/scene_eval.hpp"

namespace ripkit {

namespace {

// Key times of one node: every key, cubic samples, and the hold keys that
// keep STEP changes sharp under linear interpolation.
std::vector<double> key_times(const std::vector<const Channel*>& chans, const BakeOptions& opt,
                              Budget& budget) {
    std::vector<double> t;
    for (const Channel* ch : chans) {
        if (!ch) continue;
        double extra = double(ch->times.size());
        if (ch->interp == Interp::CubicSpline && opt.cubic_sample_rate > 0)
            extra += (ch->times.back() - ch->times.front()) * opt.cubic_sample_rate +
                     double(ch->times.size());
        // Times, then one aiVectorKey, aiQuatKey and aiVectorKey per time.
        const uint64_t n = extra < 1e15 ? uint64_t(extra) * 2 : UINT64_MAX / 128;
        budget.alloc(n, sizeof(double) * 2 + 2 * sizeof(aiVectorKey) + sizeof(aiQuatKey),
                     std::nullopt, "baked animation keys");
        budget.charge_steps(n, "baked animation keys");
        for (size_t k = 0; k < ch->times.size(); ++k) {
            t.push_back(ch->times[k]);
            if (k + 1 == ch->times.size()) continue;
            const double t0 = ch->times[k], t1 = ch->times[k + 1];
            if (ch->interp == Interp::Step && t1 - opt.step_hold > t0)
                t.push_back(t1 - opt.step_hold);
            if (ch->interp == Interp::CubicSpline && opt.cubic_sample_rate > 0) {
                const double r = opt.cubic_sample_rate;
                for (double n = std::floor(t0 * r) + 1; n / r < t1; n += 1.0) t.push_back(n / r);
            }
        }
    }
    std::sort(t.begin(), t.end());
    std::vector<double> out;
    for (double v : t)
        if (out.empty() || v - out.back() > 1e-7) out.push_back(v);
    return out;
}

aiNodeAnim* bake_node(const Scene& s, int node, const std::vector<const Channel*>& chans,
                      const BakeOptions& opt, Budget& budget) {
    const std::vector<double> times = key_times(chans, opt, budget);
    auto na = std::make_unique<aiNodeAnim>();
    na->mNodeName = aiString(s.nodes.at(size_t(node)).name);
    const unsigned n = unsigned(times.size());
    na->mNumPositionKeys = na->mNumRotationKeys = na->mNumScalingKeys = n;
    na->mPositionKeys = new aiVectorKey[n];
    na->mRotationKeys = new aiQuatKey[n];
    na->mScalingKeys = new aiVectorKey[n];
    auto value = [&](int p, double t) {
        return chans[size_t(p)] ? evaluate_channel(*chans[size_t(p)], t)
                                : rest_value(s.nodes[size_t(node)], AnimPath(p));
    };
    for (unsigned i = 0; i < n; ++i) {
        const double kt = times[i] * opt.seconds_to_key_time;
        const glm::vec4 tv = value(0, times[i]), rv = normalised_quat(value(1, times[i])),
                        sv = value(2, times[i]);
        na->mPositionKeys[i] = aiVectorKey(kt, aiVector3D(tv.x, tv.y, tv.z));
        na->mRotationKeys[i] = aiQuatKey(kt, aiQuaternion(rv.w, rv.x, rv.y, rv.z));
        na->mScalingKeys[i] = aiVectorKey(kt, aiVector3D(sv.x, sv.y, sv.z));
    }
    return na.release();
}

aiAnimation* bake_animation(const Scene& s, const Animation& a, const BakeOptions& opt,
                            Budget& budget) {
    std::map<int, std::vector<const Channel*>> by_node;
    std::vector<int> order;
    for (const Channel& ch : a.channels) {
        auto [it, fresh] = by_node.try_emplace(ch.node, std::vector<const Channel*>(3, nullptr));
        if (fresh) order.push_back(ch.node);
        it->second[size_t(ch.path)] = &ch;
    }
    auto out = std::make_unique<aiAnimation>();
    out->mName = aiString(a.name);
    out->mTicksPerSecond = opt.ticks_per_second;
    out->mDuration = a.duration * opt.seconds_to_key_time;
    out->mNumChannels = unsigned(order.size());
    out->mChannels = new aiNodeAnim*[order.size()]();
    for (size_t i = 0; i < order.size(); ++i)
        out->mChannels[i] = bake_node(s, order[i], by_node[order[i]], opt, budget);
    return out.release();
}

}  // namespace

void bake_animations(const Scene& scene, aiScene* ai, const BakeOptions& opt, Budget& budget) {
    if (ai->mAnimations) {
        for (unsigned i = 0; i < ai->mNumAnimations; ++i) delete ai->mAnimations[i];
        delete[] ai->mAnimations;
    }
    ai->mAnimations = nullptr;
    ai->mNumAnimations = 0;
    if (scene.animations.empty()) return;
    ai->mAnimations = new aiAnimation*[scene.animations.size()]();
    ai->mNumAnimations = unsigned(scene.animations.size());
    for (size_t i = 0; i < scene.animations.size(); ++i)
        ai->mAnimations[i] = bake_animation(scene, scene.animations[i], opt, budget);
}

}  // namespace ripkit
