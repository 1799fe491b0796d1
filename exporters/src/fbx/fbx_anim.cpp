// Animation stacks: node channels, value tracks as animated user properties,
// the camera's field of view.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <numbers>

#include "fbx_writer.hpp"
#include "ripkit/scene_eval.hpp"

namespace ripkit::fbxw {

using std::numbers::pi;

namespace {

int64_t ktime(double seconds) { return std::llround(seconds * double(fbx::kKTimePerSecond)); }

// 1/3 and 1/3 as FBX packs tangent weights (x 10^4 in two u16), read only
// when a key has a weighted flag: here they document the plain Hermite.
float packed_third_weights() {
    const uint32_t bits = 0x0D050D05;
    float f = 0;
    std::memcpy(&f, &bits, 4);
    return f;
}

// Slopes come from differences over the game's key spacing; a 1e-30 s
// segment can make one overflow a float. FBX files never hold NaN or Inf
// (the fuzz targets check), so such a slope is held at the float range.
float finite(float v) {
    if (std::isnan(v)) return 0.0f;
    return std::clamp(v, -std::numeric_limits<float>::max(), std::numeric_limits<float>::max());
}

void write_curve(Doc& doc, const Curve& c, int64_t curve_node, std::string_view channel) {
    const int64_t id = doc.new_id();
    fbx::Node& n = doc.object("AnimationCurve", id, "", "AnimCurve", "");
    n.add("Default").f64(c.values.empty() ? 0.0 : double(finite(c.values[0])));
    n.add("KeyVer").i32(4009);
    std::vector<int64_t> times;
    times.reserve(c.times.size());
    for (double t : c.times) times.push_back(ktime(t));
    n.add("KeyTime").i64s(times);
    std::vector<float> values(c.values.size());
    std::transform(c.values.begin(), c.values.end(), values.begin(), finite);
    n.add("KeyValueFloat").f32s(values);
    // Run-length: one flags/data entry per run of keys that share them.
    std::vector<int32_t> flags, refs;
    std::vector<float> data;
    for (size_t k = 0; k < c.times.size(); ++k) {
        const float s0 = finite(c.slopes[2 * k]), s1 = finite(c.slopes[2 * k + 1]);
        const size_t last = flags.size();
        if (last && flags[last - 1] == c.flags[k] && data[4 * last - 4] == s0 &&
            data[4 * last - 3] == s1) {
            ++refs.back();
            continue;
        }
        flags.push_back(c.flags[k]);
        data.insert(data.end(), {s0, s1, packed_third_weights(), 0.0f});
        refs.push_back(1);
    }
    n.add("KeyAttrFlags").i32s(flags);
    n.add("KeyAttrDataFloat").f32s(data);
    n.add("KeyAttrRefCount").i32s(refs);
    doc.op(id, curve_node, channel);
}

// A curve node on `target`'s property with one curve per channel name.
void write_curve_node(Doc& doc, int64_t layer, int64_t target, const std::string& property,
                      const std::string& node_name, const std::vector<std::string>& channels,
                      const std::vector<double>& defaults,
                      const std::vector<const Curve*>& curves) {
    const int64_t id = doc.new_id();
    fbx::Node& cn = doc.object("AnimationCurveNode", id, node_name, "AnimCurveNode", "");
    fbx::Node& p70 = properties(cn);
    for (size_t k = 0; k < channels.size(); ++k) p_number(p70, channels[k], defaults[k]);
    doc.oo(id, layer);
    doc.op(id, target, property);
    for (size_t k = 0; k < channels.size(); ++k) write_curve(doc, *curves[k], id, channels[k]);
}

void node_channel(Doc& doc, int64_t layer, const Scene& s, const Models& m, const Channel& ch,
                  const AnimOptions& opt) {
    static const char* kProperty[] = {"Lcl Translation", "Lcl Rotation", "Lcl Scaling"};
    static const char* kNodeName[] = {"T", "R", "S"};
    const glm::dvec4 post =
        m.camera_turned[size_t(ch.node)] ? camera_turn() : glm::dvec4(0, 0, 0, 1);
    const std::array<Curve, 3> xyz =
        channel_curves(ch, opt.bake, opt.frame_rate, doc.budget(), post);
    const Node& n = s.nodes[size_t(ch.node)];
    const glm::dvec4 rest(rest_value(n, ch.path));
    const glm::dvec3 d =
        ch.path == AnimPath::Rotation ? turned_euler(rest, post) : glm::dvec3(rest);
    const int p = int(ch.path);
    write_curve_node(doc, layer, m.node[size_t(ch.node)], kProperty[p], kNodeName[p],
                     {"d|X", "d|Y", "d|Z"}, {d.x, d.y, d.z}, {&xyz[0], &xyz[1], &xyz[2]});
}

void camera_fov(Doc& doc, int64_t layer, const Camera& cam, int64_t attr, const AnimOptions& opt) {
    const double aspect = cam.aspect > 0 ? double(cam.aspect) : 4.0 / 3.0;
    std::vector<double> focal, hfov, yfov;
    for (float v : cam.yfov_values) {
        focal.push_back(focal_length_mm(double(v)));
        hfov.push_back(2.0 * std::atan(std::tan(0.5 * double(v)) * aspect) * 180.0 / pi);
        yfov.push_back(double(v) * 180.0 / pi);
    }
    // Blender reads the FocalLength curve (as lens keys); the angles are for
    // readers that animate them.
    const std::pair<const char*, const std::vector<double>*> props[] = {
        {"FocalLength", &focal}, {"FieldOfView", &hfov}, {"FieldOfViewY", &yfov}};
    for (const auto& [name, values] : props) {
        const Curve c = step_curve(cam.yfov_times, *values, opt.bake, opt.frame_rate, doc.budget());
        write_curve_node(doc, layer, attr, name, name, {std::string("d|") + name},
                         {values->front()}, {&c});
    }
}

void write_stack(const Scene& s, size_t index, Doc& doc, const Models& m, const AnimOptions& opt,
                 const std::vector<std::vector<size_t>>& tracks_of_node) {
    const Animation& a = s.animations[index];
    const int64_t stack = doc.new_id(), layer = doc.new_id();
    fbx::Node& st = doc.object("AnimationStack", stack, a.name, "AnimStack", "");
    fbx::Node& p70 = properties(st);
    p_ktime(p70, "LocalStart", 0);
    p_ktime(p70, "LocalStop", ktime(a.duration));
    p_ktime(p70, "ReferenceStart", 0);
    p_ktime(p70, "ReferenceStop", ktime(a.duration));
    nlohmann::json extras = a.extras.is_object() ? a.extras.tree() : nlohmann::json::object();
    extras["duration"] = a.duration;
    extras["frame_rate"] = a.frame_rate;
    p_user_extras(p70, extras, {"LocalStart", "LocalStop", "ReferenceStart", "ReferenceStop"});
    // Named like its stack, so Blender names the actions "<object>|<animation>".
    doc.object("AnimationLayer", layer, a.name, "AnimLayer", "");
    doc.oo(layer, stack);
    for (const Channel& ch : a.channels) {
        if (ch.times.empty()) continue;
        node_channel(doc, layer, s, m, ch, opt);
        if (ch.path != AnimPath::Translation) continue;
        for (size_t k : tracks_of_node[size_t(ch.node)]) {
            const ValueTrack& t = m.tracks[k];
            const Curve c =
                channel_curves(ch, opt.bake, opt.frame_rate, doc.budget())[size_t(t.component)];
            write_curve_node(doc, layer, m.node[size_t(t.target)], t.property, t.property,
                             {"d|" + t.property},
                             {double(s.nodes[size_t(t.node)].translation[t.component])}, {&c});
        }
    }
    if (index != 0) return;
    // The camera's field-of-view changes run on the scene's timeline: they go
    // with the first animation.
    for (size_t c = 0; c < s.cameras.size(); ++c) {
        const Camera& cam = s.cameras[c];
        if (!cam.yfov_times.empty() && cam.yfov_times.size() == cam.yfov_values.size())
            camera_fov(doc, layer, cam, m.camera_attr[c], opt);
    }
}

}  // namespace

void write_animations(const Scene& scene, Doc& doc, const Models& m, const AnimOptions& opt) {
    std::vector<std::vector<size_t>> tracks_of_node(scene.nodes.size());
    for (size_t k = 0; k < m.tracks.size(); ++k)
        tracks_of_node[size_t(m.tracks[k].node)].push_back(k);
    for (size_t i = 0; i < scene.animations.size(); ++i)
        write_stack(scene, i, doc, m, opt, tracks_of_node);
}

}  // namespace ripkit::fbxw
