#include "zouna/encode/scene_to_animation.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <tuple>

#include "ripkit/encode/scene_sampler.hpp"
#include "ripkit/error.hpp"
#include "ripkit/number_text.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/keyframes/layout_extras.hpp"
#include "zouna/keyframes/tracks.hpp"

namespace ripkit::zouna {

namespace {

// The keyframers a channel can land in (Rot and BezierRot are handled apart).
enum Stream { kTrans, kScale, kMat0, kMesh = kMat0 + 5, kMorph, kStreams };

struct Pending {
    Stream stream;
    int group;  // 0 nodes, 1 materials, 2 meshes, 3 morphs
    size_t modifier;
    size_t slice;
    const Channel* ch;
    ValueKind kind;
    std::string what;
};

const nlohmann::json& member(const nlohmann::json& j, const char* key) {
    static const nlohmann::json null;
    return j.is_object() && j.contains(key) ? j[key] : null;
}

int64_t int_or(const nlohmann::json& j, const char* key, int64_t def) {
    const nlohmann::json& v = member(j, key);
    return v.is_number_integer() ? v.get<int64_t>() : def;
}

KfClass stream_class(Stream s) {
    return s == kMat0 + 2 || s == kMat0 + 3 || s == kTrans || s == kScale ? KfClass::Vec3fComp
                                                                          : KfClass::FloatComp;
}

Keyframer& stream_kf(Animation& a, Stream s) {
    if (s == kTrans) return a.translation;
    if (s == kScale) return a.scale;
    if (s == kMesh) return a.mesh_hide;
    if (s == kMorph) return a.morph_weight;
    return a.material[size_t(s - kMat0)];
}

int meta_flags(const nlohmann::json& meta, Stream s) {
    const nlohmann::json& f = member(meta, "keyframer_flags");
    if (s == kTrans) return int(int_or(f, "translation", -1));
    if (s == kScale) return int(int_or(f, "scale", -1));
    if (s == kMesh) return int(int_or(f, "mesh_hide", -1));
    if (s == kMorph) return int(int_or(f, "morph_weight", -1));
    const nlohmann::json& m = member(f, "material");
    const size_t i = size_t(s - kMat0);
    return m.is_array() && i < m.size() && m[i].is_number_integer() ? m[i].get<int>() : -1;
}

curves::Mode mode_of(KfClass cls, int flags, const Variants& v) {
    Keyframer k;
    k.cls = cls;
    k.flags = static_cast<uint16_t>(flags);
    return kf_mode(k, v);
}

// The keyframer flags for `mode`: the stored ones when they mean it, else the
// variant's own value for it.
uint16_t flags_for(curves::Mode mode, Stream s, int stored, const Variants& v) {
    if (stored >= 0 && stored <= 0xFFFF && mode_of(stream_class(s), stored, v) == mode)
        return static_cast<uint16_t>(stored);
    if (mode == curves::Mode::Step) return v.flags == FlagSemantics::Bits ? 8 : 3;
    if (mode == curves::Mode::Linear) return 2;
    return 1;
}

void check_comp(const glm::vec4& v, int dims, double scale, const std::string& what) {
    for (int i = 0; i < dims; ++i) {
        const double r = std::round(double(v[i]) * scale);
        if (!(r >= -32768 && r <= 32767))
            fail_no_offset(ErrorKind::BadValue, what + ": " + decimal(v[i], 9) +
                                                    " is outside what an s16 / " +
                                                    decimal(scale, 9) + " Comp value holds (" +
                                                    decimal(-32768 / scale, 9) + " .. " +
                                                    decimal(32767 / scale, 9) + ")");
    }
}

// What the decoder makes of Quati16 `c`: float(c / scale), normalised in float.
glm::vec4 decoded_quat(const glm::dvec4& c, double scale) {
    glm::vec4 q;
    for (int i = 0; i < 4; ++i) q[i] = static_cast<float>(c[i] / scale);
    const float l = glm::length(q);
    return l > 0.0f ? q / l : glm::vec4(0, 0, 0, 1);
}

// Quati16 components for unit quaternion q. The file's own values need not
// have had unit length: a length near `scale` whose rounding decodes to q
// exactly is searched first, so a quaternion ripkit decoded comes back as it
// was stored; otherwise round(q * scale) (bound 0.5 / scale per component).
glm::vec4 quat_key(const glm::vec4& q, double scale) {
    const auto at = [&](double len) { return glm::round(glm::dvec4(q) * len); };
    for (int step = 0; step <= 80; ++step) {
        const double len = scale * (1.0 + (step % 2 ? 1 : -1) * ((step + 1) / 2) * 1e-4);
        const glm::dvec4 c = at(len);
        // Within a few float32 steps: the glb may hold the decoder's value renormalised.
        const glm::vec4 d = decoded_quat(c, scale) - q;
        if (std::max({std::abs(d.x), std::abs(d.y), std::abs(d.z), std::abs(d.w)}) <= 1e-6f)
            return glm::vec4(c / scale);
    }
    const float l = glm::length(q);
    return glm::vec4(glm::round(glm::dvec4(l > 0 ? q / l : glm::vec4(0, 0, 0, 1)) * scale) / scale);
}

// Every key the same value: the interpolation cannot show (DCC exporters write
// an unanimated property as a STEP track of equal keys).
bool constant(const Channel& c) {
    for (const glm::vec4& v : c.values)
        if (v != c.values.front()) return false;
    return true;
}

// A helper node's track: from its extras, or (FBX keeps no extras) from the
// name anim_scene.cpp gives it: "material|mesh|morph <target> <property>" and
// "<bone> messages".
struct HelperTrack {
    std::string kind, property;
    uint32_t target = 0;
};

std::optional<HelperTrack> helper_track(const Node& n, const NameMap* names) {
    const nlohmann::json& track = member(n.extras, "track");
    if (track.is_string()) {
        HelperTrack h;
        h.kind = track.get<std::string>();
        const nlohmann::json& prop = member(n.extras, "property");
        if (prop.is_string()) h.property = prop.get<std::string>();
        h.target = static_cast<uint32_t>(
            int_or(n.extras, h.kind == "messages" ? "bone_crc" : "target_crc", 0));
        return h;
    }
    const size_t first = n.name.find(' '), last = n.name.rfind(' ');
    if (first == std::string::npos) return std::nullopt;
    const std::string kind = n.name.substr(0, first);
    if (first != last && (kind == "material" || kind == "mesh" || kind == "morph"))
        return HelperTrack{kind, n.name.substr(last + 1),
                           crc_of_name(n.name.substr(first + 1, last - first - 1), names)};
    if (n.name.substr(last + 1) == "messages")
        return HelperTrack{"messages", "", crc_of_name(n.name.substr(0, last), names)};
    return std::nullopt;
}

// The layout the scene was decoded with, else the base's (the scene lost its extras).
nlohmann::json layout_of(const nlohmann::json& extras, const FromSceneOptions& o) {
    const nlohmann::json& stored = member(extras, "animation_z");
    if (stored.is_object() || !o.base) return stored;
    return layout_json(*o.base);
}

bool same_bake(const Channel& baked, const Channel& ch, double start) {
    if (baked.times.size() != ch.times.size()) return false;
    for (size_t k = 0; k < ch.times.size(); ++k) {
        if (std::abs(baked.times[k] + start - ch.times[k]) > 1e-6) return false;
        const float d = std::abs(glm::dot(baked.values[k], ch.values[k]));
        if (!(d > 1.0f - 1e-6f)) return false;
    }
    return true;
}

struct Builder {
    const Scene& s;
    const ripkit::Animation* src;
    const FromSceneOptions& o;
    Budget& budget;
    const nlohmann::json src_extras;  // the animation's, parsed once
    const nlohmann::json meta;
    SceneSampler sampler;
    Animation a;
    std::vector<Pending> pending;
    std::vector<std::string> missing, ignored;

