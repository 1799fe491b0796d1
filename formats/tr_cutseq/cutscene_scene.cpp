#include "cutscene_scene.hpp"

#include <cmath>
#include <glm/gtc/quaternion.hpp>
#include <string>

#include "joint_rotation.hpp"
#include "ripkit/error.hpp"
#include "ripkit/scene_kit.hpp"

namespace ripkit::tr_cutseq {

namespace {

constexpr double kPi = 3.14159265358979323846;

// TR space is right-handed with Y down and Z forward: the kit's half turn about X.
using kit::xyzw;

// ASSUMPTION(rotation_handedness): phd_RotY/X/Z are right-handed rotations in TR space (positive Y
// turns +Z toward +X, as Lara's heading moves her by (sin, cos)).
// Engine joint rotation from 10-bit angles: RotY, then RotX, then RotZ, post-multiplied
// (JointRotations, joint_rotation.hpp).

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

namespace {

// Keys: one vec4 per key per channel (camera, target and its rotation, per actor 1 + meshes).
void charge_keys(const Cutscene& c, Budget& budget, size_t keys_per_channel) {
    uint64_t channels = 3;
    for (const Actor& a : c.actors) channels += 1 + static_cast<uint64_t>(a.meshes);
    const std::string keys_what = "animation keys of cutscene " + std::to_string(c.index);
    budget.alloc(channels * keys_per_channel, sizeof(glm::vec4) + sizeof(double), std::nullopt,
                 keys_what + " (" + std::to_string(channels) + " channels x " +
                     std::to_string(keys_per_channel) + " keys)");
    budget.charge_steps(channels * keys_per_channel + uint64_t(c.frames) * channels, keys_what);
}

// What one build shares: the scene being filled, its animation, the key times.
struct Build {
    const Cutscene& c;
    const SceneOptions& opt;
    const Limits& limits;
    kit::HalfTurnX sp;
    Timeline tl;
    Interp interp;
    Scene s;
    Animation anim;
    int root = 0;

