#include "scene_to_cutscene.hpp"

#include <cmath>
#include <regex>
#include <set>

#include "cutscene_scene.hpp"
#include "joint_angles.hpp"
#include "ripkit/encode/scene_sampler.hpp"
#include "ripkit/error.hpp"

namespace ripkit::tr_cutseq {

namespace {

constexpr int kMaxDelta = 16383;  // the widest track word (15 bits) the engine reads

// The inverse of build_scene's Space: scene units and axes -> TR's.
struct Back {
    bool native;
    double scale;
    glm::dvec3 point(const glm::dvec3& p) const {
        if (native) return p;
        return {p.x / scale, -p.y / scale, -p.z / scale};
    }
    glm::dvec4 rot(const glm::dvec4& q) const {
        if (native) return q;
        return {q.x, -q.y, -q.z, q.w};
    }
};

const char* kAxis[3] = {"x", "y", "z"};

std::string frame_value(const std::string& node, int frame, const char* what, double value) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", value);
    return node + " frame " + std::to_string(frame) + ": " + what + " " + buf;
}

// 3 is invertible modulo 2^16 (3 * 43691 = 2 * 65536 + 1): the one s16 run
// whose s16(3 * run) is `offset`.
int16_t third_mod16(int64_t offset) {
    return static_cast<int16_t>(static_cast<uint16_t>((offset * 43691) & 0xFFFF));
}

int16_t wrapped_delta(int16_t a, int16_t b) {
    return static_cast<int16_t>(static_cast<uint16_t>(a - b));
}

// One root axis: s16(3 * run) = offset. Offsets that are whole TR units
// everywhere and whose exact runs move by at most a track word per frame are
// kept exactly (this includes the engine's own wrapped offsets); anything else
// is held in steps of 3 units (round(offset / 3)), as the engine can only
// move by 3 units per run step without wrapping.
std::vector<int16_t> root_runs(const std::vector<double>& offset, const std::string& node,
                               int axis) {
    const size_t n = offset.size();
    std::vector<int16_t> runs(n);
    bool exact = true;
    for (size_t f = 0; f < n && exact; ++f) {
        const double o = std::round(offset[f]);
        exact = std::abs(offset[f] - o) < 0.05 && o >= -32768 && o <= 32767;
        if (exact) runs[f] = third_mod16(static_cast<int64_t>(o));
        if (exact && f) exact = std::abs(wrapped_delta(runs[f], runs[f - 1])) <= kMaxDelta;
    }
    if (exact) return runs;
    for (size_t f = 0; f < n; ++f) {
        const double r = std::round(offset[f] / 3.0);
        if (!(r * 3 >= -32768 && r * 3 <= 32767))
            fail_no_offset(ErrorKind::BadValue,
                           frame_value(node, int(f), (std::string(kAxis[axis]) + " offset").c_str(),
                                       offset[f]) +
                               " TR units from the origin; the engine holds -32768..32767");
        runs[f] = static_cast<int16_t>(r);
    }
    return runs;
}

void check_deltas(const NodeTracks& t, int node, const std::string& name, double unit) {
    for (int a = 0; a < 3; ++a)
        for (int f = 1; f < t.frames; ++f) {
            const int d = wrapped_delta(t.at(f, node, a), t.at(f - 1, node, a));
            if (std::abs(d) > kMaxDelta)
                fail_no_offset(
                    ErrorKind::BadValue,
                    frame_value(name, f, (std::string(kAxis[a]) + " moves").c_str(), d * unit) +
                        " TR units in one frame; a track word holds at most " +
                        std::to_string(int(kMaxDelta * unit)));
        }
}

std::optional<int64_t> int_extra(const Node* n, const std::string& key) {
    if (!n) return std::nullopt;
    const auto v = node_extra(*n, key);
    if (v && v->is_number_integer()) return v->get<int64_t>();
    if (v && v->is_number_float() && std::nearbyint(v->get<double>()) == v->get<double>())
        return static_cast<int64_t>(v->get<double>());
    return std::nullopt;
}

std::optional<std::array<int32_t, 3>> origin_of(const Scene& s, const Node* root) {
    std::optional<nlohmann::json> v;
    if (root) v = node_extra(*root, "origin");
    if (!v && s.extras.is_object() && s.extras.contains("origin")) v = s.extras["origin"];
    if (!v || !v->is_array() || v->size() != 3) return std::nullopt;
    std::array<int32_t, 3> o{};
    for (int a = 0; a < 3; ++a) {
        const nlohmann::json& e = (*v)[size_t(a)];
        if (!e.is_number()) return std::nullopt;
        const double d = e.get<double>();
        if (!(d >= INT32_MIN && d <= INT32_MAX)) return std::nullopt;
        o[size_t(a)] = static_cast<int32_t>(std::lround(d));
    }
    return o;
}

struct Layout {
    int root = -1, camera = -1, target = -1;
    std::vector<int> actors;               // actor<i> node
    std::vector<std::vector<int>> meshes;  // actor<i>_mesh<j> node
};

// Finds the documented nodes; every missing one the game needs in one error,
// every other node in one warning.
Layout find_layout(const Scene& s, const FromSceneOptions& o, std::vector<std::string>& warnings) {
    Layout l;
    static const std::regex actor_re("actor([0-9]+)"), mesh_re("actor([0-9]+)_mesh([0-9]+)");
    std::vector<std::string> ignored, missing;
    std::map<int, int> actors;
    std::map<int, std::map<int, int>> meshes;
    for (size_t i = 0; i < s.nodes.size(); ++i) {
        const std::string& name = s.nodes[i].name;
        std::smatch m;
        if (name == "root")
            l.root = int(i);
        else if (name == "camera")
            l.camera = int(i);
        else if (name == "camera_target")
            l.target = int(i);
        else if (std::regex_match(name, m, actor_re) && m[1].length() < 4)
            actors[std::stoi(m[1])] = int(i);
        else if (std::regex_match(name, m, mesh_re) && m[1].length() < 4 && m[2].length() < 4)
            meshes[std::stoi(m[1])][std::stoi(m[2])] = int(i);
        else if (i != 0)  // node 0 holds the scene (glTF: "root"; Assimp: "RootNode")
            ignored.push_back(name.empty() ? "(unnamed node " + std::to_string(i) + ")" : name);
    }
    if (l.camera < 0) missing.push_back("camera");
    if (l.target < 0) missing.push_back("camera_target");
    const int count = actors.empty() ? 0 : actors.rbegin()->first + 1;
    for (int a = 0; a < count; ++a) {
        const auto it = actors.find(a);
        if (it == actors.end()) {
            missing.push_back("actor" + std::to_string(a));
            continue;
        }
        const Node& n = s.nodes[size_t(it->second)];
        int want = meshes[a].empty() ? 0 : meshes[a].rbegin()->first + 1;
        if (const auto e = int_extra(&n, "meshes"))
            want = int(std::clamp<int64_t>(*e, 0, 1000));
        else if (o.base && size_t(a) < o.base->actors.size())
            want = o.base->actors[size_t(a)].meshes;
        std::vector<int> nodes;
        for (int j = 0; j < want; ++j) {
            const auto mj = meshes[a].find(j);
            if (mj == meshes[a].end())
                missing.push_back("actor" + std::to_string(a) + "_mesh" + std::to_string(j));
            else
                nodes.push_back(mj->second);
        }
        for (const auto& [j, node] : meshes[a])
            if (j >= want) ignored.push_back(s.nodes[size_t(node)].name);
        l.actors.push_back(it->second);
        l.meshes.push_back(std::move(nodes));
    }
    for (const auto& [a, list] : meshes)
        if (a >= count)
            for (const auto& [j, node] : list) ignored.push_back(s.nodes[size_t(node)].name);
    if (!missing.empty())
        fail_no_offset(
            ErrorKind::BadValue,
            "the cutscene's nodes (docs/formats/tr_cutseq.md); missing: " + name_list(missing, 20));
    if (!ignored.empty())
        warnings.push_back("ignored " + std::to_string(ignored.size()) +
                           " nodes a cutscene has no place for: " + name_list(ignored));
    return l;
}

int frame_count(const Scene& s, const SceneSampler& sampler, const FromSceneOptions& o,
                double start) {
    double frames = 1;
    if (o.frames)
        frames = *o.frames;
    else if (!s.animations.empty())
        frames = std::round((sampler.last_key_time() - start) * kFrameRate) + 1;
    else if (s.extras.is_object() && s.extras.value("frame_count", 0) > 0)
        frames = s.extras.value("frame_count", 1);
    if (!(frames >= 1 && frames <= 32767))
        fail_no_offset(ErrorKind::BadValue,
                       "a cutscene of 1..32767 frames (numframes is s16), the animation lasts " +
                           std::to_string(sampler.last_key_time()) +
                           " s = " + std::to_string(int64_t(frames)) + " frames at 30 fps");
    return int(frames);
}

// The scene's nodes sampled at the cutscene's frames, in TR units.
class CutsceneBuilder {
  public:
    CutsceneBuilder(const Scene& s, const FromSceneOptions& o, std::vector<std::string>& warnings)
        : s_(s),
          o_(o),
          l_(find_layout(s, o, warnings)),
          sampler_(s, pick_animation(s, o.animation)),
          sx_(s.extras.is_object() ? s.extras : empty_object()),
          back_(back_of(sx_, o)),
          root_(l_.root >= 0 ? &s.nodes[size_t(l_.root)] : nullptr),
          start_(o.start.value_or(sampler_.first_key_time())) {}

