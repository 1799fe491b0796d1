#include "scene_builder.hpp"

#include <cmath>
#include <glm/gtc/quaternion.hpp>
#include <string>

#include "ripkit/error.hpp"

namespace ripkit::tr_cutseq {

namespace {

constexpr double kPi = 3.14159265358979323846;

// TR space is right-handed with Y down and Z forward; a half turn about X makes
// it glTF's Y up, Z toward the viewer. Proper rotation, so no handedness flip.
struct Space {
    bool native;
    double scale;
    glm::vec3 point(double x, double y, double z) const {
        if (native) return glm::vec3(float(x), float(y), float(z));
        return glm::vec3(float(x * scale), float(-y * scale), float(-z * scale));
    }
    glm::quat rot(const glm::quat& q) const {
        if (native) return q;
        return glm::quat(q.w, q.x, -q.y, -q.z);
    }
    glm::vec3 up() const { return native ? glm::vec3(0, -1, 0) : glm::vec3(0, 1, 0); }
};

glm::vec4 to_vec4(const glm::quat& q) { return glm::vec4(q.x, q.y, q.z, q.w); }

// ASSUMPTION(rotation_handedness): phd_RotY/X/Z are right-handed rotations in TR space (positive Y
// turns +Z toward +X, as Lara's heading moves her by (sin, cos)).
// Engine joint rotation from 10-bit angles: RotY, then RotX, then RotZ, post-multiplied.
// Half-angle sines/cosines of the 1024 possible 10-bit angles (angle * pi / 1024).
struct HalfAngles {
    double s[1024], c[1024];
    HalfAngles() {
        for (int i = 0; i < 1024; ++i) {
            s[i] = std::sin(i * kPi / 1024.0);
            c[i] = std::cos(i * kPi / 1024.0);
        }
    }
};

glm::quat joint_rotation(int16_t ax, int16_t ay, int16_t az) {
    static const HalfAngles t;
    const double sx = t.s[ax & 1023], cx = t.c[ax & 1023], sy = t.s[ay & 1023], cy = t.c[ay & 1023],
                 sz = t.s[az & 1023], cz = t.c[az & 1023];
    // qY * qX, then * qZ, expanded (each factor has a single axis component).
    const double w = cy * cx, a = cy * sx, b = sy * cx, c = -sy * sx;
    return glm::quat(float(w * cz - c * sz), float(cz * a + b * sz), float(cz * b - a * sz),
                     float(w * sz + cz * c));
}

// Camera orientation looking from `eye` at `target` with roll 0 (glTF: -Z forward, +Y up).
bool look_at(const glm::vec3& eye, const glm::vec3& target, const glm::vec3& up, glm::quat& out) {
    const glm::vec3 f = target - eye;
    const float len = glm::length(f);
    if (!(len > 1e-12f)) return false;
    const glm::vec3 z = -f / len;
    glm::vec3 x = glm::cross(up, z);
    const float xl = glm::length(x);
    if (!(xl > 1e-6f)) return false;
    x /= xl;
    const glm::vec3 y = glm::cross(z, x);
    out = glm::normalize(glm::quat_cast(glm::mat3(x, y, z)));
    return true;
}

// Keeps consecutive quaternions in one hemisphere so LINEAR takes the short way.
void keep_hemisphere(std::vector<glm::vec4>& v) {
    for (size_t i = 1; i < v.size(); ++i)
        if (glm::dot(v[i], v[i - 1]) < 0.0f) v[i] = -v[i];
}

// Frame times plus, before each cut frame, a key holding the previous pose.
struct Timeline {
    std::vector<double> times;
    std::vector<int> frame;  // frame whose value each key takes
};

Timeline make_timeline(int frames, const std::vector<int>& cuts) {
    Timeline t;
    size_t c = 0;
    for (int f = 0; f < frames; ++f) {
        if (c < cuts.size() && cuts[c] == f) {
            t.times.push_back(f / kFrameRate - kCutEpsilon);
            t.frame.push_back(f - 1);
            ++c;
        }
        t.times.push_back(f / kFrameRate);
        t.frame.push_back(f);
    }
    return t;
}

double distance(const std::array<double, 3>& a, const std::array<double, 3>& b) {
    return std::sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) +
                     (a[2] - b[2]) * (a[2] - b[2]));
}

template <class T>
std::array<double, 3> d3(const std::array<T, 3>& v) {
    return {double(v[0]), double(v[1]), double(v[2])};
}

}  // namespace

// ASSUMPTION(fov): AlterFOV sets the horizontal angle (from the half screen width) and
// the screen is 4:3, so yfov = 2 atan(tan(h/2) * 3/4).
double yfov_from_engine_fov(int fov) {
    const double hfov = fov * 2.0 * kPi / 65536.0;
    return 2.0 * std::atan(std::tan(hfov / 2.0) * 3.0 / 4.0);
}

