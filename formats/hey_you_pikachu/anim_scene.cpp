#include "anim_scene.hpp"

#include <algorithm>
#include <cmath>
#include <glm/gtc/quaternion.hpp>
#include <map>
#include <set>
#include <sstream>
#include <string_view>
#include <unordered_map>

#include "format.hpp"
#include "ripkit/error.hpp"
#include "ripkit/scene_kit.hpp"
#include "rom_layout.hpp"
#include "rotation_steps.hpp"

namespace ripkit::hey_you_pikachu {

namespace {

const char* const kComponentNames[] = {"tx", "ty", "tz", "rx", "ry", "rz", "sx", "sy", "sz"};

// A list check_components accepted.
std::vector<AnimComponent> components(const std::string& value) {
    std::vector<AnimComponent> out;
    for (const std::string& item : split_list(value))
        for (int i = 0; i < 9; ++i)
            if (item == kComponentNames[i]) out.push_back(AnimComponent(i));
    return out;
}

// One TRS component over time: a scalar's pieces, or the base pose value.
// Channels ask in rising time, so the piece in force is found from the last
// one asked for (a binary search only when time steps back).
struct Comp {
    const AnimScalar* s = nullptr;
    double base = 0;
    mutable size_t cursor = 0;

    bool animated() const { return s && !s->pieces.empty(); }
    // A constant scalar (kind 0) replaces the base pose.
    double fixed() const { return s ? s->constant : base; }
    // AnimScalar::piece_at(t): the last piece starting at or before t.
    size_t piece(double t) const {
        const auto& ps = s->pieces;
        if (t < ps[cursor].start) cursor = s->piece_at(t);
        while (cursor + 1 < ps.size() && ps[cursor + 1].start <= t) ++cursor;
        return cursor;
    }
    double value(size_t k, double t) const {
        const AnimPiece& p = s->pieces[k];
        return s->piece_value(k, std::clamp(t - p.start, 0.0, p.duration));
    }
    double at(double t) const { return animated() ? value(piece(t), t) : fixed(); }
    // AnimScalar::eval_left(t): the piece ending at t wins over the one starting there.
    double left(double t) const {
        if (!animated()) return fixed();
        size_t k = piece(t);
        if (k > 0 && s->pieces[k].start >= t) --k;
        return value(k, t);
    }
    // Slope at `t` of the piece in force from `seg_start` (the segment's key).
    double slope(double seg_start, double t) const {
        if (!animated()) return 0.0;
        const size_t k = piece(seg_start);
        const AnimPiece& p = s->pieces[k];
        return s->piece_slope(k, std::clamp(t - p.start, 0.0, p.duration));
    }
    // The piece in force from `t` as a cubic in seconds from t (a constant
    // past its end, where eval clamps).
    SegmentPoly segment(double t) const {
        SegmentPoly p;
        if (!animated()) {
            p.c[0] = fixed();
            return p;
        }
        const size_t k = piece(t);
        const AnimPiece& pc = s->pieces[k];
        const double u = t - pc.start;
        p.c[0] = value(k, t);
        if (pc.hold() || u >= pc.duration || s->degree(k) == 0) return p;
        p.c[1] = s->piece_slope(k, std::max(u, 0.0));
        if (s->kind == uint32_t(ScalarKind::Cubic)) {
            // Taylor terms of ((a u + b) u + c) u about u.
            p.c[2] = 3.0 * double(pc.a) * u + double(pc.b);
            p.c[3] = double(pc.a);
        }
        return p;
    }
    int degree() const {
        int d = 0;
        if (animated())
            for (size_t k = 0; k < s->pieces.size(); ++k) d = std::max(d, s->degree(k));
        return d;
    }
};

using Comps = std::array<Comp, 3>;

struct Keys {
    std::vector<double> t;
    std::vector<char> ramp;          // ramp[k]: the segment ending at key k is a jump
    std::vector<double> boundaries;  // without the jump keys
};

bool jumps(const Comps& c, double t) {
    for (const Comp& x : c) {
        if (!x.animated()) continue;
        const double l = x.left(t), r = x.at(t);
        // Float coefficients: differences at float rounding level are not jumps.
        if (std::fabs(l - r) > 1e-6 * std::max(1.0, std::fabs(r))) return true;
    }
    return false;
}

// Every piece boundary of the three components in [0, D]; where one of them
// is discontinuous, an extra key kJumpEpsilon before (the left limit, nearly).
Keys key_times(const Comps& c, double duration) {
    Keys k;
    std::vector<double>& b = k.boundaries;
    size_t most = 2;
    for (const Comp& x : c)
        if (x.animated()) most += x.s->pieces.size() + 1;
    b.reserve(most);  // grown once: a bank asks this for every track
    b = {0.0, duration};
    for (const Comp& x : c)
        if (x.animated())
            for (const AnimPiece& p : x.s->pieces)
                if (p.start > 0.0 && p.start < duration) b.push_back(p.start);
    // Past the end of a stream that stops short, the value holds: a segment
    // must not span both (a rotation segment is one polynomial).
    for (const Comp& x : c)
        if (x.animated() && !x.s->pieces.back().hold()) {
            const AnimPiece& p = x.s->pieces.back();
            if (p.start + p.duration > 0.0 && p.start + p.duration < duration)
                b.push_back(p.start + p.duration);
        }
    std::sort(b.begin(), b.end());
    b.erase(std::unique(b.begin(), b.end()), b.end());
    k.t.reserve(2 * b.size());
    k.ramp.reserve(2 * b.size());
    for (size_t i = 0; i < b.size(); ++i) {
        if (i > 0 && jumps(c, b[i])) {
            // ASSUMPTION(anim_jump_ramp): a jump is a ramp over kJumpEpsilon
            // seconds (half the piece when that is shorter).
            const double eps = std::min(kJumpEpsilon, (b[i] - b[i - 1]) / 2.0);
            // Far from 0 the epsilon can vanish in double: the ramp then
            // spans the whole segment.
            if (b[i] - eps > b[i - 1] && b[i] - eps < b[i]) {
                k.t.push_back(b[i] - eps);
                k.ramp.push_back(0);
            }
            k.t.push_back(b[i]);
            k.ramp.push_back(1);
        } else {
            k.t.push_back(b[i]);
            k.ramp.push_back(0);
        }
    }
    return k;
}

glm::vec4 value_at(const Comps& c, double t) {
    return {float(c[0].at(t)), float(c[1].at(t)), float(c[2].at(t)), 0.0f};
}

Channel vector_channel(int node, AnimPath path, const Comps& c, double duration) {
    Channel ch;
    ch.node = node;
    ch.path = path;
    int degree = 0;
    for (const Comp& x : c) degree = std::max(degree, x.degree());
    const Keys k = key_times(c, duration);
    if (degree == 0) {
        // Constants and holds: the value steps at each boundary, no ramp needed.
        ch.interp = Interp::Step;
        ch.times = k.boundaries;
        ch.values.reserve(ch.times.size());
        for (double t : ch.times) ch.values.push_back(value_at(c, t));
        return ch;
    }
    ch.interp = degree == 1 ? Interp::Linear : Interp::CubicSpline;
    ch.times = k.t;
    ch.values.reserve(ch.times.size());
    for (double t : k.t) ch.values.push_back(value_at(c, t));
    if (ch.interp != Interp::CubicSpline) return ch;
    const size_t n = k.t.size();
    ch.in_tangents.assign(n, glm::vec4(0.0f));
    ch.out_tangents.assign(n, glm::vec4(0.0f));
    for (size_t j = 0; j + 1 < n; ++j) {
        const double ta = k.t[j], tb = k.t[j + 1];
        for (int i = 0; i < 3; ++i) {
            double out, in;
            if (k.ramp[j + 1]) {
                out = in = (double(ch.values[j + 1][i]) - double(ch.values[j][i])) / (tb - ta);
            } else {
                // Hermite with the piece's own derivatives at both ends
                // reproduces a cubic exactly.
                out = c[size_t(i)].slope(ta, ta);
                in = c[size_t(i)].slope(ta, tb);
            }
            ch.out_tangents[j][i] = float(out);
            ch.in_tangents[j + 1][i] = float(in);
        }
    }
    ch.in_tangents[0] = ch.out_tangents[0];
    ch.out_tangents[n - 1] = ch.in_tangents[n - 1];
    return ch;
}

// Key times of a rotation channel: every boundary, and inside each segment
// where an angle moves the equal steps rotation_steps() asks for.
std::vector<double> rotation_times(const Comps& c, const Keys& k, uint64_t cap) {
    auto refuse = [&] {
        fail_no_offset(ErrorKind::AllocationLimit,
                       "at most " + std::to_string(cap) + " rotation keys in a channel");
    };
    // Half the tolerance: margin for the float key values and the game's trig.
    const double tol = 0.5 * kRotationToleranceDeg * 3.14159265358979323846 / 180.0;
    std::vector<double> out;
    double total = 1.0;  // the last key
    for (size_t j = 0; j + 1 < k.t.size(); ++j) {
        const double ta = k.t[j], tb = k.t[j + 1];
        double n = 1.0;
        if (!k.ramp[j + 1])
            n = rotation_steps({c[0].segment(ta), c[1].segment(ta), c[2].segment(ta)}, tb - ta, tol,
                               kMaxTurnPerStep, kMinRotationRate);
        total += n;
        if (!(total <= double(cap))) refuse();
        const int64_t steps = int64_t(n);
        for (int64_t i = 0; i < steps; ++i) {
            const double t = ta + (tb - ta) * double(i) / double(steps);
            // Steps below double spacing collapse.
            if (out.empty() || t > out.back()) out.push_back(t);
        }
    }
    if (out.empty() || k.t.back() > out.back()) out.push_back(k.t.back());
    return out;
}

Channel rotation_channel(int node, const Comps& c, double duration, const GameTrig& trig,
                         const EulerOrder& order, const Limits& limits) {
    Channel ch;
    ch.node = node;
    ch.path = AnimPath::Rotation;
    ch.interp = Interp::Linear;
    // ASSUMPTION(anim_key_times): the key times follow the continuous rotation
    // (host trig); the key values go through the model's trig (the game's sine
    // table by default) exactly like the base pose, so at each key the pose is
    // the engine's.
    ch.times = rotation_times(c, key_times(c, duration),
                              std::min<uint64_t>(limits.max_elements, kMaxRotationKeys));
    ch.values.reserve(ch.times.size());
    // With the sine table, neighbouring keys of a slow angle often look up
    // the same entries: their rotation is the one already made.
    std::array<int32_t, 3> last{-1, -1, -1};
    const std::array<int, 3> axes = order.indices();
    for (double t : ch.times) {
        const glm::vec3 e(float(c[0].at(t)), float(c[1].at(t)), float(c[2].at(t)));
        const std::array<int32_t, 3> entry{trig.table_angle(e[0]), trig.table_angle(e[1]),
                                           trig.table_angle(e[2])};
        if (entry[0] >= 0 && entry == last) {
            ch.values.push_back(ch.values.back());
            continue;
        }
        last = entry;
        // rotation_matrix(e, trig, order), from the entries just found.
        std::array<float, 3> s, co;
        for (size_t i = 0; i < 3; ++i) {
            double sd, cd;
            if (entry[i] >= 0)
                trig.entry_sin_cos(uint32_t(entry[i]), sd, cd);
            else
                trig.sin_cos(e[int(i)], sd, cd);
            s[i] = float(sd);
            co[i] = float(cd);
        }
        const glm::mat3 m = axis_rotations(axes, s, co);
        ch.values.push_back(kit::xyzw(glm::normalize(glm::quat_cast(m))));
    }
    kit::keep_hemisphere(ch.values);
    return ch;
}

}  // namespace

AnimMapping AnimMapping::from_settings(const Settings& settings) {
    AnimMapping m;
    m.track6 = components(settings.text("anim_track6"));
    m.track3 = components(settings.text("anim_track3"));
    return m;
}

AnimMapping AnimMapping::from_options(const Options& options) {
    return from_settings(Settings(formats::hey_you_pikachu_format(), options));
}

const std::vector<AnimComponent>& AnimMapping::for_type(int32_t node_type) const {
    return scalars_for_type(node_type) == 6 ? track6 : track3;
}

std::string AnimMapping::describe(const std::vector<AnimComponent>& m) const {
    std::string s;
    for (AnimComponent c : m) {
        if (!s.empty()) s += ',';
        s += kComponentNames[int(c)];
    }
    return s;
}

bool bank_compatible(const AnimBank& bank, const Hierarchy& h) {
    if (bank.error || h.nodes.empty()) return false;
    const int32_t root = h.nodes[0].type;
    if (root <= 0 || root >= kAnimShortTrackType) return false;
    for (const AnimTrack& t : bank.tracks)
        if (t.node_type == root) return true;
    return false;
}

std::vector<uint32_t> compatible_banks(const AnimTables& tables, const Hierarchy& h) {
    std::vector<uint32_t> out;
    for (const AnimBank& b : tables.banks)
        if (bank_compatible(b, h)) out.push_back(b.index);
    return out;
}

glm::vec3 animated_euler(const AnimTrack& track, const AnimMapping& mapping,
                         const HierarchyNode& node, double t) {
    glm::vec3 e = node.rotation;
    const auto& map = mapping.for_type(track.node_type);
    for (size_t i = 0; i < track.scalars.size() && i < map.size(); ++i) {
        const int c = int(map[i]);
        if (c >= int(AnimComponent::Rx) && c <= int(AnimComponent::Rz))
            e[c - int(AnimComponent::Rx)] = float(track.scalars[i].eval(t));
    }
    return e;
}

namespace {

// The base pose, with the bank's scalars over the components `mapping` gives them.
std::array<Comp, 9> node_components(const HierarchyNode& hn, const AnimTrack& track,
                                    const AnimMapping& mapping, std::array<bool, 3>& driven) {
    // Seed 21: what no scalar drives keeps the base pose.
    std::array<Comp, 9> comps;
    for (int i = 0; i < 3; ++i) {
        comps[size_t(i)].base = hn.translation[i];
        comps[size_t(3 + i)].base = hn.rotation[i];
        comps[size_t(6 + i)].base = hn.scale[i];
    }
    driven = {};
    const auto& map = mapping.for_type(track.node_type);
    for (size_t i = 0; i < track.scalars.size() && i < map.size(); ++i) {
        comps[size_t(map[i])].s = &track.scalars[i];
        driven[size_t(map[i]) / 3] = true;
    }
    return comps;
}

// Appends the T, R and S channels `track` drives on scene node `si`.
void add_node_channels(Animation& a, int si, const HierarchyNode& hn, const AnimTrack& track,
                       const BankTarget& target, const Limits& limits) {
    std::array<bool, 3> driven;
    const std::array<Comp, 9> comps = node_components(hn, track, target.mapping, driven);
    auto group = [&](int g) {
        return Comps{comps[size_t(3 * g)], comps[size_t(3 * g + 1)], comps[size_t(3 * g + 2)]};
    };
    if (driven[0])
        a.channels.push_back(vector_channel(si, AnimPath::Translation, group(0), a.duration));
    // Type 100 nodes are translation only (seed 5): the engine ignores R and S.
    if (hn.type == kTranslationOnlyType) return;
    if (driven[1])
        a.channels.push_back(
            rotation_channel(si, group(1), a.duration, target.trig, target.order, limits));
    if (driven[2]) a.channels.push_back(vector_channel(si, AnimPath::Scale, group(2), a.duration));
}

// Charges the channels from `first` on to `budget`, then checks validate_scene's
// bound (a square must stay finite) here, where the track's offset is known.
void settle_channels(const Animation& a, size_t first, const AnimTrack& track,
                     const std::string& node_name, uint32_t bank, Budget& budget) {
    const std::string what = "animation keys of bank " + std::to_string(bank);
    for (size_t c = first; c < a.channels.size(); ++c) {
        const Channel& ch = a.channels[c];
        budget.charge_bytes(
            ch.times.size() * sizeof(double) +
                (ch.values.size() + ch.in_tangents.size() + ch.out_tangents.size()) *
                    sizeof(glm::vec4),
            what);
        budget.charge_steps(ch.times.size(), what);
    }
    auto finite = [](const std::vector<glm::vec4>& vs) {
        for (const glm::vec4& v : vs)
            for (int c = 0; c < 4; ++c)
                if (!(std::fabs(v[c]) <= kMaxSceneMagnitude)) return false;
        return true;
    };
    for (size_t c = first; c < a.channels.size(); ++c)
        if (!finite(a.channels[c].values) || !finite(a.channels[c].in_tangents) ||
            !finite(a.channels[c].out_tangents))
            fail(ErrorKind::BadValue, track.entry_offset,
                 "finite animated " + std::string(anim_path_name(a.channels[c].path)) +
                     " values within +-1e18 for node " + node_name +
                     " (a piece of this track overflows a float)");
}

}  // namespace

Animation build_bank_animation(const AnimBank& bank, float quantum, const BankTarget& target,
                               Budget& budget) {
    const Hierarchy& h = target.hierarchy;
    const std::vector<std::string>& node_names = target.node_names;
    Animation a;
    a.name = "bank_" + std::to_string(bank.index);
    a.duration = double(bank.duration);
    a.frame_rate = kAnimFrameRate;
    // Seed 17: a track belongs to every node of its type, never to a bone index.
    // ASSUMPTION(anim_duplicate_types): when two tracks share a type, the first binds.
    std::map<int32_t, const AnimTrack*> by_type;
    std::vector<int32_t> duplicates;
    for (const AnimTrack& t : bank.tracks)
        if (!by_type.try_emplace(t.node_type, &t).second) duplicates.push_back(t.node_type);
    std::set<int32_t> bound;
    // One pass over the scene (a lookup per hierarchy node would scan it each time).
    std::unordered_map<std::string_view, int> scene_node;
    for (size_t i = 0; i < target.scene.nodes.size(); ++i)
        scene_node.emplace(target.scene.nodes[i].name, int(i));
    for (size_t k = 0; k < h.nodes.size() && k < node_names.size(); ++k) {
        const HierarchyNode& hn = h.nodes[k];
        const auto it = by_type.find(hn.type);
        if (it == by_type.end()) continue;
        const auto found = scene_node.find(node_names[k]);
        if (found == scene_node.end()) continue;
        bound.insert(hn.type);
        const AnimTrack& track = *it->second;
        const size_t first_new = a.channels.size();
        with_context("node " + node_names[k], [&] {
            add_node_channels(a, found->second, hn, track, target, budget.limits());
        });
        settle_channels(a, first_new, track, node_names[k], bank.index, budget);
    }
    nlohmann::json unbound = nlohmann::json::array();
    for (const auto& [type, t] : by_type)
        if (!bound.count(type)) unbound.push_back(type);
    const AnimMapping& mapping = target.mapping;
    nlohmann::json extras = {{"bank", bank.index},
                             {"duration", bank.duration},
                             {"quantum", quantum},
                             {"tracks", bank.tracks.size()},
                             {"unbound_track_types", unbound},
                             {"mapping6", mapping.describe(mapping.track6)},
                             {"mapping3", mapping.describe(mapping.track3)}};
    if (!duplicates.empty()) extras["duplicate_track_types"] = duplicates;
    a.extras = extras;
    return a;
}

}  // namespace ripkit::hey_you_pikachu