    Cutscene build(int index, std::vector<std::string>& warnings) {
        Cutscene c;
        c.index = index;
        c.empty = false;
        c.frames = frame_count(s_, sampler_, o_, start_);
        set_origin_and_audio(c);
        fill_camera(c);
        std::vector<std::string> no_slot;
        for (size_t i = 0; i < l_.actors.size(); ++i) c.actors.push_back(actor(c, i, no_slot));
        if (!no_slot.empty())
            fail_no_offset(ErrorKind::BadValue,
                           "a moveable slot for every actor (node extras \"slot\", or --base); "
                           "none for " +
                               name_list(no_slot));
        if (!defaults_.empty())
            warnings.push_back("no extras and no --base for " + name_list(defaults_) +
                               " (FBX keeps no extras); give --base to keep the game file's");
        return c;
    }

  private:
    static const nlohmann::json& empty_object() {
        static const nlohmann::json kEmpty = nlohmann::json::object();
        return kEmpty;
    }

    static Back back_of(const nlohmann::json& sx, const FromSceneOptions& o) {
        const bool native = o.native || sx.value("units", "") == "TR units";
        double scale = kDefaultScale;
        if (o.scale)
            scale = *o.scale;
        else if (!native && sx.contains("scale") && sx["scale"].is_number() &&
                 sx["scale"].get<double>() > 0)
            scale = sx["scale"].get<double>();
        return Back{native, scale};
    }

