// What an encoder reads off a scene: nodes by their documented names, their
// extras (also as `<key>_json` text, as ripkit's glTF writes arrays), and the
// value of every node's local and world transform at any time of one
// animation, evaluated as glTF defines the interpolations (scene_eval.hpp).
#pragma once

#include <glm/glm.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ripkit/scene.hpp"

namespace ripkit {

// The animation named `name` (any when empty: the first), or null when the
// scene has none. Throws Error(Usage) naming the animations there are when
// `name` is not one of them.
const Animation* pick_animation(const Scene& scene, const std::string& name);

// A node's extra `key`: the value, or the parsed `<key>_json` text; nullopt
// when neither is there (or the text is not JSON).
std::optional<nlohmann::json> node_extra(const Node& node, const std::string& key);

// "a, b and 3 more" style listing for messages (at most `max` names).
std::string name_list(const std::vector<std::string>& names, size_t max = 12);

class SceneSampler {
  public:
    SceneSampler(const Scene& scene, const Animation* animation);

    const Scene& scene() const { return scene_; }
    // The channel animating node's `path`, or null (the node's rest value holds).
    const Channel* channel(int node, AnimPath path) const;
    // Earliest / latest key time of the animation's channels (0 without one).
    double first_key_time() const;
    double last_key_time() const;

    // Local values at time t (seconds). A time within 20 us of a key reads
    // that key exactly: glTF stores times as float32, and a cut's key 1 ms
    // before a frame must not leak into the frame.
    glm::dvec3 translation(int node, double t) const;
    glm::dvec4 rotation(int node, double t) const;  // unit (x, y, z, w)
    glm::dvec3 scale(int node, double t) const;
    glm::dmat4 local(int node, double t) const;
    glm::dmat4 world(int node, double t) const;

  private:
    glm::dvec4 value(int node, AnimPath path, double t) const;

    const Scene& scene_;
    const Animation* animation_;
    std::vector<const Channel*> channels_;  // node * 3 + path
};

}  // namespace ripkit
