// Decoded objects -> ripkit::Scene. Node 0 is the object; bones below it.
#include "zouna/keyframes/anim_scene.hpp"

#include <unordered_map>

#include "ripkit/node_names.hpp"
#include "zouna/document.hpp"
#include "zouna/keyframes/layout_extras.hpp"
#include "zouna/keyframes/tracks.hpp"

namespace ripkit::zouna {

namespace {

int helper_node(Scene& s, NodeNames& names, const std::string& name, const nlohmann::json& extras) {
    int n = names.find(name);
    if (n >= 0) return n;
    n = names.add(name, 0);
    s.nodes[n].extras = extras;
    return n;
}

nlohmann::json messages_json(const std::vector<Message>& list) {
    nlohmann::json out = nlohmann::json::array();
    for (const Message& m : list)
        out.push_back({{"class", m.cls},
                       {"receiver", m.receiver},
                       {"c", m.c},
                       {"parameter", m.parameter},
                       {"id", m.id}});
    return out;
}

const char* interp_of(const Channel& c) { return interp_name(c.interp); }

// A one-key STEP channel restoring the node's rest value at time 0.
Channel reset_channel(const Scene& s, int node, AnimPath path) {
    Channel c;
    c.node = node;
    c.path = path;
    c.interp = Interp::Step;
    c.times = {0.0};
    const Node& n = s.nodes[node];
    c.values = {path == AnimPath::Translation ? glm::vec4(n.translation, 0)
                : path == AnimPath::Scale     ? glm::vec4(n.scale, 0)
                                              : n.rotation};
    return c;
}

// Builds one Animation_Z into the scene: bone channels, message tracks and
// the material, mesh and morph tracks. Bones bind by crc to `bones` (created
// under the root when missing).
class AnimationBuilder {
  public:
    AnimationBuilder(Scene& s, NodeNames& names, const NamedAnimation& na,
                     std::unordered_map<uint32_t, int>& bones, const SceneInputs& in)
        : s_(s), names_(names), na_(na), a_(na.anim), bones_(bones), in_(in) {
        out_.name = na.name;
        duration_ = a_.duration > 0 ? a_.duration : 0.0;
    }

    void add() {
        for (size_t i = 0; i < a_.nodes.size(); ++i) add_node(i, a_.nodes[i]);
        const Keyframer* mat_kf[5] = {&a_.material[0], &a_.material[1], &a_.material[2],
                                      &a_.material[3], &a_.material[4]};
        scalar_tracks(a_.materials, "material", mat_kf, kMaterialTrackNames, 5);
        const Keyframer* mesh_kf[1] = {&a_.mesh_hide};
        static const char* hide[1] = {"hide"};
        scalar_tracks(a_.meshes, "mesh", mesh_kf, hide, 1);
        const Keyframer* morph_kf[1] = {&a_.morph_weight};
        static const char* weight[1] = {"weight"};
        scalar_tracks(a_.morphs, "morph", morph_kf, weight, 1);

        out_.duration = duration_;
        out_.extras = {{"zouna_crc", na_.crc},
                       {"animation_z", layout_json(a_)},
                       {"blending", a_.blending},
                       {"flags", a_.flags},
                       {"node_flags", a_.node_flags},
                       {"stored_duration", a_.duration},
                       {"tracks", tracks_},
                       {"messages", messages_},
                       {"loop", loop_}};
        s_.animations.push_back(std::move(out_));
    }

  private:
    // `charged`: baked samples, charged before they were made.
    void push(Channel c, bool charged = false) {
        if (c.times.empty()) return;
        if (!charged)
            in_.budget.charge_bytes(c.times.size() * (sizeof(double) + 3 * sizeof(glm::vec4)),
                                    "animation " + na_.name + " keys");
        duration_ = std::max(duration_, c.times.back());
        out_.channels.push_back(std::move(c));
    }

    int node_for(uint32_t crc) {
        auto it = bones_.find(crc);
        if (it != bones_.end()) return it->second;
        const int n = names_.add_unique(name_or_crc(in_.names, crc), 0);
        s_.nodes[n].extras = {{"bone_crc", crc}, {"in_skeleton", false}};
        bones_[crc] = n;
        return n;
    }

    void add_node(size_t i, const Modifier& m) {
        const int node = node_for(m.name);
        const std::string what = "animation " + na_.name + " node " + std::to_string(i);
        const Slice& st = m.slices[kSliceTranslation];
        const Slice& sr = m.slices[kSliceRot];
        const Slice& sb = m.slices[kSliceBezierRot];
        const Slice& ss = m.slices[kSliceScale];
        if (st.count)
            push(make_channel(node, AnimPath::Translation,
                              to_curve(a_.translation, st.start, st.count),
                              kf_mode(a_.translation, in_.v), ValueKind::Vector, in_.native,
                              what + " translation"));
        else if (m.flags & kResetTranslation)
            push(reset_channel(s_, node, AnimPath::Translation));
        // Rotation from KeyframerRot when it has keys, else BezierRot.
        if (sr.count)
            push(make_channel(node, AnimPath::Rotation, to_curve(a_.rot, sr.start, sr.count),
                              curves::Mode::Linear, ValueKind::Rotation, in_.native,
                              what + " rotation"));
        else if (sb.count)
            push(bake_bezier_rotation(node, to_curve(a_.bezier_rot, sb.start, sb.count), in_.v,
                                      in_.native, what + " bezier rotation", in_.budget),
                 true);
        else if (m.flags & kResetRotation)
            push(reset_channel(s_, node, AnimPath::Rotation));
        if (ss.count)
            push(make_channel(node, AnimPath::Scale, to_curve(a_.scale, ss.start, ss.count),
                              kf_mode(a_.scale, in_.v), ValueKind::Plain, in_.native,
                              what + " scale"));
        else if (m.flags & kResetScale)
            push(reset_channel(s_, node, AnimPath::Scale));
        if (m.slices[kSliceMessage].count) add_messages(node, m, what);
    }