    double time(int f) const { return start_ + f / kFrameRate; }
    glm::dvec3 position(int node, int f) const {
        return back_.point(glm::dvec3(sampler_.world(node, time(f))[3]));
    }

    void set_origin_and_audio(Cutscene& c) {
        if (const auto org = origin_of(s_, root_))
            c.origin = *org;
        else if (o_.base)
            c.origin = o_.base->origin;
        else {
            // No origin anywhere: the first frame of Lara (or the camera target).
            const glm::dvec3 p = position(l_.actors.empty() ? l_.target : l_.actors[0], 0);
            for (int a = 0; a < 3; ++a)
                c.origin[size_t(a)] = static_cast<int32_t>(std::lround(p[a]));
        }
        if (const auto audio = int_extra(root_, "audio_track"))
            c.audio_track = static_cast<int32_t>(*audio);
        else if (sx_.contains("audio_track") && sx_["audio_track"].is_number_integer())
            c.audio_track = sx_["audio_track"].get<int32_t>();
        else if (o_.base)
            c.audio_track = o_.base->audio_track;
        else
            defaults_.push_back("audio_track (-1, none)");
    }

    void fill_camera(Cutscene& c) const {
        c.camera.reset(2, c.frames);
        const int camera_nodes[2] = {l_.target, l_.camera};
        for (int n = 0; n < 2; ++n) {
            const std::string& name = s_.nodes[size_t(camera_nodes[n])].name;
            for (int f = 0; f < c.frames; ++f) {
                const glm::dvec3 p = position(camera_nodes[n], f);
                for (int a = 0; a < 3; ++a) {
                    // world = org + 2 * run
                    const double run = std::round((p[a] - c.origin[size_t(a)]) / 2.0);
                    if (!(run >= -32768 && run <= 32767))
                        fail_no_offset(ErrorKind::BadValue,
                                       frame_value(name, f, kAxis[a], p[a]) +
                                           " TR units is more than 65536 units from the origin " +
                                           std::to_string(c.origin[size_t(a)]) +
                                           "; world = origin + 2 * s16 run");
                    c.camera.at(f, n, a) = static_cast<int16_t>(run);
                }
            }
            check_deltas(c.camera, n, name, 2.0);
        }
    }

