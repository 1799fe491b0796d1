#include "ripkit/scene.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_set>

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

namespace {

[[noreturn]] void bad(const std::string& what) {
    fail_no_offset(ErrorKind::BadValue, "scene invariant: " + what);
}

bool finite4(const glm::vec4& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z) && std::isfinite(v.w);
}

// One of the two forms per vertex (scene.hpp), joints in range, weights
// finite, >= 0, summing to 1, no joint twice with weight.
void check_skinning(const Scene& s, const Mesh& m) {
    const std::string where = "mesh '" + m.name + "' ";
    if (m.skin >= static_cast<int>(s.skins.size())) bad(where + "skin");
    const size_t nv = m.positions.size(), nj = s.skins[m.skin].joints.size();
    if (m.weighted_joints.empty() && m.weights.empty()) {
        if (m.joints.size() != nv) bad(where + "joint per vertex");
        for (uint16_t j : m.joints)
            if (j >= nj) bad(where + "joint in range");
        return;
    }
    if (!m.joints.empty()) bad(where + "rigid or weighted joints, not both");
    if (m.weighted_joints.size() != nv || m.weights.size() != nv)
        bad(where + "joint per vertex (four joints and weights)");
    for (size_t v = 0; v < nv; ++v) {
        const glm::u16vec4 j = m.weighted_joints[v];
        const glm::vec4 w = m.weights[v];
        double sum = 0.0;
        for (int k = 0; k < 4; ++k) {
            if (!std::isfinite(w[k]) || w[k] < 0.0f) bad(where + "weights finite and >= 0");
            if (j[k] >= nj) bad(where + "joint in range");
            sum += w[k];
            for (int l = 0; l < k; ++l)
                if (j[l] == j[k] && w[l] > 0.0f && w[k] > 0.0f)
                    bad(where + "joint once per vertex");
        }
        if (std::abs(sum - 1.0) > 1e-5)
            bad(where + "weights summing to 1 (vertex " + std::to_string(v) + ")");
    }
}

}  // namespace

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

void validate_scene(const Scene& s) {
    if (s.nodes.empty()) bad("at least one node");
    std::unordered_set<std::string> names;
    for (size_t i = 0; i < s.nodes.size(); ++i) {
        const Node& n = s.nodes[i];
        if (n.name.empty()) bad("node " + std::to_string(i) + " has a name");
        if (!names.insert(n.name).second) bad("node name '" + n.name + "' is unique");
        if (i == 0 ? n.parent != -1 : (n.parent < 0 || n.parent >= static_cast<int>(i)))
            bad("node '" + n.name + "' has a parent before it (node 0 is the only root)");
        for (int m : n.meshes)
            if (m < 0 || m >= static_cast<int>(s.meshes.size()))
                bad("node '" + n.name + "' mesh index in range");
        if (n.camera >= static_cast<int>(s.cameras.size()))
            bad("node '" + n.name + "' camera index in range");
    }
    for (size_t c = 0; c < s.cameras.size(); ++c) {
        const Camera& cam = s.cameras[c];
        if (cam.node < 0 || cam.node >= static_cast<int>(s.nodes.size()) ||
            s.nodes[cam.node].camera != static_cast<int>(c))
            bad("camera '" + cam.name + "' is carried by exactly its node");
        if (!(cam.yfov > 0.0f && cam.yfov < 3.14159f))
            bad("camera '" + cam.name + "' yfov in (0, pi)");
        if (cam.yfov_times.size() != cam.yfov_values.size())
            bad("camera '" + cam.name + "' yfov track lengths agree");
    }
    for (const Mesh& m : s.meshes) {
        const size_t nv = m.positions.size();
        if (!m.normals.empty() && m.normals.size() != nv)
            bad("mesh '" + m.name + "' normals per vertex");
        if (!m.uv0.empty() && m.uv0.size() != nv) bad("mesh '" + m.name + "' uvs per vertex");
        if (!m.colors.empty() && m.colors.size() != nv)
            bad("mesh '" + m.name + "' colours per vertex");
        if (m.indices.size() % 3) bad("mesh '" + m.name + "' triangle list");
        for (uint32_t i : m.indices)
            if (i >= nv) bad("mesh '" + m.name + "' index in range");
        if (m.material >= static_cast<int>(s.materials.size()))
            bad("mesh '" + m.name + "' material");
        if (m.skin >= 0) check_skinning(s, m);
    }
    for (const Skin& sk : s.skins) {
        if (sk.joints.size() != sk.inverse_bind.size())
            bad("skin '" + sk.name + "' bind per joint");
        for (int j : sk.joints)
            if (j < 0 || j >= static_cast<int>(s.nodes.size()))
                bad("skin '" + sk.name + "' joint node");
    }
    for (const Material& mat : s.materials) {
        if (mat.texture >= static_cast<int>(s.textures.size()))
            bad("material '" + mat.name + "' texture");
        for (int t : mat.switch_textures)
            if (t < 0 || t >= static_cast<int>(s.textures.size()))
                bad("material '" + mat.name + "' switch texture");
        if (!mat.switch_track_node.empty() && s.find_node(mat.switch_track_node) < 0)
            bad("material '" + mat.name + "' switch track node exists");
    }
    for (const Animation& a : s.animations) {
        if (a.channels.empty()) bad("animation '" + a.name + "' has channels");
        for (const Channel& ch : a.channels) {
            const std::string where =
                "animation '" + a.name + "' channel on node " + std::to_string(ch.node);
            if (ch.node < 0 || ch.node >= static_cast<int>(s.nodes.size())) bad(where + " exists");
            if (ch.times.empty() || ch.times.size() != ch.values.size()) bad(where + " keys");
            for (size_t k = 0; k < ch.times.size(); ++k) {
                if (!std::isfinite(ch.times[k]) || ch.times[k] < 0.0) bad(where + " time >= 0");
                if (k && !(ch.times[k] > ch.times[k - 1])) bad(where + " times increase");
                if (ch.times[k] > a.duration + 1e-9) bad(where + " time within duration");
                if (!finite4(ch.values[k])) bad(where + " finite values");
            }
            if (ch.interp == Interp::CubicSpline) {
                if (ch.in_tangents.size() != ch.values.size() ||
                    ch.out_tangents.size() != ch.values.size())
                    bad(where + " tangents per key");
            } else if (!ch.in_tangents.empty() || !ch.out_tangents.empty()) {
                bad(where + " tangents only on CUBICSPLINE");
            }
        }
    }
    if (s.audio) {
        if (s.audio->channels == 0 || s.audio->sample_rate == 0) bad("audio rate and channels");
        if (s.audio->samples.size() % s.audio->channels) bad("audio whole frames");
    }
}

}  // namespace ripkit