std::array<int64_t, 3> camera_world(const Cutscene& c, int node, int frame) {
    // 64-bit: a hostile origin near INT32_MAX must not overflow.
    std::array<int64_t, 3> p;
    for (int a = 0; a < 3; ++a)
        p[a] = int64_t(c.origin[a]) + 2 * int64_t(c.camera.at(frame, node, a));
    return p;
}

std::array<int16_t, 3> actor_offset(const Actor& act, int frame) {
    std::array<int16_t, 3> p;
    // The engine stores 3*run in a s16, so it wraps (TRX keeps that on purpose).
    for (int a = 0; a < 3; ++a)
        p[a] = static_cast<int16_t>(3 * int32_t(act.tracks.at(frame, 0, a)));
    return p;
}

std::vector<int> find_cuts(const Cutscene& c, double threshold) {
    std::vector<int> cuts;
    for (int f = 1; f < c.frames; ++f) {
        bool cut = false;
        for (int n = 0; n < 2 && !cut; ++n)
            cut = distance(d3(camera_world(c, n, f)), d3(camera_world(c, n, f - 1))) > threshold;
        for (size_t a = 0; a < c.actors.size() && !cut; ++a)
            cut = distance(d3(actor_offset(c.actors[a], f)), d3(actor_offset(c.actors[a], f - 1))) >
                  threshold;
        if (cut) cuts.push_back(f);
    }
    return cuts;
}