    Channel channel(int node, AnimPath path) const {
        Channel ch;
        ch.node = node;
        ch.path = path;
        ch.interp = interp;
        ch.times = tl.times;
        ch.values.reserve(tl.times.size());
        return ch;
    }
    // The channel's first key becomes the node's rest pose.
    void add(Channel ch) {
        Node& n = s.nodes[size_t(ch.node)];
        if (ch.path == AnimPath::Rotation)
            n.rotation = ch.values[0];
        else
            n.translation = glm::vec3(ch.values[0]);
        anim.channels.push_back(std::move(ch));
    }
};

// The camera (org + 2 * run of node 1) looking at its target (node 0), roll 0.
void add_camera(Build& b) {
    const int target = b.s.add_node("camera_target", b.root);
    const int cam = b.s.add_node("camera", b.root);
    b.s.nodes[target].extras = {{"engine", "org + 2 * run(node 0)"}};
    b.s.nodes[cam].extras = {{"engine", "org + 2 * run(node 1)"}, {"fov_engine_units", b.opt.fov}};
    Camera camera;
    camera.name = "camera";
    camera.yfov = static_cast<float>(yfov_from_engine_fov(b.opt.fov));
    camera.aspect = 4.0f / 3.0f;
    camera.znear = b.sp.length(20.0);
    camera.zfar = b.sp.length(100000.0);
    camera.extras = {{"hfov_degrees", b.opt.fov * 360.0 / 65536.0}, {"screen", "4:3"}};
    kit::attach_camera(b.s, cam, std::move(camera));
    Channel tgt_t = b.channel(target, AnimPath::Translation);
    Channel cam_t = b.channel(cam, AnimPath::Translation);
    Channel cam_r = b.channel(cam, AnimPath::Rotation);
    glm::quat prev(1, 0, 0, 0);
    for (int f : b.tl.frame) {
        const auto t = camera_world(b.c, 0, f), p = camera_world(b.c, 1, f);
        const glm::vec3 tv = b.sp.point(double(t[0]), double(t[1]), double(t[2])),
                        pv = b.sp.point(double(p[0]), double(p[1]), double(p[2]));
        tgt_t.values.emplace_back(tv, 0.0f);
        cam_t.values.emplace_back(pv, 0.0f);
        // Degenerate (eye on the target, or looking straight up): hold the last orientation.
        if (const auto q = kit::look_at(pv, tv, b.sp.up())) prev = *q;
        cam_r.values.push_back(xyzw(prev));
    }
    kit::keep_hemisphere(cam_r.values);
    b.add(std::move(tgt_t));
    b.add(std::move(cam_t));
    b.add(std::move(cam_r));
}

// The actor's meshes: one node each, parented by the skeleton, rotated every frame.
void add_meshes(Build& b, const Actor& act, int actor_node, const std::string& name) {
    const std::vector<Bone>* bones = nullptr;
    if (b.opt.skeleton) {
        auto it = b.opt.skeleton->slots.find(act.slot);
        if (it != b.opt.skeleton->slots.end()) bones = &it->second;
    }
    // ASSUMPTION(skeleton): without a skeleton the tree is unknown; meshes 1.. hang off
    // mesh 0 with zero offsets (rotations stay local, as the engine applies them).
    std::vector<int> parents(static_cast<size_t>(act.meshes), 0);
    parents[0] = -1;
    if (bones)
        parents = with_context("skeleton slot " + std::to_string(act.slot),
                               [&] { return walk_bones(*bones, act.meshes, b.limits); });
    b.s.nodes[actor_node].extras["skeleton"] = bones != nullptr;
    std::vector<int> mesh_nodes;
    std::vector<Channel> rotations;
    for (int j = 0; j < act.meshes; ++j) {
        const int parent = j == 0 ? actor_node : mesh_nodes[static_cast<size_t>(parents[j])];
        const int mn = b.s.add_node(name + "_mesh" + std::to_string(j), parent);
        mesh_nodes.push_back(mn);
        b.s.nodes[mn].extras = {{"mesh", j}};
        if (bones && j > 0) {
            const Bone& bone = (*bones)[static_cast<size_t>(j - 1)];
            b.s.nodes[mn].translation = b.sp.point(bone.offset[0], bone.offset[1], bone.offset[2]);
            b.s.nodes[mn].extras["bone_flags"] = bone.flags;
        }
        rotations.push_back(b.channel(mn, AnimPath::Rotation));
    }
    // A mesh's channel in one sweep down its three tracks (frame by frame,
    // every key was a store into another of the meshes' vectors), each key
    // turned to its predecessor's hemisphere as kit::keep_hemisphere does.
    const JointRotations& rotate = JointRotations::get(!b.sp.native);
    for (int j = 0; j < act.meshes; ++j) {
        rotate.channel(act.tracks.track(j + 1, 0), act.tracks.track(j + 1, 1),
                       act.tracks.track(j + 1, 2), b.tl.frame, rotations[size_t(j)].values);
        b.add(std::move(rotations[size_t(j)]));
    }
}

// One actor: a root node moved by s16(3 * run of node 0) from the origin, and its meshes.
void add_actor(Build& b, size_t i) {
    const Actor& act = b.c.actors[i];
    const std::string name = "actor" + std::to_string(i);
    const int an = b.s.add_node(name, b.root);
    b.s.nodes[an].extras = {{"slot", act.slot}, {"meshes", act.meshes}, {"actor", i}};
    if (i == 0 && act.slot == -1) b.s.nodes[an].extras["no_lara"] = true;
    Channel at = b.channel(an, AnimPath::Translation);
    for (int f : b.tl.frame) {
        const auto o = actor_offset(act, f);
        at.values.emplace_back(
            b.sp.point(double(b.c.origin[0]) + o[0], double(b.c.origin[1]) + o[1],
                       double(b.c.origin[2]) + o[2]),
            0.0f);
    }
    b.add(std::move(at));
    if (act.meshes > 0) add_meshes(b, act, an, name);
}

nlohmann::json scene_extras(const Cutscene& c, const char* variant, const SceneOptions& opt,
                            size_t cuts) {
    return {{"format", "tr-cutseq"},
            {"variant", variant},
            {"item", c.index},
            {"frame_rate", kFrameRate},
            {"frame_count", c.frames},  // numframes: one key per frame, 0 .. numframes-1
            {"audio_track", c.audio_track},
            {"origin", c.origin},
            {"units", opt.native ? "TR units" : "metres"},
            {"scale", opt.native ? 1.0 : opt.scale},
            {"axes",
             opt.native ? "TR: X right, Y down, Z forward" : "Y up, right-handed (TR x, -y, -z)"},
            {"interpolation", opt.step ? "STEP" : "LINEAR"},
            {"cuts", cuts}};
}

}  // namespace

Scene build_scene(const Cutscene& c, const char* variant, const SceneOptions& opt, Budget& budget) {
    const std::vector<int> cuts = opt.step ? std::vector<int>{} : find_cuts(c, opt.cut_threshold);
    Build b{c,
            opt,
            budget.limits(),
            kit::HalfTurnX{opt.native, opt.scale},
            make_timeline(c.frames, cuts),
            opt.step ? Interp::Step : Interp::Linear,
            {},
            {},
            0};
    charge_keys(c, budget, b.tl.times.size());

    b.s.name = "cutscene" + std::to_string(c.index);
    b.root = b.s.add_node("root", -1);
    b.s.nodes[b.root].extras = {
        {"origin", c.origin}, {"audio_track", c.audio_track}, {"cutscene", c.index}};
    b.anim.name = b.s.name;
    b.anim.frame_rate = kFrameRate;
    b.anim.duration = (c.frames - 1) / kFrameRate;
    b.anim.extras = {{"frames", c.frames}, {"cuts", cuts}};
    add_camera(b);
    for (size_t i = 0; i < c.actors.size(); ++i) add_actor(b, i);
    b.s.animations.push_back(std::move(b.anim));
    b.s.extras = scene_extras(c, variant, opt, cuts.size());
    return std::move(b.s);
}

}  // namespace ripkit::tr_cutseq
