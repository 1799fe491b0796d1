// FBX through Assimp's binary "fbx" exporter, then repaired:
//  - key times: 5.2.5 converts aiVectorKey::mTime as seconds (to_ktime(t))
//    but the stack length as floor(ticks / mTicksPerSecond) whole seconds, so
//    keys are handed over in seconds with mTicksPerSecond = 1 and the stack's
//    LocalStop/ReferenceStop are rewritten to the exact duration;
//  - the NULL records closing nested node lists are restored (Blender 3.4
//    refuses the file without them);
//  - rotation Euler curves are unwrapped (see unwrap_rotation_keys);
//  - GlobalSettings always says 24 fps and a 1 s time span, so the scene's
//    frame rate (TimeMode / CustomFrameRate) and duration (TimeSpanStop) are
//    written from the Scene (see fix_global_time).
#include <assimp/scene.h>

#include <algorithm>
#include <array>
#include <assimp/Exporter.hpp>
#include <cmath>
#include <map>
#include <set>
#include <utility>

#include "ripkit/anim_bake.hpp"
#include "ripkit/assimp/scene_to_assimp.hpp"
#include "ripkit/assimp_export.hpp"
#include "ripkit/error.hpp"
#include "ripkit/fbx_binary.hpp"
#include "ripkit/out_of_memory.hpp"

