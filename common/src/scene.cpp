#include "ripkit/scene.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "ripkit/error.hpp"

namespace ripkit {

const char* interp_name(Interp i) {
    switch (i) {
        case Interp::Step:
            return "STEP";
        case Interp::Linear:
            return "LINEAR";
        case Interp::CubicSpline:
            return "CUBICSPLINE";
    }
    return "LINEAR";
}

const char* anim_path_name(AnimPath p) {
    switch (p) {
        case AnimPath::Translation:
            return "translation";
        case AnimPath::Rotation:
            return "rotation";
        case AnimPath::Scale:
            return "scale";
    }
    return "translation";
}

std::shared_ptr<Budget> scene_budget(const Scene& scene) {
    return scene.budget ? scene.budget : std::make_shared<Budget>();
}

int Scene::add_node(std::string node_name, int parent) {
    if (parent >= static_cast<int>(nodes.size()))
        fail_no_offset(ErrorKind::BadIndex,
                       "parent node index below " + std::to_string(nodes.size()));
    Node n;
    n.name = std::move(node_name);
    n.parent = parent;
    nodes.push_back(std::move(n));
    return static_cast<int>(nodes.size()) - 1;
}

int Scene::find_node(const std::string& node_name) const {
    for (size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].name == node_name) return static_cast<int>(i);
    return -1;
}

Influence skin_influence(const Mesh& m, size_t v) {
    Influence in;
    if (!m.weighted_joints.empty()) {
        in.joints = m.weighted_joints.at(v);
        in.weights = m.weights.at(v);
    } else {
        in.joints.x = m.joints.at(v);
        in.weights.x = 1.0f;
    }
    return in;
}

void set_frame_range(Scene& s, double rate) {
    double longest = 0.0;
    for (ripkit::Animation& a : s.animations) {
        a.frame_rate = rate;
        longest = std::max(longest, a.duration);
    }
    const double last = std::round(longest * rate);
    if (!(last < 2147483647.0))
        fail_no_offset(ErrorKind::BadValue, "an animation duration below 2^31 frames (got " +
                                                std::to_string(longest) + " s at " +
                                                std::to_string(rate) + " fps)");
    s.extras["frame_rate"] = rate;
    s.extras["frame_count"] = static_cast<int64_t>(last) + 1;
}

}  // namespace ripkit