    Builder(const Scene& scene, const ripkit::Animation* anim, const FromSceneOptions& opt,
            Budget& b)
        : s(scene),
          src(anim),
          o(opt),
          budget(b),
          src_extras(anim->extras.tree()),
          meta(layout_of(src_extras, opt)),
          sampler(scene, anim) {
        a.rot.cls = KfClass::Rot;
        a.bezier_rot.cls = KfClass::BezierRot;
        a.messages.cls = KfClass::Message;
        for (int st = 0; st < kStreams; ++st)
            stream_kf(a, Stream(st)).cls = stream_class(Stream(st));
    }

    std::string node_what(int node, const char* path) const {
        return "animation " + src->name + " node " + s.nodes[size_t(node)].name + " " + path;
    }

    // True when a channel only restores the rest value (a reset flag, no keys).
    bool is_reset(const Channel* ch, int node, uint16_t flags, uint16_t bit) const {
        if (!ch || !(flags & bit) || ch->times.size() != 1 || ch->interp != Interp::Step)
            return false;
        const glm::vec4 rest =
            ch->path == AnimPath::Translation ? glm::vec4(s.nodes[size_t(node)].translation, 0)
            : ch->path == AnimPath::Scale     ? glm::vec4(s.nodes[size_t(node)].scale, 0)
                                              : s.nodes[size_t(node)].rotation;
        return glm::length(ch->values[0] - rest) < 1e-6f;
    }