    // A bone's messages: a helper node whose STEP track counts them, the
    // messages themselves in the animation's extras.
    void add_messages(int node, const Modifier& m, const std::string& what) {
        const Slice& sm = m.slices[kSliceMessage];
        const std::string bone = s_.nodes[node].name;
        const int h = helper_node(s_, names_, bone + " messages",
                                  {{"track", "messages"}, {"bone_crc", m.name}});
        std::vector<curves::Key> keys;
        nlohmann::json list = nlohmann::json::array();
        for (size_t k = sm.start; k < size_t(sm.start) + sm.count; ++k) {
            const double t = a_.messages.keys[k].time;
            keys.push_back({t, glm::vec4(float(keys.size()), 0, 0, 0), {}, {}});
            list.push_back({{"time", t}, {"messages", messages_json(a_.messages.messages[k])}});
            // ASSUMPTION(loop_markers): message classes 12/13 mark the loop.
            for (const Message& msg : a_.messages.messages[k]) {
                if (msg.cls == 12) loop_["start"] = t;
                if (msg.cls == 13) loop_["end"] = t;
            }
        }
        Channel c = make_channel(h, AnimPath::Translation, keys, curves::Mode::Step,
                                 ValueKind::Plain, true, what + " messages");
        c.interp = Interp::Step;
        push(std::move(c));
        messages_.push_back(
            {{"node", s_.nodes[h].name}, {"bone", bone}, {"bone_crc", m.name}, {"keys", list}});
    }

    // Material, mesh and morph tracks: helper nodes whose translation carries
    // the value (x for scalars, xyz for colours), with the engine's interpolation.
    void scalar_tracks(const std::vector<Modifier>& mods, const char* kind,
                       const Keyframer* const* kfs, const char* const* prop_names, size_t props) {
        for (const Modifier& m : mods) {
            for (size_t p = 0; p < props; ++p) {
                const Slice& sl = m.slices[p];
                if (!sl.count) continue;
                const std::string target = name_or_crc(in_.names, m.name);
                const std::string base = std::string(kind) + " " + target + " " + prop_names[p];
                const int h = helper_node(
                    s_, names_, base,
                    {{"track", kind}, {"target_crc", m.name}, {"property", prop_names[p]}});
                Channel c =
                    make_channel(h, AnimPath::Translation, to_curve(*kfs[p], sl.start, sl.count),
                                 kf_mode(*kfs[p], in_.v), ValueKind::Plain, true,
                                 "animation " + na_.name + " " + base);
                tracks_.push_back({{"node", s_.nodes[h].name},
                                   {"kind", kind},
                                   {"target", target},
                                   {"target_crc", m.name},
                                   {"property", prop_names[p]},
                                   {"components", kf_dims(kfs[p]->cls)},
                                   {"interpolation", interp_of(c)}});
                push(std::move(c));
            }
        }
    }

