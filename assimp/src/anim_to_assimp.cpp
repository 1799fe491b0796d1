// Scene animations -> aiAnimation. aiNodeAnim has one track per T/R/S with no
// tangents, and before Assimp 5.4 no interpolation mode either, so:
//  - STEP and LINEAR keys go in as given, each key marked Step or (spherical)
//    Linear where Assimp has the field (5.4+); the exact modes also travel as
//    scene metadata "ripkit.interp.<anim>.<node>" and through the glTF exporter;
//  - CUBICSPLINE keys go in with extra samples of the glTF Hermite curve so
//    hosts that interpolate linearly still follow the right shape;
//  - a node animated on only some paths gets its rest value as a single key
//    on the others, because several Assimp exporters index key 0 of every
//    track without checking the count.
#include <assimp/anim.h>

#include <cmath>
#include <map>
#include <type_traits>

#include "handover_detail.hpp"
#include "ripkit/assimp/assimp_compat.hpp"
#include "ripkit/curves/curves.hpp"
#include "ripkit/error.hpp"
#include "ripkit/limits.hpp"
#include "ripkit/scene_eval.hpp"

namespace ripkit::detail {

namespace {

constexpr double kTicksPerSecond = 1000.0;

struct NodeTracks {
    int node = -1;
    const Channel* path[3] = {nullptr, nullptr, nullptr};
    size_t index[3] = {0, 0, 0};  // of each path's channel in the animation
};

// A handed-over channel's keys, freed (not just cleared) for the next
// channel's Assimp keys to reuse.
void release_keys(Channel& ch) {
    std::vector<double>().swap(ch.times);
    std::vector<glm::vec4>().swap(ch.values);
    std::vector<glm::vec4>().swap(ch.in_tangents);
    std::vector<glm::vec4>().swap(ch.out_tangents);
}

// Key times (seconds) and values Assimp receives for one channel.
struct Samples {
    std::vector<double> times;
    std::vector<glm::vec4> values;
};

// evaluate_channel(ch, t) for t inside segment k of a CUBICSPLINE channel,
// without finding the segment again (twice) for every sample.
glm::vec4 cubic_at(const Channel& ch, size_t k, double t) {
    const size_t n = ch.times.size();
    if (ch.values.size() != n || ch.in_tangents.size() != n || ch.out_tangents.size() != n)
        return evaluate_channel(ch, t);
    // Inside the segment (sample_channel keeps its samples off the keys).
    const glm::vec4 v(curves::gltf_cubic_segment(ch.times[k], ch.times[k + 1], ch.values[k],
                                                 ch.out_tangents[k], ch.values[k + 1],
                                                 ch.in_tangents[k + 1], t));
    return ch.path == AnimPath::Rotation ? normalised_quat(v) : v;
}

Samples sample_channel(const Channel& ch, double rate, Budget& budget) {
    Samples out;
    const bool cubic = ch.interp == Interp::CubicSpline && rate > 0.0 && std::isfinite(rate);
    double count = double(ch.times.size());
    if (cubic)
        for (size_t k = 0; k + 1 < ch.times.size(); ++k)
            count += std::ceil((ch.times[k + 1] - ch.times[k]) * rate) + 1.0;
    // A hostile duration must not turn into billions of samples: the samples
    // and the aiKeys made of them are charged before they exist.
    const uint64_t n = count < 1e18 ? uint64_t(count) : UINT64_MAX / 64;
    budget.alloc(n, sizeof(aiQuatKey) + sizeof(glm::vec4) + sizeof(double), std::nullopt,
                 "animation samples for Assimp");
    budget.charge_steps(n, "animation samples for Assimp");
    out.times.reserve(count);
    out.values.reserve(count);
    for (size_t k = 0; k < ch.times.size(); ++k) {
        out.times.push_back(ch.times[k]);
        out.values.push_back(ch.values[k]);
        if (!cubic || k + 1 == ch.times.size()) continue;
        const double t0 = ch.times[k], t1 = ch.times[k + 1];
        // Samples on the global grid n / rate strictly inside the segment, at
        // least a hundredth of a sample period away from the keys.
        const double eps = 0.01 / rate;
        for (double n = std::floor(t0 * rate) + 1; n / rate < t1 - eps; n += 1.0) {
            const double t = n / rate;
            if (t <= t0 + eps) continue;
            out.times.push_back(t);
            out.values.push_back(cubic_at(ch, k, t));
        }
    }
    return out;
}

aiQuaternion to_quat(glm::vec4 q) {
    // A key already unit to float precision (what the builders make) goes as
    // it is: normalising it again would move its last bits, not its rotation.
    const float norm2 = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
    if (!(std::abs(norm2 - 1.0f) <= 1e-6f)) {
        const float len = std::sqrt(norm2);
        if (len > 0.0f && std::isfinite(len)) q /= len;
    }
    return aiQuaternion(q.w, q.x, q.y, q.z);  // Assimp order: w first
}

// A STEP channel's keys hold; the rest (cubic samples included) are linear.
assimp_compat::KeyMode key_mode(const Channel* ch) {
    return ch && ch->interp == Interp::Step ? assimp_compat::KeyMode::Step
                                            : assimp_compat::KeyMode::Linear;
}

template <class Key, class Conv>
void fill_keys(unsigned& num, Key*& keys, const std::vector<double>& times,
               const std::vector<glm::vec4>& values, Conv conv, assimp_compat::KeyMode mode) {
    constexpr bool rotation = std::is_same_v<Key, aiQuatKey>;
    num = static_cast<unsigned>(times.size());
    keys = new Key[num];
    for (unsigned i = 0; i < num; ++i) {
        keys[i].mTime = times[i] * kTicksPerSecond;
        keys[i].mValue = conv(values[i]);
        assimp_compat::set_key_mode(keys[i], mode, rotation);
    }
}

std::vector<NodeTracks> group_by_node(const Animation& anim) {
    std::vector<NodeTracks> out;
    std::map<int, size_t> slot;
    for (size_t i = 0; i < anim.channels.size(); ++i) {
        const Channel& ch = anim.channels[i];
        auto [it, fresh] = slot.try_emplace(ch.node, out.size());
        if (fresh) out.push_back(NodeTracks{ch.node, {}, {}});
        out[it->second].index[static_cast<int>(ch.path)] = i;
        const Channel*& p = out[it->second].path[static_cast<int>(ch.path)];
        if (p)
            fail_no_offset(ErrorKind::BadValue,
                           "animation '" + anim.name + "': one channel per node and path (node " +
                               std::to_string(ch.node) + ", " + anim_path_name(ch.path) + ")");
        p = &ch;
    }
    return out;
}

aiNodeAnim* make_node_anim(const Scene& scene, const NodeTracks& tr, double rate, Budget& budget) {
    const Node& node = scene.nodes.at(static_cast<size_t>(tr.node));
    auto na = std::make_unique<aiNodeAnim>();
    na->mNodeName = checked_ai_string(node.name, "node name");
    // Keys of a channel that needs no samples go straight from the channel.
    Samples s[3];
    const std::vector<double>* times[3];
    const std::vector<glm::vec4>* values[3];
    for (int p = 0; p < 3; ++p) {
        const Channel* ch = tr.path[p];
        if (ch && ch->interp != Interp::CubicSpline) {
            budget.alloc(ch->times.size(), sizeof(aiQuatKey), std::nullopt,
                         "animation keys for Assimp");
            budget.charge_steps(ch->times.size(), "animation keys for Assimp");
            times[p] = &ch->times;
            values[p] = &ch->values;
            continue;
        }
        if (ch) {
            s[p] = sample_channel(*ch, rate, budget);
        } else {
            s[p].times = {0.0};
            s[p].values = {rest_value(node, static_cast<AnimPath>(p))};
        }
        times[p] = &s[p].times;
        values[p] = &s[p].values;
    }
    auto vec3 = [](const glm::vec4& v) { return aiVector3D(v.x, v.y, v.z); };
    fill_keys(na->mNumPositionKeys, na->mPositionKeys, *times[0], *values[0], vec3,
              key_mode(tr.path[0]));
    fill_keys(na->mNumRotationKeys, na->mRotationKeys, *times[1], *values[1], to_quat,
              key_mode(tr.path[1]));
    fill_keys(na->mNumScalingKeys, na->mScalingKeys, *times[2], *values[2], vec3,
              key_mode(tr.path[2]));
    return na.release();
}

}  // namespace

aiAnimation* make_animation(const Scene& scene, size_t index, const AssimpHandoverOptions& opt,
                            Budget& budget, Animation* consume) {
    const Animation& anim = scene.animations.at(index);
    auto out = std::make_unique<aiAnimation>();
    out->mName = checked_ai_string(anim.name, "animation name");
    out->mTicksPerSecond = kTicksPerSecond;
    double last = 0.0;
    for (const Channel& ch : anim.channels)
        if (!ch.times.empty()) last = std::max(last, ch.times.back());
    out->mDuration = std::max(anim.duration, last) * kTicksPerSecond;
    const std::vector<NodeTracks> tracks = group_by_node(anim);
    out->mNumChannels = static_cast<unsigned>(tracks.size());
    out->mChannels = new aiNodeAnim*[tracks.size()]();
    for (size_t i = 0; i < tracks.size(); ++i) {
        out->mChannels[i] = make_node_anim(scene, tracks[i], opt.cubic_sample_rate, budget);
        if (consume)
            for (int p = 0; p < 3; ++p)
                if (tracks[i].path[p]) release_keys(consume->channels[tracks[i].index[p]]);
    }
    return out.release();
}

std::vector<std::pair<std::string, std::string>> interp_summary(const Scene& scene, size_t index) {
    std::vector<std::pair<std::string, std::string>> out;
    static const char* letter[3] = {"T", "R", "S"};
    for (const NodeTracks& tr : group_by_node(scene.animations.at(index))) {
        std::string v;
        for (int p = 0; p < 3; ++p) {
            if (!tr.path[p]) continue;
            if (!v.empty()) v += ';';
            v += std::string(letter[p]) + "=" + interp_name(tr.path[p]->interp);
        }
        out.emplace_back(scene.nodes.at(static_cast<size_t>(tr.node)).name, v);
    }
    return out;
}

}  // namespace ripkit::detail