    void rotation(Modifier& m, int node, const Channel* ch) {
        // A BezierRot track ripkit baked comes back as its keys when the bake is unchanged.
        for (const nlohmann::json& b : member(meta, "bezier_rotation")) {
            if (int_or(b, "bone_crc", -1) != int64_t(m.name)) continue;
            std::vector<curves::Key> keys;
            for (const nlohmann::json& k : member(b, "keys")) {
                if (!k.is_array() || k.size() != 10) continue;
                curves::Key key;
                key.time = k[0].get<double>();
                key.value = {k[1].get<float>(), k[2].get<float>(), k[3].get<float>(), 0};
                key.in = {k[4].get<float>(), k[5].get<float>(), k[6].get<float>(), 0};
                key.out = {k[7].get<float>(), k[8].get<float>(), k[9].get<float>(), 0};
                keys.push_back(key);
            }
            if (keys.empty() ||
                !same_bake(bake_bezier_rotation(node, keys, o.v, o.native, "bezier", budget), *ch,
                           o.start))
                break;
            m.slices[kSliceBezierRot] = {uint16_t(a.bezier_rot.keys.size()), uint16_t(keys.size())};
            for (const curves::Key& k : keys) {
                Key key;
                key.time = float(k.time), key.value = k.value, key.in = k.in, key.out = k.out;
                a.bezier_rot.keys.push_back(key);
            }
            return;
        }
        if (ch->times.size() > 1 && ch->interp != Interp::Linear && !constant(*ch))
            fail_no_offset(ErrorKind::BadValue, node_what(node, "rotation") +
                                                    ": LINEAR keys (KeyframerRot_Z slerps), got " +
                                                    interp_name(ch->interp) +
                                                    "; resample the rotation as LINEAR");
        m.slices[kSliceRot] = {uint16_t(a.rot.keys.size()), uint16_t(ch->times.size())};
        for (size_t k = 0; k < ch->times.size(); ++k) {
            Key key;
            key.time = float(ch->times[k] - o.start);
            // As read: a quaternion ripkit decoded is the decoder's float output exactly.
            const glm::vec4 q = convert_value(ch->values[k], ValueKind::Rotation, o.native);
            key.value = quat_key(q, o.v.quat_scale);
            a.rot.keys.push_back(key);
        }
    }

    std::vector<Modifier>& group(int g) {
        return g == 0 ? a.nodes : g == 1 ? a.materials : g == 2 ? a.meshes : a.morphs;
    }

    // The modifier for `crc` in group g: the stored order first (meta), new ones after.
    size_t modifier(int g, uint32_t crc) {
        std::vector<Modifier>& mods = group(g);
        for (size_t i = 0; i < mods.size(); ++i)
            if (mods[i].name == crc) return i;
        Modifier m;
        m.name = crc;
        m.id = static_cast<uint16_t>(mods.size());
        m.slices.assign(g < 2 ? 5 : 1, Slice{});
        mods.push_back(m);
        return mods.size() - 1;
    }

    void seed_modifiers() {
        static const char* lists[4] = {"nodes", "materials", "meshes", "morphs"};
        for (int g = 0; g < 4; ++g)
            for (const nlohmann::json& m : member(meta, lists[g])) {
                const size_t i = modifier(g, static_cast<uint32_t>(int_or(m, "crc", 0)));
                group(g)[i].id = static_cast<uint16_t>(int_or(m, "id", group(g)[i].id));
                group(g)[i].flags = static_cast<uint16_t>(int_or(m, "flags", 0));
            }
    }

    const nlohmann::json* messages_of(uint32_t crc) const {
        for (const nlohmann::json& e : member(src_extras, "messages"))
            if (int_or(e, "bone_crc", -1) == int64_t(crc) && member(e, "node").is_string() &&
                s.find_node(member(e, "node").get<std::string>()) >= 0)
                return &e;
        return nullptr;
    }