    Scene& s_;
    NodeNames& names_;
    const NamedAnimation& na_;
    const Animation& a_;
    std::unordered_map<uint32_t, int>& bones_;
    const SceneInputs& in_;
    ripkit::Animation out_;
    double duration_ = 0;
    nlohmann::json tracks_ = nlohmann::json::array();
    nlohmann::json messages_ = nlohmann::json::array();
    nlohmann::json loop_ = nlohmann::json::object();
};

void add_animation(Scene& s, NodeNames& names, const NamedAnimation& na,
                   std::unordered_map<uint32_t, int>& bones, const SceneInputs& in) {
    AnimationBuilder(s, names, na, bones, in).add();
}

}  // namespace

Scene skel_scene(const Skel& sk, const std::string& name, const std::vector<NamedAnimation>& anims,
                 const SceneInputs& in) {
    Scene s;
    s.name = name;
    s.add_node(name, -1);
    s.nodes[0].extras = {{"class", "Skel_Z"}, {"flags", sk.flags}};
    NodeNames names(s);
    std::unordered_map<uint32_t, int> bones;
    std::vector<int> node_of(sk.bones.size(), -1);
    // Parents may come after children in the file; add in dependency order.
    std::vector<int> order;
    std::vector<char> placed(sk.bones.size(), 0);
    while (order.size() < sk.bones.size()) {
        const size_t before = order.size();
        for (size_t i = 0; i < sk.bones.size(); ++i) {
            if (placed[i]) continue;
            const int p = sk.bones[i].parent;
            if (p >= 0 && !placed[p]) continue;
            placed[i] = 1;
            order.push_back(static_cast<int>(i));
        }
        if (order.size() == before) break;  // read_skel rejects cycles already
    }
    for (int i : order) {
        const Bone& b = sk.bones[i];
        const int parent = b.parent >= 0 ? node_of[b.parent] : 0;
        const int n = names.add_unique(name_or_crc(in.names, b.name), parent);
        node_of[i] = n;
        Node& node = s.nodes[n];
        node.translation =
            glm::vec3(convert_value(glm::vec4(b.translation, 0), ValueKind::Vector, in.native));
        glm::vec4 q = convert_value(rest_rotation(b, in.v), ValueKind::Rotation, in.native);
        const float l = glm::length(q);
        node.rotation = l > 0 ? q / l : glm::vec4(0, 0, 0, 1);
        node.scale = b.scale;
        node.extras = {{"bone_crc", b.name},
                       {"bone_index", i},
                       {"flags", b.flags},
                       {"user_define", b.user_define}};
        if (!bones.count(b.name)) bones[b.name] = n;
    }
    for (const auto& a : anims) add_animation(s, names, a, bones, in);
    s.extras["class"] = "Skel_Z";
    return s;
}

Scene animation_scene(const NamedAnimation& a, const SceneInputs& in) {
    Scene s;
    s.name = a.name;
    s.add_node(a.name, -1);
    s.nodes[0].extras = {{"class", "Animation_Z"}};
    std::unordered_map<uint32_t, int> bones;
    NodeNames names(s);
    add_animation(s, names, a, bones, in);
    s.extras["class"] = "Animation_Z";
    return s;
}

Scene material_anim_scene(const MaterialAnim& m, const std::string& name, const SceneInputs& in) {
    Scene s;
    s.name = name;
    s.add_node(name, -1);
    s.nodes[0].extras = {{"class", "MaterialAnim_Z"}, {"base_material", m.base_material}};
    NodeNames names(s);
    ripkit::Animation out;
    out.name = name;
    double duration = m.duration > 0 ? m.duration : 0.0;
    nlohmann::json bitmaps = nlohmann::json::array();
    std::unordered_map<uint32_t, uint32_t> bitmap_index;  // crc -> index into bitmaps
    nlohmann::json tracks = nlohmann::json::array();
    for (const auto& track : material_anim_tracks(m)) {
        const char* prop = track.first;
        const Keyframer* kf = track.second;
        if (kf->keys.empty()) continue;
        std::vector<curves::Key> keys = to_curve(*kf, 0, kf->keys.size());
        const std::string prop_s = prop;
        if (kf->cls == KfClass::Hdl || kf->cls == KfClass::Flag) {
            for (size_t k = 0; k < keys.size(); ++k) {
                uint32_t w = kf->keys[k].word;
                if (kf->cls == KfClass::Hdl) {
                    const auto [it, fresh] =
                        bitmap_index.try_emplace(w, static_cast<uint32_t>(bitmaps.size()));
                    if (fresh) bitmaps.push_back({{"crc", w}, {"name", name_or_crc(in.names, w)}});
                    w = it->second;
                }
                keys[k].value = glm::vec4(static_cast<float>(w), 0, 0, 0);
            }
        }
        auto add = [&](const std::string& node_name, std::vector<curves::Key> ks, int dims) {
            const int h = names.add_unique(node_name, 0);
            s.nodes[h].extras = {{"track", "material_anim"}, {"property", node_name}};
            Channel c = make_channel(h, AnimPath::Translation, ks, kf_mode(*kf, in.v),
                                     ValueKind::Plain, true, "MaterialAnim_Z " + node_name);
            tracks.push_back({{"node", s.nodes[h].name},
                              {"property", node_name},
                              {"components", dims},
                              {"interpolation", interp_name(c.interp)}});
            duration = std::max(duration, c.times.back());
            out.channels.push_back(std::move(c));
        };
        if (kf->cls == KfClass::Vec4fLinear) {
            // A channel holds three components: alpha travels on its own node.
            std::vector<curves::Key> w = keys;
            for (auto& k : w) k.value = glm::vec4(k.value.w, 0, 0, 0);
            for (auto& k : keys) k.value.w = 0;
            add(prop_s, keys, 3);
            add(prop_s + "_w", w, 1);
        } else {
            add(prop_s, keys,
                kf->cls == KfClass::Hdl || kf->cls == KfClass::Flag ? 1 : kf_dims(kf->cls));
        }
    }
    out.duration = duration;
    out.extras = {{"base_material", m.base_material},
                  {"base_material_name", name_or_crc(in.names, m.base_material)},
                  {"flags", m.flags},
                  {"stored_duration", m.duration},
                  {"bitmaps", bitmaps},
                  {"tracks", tracks}};
    if (!out.channels.empty()) s.animations.push_back(std::move(out));
    s.extras["class"] = "MaterialAnim_Z";
    return s;
}

}  // namespace ripkit::zouna