namespace ripkit {

namespace {

fbx::Node* child(fbx::Node& n, const std::string& name) {
    for (fbx::Node& c : n.children)
        if (c.name == name) return &c;
    return nullptr;
}

void fix_stack_times(const Scene& scene, fbx::File& f) {
    fbx::Node* objects = nullptr;
    for (fbx::Node& n : f.nodes)
        if (n.name == "Objects") objects = &n;
    if (!objects) return;
    size_t anim = 0;
    for (fbx::Node& n : objects->children) {
        if (n.name != "AnimationStack") continue;
        if (anim >= scene.animations.size()) break;
        const int64_t stop =
            std::llround(scene.animations[anim++].duration * double(fbx::kKTimePerSecond));
        fbx::Node* p70 = child(n, "Properties70");
        if (!p70) continue;
        for (fbx::Node& p : p70->children) {
            if (p.name != "P") continue;
            const std::vector<fbx::Prop> props = fbx::parse_props(p);
            if (props.empty() || (props[0].str != "LocalStop" && props[0].str != "ReferenceStop"))
                continue;
            if (props.back().type == 'L') fbx::set_int64(p, props.back(), stop);
        }
    }
}

// The playback rate of docs/architecture.md: scene extras frame_rate, else the
// first animation's; 0 when neither says.
double scene_frame_rate(const Scene& scene) {
    const auto it = scene.extras.find("frame_rate");
    if (it != scene.extras.end() && it->is_number()) {
        const double r = it->get<double>();
        if (std::isfinite(r) && r > 0) return r;
    }
    if (!scene.animations.empty() && std::isfinite(scene.animations[0].frame_rate) &&
        scene.animations[0].frame_rate > 0)
        return scene.animations[0].frame_rate;
    return 0.0;
}

// FBX's EMode values for the rates it names (FBX SDK fbxtime.h; Blender's
// FBX_FRAMERATES); 14 = custom, the rate then in CustomFrameRate.
int fbx_time_mode(double rate) {
    static constexpr std::pair<double, int> kModes[] = {
        {120.0, 1}, {100.0, 2}, {60.0, 3},  {50.0, 4},  {48.0, 5},
        {30.0, 6},  {25.0, 10}, {24.0, 11}, {96.0, 15}, {72.0, 16}};
    for (const auto& [r, mode] : kModes)
        if (std::abs(rate - r) < 1e-9) return mode;
    return 14;
}

void fix_global_time(const Scene& scene, fbx::File& f) {
    fbx::Node* settings = nullptr;
    for (fbx::Node& n : f.nodes)
        if (n.name == "GlobalSettings") settings = &n;
    fbx::Node* p70 = settings ? child(*settings, "Properties70") : nullptr;
    if (!p70) return;
    const double rate = scene_frame_rate(scene);
    const int mode = rate > 0 ? fbx_time_mode(rate) : 0;
    double duration = 0.0;
    for (const Animation& a : scene.animations) duration = std::max(duration, a.duration);
    for (fbx::Node& p : p70->children) {
        if (p.name != "P") continue;
        const std::vector<fbx::Prop> props = fbx::parse_props(p);
        if (props.size() < 5) continue;
        const std::string& key = props[0].str;
        const fbx::Prop& value = props.back();
        if (key == "TimeMode" && mode && value.type == 'I') fbx::set_int32(p, value, mode);
        if (key == "CustomFrameRate" && mode == 14 && value.type == 'D')
            fbx::set_double(p, value, rate);
        // A scene without animations keeps Assimp's span.
        if (key == "TimeSpanStop" && !scene.animations.empty() && value.type == 'L')
            fbx::set_int64(p, value, std::llround(duration * double(fbx::kKTimePerSecond)));
    }
}

// Assimp turns every rotation key into Euler angles on its own, so a turn
// past 180 degrees jumps by 360 and past 90 degrees of pitch it switches to the
// other Euler solution; Blender then interpolates the long way round. Each key
// is replaced by whichever equivalent triple - (x, y, z) or
// (x + 180, 180 - y, z + 180), each axis shifted by whole turns - lies closest
// to the previous key.
void unwrap_rotation_keys(std::array<std::vector<float>*, 3> xyz) {
    const size_t n = xyz[0]->size();
    for (size_t i = 1; i < n; ++i) {
        const double prev[3] = {(*xyz[0])[i - 1], (*xyz[1])[i - 1], (*xyz[2])[i - 1]};
        const double a[3] = {(*xyz[0])[i], (*xyz[1])[i], (*xyz[2])[i]};
        const double b[3] = {a[0] + 180.0, 180.0 - a[1], a[2] + 180.0};
        double best[3] = {0, 0, 0}, best_dist = 1e300;
        for (const double* cand : {a, b}) {
            double c[3], dist = 0;
            for (int k = 0; k < 3; ++k) {
                c[k] = cand[k] - 360.0 * std::round((cand[k] - prev[k]) / 360.0);
                dist += std::abs(c[k] - prev[k]);
            }
            if (dist < best_dist - 1e-9) {
                best_dist = dist;
                std::copy(c, c + 3, best);
            }
        }
        for (int k = 0; k < 3; ++k) (*xyz[k])[i] = float(best[k]);
    }
}

void unwrap_euler_curves(fbx::File& f) {
    fbx::Node* objects = nullptr;
    fbx::Node* connections = nullptr;
    for (fbx::Node& n : f.nodes) {
        if (n.name == "Objects") objects = &n;
        if (n.name == "Connections") connections = &n;
    }
    if (!objects || !connections) return;
    std::set<int64_t> rotation_nodes;
    std::map<int64_t, fbx::Node*> curves;
    for (fbx::Node& n : objects->children) {
        if (n.name != "AnimationCurveNode" && n.name != "AnimationCurve") continue;
        const std::vector<fbx::Prop> props = fbx::parse_props(n);
        if (props.size() < 2 || props[0].type != 'L') continue;
        if (n.name == "AnimationCurve")
            curves[props[0].i] = &n;
        else if (!props[1].str.empty() && props[1].str[0] == 'R' &&
                 (props[1].str.size() == 1 || props[1].str[1] == '\0'))
            rotation_nodes.insert(props[0].i);
    }
    // curve node -> its X, Y, Z curves ("C" "OP" curve node "d|X").
    std::map<int64_t, std::array<fbx::Node*, 3>> axes;
    for (const fbx::Node& c : connections->children) {
        const std::vector<fbx::Prop> p = fbx::parse_props(c);
        if (p.size() < 4 || p[0].str != "OP" || !rotation_nodes.count(p[2].i) ||
            !curves.count(p[1].i))
            continue;
        const std::string& axis = p[3].str;
        if (axis.size() != 3 || axis.compare(0, 2, "d|") != 0 || axis[2] < 'X' || axis[2] > 'Z')
            continue;
        axes.try_emplace(p[2].i, std::array<fbx::Node*, 3>{nullptr, nullptr, nullptr})
            .first->second[size_t(axis[2] - 'X')] = curves[p[1].i];
    }
    for (auto& [uid, xyz] : axes) {
        if (!xyz[0] || !xyz[1] || !xyz[2]) continue;
        std::array<fbx::Node*, 3> value_nodes{};
        std::array<fbx::Prop, 3> value_props{};
        std::array<std::vector<float>, 3> values;
        bool ok = true;
        for (int k = 0; k < 3 && ok; ++k) {
            fbx::Node* kv = child(*xyz[size_t(k)], "KeyValueFloat");
            const std::vector<fbx::Prop> p = kv ? fbx::parse_props(*kv) : std::vector<fbx::Prop>{};
            ok = kv && p.size() == 1 && p[0].type == 'f' && p[0].encoding == 0;
            if (!ok) break;
            value_nodes[size_t(k)] = kv;
            value_props[size_t(k)] = p[0];
            values[size_t(k)] = fbx::get_floats(*kv, p[0]);
        }
        if (!ok || values[0].size() != values[1].size() || values[0].size() != values[2].size())
            continue;
        unwrap_rotation_keys({&values[0], &values[1], &values[2]});
        for (size_t k = 0; k < 3; ++k) fbx::set_floats(*value_nodes[k], value_props[k], values[k]);
    }
}

}  // namespace

Bytes repair_assimp_fbx(const Scene& scene, ByteSpan assimp_fbx) {
    fbx::File f = fbx::parse(assimp_fbx);
    fix_stack_times(scene, f);
    fix_global_time(scene, f);
    unwrap_euler_curves(f);
    return fbx::write(f);
}

Bytes fbx_bytes(const Scene& scene, std::vector<std::string>& notes, Budget& budget) {
    AssimpHandoverOptions handover;
    handover.include_animations = false;  // baked below instead
    handover.budget = &budget;
    std::unique_ptr<aiScene> ai = to_aiscene(scene, handover);
    BakeOptions bake;
    bake.seconds_to_key_time = 1.0;
    bake.ticks_per_second = 1.0;
    bake.budget = &budget;
    bake_animations(scene, ai.get(), bake);
    Assimp::Exporter exporter;
    const aiExportDataBlob* blob = detail::guard_alloc(
        "Assimp's fbx exporter", [&] { return exporter.ExportToBlob(ai.get(), "fbx", 0); });
    if (!blob)
        fail_no_offset(ErrorKind::Io, std::string("Assimp's fbx exporter to succeed: ") +
                                          exporter.GetErrorString());
    Bytes fixed = detail::guard_alloc("the FBX repair", [&] {
        return repair_assimp_fbx(scene,
                                 ByteSpan(static_cast<const uint8_t*>(blob->data), blob->size));
    });
    if (!scene.cameras.empty())
        notes.push_back("FBX: cameras are not exported by Assimp 5.2.5 (their nodes are)");
    if (!scene.animations.empty())
        notes.push_back(
            "FBX: rotations become Euler curves (unwrapped); STEP held, CUBICSPLINE sampled at "
            "60 Hz");
    notes.push_back("FBX: extras, texture switching and audio are not carried");
    return fixed;
}

void stage_fbx(const Scene& scene, const std::filesystem::path& out, detail::Staging& st,
               std::vector<std::string>& notes, Budget& budget) {
    st.add(out, fbx_bytes(scene, notes, budget));
}

}  // namespace ripkit
