#include "ripkit/encode/scene_sampler.hpp"

#include <algorithm>
#include <cmath>
#include <glm/gtc/quaternion.hpp>

#include "ripkit/error.hpp"
#include "ripkit/scene_eval.hpp"

namespace ripkit {

const Animation* pick_animation(const Scene& scene, const std::string& name) {
    if (name.empty()) return scene.animations.empty() ? nullptr : &scene.animations.front();
    std::vector<std::string> names;
    for (const Animation& a : scene.animations) {
        if (a.name == name) return &a;
        names.push_back(a.name);
    }
    fail_no_offset(ErrorKind::Usage, "an animation named '" + name + "'; the scene has " +
                                         (names.empty() ? "none" : name_list(names)));
}

std::optional<nlohmann::json> node_extra(const Node& node, const std::string& key) {
    if (!node.extras.is_object()) return std::nullopt;
    auto it = node.extras.find(key);
    // Through a json, not *it: GCC 16 finds optional<json>'s converting
    // constructors ambiguous for a json reference.
    if (it != node.extras.end()) return nlohmann::json(*it);
    it = node.extras.find(key + "_json");
    if (it == node.extras.end() || !it->is_string()) return std::nullopt;
    nlohmann::json v = nlohmann::json::parse(it->get<std::string>(), nullptr, false);
    if (v.is_discarded()) return std::nullopt;
    return v;
}

std::string name_list(const std::vector<std::string>& names, size_t max) {
    std::string out;
    const size_t shown = std::min(names.size(), max);
    for (size_t i = 0; i < shown; ++i) {
        if (i) out += ", ";
        out += names[i];
    }
    if (names.size() > shown) out += " and " + std::to_string(names.size() - shown) + " more";
    return out;
}

SceneSampler::SceneSampler(const Scene& scene, const Animation* animation)
    : scene_(scene), animation_(animation), channels_(scene.nodes.size() * 3, nullptr) {
    if (!animation_) return;
    for (const Channel& c : animation_->channels)
        if (c.node >= 0 && size_t(c.node) < scene.nodes.size() && !c.times.empty() &&
            c.values.size() == c.times.size())
            channels_[size_t(c.node) * 3 + size_t(c.path)] = &c;
}

const Channel* SceneSampler::channel(int node, AnimPath path) const {
    return channels_[size_t(node) * 3 + size_t(path)];
}

double SceneSampler::first_key_time() const {
    double t = 0;
    bool any = false;
    if (animation_)
        for (const Channel& c : animation_->channels)
            if (!c.times.empty()) {
                t = any ? std::min(t, c.times.front()) : c.times.front();
                any = true;
            }
    return t;
}

double SceneSampler::last_key_time() const {
    double t = 0;
    if (animation_)
        for (const Channel& c : animation_->channels)
            if (!c.times.empty()) t = std::max(t, c.times.back());
    return t;
}

glm::dvec4 SceneSampler::value(int node, AnimPath path, double t) const {
    const Channel* c = channel(node, path);
    if (!c) return glm::dvec4(rest_value(scene_.nodes[size_t(node)], path));
    constexpr double kSnap = 20e-6;
    auto it = std::lower_bound(c->times.begin(), c->times.end(), t - kSnap);
    if (it != c->times.end() && std::abs(*it - t) <= kSnap) {
        // Nearest key within the snap distance (a later one may be nearer).
        auto best = it;
        if (it + 1 != c->times.end() && std::abs(*(it + 1) - t) < std::abs(*it - t)) best = it + 1;
        return glm::dvec4(c->values[size_t(best - c->times.begin())]);
    }
    return glm::dvec4(evaluate_channel(*c, t));
}

glm::dvec3 SceneSampler::translation(int node, double t) const {
    return glm::dvec3(value(node, AnimPath::Translation, t));
}

glm::dvec4 SceneSampler::rotation(int node, double t) const {
    const glm::dvec4 q = value(node, AnimPath::Rotation, t);
    const double l = glm::length(q);
    return l > 0 && std::isfinite(l) ? q / l : glm::dvec4(0, 0, 0, 1);
}

glm::dvec3 SceneSampler::scale(int node, double t) const {
    return glm::dvec3(value(node, AnimPath::Scale, t));
}

glm::dmat4 SceneSampler::local(int node, double t) const {
    const glm::dvec4 q = rotation(node, t);
    const glm::dmat4 r = glm::mat4_cast(glm::dquat(q.w, q.x, q.y, q.z));
    glm::dmat4 m = r;
    const glm::dvec3 s = scale(node, t);
    m[0] *= s.x;
    m[1] *= s.y;
    m[2] *= s.z;
    m[3] = glm::dvec4(translation(node, t), 1.0);
    return m;
}

glm::dmat4 SceneSampler::world(int node, double t) const {
    glm::dmat4 m = local(node, t);
    // Parents come before children, but guard against a cycle in a foreign scene.
    size_t depth = 0;
    for (int p = scene_.nodes[size_t(node)].parent; p >= 0 && depth < scene_.nodes.size();
         p = scene_.nodes[size_t(p)].parent, ++depth)
        m = local(p, t) * m;
    return m;
}

}  // namespace ripkit
