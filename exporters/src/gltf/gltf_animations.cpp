// Scene animations written straight into glTF: one sampler per channel with
// the channel's own interpolation, CUBICSPLINE outputs as the exact
// [in-tangent, value, out-tangent] triplets of the Scene; equal key times
// written once.
#include <cmath>
#include <cstring>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "ripkit/error.hpp"
#include "ripkit/gltf_export.hpp"

namespace ripkit {

namespace {

glm::vec4 normalised(glm::vec4 q) {
    const float len = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    return len > 0.0f && std::isfinite(len) ? q / len : glm::vec4(0, 0, 0, 1);
}

void push(std::vector<float>& out, const glm::vec4& v, size_t n) {
    for (size_t c = 0; c < n; ++c) out.push_back(v[int(c)]);
}

// Input accessors by content: channels keyed on the same times (every channel
// of a cutscene runs on its frames) share one accessor, as glTF allows, instead
// of a copy of the times each - a third of a TR cutscene's glb.
class SharedInputs {
  public:
    explicit SharedInputs(GltfDoc& doc) : doc_(doc) {}

    int accessor(const std::vector<float>& times) {
        const std::string_view bytes(reinterpret_cast<const char*>(times.data()),
                                     times.size() * sizeof(float));
        const size_t hash = std::hash<std::string_view>{}(bytes);
        const auto [begin, end] = written_.equal_range(hash);
        for (auto it = begin; it != end; ++it)
            if (it->second.count == times.size() &&
                std::memcmp(doc_.bin.data() + it->second.offset, bytes.data(), bytes.size()) == 0)
                return it->second.accessor;
        size_t offset = 0;
        const int acc = doc_.add_float_accessor(times, "SCALAR", times.size(), true, &offset);
        written_.emplace(hash, Written{times.size(), offset, acc});
        return acc;
    }

  private:
    struct Written {
        size_t count, offset;  // floats, and where they are in the buffer
        int accessor;
    };
    GltfDoc& doc_;
    std::unordered_multimap<size_t, Written> written_;
};

nlohmann::json make_sampler(const Channel& ch, GltfDoc& doc, SharedInputs& inputs) {
    std::vector<float> input;
    input.reserve(ch.times.size());
    // Distinct double times can round to the same float; glTF needs strictly
    // increasing inputs, so such a key moves up by one float step.
    for (double t : ch.times) {
        float f = float(t);
        if (!input.empty() && !(f > input.back())) f = std::nextafter(input.back(), INFINITY);
        input.push_back(f);
    }
    const bool rot = ch.path == AnimPath::Rotation;
    const size_t n = rot ? 4 : 3;
    std::vector<float> output;
    const bool cubic = ch.interp == Interp::CubicSpline;
    output.reserve(ch.values.size() * n * (cubic ? 3 : 1));
    for (size_t k = 0; k < ch.values.size(); ++k) {
        const glm::vec4 v = rot ? normalised(ch.values[k]) : ch.values[k];
        if (cubic) {
            push(output, ch.in_tangents[k], n);
            push(output, v, n);
            push(output, ch.out_tangents[k], n);
        } else {
            push(output, v, n);
        }
    }
    const int in_acc = inputs.accessor(input);
    const int out_acc =
        doc.add_float_accessor(output, rot ? "VEC4" : "VEC3", output.size() / n, false);
    return {{"input", in_acc}, {"output", out_acc}, {"interpolation", interp_name(ch.interp)}};
}

// The bytes the animations add to the buffer: every output, and each distinct
// channel's times once (SharedInputs), so the buffer is allocated once and not
// grown by doubling - which held up to three times its size at a step.
size_t animation_bytes(const Scene& scene) {
    size_t total = 0;
    std::unordered_multimap<size_t, const std::vector<double>*> seen;
    for (const Animation& a : scene.animations)
        for (const Channel& ch : a.channels) {
            const size_t n = ch.path == AnimPath::Rotation ? 4 : 3;
            total += ch.values.size() * n * (ch.interp == Interp::CubicSpline ? 3 : 1) * 4;
            const std::string_view bytes(reinterpret_cast<const char*>(ch.times.data()),
                                         ch.times.size() * sizeof(double));
            const size_t hash = std::hash<std::string_view>{}(bytes);
            const auto [begin, end] = seen.equal_range(hash);
            bool again = false;
            for (auto it = begin; it != end && !again; ++it) again = *it->second == ch.times;
            if (again) continue;
            seen.emplace(hash, &ch.times);
            total += ch.times.size() * 4;
        }
    return total;
}

}  // namespace

void write_gltf_animations(const Scene& scene, const std::vector<int>& node_map, GltfDoc& doc) {
    if (scene.animations.empty()) return;
    doc.bin.reserve(doc.bin.size() + 4 + animation_bytes(scene));
    SharedInputs inputs(doc);
    for (const Animation& a : scene.animations) {
        nlohmann::json out = {{"name", a.name},
                              {"samplers", nlohmann::json::array()},
                              {"channels", nlohmann::json::array()}};
        std::unordered_set<uint64_t> targets;  // (glTF node, path) already bound
        doc.begin_shared_view();               // the animation's keys: one bufferView
        for (const Channel& ch : a.channels) {
            const int target = node_map.at(size_t(ch.node));
            if (target < 0)
                fail_no_offset(ErrorKind::BadValue, "animation '" + a.name +
                                                        "': a glTF node for '" +
                                                        scene.nodes[size_t(ch.node)].name + "'");
            if (!targets.insert(uint64_t(target) * 4 + uint64_t(ch.path)).second)
                fail_no_offset(ErrorKind::BadValue,
                               "animation '" + a.name + "': one channel per node and path");
            out["samplers"].push_back(make_sampler(ch, doc, inputs));
            out["channels"].push_back(
                {{"sampler", out["samplers"].size() - 1},
                 {"target", {{"node", target}, {"path", anim_path_name(ch.path)}}}});
        }
        doc.end_shared_view();
        nlohmann::json extras = a.extras.is_object() ? a.extras.tree() : nlohmann::json::object();
        extras["duration"] = a.duration;
        extras["frame_rate"] = a.frame_rate;
        out["extras"] = extras;
        doc.add_animation(out);
    }
}

}  // namespace ripkit
