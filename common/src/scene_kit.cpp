#include "ripkit/scene_kit.hpp"

#include <algorithm>
#include <stdexcept>

namespace ripkit::kit {

void keep_hemisphere(std::vector<glm::vec4>& quats) {
    for (size_t i = 1; i < quats.size(); ++i)
        if (glm::dot(quats[i], quats[i - 1]) < 0.0f) quats[i] = -quats[i];
}

std::optional<glm::quat> look_at(const glm::vec3& eye, const glm::vec3& target,
                                 const glm::vec3& up) {
    const glm::vec3 f = target - eye;
    const float len = glm::length(f);
    if (!(len > 1e-12f)) return std::nullopt;
    const glm::vec3 z = -f / len;
    glm::vec3 x = glm::cross(up, z);
    const float xl = glm::length(x);
    if (!(xl > 1e-6f)) return std::nullopt;
    x /= xl;
    const glm::vec3 y = glm::cross(z, x);
    return glm::normalize(glm::quat_cast(glm::mat3(x, y, z)));
}

int attach_camera(Scene& s, int node, Camera cam) {
    cam.node = node;
    s.cameras.push_back(std::move(cam));
    const int index = int(s.cameras.size()) - 1;
    s.nodes.at(size_t(node)).camera = index;
    return index;
}

std::string value_track_name(const std::string& target, const std::string& what) {
    std::string name = target;
    name += '_';
    name += what;
    return name;
}

nlohmann::json value_track_extras(const std::string& target, const std::string& what) {
    return {{"ripkit_track", what}, {"target", target}, {"component", "x"}};
}

void switch_textures(Material& material, const std::vector<int>& textures, size_t first,
                     const std::string& track_node) {
    material.texture = textures.at(first);
    material.switch_textures = textures;
    material.switch_track_node = track_node;
}

void StepKeys::put_back(Keys& keys, size_t record, const glm::vec4& v) {
    const auto it = std::lower_bound(keys.begin(), keys.end(), record,
                                     [](const auto& k, size_t r) { return k.first < r; });
    if (it->first == record)
        it->second = v;
    else
        keys.insert(it, {record, v});
}

void StepKeys::grow(int node) {
    if (node < 0 || size_t(node) >= s_.nodes.size())
        throw std::out_of_range("StepKeys: node " + std::to_string(node) + " is not in the scene");
    keys_.resize(size_t(node) + 1);
}

Animation StepKeys::finish(const std::string& name, size_t records) {
    Animation a;
    a.name = name;
    a.frame_rate = rate_;
    for (size_t node = 0; node < keys_.size(); ++node) {
        add_channel(a, int(node), AnimPath::Translation, keys_[node].t);
        add_channel(a, int(node), AnimPath::Rotation, keys_[node].r);
    }
    a.duration = records ? double(records - 1) / rate_ : 0.0;
    return a;
}

void StepKeys::add_channel(Animation& a, int node, AnimPath path, const Keys& k) {
    if (k.empty()) return;
    Channel ch;
    ch.node = node;
    ch.path = path;
    ch.interp = Interp::Step;
    ch.times.reserve(k.size());
    ch.values.reserve(k.size());
    for (const auto& [record, v] : k) {
        ch.times.push_back(double(record) / rate_);
        ch.values.push_back(v);
    }
    Node& n = s_.nodes[size_t(node)];
    if (path == AnimPath::Translation)
        n.translation = glm::vec3(k.begin()->second);
    else
        n.rotation = k.begin()->second;
    a.channels.push_back(std::move(ch));
}

}  // namespace ripkit::kit