    int16_t slot_of(const Node& an, size_t i, const Actor* base_actor,
                    std::vector<std::string>& no_slot) {
        const auto no_lara = node_extra(an, "no_lara");
        if (const auto slot = int_extra(&an, "slot")) return static_cast<int16_t>(*slot);
        if (i == 0 && no_lara && no_lara->is_boolean() && no_lara->get<bool>()) return -1;
        if (base_actor) return base_actor->slot;
        if (i == 0) {
            defaults_.push_back(an.name + " slot (0, Lara)");
            return 0;  // actor 0 is Lara
        }
        no_slot.push_back(an.name);
        return 0;
    }

    Actor actor(const Cutscene& c, size_t i, std::vector<std::string>& no_slot) {
        const Node& an = s_.nodes[size_t(l_.actors[i])];
        const Actor* base_actor =
            o_.base && i < o_.base->actors.size() ? &o_.base->actors[i] : nullptr;
        Actor act;
        act.slot = slot_of(an, i, base_actor, no_slot);
        act.meshes = static_cast<int>(l_.meshes[i].size());
        act.tracks.reset(act.meshes + 1, c.frames);
        for (int a = 0; a < 3; ++a) {
            std::vector<double> offset(size_t(c.frames));
            for (int f = 0; f < c.frames; ++f)
                offset[size_t(f)] = position(l_.actors[i], f)[a] - c.origin[size_t(a)];
            const std::vector<int16_t> runs = root_runs(offset, an.name, a);
            for (int f = 0; f < c.frames; ++f) act.tracks.at(f, 0, a) = runs[size_t(f)];
        }
        check_deltas(act.tracks, 0, an.name, 3.0);
        for (int j = 0; j < act.meshes; ++j) {
            Angles prev{0, 0, 0};
            for (int f = 0; f < c.frames; ++f) {
                const glm::dvec4 q = back_.rot(sampler_.rotation(l_.meshes[i][size_t(j)], time(f)));
                prev = joint_angles(q, f ? &prev : nullptr);
                for (int a = 0; a < 3; ++a) act.tracks.at(f, j + 1, a) = prev[size_t(a)];
            }
        }
        return act;
    }

    const Scene& s_;
    const FromSceneOptions& o_;
    const Layout l_;
    const SceneSampler sampler_;
    const nlohmann::json& sx_;  // the scene's extras (an empty object when they are none)
    const Back back_;
    const Node* root_;
    const double start_;
    std::vector<std::string> defaults_;  // values no extra and no base gave
};

}  // namespace

Cutscene cutscene_from_scene(const Scene& s, int index, const FromSceneOptions& o,
                             std::vector<std::string>& warnings) {
    return CutsceneBuilder(s, o, warnings).build(index, warnings);
}

}  // namespace ripkit::tr_cutseq