    void bone(size_t mi, int node) {
        Modifier& m = a.nodes[mi];
        const Channel* t = sampler.channel(node, AnimPath::Translation);
        const Channel* r = sampler.channel(node, AnimPath::Rotation);
        const Channel* sc = sampler.channel(node, AnimPath::Scale);
        if (t && !is_reset(t, node, m.flags, kResetTranslation))
            pending.push_back({kTrans, 0, mi, kSliceTranslation, t, ValueKind::Vector,
                               node_what(node, "translation")});
        if (r && !is_reset(r, node, m.flags, kResetRotation)) rotation(a.nodes[mi], node, r);
        if (sc && !is_reset(sc, node, m.flags, kResetScale))
            pending.push_back(
                {kScale, 0, mi, kSliceScale, sc, ValueKind::Plain, node_what(node, "scale")});
        if (const nlohmann::json* e = messages_of(m.name)) {
            const size_t start = a.messages.keys.size();
            for (const nlohmann::json& k : member(*e, "keys")) {
                Key key;
                key.time = member(k, "time").is_number() ? member(k, "time").get<float>() : 0.0f;
                std::vector<Message> list;
                for (const nlohmann::json& mj : member(k, "messages"))
                    list.push_back(
                        {uint32_t(int_or(mj, "class", 0)), uint32_t(int_or(mj, "receiver", 0)),
                         uint32_t(int_or(mj, "c", 0)),
                         member(mj, "parameter").is_number() ? member(mj, "parameter").get<float>()
                                                             : 0.0f,
                         uint32_t(int_or(mj, "id", 0))});
                key.word = uint32_t(list.size());
                a.messages.keys.push_back(key);
                a.messages.messages.push_back(std::move(list));
            }
            a.nodes[mi].slices[kSliceMessage] = {uint16_t(start),
                                                 uint16_t(a.messages.keys.size() - start)};
        } else if (const Modifier* bm = base_messages(m.name)) {
            const Slice& from = bm->slices[kSliceMessage];
            a.nodes[mi].slices[kSliceMessage] = {uint16_t(a.messages.keys.size()), from.count};
            for (size_t k = from.start; k < size_t(from.start) + from.count; ++k) {
                a.messages.keys.push_back(o.base->messages.keys[k]);
                a.messages.messages.push_back(o.base->messages.messages[k]);
            }
        }
    }

    // The base's message keys for bone `crc` when the scene lost the extras
    // that carry them (Blender, FBX): a DCC cannot edit them anyway.
    const Modifier* base_messages(uint32_t crc) const {
        if (!o.base || member(src_extras, "messages").is_array()) return nullptr;
        for (const Modifier& bm : o.base->nodes)
            if (bm.name == crc && bm.slices.size() > kSliceMessage &&
                bm.slices[kSliceMessage].count)
                return &bm;
        return nullptr;
    }

    void helper(int node, const HelperTrack& h) {
        const Node& n = s.nodes[size_t(node)];
        const Channel* ch = sampler.channel(node, AnimPath::Translation);
        int g = -1, slot = -1;
        if (h.kind == "material") {
            g = 1;
            for (int i = 0; i < 5; ++i)
                if (h.property == kMaterialTrackNames[i]) slot = i;
        } else if (h.kind == "mesh" && h.property == "hide") {
            g = 2, slot = 0;
        } else if (h.kind == "morph" && h.property == "weight") {
            g = 3, slot = 0;
        }
        if (slot < 0 || !ch) {
            if (ch) ignored.push_back(n.name);
            return;
        }
        const Stream st = g == 1 ? Stream(kMat0 + slot) : g == 2 ? kMesh : kMorph;
        pending.push_back({st, g, modifier(g, h.target), size_t(slot), ch, ValueKind::Plain,
                           "animation " + src->name + " node " + n.name});
    }