Scene build_scene(const Cutscene& c, const char* variant, const SceneOptions& opt) {
    const Space sp{opt.native, opt.scale};
    const std::vector<int> cuts = opt.step ? std::vector<int>{} : find_cuts(c, opt.cut_threshold);
    const Timeline tl = make_timeline(c.frames, cuts);
    const Interp interp = opt.step ? Interp::Step : Interp::Linear;
    // Keys: one vec4 per key per channel (2 camera + 1 target + per actor 1 + meshes).
    uint64_t channels = 3;
    for (const Actor& a : c.actors) channels += 1 + static_cast<uint64_t>(a.meshes);
    const std::string keys_what = "animation keys of cutscene " + std::to_string(c.index);
    check_alloc(opt.limits, channels * tl.times.size(), sizeof(glm::vec4) + sizeof(double), 0,
                keys_what);
    if (opt.budget) {
        opt.budget->alloc(channels * tl.times.size(), sizeof(glm::vec4) + sizeof(double),
                          std::nullopt,
                          keys_what + " (" + std::to_string(channels) + " channels x " +
                              std::to_string(tl.times.size()) + " keys)");
        opt.budget->charge_steps(channels * tl.times.size() + uint64_t(c.frames) * channels,
                                 keys_what);
    }

    Scene s;
    s.name = "cutscene" + std::to_string(c.index);
    const int root = s.add_node("root", -1);
    s.nodes[root].extras = {
        {"origin", c.origin}, {"audio_track", c.audio_track}, {"cutscene", c.index}};

    Animation anim;
    anim.name = s.name;
    anim.frame_rate = kFrameRate;
    anim.duration = (c.frames - 1) / kFrameRate;
    anim.extras = {{"frames", c.frames}, {"cuts", cuts}};
    const auto channel = [&](int node, AnimPath path) {
        Channel ch;
        ch.node = node;
        ch.path = path;
        ch.interp = interp;
        ch.times = tl.times;
        ch.values.reserve(tl.times.size());
        return ch;
    };

    // Camera target and camera.
    const int target = s.add_node("camera_target", root);
    const int cam = s.add_node("camera", root);
    s.nodes[target].extras = {{"engine", "org + 2 * run(node 0)"}};
    s.nodes[cam].extras = {{"engine", "org + 2 * run(node 1)"}, {"fov_engine_units", opt.fov}};
    Camera camera;
    camera.name = "camera";
    camera.node = cam;
    camera.yfov = static_cast<float>(yfov_from_engine_fov(opt.fov));
    camera.aspect = 4.0f / 3.0f;
    camera.znear = opt.native ? 20.0f : static_cast<float>(20.0 * opt.scale);
    camera.zfar = opt.native ? 100000.0f : static_cast<float>(100000.0 * opt.scale);
    camera.extras = {{"hfov_degrees", opt.fov * 360.0 / 65536.0}, {"screen", "4:3"}};
    s.nodes[cam].camera = 0;
    s.cameras.push_back(camera);
    Channel tgt_t = channel(target, AnimPath::Translation);
    Channel cam_t = channel(cam, AnimPath::Translation);
    Channel cam_r = channel(cam, AnimPath::Rotation);
    glm::quat prev(1, 0, 0, 0);
    for (int f : tl.frame) {
        const auto t = camera_world(c, 0, f), p = camera_world(c, 1, f);
        const glm::vec3 tv = sp.point(double(t[0]), double(t[1]), double(t[2])),
                        pv = sp.point(double(p[0]), double(p[1]), double(p[2]));
        tgt_t.values.emplace_back(tv, 0.0f);
        cam_t.values.emplace_back(pv, 0.0f);
        glm::quat q;
        if (look_at(pv, tv, sp.up(), q)) prev = q;  // degenerate: hold the last orientation
        cam_r.values.push_back(to_vec4(prev));
    }
    keep_hemisphere(cam_r.values);
    s.nodes[target].translation = glm::vec3(tgt_t.values[0]);
    s.nodes[cam].translation = glm::vec3(cam_t.values[0]);
    s.nodes[cam].rotation = cam_r.values[0];
    anim.channels.push_back(std::move(tgt_t));
    anim.channels.push_back(std::move(cam_t));
    anim.channels.push_back(std::move(cam_r));

    for (size_t i = 0; i < c.actors.size(); ++i) {
        const Actor& act = c.actors[i];
        const std::string name = "actor" + std::to_string(i);
        const int an = s.add_node(name, root);
        s.nodes[an].extras = {{"slot", act.slot}, {"meshes", act.meshes}, {"actor", i}};
        if (i == 0 && act.slot == -1) s.nodes[an].extras["no_lara"] = true;
        Channel at = channel(an, AnimPath::Translation);
        for (int f : tl.frame) {
            const auto o = actor_offset(act, f);
            at.values.emplace_back(sp.point(double(c.origin[0]) + o[0], double(c.origin[1]) + o[1],
                                            double(c.origin[2]) + o[2]),
                                   0.0f);
        }
        s.nodes[an].translation = glm::vec3(at.values[0]);
        anim.channels.push_back(std::move(at));
        if (act.meshes == 0) continue;

        const std::vector<Bone>* bones = nullptr;
        if (opt.skeleton) {
            auto it = opt.skeleton->slots.find(act.slot);
            if (it != opt.skeleton->slots.end()) bones = &it->second;
        }
        // ASSUMPTION(skeleton): without a skeleton the tree is unknown; meshes 1.. hang off
        // mesh 0 with zero offsets (rotations stay local, as the engine applies them).
        std::vector<int> parents(static_cast<size_t>(act.meshes), 0);
        parents[0] = -1;
        if (bones)
            parents = with_context("skeleton slot " + std::to_string(act.slot),
                                   [&] { return walk_bones(*bones, act.meshes, opt.limits); });
        s.nodes[an].extras["skeleton"] = bones != nullptr;
        std::vector<int> mesh_nodes;
        for (int j = 0; j < act.meshes; ++j) {
            const int parent = j == 0 ? an : mesh_nodes[static_cast<size_t>(parents[j])];
            const int mn = s.add_node(name + "_mesh" + std::to_string(j), parent);
            mesh_nodes.push_back(mn);
            s.nodes[mn].extras = {{"mesh", j}};
            if (bones && j > 0) {
                const Bone& b = (*bones)[static_cast<size_t>(j - 1)];
                s.nodes[mn].translation = sp.point(b.offset[0], b.offset[1], b.offset[2]);
                s.nodes[mn].extras["bone_flags"] = b.flags;
            }
            Channel r = channel(mn, AnimPath::Rotation);
            for (int f : tl.frame) {
                const int16_t* v =
                    &act.tracks.values[(static_cast<size_t>(f) * act.tracks.nodes + j + 1) * 3];
                r.values.push_back(to_vec4(sp.rot(joint_rotation(v[0], v[1], v[2]))));
            }
            keep_hemisphere(r.values);
            s.nodes[mn].rotation = r.values[0];
            anim.channels.push_back(std::move(r));
        }
    }
    s.animations.push_back(std::move(anim));
    s.extras = {{"format", "tr-cutseq"},
                {"variant", variant},
                {"item", c.index},
                {"frame_rate", kFrameRate},
                {"frame_count", c.frames},  // numframes: one key per frame, 0 .. numframes-1
                {"audio_track", c.audio_track},
                {"origin", c.origin},
                {"units", opt.native ? "TR units" : "metres"},
                {"scale", opt.native ? 1.0 : opt.scale},
                {"axes", opt.native ? "TR: X right, Y down, Z forward"
                                    : "Y up, right-handed (TR x, -y, -z)"},
                {"interpolation", opt.step ? "STEP" : "LINEAR"},
                {"cuts", cuts.size()}};
    return s;
}

}  // namespace ripkit::tr_cutseq
