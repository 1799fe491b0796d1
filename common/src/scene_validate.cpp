// validate_scene: the last line before any exporter. Decoders refuse what they
// read wrong (with its offset) and builders what they compute wrong; whatever
// still slips through stops here, so no writer ever sees a broken reference or
// a value a float cannot carry (NaN, Inf, or one whose square overflows when
// an exporter decomposes a matrix).
#include <cmath>
#include <cstdio>
#include <cstring>
#include <glm/gtc/quaternion.hpp>
#include <string>
#include <unordered_set>

#include "ripkit/error.hpp"
#include "ripkit/number_text.hpp"
#include "ripkit/scene.hpp"

namespace ripkit {

namespace {

[[noreturn]] void bad(const std::string& what) {
    fail_no_offset(ErrorKind::BadValue, "scene invariant: " + what);
}

// Finite and within kMaxSceneMagnitude; `what` names the object and key.
void check_value(double v, const std::string& what) {
    if (!std::isfinite(v) || std::fabs(v) > kMaxSceneMagnitude)
        bad(what + " finite and within +-" + decimal(kMaxSceneMagnitude) + " (got " + decimal(v) +
            ")");
}

// `what()` names the value, built only for the message: the loops over keys
// and vertices must not build a string per element.
template <class Vec, class What>
void check_vec(const Vec& v, int n, What&& what) {
    for (int c = 0; c < n; ++c)
        if (!std::isfinite(double(v[c])) || std::fabs(double(v[c])) > kMaxSceneMagnitude)
            check_value(double(v[c]), what());
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

// World transforms in double: a chain of modest scales (twelve nodes of 1e4)
// overflows a float even though every local value is in range, and the FBX
// writer's bind pose would hold Inf.
void check_world_transforms(const Scene& s) {
    std::vector<glm::dmat4> world(s.nodes.size());
    for (size_t i = 0; i < s.nodes.size(); ++i) {
        const Node& n = s.nodes[i];
        // Scene quaternions are (x, y, z, w); glm's constructor takes w first.
        glm::dquat q(n.rotation.w, n.rotation.x, n.rotation.y, n.rotation.z);
        const double len = glm::length(q);
        q = len > 0 ? q / len : glm::dquat(1, 0, 0, 0);
        glm::dmat4 local = glm::mat4_cast(q);
        for (int c = 0; c < 3; ++c) local[c] *= double(n.scale[c]);
        local[3] = {n.translation.x, n.translation.y, n.translation.z, 1};
        world[i] = i == 0 ? local : world[size_t(n.parent)] * local;
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                if (!std::isfinite(world[i][c][r]) ||
                    std::fabs(world[i][c][r]) > kMaxSceneMagnitude)
                    bad("node '" + n.name + "' world transform (parents' TRS times its own) " +
                        "within +-" + decimal(kMaxSceneMagnitude) + " (got " +
                        decimal(world[i][c][r]) + ")");
    }
}

void check_nodes(const Scene& s, std::unordered_set<std::string>& names) {
    if (s.nodes.empty()) bad("at least one node");
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
        check_vec(n.translation, 3, [&] { return "node '" + n.name + "' translation"; });
        check_vec(n.rotation, 4, [&] { return "node '" + n.name + "' rotation"; });
        check_vec(n.scale, 3, [&] { return "node '" + n.name + "' scale"; });
    }
    check_world_transforms(s);
}

void check_cameras(const Scene& s) {
    for (size_t c = 0; c < s.cameras.size(); ++c) {
        const Camera& cam = s.cameras[c];
        if (cam.node < 0 || cam.node >= static_cast<int>(s.nodes.size()) ||
            s.nodes[cam.node].camera != static_cast<int>(c))
            bad("camera '" + cam.name + "' is carried by exactly its node");
        if (!(cam.yfov > 0.0f && cam.yfov < 3.14159f))
            bad("camera '" + cam.name + "' yfov in (0, pi)");
        if (cam.yfov_times.size() != cam.yfov_values.size())
            bad("camera '" + cam.name + "' yfov track lengths agree");
        const std::string where = "camera '" + cam.name + "' ";
        check_value(cam.aspect, where + "aspect");
        check_value(cam.znear, where + "znear");
        check_value(cam.zfar, where + "zfar");
        for (size_t k = 0; k < cam.yfov_times.size(); ++k) {
            check_value(cam.yfov_times[k], where + "yfov time");
            if (!(cam.yfov_values[k] > 0.0f && cam.yfov_values[k] < 3.14159f))
                bad(where + "yfov key in (0, pi)");
        }
    }
}

void check_meshes(const Scene& s) {
    for (const Mesh& m : s.meshes) {
        const size_t nv = m.positions.size();
        const std::string where = "mesh '" + m.name + "' ";
        if (!m.normals.empty() && m.normals.size() != nv) bad(where + "normals per vertex");
        if (!m.uv0.empty() && m.uv0.size() != nv) bad(where + "uvs per vertex");
        if (!m.colors.empty() && m.colors.size() != nv) bad(where + "colours per vertex");
        if (m.indices.size() % 3) bad(where + "triangle list");
        for (uint32_t i : m.indices)
            if (i >= nv) bad(where + "index in range");
        if (m.material >= static_cast<int>(s.materials.size())) bad(where + "material");
        if (m.skin >= 0) check_skinning(s, m);
        for (const glm::vec3& p : m.positions) check_vec(p, 3, [&] { return where + "position"; });
        for (const glm::vec3& n : m.normals) check_vec(n, 3, [&] { return where + "normal"; });
        for (const glm::vec2& t : m.uv0) check_vec(t, 2, [&] { return where + "uv"; });
        for (const glm::vec4& c : m.colors) check_vec(c, 4, [&] { return where + "colour"; });
    }
}

void check_skins_and_materials(const Scene& s, const std::unordered_set<std::string>& names) {
    for (const Skin& sk : s.skins) {
        if (sk.joints.size() != sk.inverse_bind.size())
            bad("skin '" + sk.name + "' bind per joint");
        for (int j : sk.joints)
            if (j < 0 || j >= static_cast<int>(s.nodes.size()))
                bad("skin '" + sk.name + "' joint node");
        for (const glm::mat4& m : sk.inverse_bind)
            for (int c = 0; c < 4; ++c)
                check_vec(m[c], 4, [&] { return "skin '" + sk.name + "' inverse bind"; });
    }
    for (const Material& mat : s.materials) {
        if (mat.texture >= static_cast<int>(s.textures.size()))
            bad("material '" + mat.name + "' texture");
        for (int t : mat.switch_textures)
            if (t < 0 || t >= static_cast<int>(s.textures.size()))
                bad("material '" + mat.name + "' switch texture");
        if (!mat.switch_track_node.empty() && !names.count(mat.switch_track_node))
            bad("material '" + mat.name + "' switch track node exists");
        check_vec(mat.base_color, 4, [&] { return "material '" + mat.name + "' base colour"; });
        check_value(mat.alpha_cutoff, "material '" + mat.name + "' alpha cutoff");
    }
}

// The keys pass every check below (one comparison per number: NaN fails
// `<=`): the common case, without building the names the messages need.
// Branch-free sweeps (times, then values) rather than a test per key and
// number: validation reads every key of every import.
bool keys_pass(const Animation& a, const Channel& ch) {
    const double last = a.duration + 1e-9;
    double prev = -1.0;
    bool ok = true;
    for (const double t : ch.times) {
        ok &= t > prev;   // false for NaN
        ok &= t <= last;  // so is +inf
        prev = t;
    }
    if (!ok || !(ch.times.front() >= 0.0)) return false;
    // |v| <= kMaxSceneMagnitude for a float v, tested in float: kMaxFloat is
    // the largest float not above it (NaN fails the comparison).
    static const float kMaxFloat = [] {
        float f = float(kMaxSceneMagnitude);
        while (double(f) > kMaxSceneMagnitude) f = std::nextafter(f, 0.0f);
        return f;
    }();
    // Four lanes at a time (GCC and Clang vector extensions): |v| by clearing
    // the sign bit, then a lane mask that stays all ones while every lane is
    // within (NaN compares false).
    using F4 = float __attribute__((vector_size(16)));
    using I4 = int32_t __attribute__((vector_size(16)));
    const F4 limit = {kMaxFloat, kMaxFloat, kMaxFloat, kMaxFloat};
    I4 within = {-1, -1, -1, -1};
    for (const glm::vec4& v : ch.values) {
        I4 bits;
        std::memcpy(&bits, &v, sizeof bits);
        bits &= 0x7FFFFFFF;
        F4 magnitude;
        std::memcpy(&magnitude, &bits, sizeof magnitude);
        within &= magnitude <= limit;
    }
    for (int c = 0; c < 4; ++c) ok &= within[c] == -1;
    return ok;
}

void check_channel(const Scene& s, const Animation& a, const Channel& ch) {
    if (ch.node >= 0 && ch.node < static_cast<int>(s.nodes.size()) && !ch.times.empty() &&
        ch.times.size() == ch.values.size() && ch.interp != Interp::CubicSpline &&
        ch.in_tangents.empty() && ch.out_tangents.empty() && keys_pass(a, ch))
        return;
    const std::string where =
        "animation '" + a.name + "' channel on node " + std::to_string(ch.node);
    if (ch.node < 0 || ch.node >= static_cast<int>(s.nodes.size())) bad(where + " exists");
    if (ch.times.empty() || ch.times.size() != ch.values.size()) bad(where + " keys");
    const std::string named = "animation '" + a.name + "' " + anim_path_name(ch.path) +
                              " of node '" + s.nodes[size_t(ch.node)].name + "'";
    for (size_t k = 0; k < ch.times.size(); ++k) {
        if (!std::isfinite(ch.times[k]) || ch.times[k] < 0.0) bad(where + " time >= 0");
        if (k && !(ch.times[k] > ch.times[k - 1])) bad(where + " times increase");
        if (ch.times[k] > a.duration + 1e-9) bad(where + " time within duration");
        for (int c = 0; c < 4; ++c)
            if (!std::isfinite(ch.values[k][c])) bad(where + " finite values");
        check_vec(ch.values[k], 4, [&] { return named + " key " + std::to_string(k) + " value"; });
    }
    if (ch.interp == Interp::CubicSpline) {
        if (ch.in_tangents.size() != ch.values.size() || ch.out_tangents.size() != ch.values.size())
            bad(where + " tangents per key");
        for (size_t k = 0; k < ch.values.size(); ++k) {
            check_vec(ch.in_tangents[k], 4,
                      [&] { return named + " key " + std::to_string(k) + " in-tangent"; });
            check_vec(ch.out_tangents[k], 4,
                      [&] { return named + " key " + std::to_string(k) + " out-tangent"; });
        }
    } else if (!ch.in_tangents.empty() || !ch.out_tangents.empty()) {
        bad(where + " tangents only on CUBICSPLINE");
    }
}

void check_animations(const Scene& s) {
    for (const Animation& a : s.animations) {
        if (a.channels.empty()) bad("animation '" + a.name + "' has channels");
        check_value(a.duration, "animation '" + a.name + "' duration");
        // Exporters bind one sampler per node and path (a set, not a scan per channel).
        std::unordered_set<uint64_t> targets;
        targets.reserve(a.channels.size());
        for (const Channel& ch : a.channels) {
            check_channel(s, a, ch);
            if (!targets.insert(uint64_t(ch.node) * 4 + uint64_t(ch.path)).second)
                bad("animation '" + a.name + "': one channel per node and path (node '" +
                    s.nodes[size_t(ch.node)].name + "', " + anim_path_name(ch.path) + ")");
        }
    }
}

}  // namespace

void validate_scene(const Scene& s) {
    std::unordered_set<std::string> names;
    names.reserve(s.nodes.size());
    check_nodes(s, names);
    check_cameras(s);
    check_meshes(s);
    check_skins_and_materials(s, names);
    check_animations(s);
    if (s.audio) {
        if (s.audio->channels == 0 || s.audio->sample_rate == 0) bad("audio rate and channels");
        if (s.audio->samples.size() % s.audio->channels) bad("audio whole frames");
    }
}

}  // namespace ripkit