    void collect() {
        seed_modifiers();
        std::map<uint32_t, int> bone_nodes;
        std::vector<std::optional<HelperTrack>> helpers(s.nodes.size());
        for (size_t i = 1; i < s.nodes.size(); ++i) {
            helpers[i] = helper_track(s.nodes[i], o.names);
            if (!helpers[i]) bone_nodes.emplace(node_crc(s.nodes[i], o.names), int(i));
        }
        for (size_t mi = 0; mi < a.nodes.size(); ++mi) {
            const auto it = bone_nodes.find(a.nodes[mi].name);
            if (it == bone_nodes.end()) missing.push_back(std::to_string(a.nodes[mi].name));
        }
        for (size_t i = 0; i < s.nodes.size(); ++i) {
            const Node& n = s.nodes[i];
            const bool animated = sampler.channel(int(i), AnimPath::Translation) ||
                                  sampler.channel(int(i), AnimPath::Rotation) ||
                                  sampler.channel(int(i), AnimPath::Scale);
            if (helpers[i]) {
                if (helpers[i]->kind != "messages")
                    helper(int(i), *helpers[i]);
                else if (animated && !messages_of(helpers[i]->target) &&
                         !base_messages(helpers[i]->target))
                    ignored.push_back(n.name);  // message keys live in the extras (or the base)
            } else if (i == 0) {
                if (animated) ignored.push_back(n.name);
            } else if (animated || bone_nodes.count(node_crc(n, o.names))) {
                const uint32_t crc = node_crc(n, o.names);
                if (bone_nodes[crc] != int(i)) continue;  // a second node with the same crc
                const bool known = std::any_of(a.nodes.begin(), a.nodes.end(),
                                               [&](const Modifier& m) { return m.name == crc; });
                if (known || animated) bone(modifier(0, crc), int(i));
            }
        }
    }

    void keys_into(Keyframer& kf, curves::Mode mode, const Pending& p) {
        const Channel& c = *p.ch;
        const int dims = stream_class(p.stream) == KfClass::Vec3fComp ? 3 : 1;
        const size_t n = c.times.size();
        for (size_t k = 0; k < n; ++k) {
            Key key;
            key.time = float(c.times[k] - o.start);
            key.value = convert_value(c.values[k], p.kind, o.native);
            if (mode == curves::Mode::Hermite && n > 1) {
                const double d_out = k + 1 < n ? c.times[k + 1] - c.times[k] : 0.0;
                const double d_in = k ? c.times[k] - c.times[k - 1] : 0.0;
                if (c.interp == Interp::CubicSpline) {
                    // glTF tangents are per second; the engine's per segment.
                    if (k + 1 < n)
                        key.out = glm::vec4(
                            glm::dvec4(convert_value(c.out_tangents[k], p.kind, o.native)) * d_out);
                    if (k)
                        key.in = glm::vec4(
                            glm::dvec4(convert_value(c.in_tangents[k], p.kind, o.native)) * d_in);
                } else {
                    // LINEAR in a Hermite keyframer: tangents = the chord, exactly a line.
                    if (k + 1 < n)
                        key.out = convert_value(c.values[k + 1] - c.values[k], p.kind, o.native);
                    if (k) key.in = convert_value(c.values[k] - c.values[k - 1], p.kind, o.native);
                }
            }
            for (int i = dims; i < 4; ++i) key.value[i] = key.in[i] = key.out[i] = 0;
            const std::string what =
                p.what + " key " + std::to_string(k) + " (" + decimal(c.times[k], 9) + " s)";
            check_comp(key.value, dims, o.v.comp_scale, what + " value");
            check_comp(key.in, dims, o.v.comp_scale, what + " tangentIn");
            check_comp(key.out, dims, o.v.comp_scale, what + " tangentOut");
            kf.keys.push_back(key);
        }
    }

