#include "ripkit/anim_bake.hpp"

#include <assimp/anim.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>

#include "ripkit/error.hpp"
#include "ripkit/limits.hpp"

namespace ripkit {

namespace {

glm::vec4 normalised(glm::vec4 q) {
    const float len = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    return len > 0.0f && std::isfinite(len) ? q / len : glm::vec4(0, 0, 0, 1);
}

glm::vec4 slerp(glm::vec4 a, glm::vec4 b, double u) {
    a = normalised(a);
    b = normalised(b);
    double d = double(a.x) * b.x + double(a.y) * b.y + double(a.z) * b.z + double(a.w) * b.w;
    if (d < 0) {
        b = -b;
        d = -d;
    }
    if (d > 0.9995) return normalised(a + float(u) * (b - a));
    const double th = std::acos(std::min(1.0, d));
    const double s = std::sin(th);
    return float(std::sin((1 - u) * th) / s) * a + float(std::sin(u * th) / s) * b;
}

glm::vec4 rest_value(const Node& n, AnimPath p) {
    switch (p) {
        case AnimPath::Translation:
            return glm::vec4(n.translation, 0.0f);
        case AnimPath::Rotation:
            return n.rotation;
        case AnimPath::Scale:
            return glm::vec4(n.scale, 0.0f);
    }
    return glm::vec4(0.0f);
}

// Key times of one node: every key, cubic samples, and the hold keys that
// keep STEP changes sharp under linear interpolation.
std::vector<double> key_times(const std::vector<const Channel*>& chans, const BakeOptions& opt) {
    std::vector<double> t;
    for (const Channel* ch : chans) {
        if (!ch) continue;
        uint64_t extra = ch->times.size();
        if (ch->interp == Interp::CubicSpline && opt.cubic_sample_rate > 0)
            extra += uint64_t((ch->times.back() - ch->times.front()) * opt.cubic_sample_rate) +
                     ch->times.size();
        check_alloc(Limits{}, t.size() + extra * 2, sizeof(double) * 8, 0, "baked animation keys");
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
                      const BakeOptions& opt) {
    const std::vector<double> times = key_times(chans, opt);
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
        const glm::vec4 tv = value(0, times[i]), rv = normalised(value(1, times[i])),
                        sv = value(2, times[i]);
        na->mPositionKeys[i] = aiVectorKey(kt, aiVector3D(tv.x, tv.y, tv.z));
        na->mRotationKeys[i] = aiQuatKey(kt, aiQuaternion(rv.w, rv.x, rv.y, rv.z));
        na->mScalingKeys[i] = aiVectorKey(kt, aiVector3D(sv.x, sv.y, sv.z));
    }
    return na.release();
}

aiAnimation* bake_animation(const Scene& s, const Animation& a, const BakeOptions& opt) {
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
        out->mChannels[i] = bake_node(s, order[i], by_node[order[i]], opt);
    return out.release();
}

}  // namespace

glm::vec4 evaluate_channel(const Channel& ch, double t) {
    const size_t n = ch.times.size();
    if (n == 0) return glm::vec4(0.0f);
    const bool rot = ch.path == AnimPath::Rotation;
    if (t <= ch.times.front()) return ch.values.front();
    if (t >= ch.times.back()) return ch.values.back();
    const size_t k =
        size_t(std::upper_bound(ch.times.begin(), ch.times.end(), t) - ch.times.begin()) - 1;
    const double t0 = ch.times[k], t1 = ch.times[k + 1];
    const double u = (t - t0) / (t1 - t0);
    switch (ch.interp) {
        case Interp::Step:
            return ch.values[k];
        case Interp::Linear:
            return rot ? slerp(ch.values[k], ch.values[k + 1], u)
                       : ch.values[k] + float(u) * (ch.values[k + 1] - ch.values[k]);
        case Interp::CubicSpline: {
            // glTF 2.0 Appendix C with tangents per second.
            const double dt = t1 - t0, u2 = u * u, u3 = u2 * u;
            const glm::vec4 v = float(2 * u3 - 3 * u2 + 1) * ch.values[k] +
                                float(dt * (u3 - 2 * u2 + u)) * ch.out_tangents[k] +
                                float(-2 * u3 + 3 * u2) * ch.values[k + 1] +
                                float(dt * (u3 - u2)) * ch.in_tangents[k + 1];
            return rot ? normalised(v) : v;
        }
    }
    return ch.values[k];
}

void bake_animations(const Scene& scene, aiScene* ai, const BakeOptions& opt) {
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
        ai->mAnimations[i] = bake_animation(scene, scene.animations[i], opt);
}

}  // namespace ripkit
