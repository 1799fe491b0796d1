#include "cine_scene.hpp"

#include <cmath>
#include <map>
#include <string>
#include <unordered_map>

#include "ending.hpp"
#include "faces.hpp"
#include "ripkit/scene_kit.hpp"

namespace ripkit::rugrats_cine {

namespace {

constexpr double kFps = 30.0;
constexpr float kTau = 6.283185307179586f;

// The engine sets, it does not interpolate: STEP keys per record.
using Builder = kit::StepKeys;
using Axes = kit::HalfTurnX;

glm::vec3 vec(const Vec3i& v) { return glm::vec3(float(v[0]), float(v[1]), float(v[2])); }

// An actor or pose object's nodes, found once per object rather than by name
// in every record (a stream has tens of thousands of records). Each is added
// when first needed, so the scene's node order is that of the records.
struct ObjectNodes {
    std::string name;
    int node = -1, mouth = -1, eyes = -1;
    std::unordered_map<int, int> channels;  // pose key channel -> node
};

ObjectNodes& object(std::unordered_map<int, ObjectNodes>& cache, Builder& b, const char* prefix,
                    int id) {
    auto it = cache.find(id);
    if (it == cache.end()) {
        ObjectNodes o;
        o.name = prefix + std::to_string(id);
        o.node = b.node(o.name);
        it = cache.emplace(id, std::move(o)).first;
    }
    return it->second;
}

// Face tracks: translation.x carries the frame number (STEP).
void face_keys(Builder& b, Scene& s, ObjectNodes& o, size_t rec, const Face& f) {
    if (o.mouth < 0) {
        o.mouth = b.node(kit::value_track_name(o.name, "mouth"), o.node);
        o.eyes = b.node(kit::value_track_name(o.name, "eyes"), o.node);
        for (int n : {o.mouth, o.eyes}) {
            nlohmann::json& extras = s.nodes[size_t(n)].extras;
            if (!extras.empty()) continue;
            const char* what = n == o.mouth ? "mouth" : "eyes";
            extras = kit::value_track_extras(o.name, what);
            extras["ripkit.face_track"] = what;
            extras["ripkit.track"] =
                "translation.x = face frame number (STEP); bind to texture swaps";
        }
    }
    b.value(o.mouth, rec, f.mouth);
    b.value(o.eyes, rec, f.eyes);
}

int add_camera(Scene& s, int node, const std::string& name, int h) {
    Camera cam;
    cam.name = name;
    cam.yfov = engine_yfov(h);
    cam.aspect = engine_aspect(h);
    cam.znear = 1.0f;
    cam.zfar = 1.0e6f;
    cam.extras = {{"ripkit.projection_h", h}, {"ripkit.screen", "512x240, x scaled by 512/320"}};
    return kit::attach_camera(s, node, std::move(cam));
}

void add_ending(Scene& s, Builder& b, const Axes& ax, size_t records) {
    const int last_counter = int(records);  // record k has counter k + 1
    const std::vector<EndingState> states = simulate_ending(last_counter);
    const EndingState init = ending_initial();
    const int milk = b.node("ending_milk");
    const int milk_track = b.node(kit::value_track_name("ending_milk", "0x28"), milk);
    const int sign = b.node("ending_sign");
    const int cam_a = b.node("ending_camera_a");
    const int cam_b = b.node("ending_camera_b");
    // ASSUMPTION(ending): the milk's +0x28 is a Z angle, 4096 a turn.
    s.nodes[size_t(milk)].extras = {{"model", 948},
                                    {"drawn_from", "ending_camera_a (layer 1)"},
                                    {"ripkit.assumption", "+0x28 read as a Z angle, 4096 a turn"}};
    s.nodes[size_t(milk_track)].extras = kit::value_track_extras("ending_milk", "0x28");
    s.nodes[size_t(milk_track)].extras["ripkit.track"] = "translation.x = object +0x28 (STEP)";
    s.nodes[size_t(sign)].extras = {{"model", 1038}, {"drawn_from", "ending_camera_b (layer 2)"}};
    add_camera(s, cam_a, "ending_camera_a", kDefaultH);
    const int cb = add_camera(s, cam_b, "ending_camera_b", init.b_h);
    auto v3 = [](const std::array<int, 3>& a) {
        return glm::vec3(float(a[0]), float(a[1]), float(a[2]));
    };
    auto put = [&](size_t rec, const EndingState& st) {
        b.translate(cam_a, rec, ax.point(v3(st.a)));
        b.translate(cam_b, rec, ax.point(v3(st.b)));
        const float ang = float(st.milk_28) * kTau / 4096.0f;
        b.rotate(milk, rec, ax.rotation(glm::vec4(0, 0, std::sin(ang / 2), std::cos(ang / 2))));
        b.value(milk_track, rec, st.milk_28);
    };
    put(0, init);
    b.rotate(cam_a, 0, ax.rotation(glm::vec4(0, 0, 0, 1)));
    b.rotate(cam_b, 0, ax.rotation(glm::vec4(0, 0, 0, 1)));
    b.translate(sign, 0, glm::vec3(0));
    Camera& camb = s.cameras[size_t(cb)];
    int first_text = -1;
    for (const EndingState& st : states) {
        const size_t rec = size_t(st.counter - 1);
        if (rec >= records) break;
        put(rec, st);
        if (st.b_h != init.b_h && camb.yfov_times.empty()) {
            camb.yfov_times = {0.0, double(rec) / kFps};
            camb.yfov_values = {engine_yfov(init.b_h), engine_yfov(st.b_h)};
        }
        if (st.text && first_text < 0) first_text = st.counter;
    }
    s.extras["ending"] = {
        {"source", "cinematic 0's timed call 0x8008ea70, frames 1184-1413 (seed numbers)"},
        {"flight_frames", {kEndingFirst, kEndingFlightEnd}},
        {"text_from_frame", first_text},
        {"text",
         {{{"string", "Search For Reptar"}, {"font", 1}, {"y", 60}},
          {{"string", "Loading"}, {"font", 0}, {"y", 85}}}},
        {"text_colour", {100, 200, 0}},
        {"shadow_colour", {1, 1, 1}}};
}

// STEP keys: per record the camera's two, and per actor and pose their own,
// their face tracks' and their channels'.
void charge_keys(const Cinematic& c, Budget& budget) {
    uint64_t keys = 0;
    for (const FrameRecord& f : c.frames) {
        keys += 2 + 8 * f.actors.size() + 6 * f.poses.size();
        for (const PoseRecord& p : f.poses) keys += p.keys.size();
    }
    budget.alloc(keys, sizeof(double) + sizeof(glm::vec4) + 48, std::nullopt,
                 "animation keys of cinematic " + std::to_string(c.id));
    budget.charge_steps(keys, "animation keys of cinematic " + std::to_string(c.id));
}

void scene_extras(Scene& s, const CineFile& file, const Cinematic& c, const CineOptions& o,
                  bool ending) {
    s.extras["format"] = "rugrats-cine";
    s.extras["shape"] = cd::shape_name(file.shape);
    s.extras["item"] = c.id;
    s.extras["cine"] = o.cine;
    s.extras["frame_rate"] = kFps;
    s.extras["frame_count"] = c.frames.size();  // one record per frame, record k at k/30 s
    s.extras["backdrop_rgb"] = {217, 175, 141};
    s.extras["axes"] = o.native ? "engine (X right, Y down, Z forward; cameras look +Z)"
                                : "glTF (Y up, right-handed): engine (x, y, z) -> (x, -y, -z)";
    s.extras["units"] = o.native ? "engine units" : "engine units x " + std::to_string(o.scale);
    s.extras["faces"] = "<object>_mouth/_eyes nodes: STEP translation.x = face frame number";
    s.extras["ending_included"] = ending;
}

}  // namespace

std::vector<Face> compute_faces(const Cinematic& c, uint32_t seed) {
    size_t records = 0;
    for (const FrameRecord& f : c.frames) records += f.actors.size() + f.poses.size();
    std::vector<Face> out;
    out.reserve(records);
    BlinkRand rand(seed);
    std::map<int, FaceState> actors, poses;
    for (const FrameRecord& f : c.frames) {
        for (const ActorRecord& a : f.actors) {
            FaceState& st = actors[a.id];
            apply_actor_face(st, a.id, a.mouth, a.eyes);
            out.push_back({st.mouth, st.eyes});
        }
        for (const PoseRecord& p : f.poses) {
            FaceState& st = poses[p.id];
            apply_pose_face(st, rand, p.id, p.mouth, p.eyes);
            out.push_back({st.mouth, st.eyes});
        }
    }
    return out;
}

// ASSUMPTION(quaternion_matrix): the parts' quaternion matrix (0x8001fc48) is
// the standard rotation of (x, y, z, w), so the record's parts are that quaternion.
glm::vec4 normalise_quat(const Quat13& q) {
    const glm::vec4 v{float(q[0]), float(q[1]), float(q[2]), float(q[3])};
    const float len = glm::length(v);
    if (len == 0.0f) return glm::vec4(0, 0, 0, 1);
    return v / len;
}

float engine_yfov(int h) { return 2.0f * std::atan(120.0f / float(h)); }
float engine_aspect(int h) { return (256.0f / (float(h) * 1.6f)) / (120.0f / float(h)); }

Scene build_scene(const CineFile& file, const Cinematic& c, const CineOptions& o, Budget& budget,
                  std::optional<Audio> audio) {
    Scene s;
    s.name = "cinematic_" + std::to_string(c.id);
    const Axes ax{o.native, o.scale};
    const int root = s.add_node(s.name, -1);
    Builder b(s, root, kFps);
    const int cam = b.node("camera");
    add_camera(s, cam, "camera", kDefaultH);
    const std::vector<Face> faces = compute_faces(c, o.cine);
    size_t face = 0;  // the next record's
    charge_keys(c, budget);

    std::unordered_map<int, ObjectNodes> actors, poses;
    for (size_t i = 0; i < c.frames.size(); ++i) {
        const FrameRecord& f = c.frames[i];
        b.translate(cam, i, ax.point(vec(f.camera_position)));
        // The camera matrix is the transpose of the parts' matrix of q, so
        // camera-to-world is q itself (engine camera looking +Z, Y down).
        b.rotate(cam, i, ax.rotation(normalise_quat(f.camera_q)));
        for (const ActorRecord& a : f.actors) {
            ObjectNodes& o = object(actors, b, "actor_", a.id);
            glm::vec3 p = vec(a.position);
            const glm::vec4 q = ax.rotation(normalise_quat(a.q));
            if (a.id == 510 || a.id == 511) {
                // Moved 0x2000 down (engine +Y); object 602/601 takes the record.
                // ASSUMPTION(id_510_511): "down" is from the record's position, rotation kept.
                const int other = b.node(a.id == 510 ? "actor_602" : "actor_601");
                s.nodes[size_t(other)].extras["ripkit.driven_by"] = o.name;
                b.translate(other, i, ax.point(p));
                b.rotate(other, i, q);
                p.y += float(0x2000);
            }
            b.translate(o.node, i, ax.point(p));
            b.rotate(o.node, i, q);
            face_keys(b, s, o, i, faces[face++]);
        }
        for (const PoseRecord& p : f.poses) {
            ObjectNodes& o = object(poses, b, "pose_", p.id);
            b.translate(o.node, i, ax.point(vec(p.position)));
            b.rotate(o.node, i, glm::vec4(0, 0, 0, 1));  // angles at +0x24 cleared
            for (const PoseKey& k : p.keys) {
                auto ch = o.channels.find(k.channel);
                if (ch == o.channels.end())
                    ch = o.channels
                             .emplace(k.channel,
                                      b.node(o.name + "_ch" + std::to_string(k.channel), o.node))
                             .first;
                b.rotate(ch->second, i, ax.rotation(normalise_quat(k.q)));
            }
            face_keys(b, s, o, i, faces[face++]);
        }
    }
    const bool ending = o.cine == 0 && c.frames.size() >= size_t(kEndingFirst);
    if (ending) add_ending(s, b, ax, c.frames.size());
    s.animations.push_back(b.finish(s.name, c.frames.size()));

    if (audio) {
        s.audio = std::move(audio);
        // ASSUMPTION(timeline): the audio timeline starts with record 0.
        s.extras["audio"] = {{"rate", s.audio->sample_rate},
                             {"channels", s.audio->channels},
                             {"frames", s.audio->samples.size() / s.audio->channels},
                             {"start_frame", 0}};
    }
    scene_extras(s, file, c, o, ending);
    return s;
}

}  // namespace ripkit::rugrats_cine