    void emit() {
        std::stable_sort(pending.begin(), pending.end(), [](const Pending& x, const Pending& y) {
            return std::tie(x.group, x.modifier, x.slice) < std::tie(y.group, y.modifier, y.slice);
        });
        for (int st = 0; st < kStreams; ++st) {
            const Pending* step = nullptr;
            const Pending* other = nullptr;
            bool cubic = false;
            for (const Pending& p : pending) {
                if (p.stream != st || p.ch->times.size() < 2 || constant(*p.ch)) continue;
                if (p.ch->interp == Interp::Step)
                    step = step ? step : &p;
                else
                    other = other ? other : &p;
                cubic = cubic || p.ch->interp == Interp::CubicSpline;
            }
            if (step && other)
                fail_no_offset(ErrorKind::BadValue,
                               "one interpolation per keyframer (Animation_Z stores one flag for "
                               "all its tracks): " +
                                   step->what + " is STEP, " + other->what + " is " +
                                   interp_name(other->ch->interp));
            const int stored = meta_flags(meta, Stream(st));
            curves::Mode mode = step ? curves::Mode::Step
                                : other
                                    ? (cubic ? curves::Mode::Hermite : curves::Mode::Linear)
                                    : (stored >= 0 ? mode_of(stream_class(Stream(st)), stored, o.v)
                                                   : curves::Mode::Hermite);
            // A Hermite keyframer holds LINEAR tracks exactly; keep the stored flags when they say
            // so.
            if (mode == curves::Mode::Linear && stored >= 0 &&
                mode_of(stream_class(Stream(st)), stored, o.v) == curves::Mode::Hermite)
                mode = curves::Mode::Hermite;
            Keyframer& kf = stream_kf(a, Stream(st));
            kf.flags = flags_for(mode, Stream(st), stored, o.v);
            for (const Pending& p : pending) {
                if (p.stream != st) continue;
                const size_t start = kf.keys.size();
                keys_into(kf, mode, p);
                if (kf.keys.size() > 0xFFFF)
                    fail_no_offset(ErrorKind::BadValue, p.what +
                                                            ": at most 65535 keys in one "
                                                            "keyframer (u16 slice starts)");
                group(p.group)[p.modifier].slices[p.slice] = {uint16_t(start),
                                                              uint16_t(kf.keys.size() - start)};
            }
        }
        for (const Keyframer* k : {&a.rot, &a.bezier_rot, &a.messages})
            if (k->keys.size() > 0xFFFF)
                fail_no_offset(ErrorKind::BadValue,
                               std::string("at most 65535 keys in ") + kf_class_name(k->cls));
    }
};

}  // namespace

uint32_t crc_of_name(const std::string& name, const NameMap* names) {
    if (names)
        for (const auto& [crc, known] : *names)
            if (known == name) return crc;
    if (!name.empty() && name.size() <= 10 &&
        name.find_first_not_of("0123456789") == std::string::npos) {
        const uint64_t v = std::stoull(name);
        if (v <= UINT32_MAX) return static_cast<uint32_t>(v);
    }
    return asobo_crc32(name);
}

uint32_t node_crc(const Node& n, const NameMap* names) {
    if (n.extras.is_object()) {
        const nlohmann::json& c = member(n.extras, "bone_crc");
        if (c.is_number_unsigned() || (c.is_number_integer() && c.get<int64_t>() >= 0))
            return static_cast<uint32_t>(c.get<uint64_t>());
    }
    return crc_of_name(n.name, names);
}

SceneAnimation animation_from_scene(const Scene& s, const FromSceneOptions& o, Budget& budget,
                                    std::vector<std::string>& warnings) {
    const ripkit::Animation* anim = pick_animation(s, o.animation);
    if (!anim) fail_no_offset(ErrorKind::BadValue, "an animation to write; the scene has none");
    Builder b(s, anim, o, budget);
    b.collect();
    if (!b.missing.empty())
        fail_no_offset(ErrorKind::BadValue,
                       "a node for every bone the animation's modifiers name (by name or "
                       "bone_crc); missing crcs: " +
                           name_list(b.missing, 20));
    b.emit();
    if (!b.meta.is_object())
        warnings.push_back(
            "the scene carries no animation_z layout (a DCC dropped the animation's extras): "
            "modifier ids and flags, keyframer flags, blending and flags take defaults; give "
            "--base to keep the game file's");
    if (!b.ignored.empty())
        warnings.push_back(
            "ignored " + std::to_string(b.ignored.size()) +
            " animated nodes an Animation_Z has no place for: " + name_list(b.ignored));
    const nlohmann::json& ex = b.src_extras;
    b.a.duration = member(ex, "stored_duration").is_number()
                       ? member(ex, "stored_duration").get<float>()
                       : float(std::max(0.0, anim->duration - o.start));
    b.a.blending = member(ex, "blending").is_number() ? member(ex, "blending").get<float>()
                   : o.base                           ? o.base->blending
                                                      : 0.0f;
    b.a.flags = static_cast<uint16_t>(int_or(ex, "flags", o.base ? o.base->flags : 0));
    b.a.node_flags =
        static_cast<uint16_t>(int_or(ex, "node_flags", o.base ? o.base->node_flags : 0));
    SceneAnimation out;
    out.anim = std::move(b.a);
    out.name_crc = static_cast<uint32_t>(int_or(ex, "zouna_crc", 0));
    return out;
}

}  // namespace ripkit::zouna
