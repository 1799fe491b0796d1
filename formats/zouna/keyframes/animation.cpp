#include "zouna/keyframes/animation.hpp"

#include <cmath>
#include <string>

namespace ripkit::zouna {

namespace {

std::vector<Modifier> read_modifiers(ByteReader& r, size_t pairs, Budget& budget,
                                     const char* what) {
    const size_t count_at = r.pos();
    const uint32_t n = r.u32("modifier count");
    const size_t size = 8 + 4 * pairs;
    if (uint64_t(n) * size > r.remaining())
        r.fail_at(count_at, ErrorKind::Truncated,
                  std::to_string(n) + " " + what + " modifiers of " + std::to_string(size) +
                      " bytes, only " + std::to_string(r.remaining()) + " bytes left");
    budget.alloc(n, sizeof(Modifier) + pairs * sizeof(Slice), r.abs(count_at), what);
    std::vector<Modifier> out(n);
    for (auto& m : out) {
        m.name = r.u32("modifier name");
        m.id = r.u16("modifier id");
        m.flags = r.u16("modifier flags");
        m.slices.resize(pairs);
        for (auto& s : m.slices) {
            s.start = r.u16("slice start");
            s.count = r.u16("slice count");
        }
    }
    return out;
}

void check_slice(const ByteReader& r, const Slice& s, const Keyframer& k, const std::string& what) {
    if (size_t(s.start) + s.count > k.keys.size())
        fail(ErrorKind::BadIndex, r.abs(0),
             what + " slice [" + std::to_string(s.start) + ", +" + std::to_string(s.count) +
                 ") inside " + kf_class_name(k.cls) + " of " + std::to_string(k.keys.size()) +
                 " keys");
    // A channel's times must increase: refused here, at decode, like any
    // other corrupt field (not later, when a scene is built).
    for (size_t i = size_t(s.start) + 1; i < size_t(s.start) + s.count; ++i)
        if (!(k.keys[i].time > k.keys[i - 1].time))
            fail(ErrorKind::BadValue, r.abs(0),
                 what + " slice key " + std::to_string(i - s.start) + " of " +
                     kf_class_name(k.cls) + ": a time after " + std::to_string(k.keys[i - 1].time) +
                     ", got " + std::to_string(k.keys[i].time));
}

}  // namespace

Animation read_animation(ByteReader r, const Variants& v, Budget& budget) {
    Animation a;
    const size_t at = r.pos();
    a.duration = r.f32("duration");
    a.blending = r.f32("blending");
    if (!std::isfinite(a.duration) || !std::isfinite(a.blending))
        r.fail_at(at, ErrorKind::BadValue,
                  "a finite duration and blending (got " + std::to_string(a.duration) + ", " +
                      std::to_string(a.blending) + ")");
    a.flags = r.u16("animation flags");
    auto kf = [&](KfClass c, const char* what) {
        return with_context(what, [&] { return read_keyframer(r, c, v, budget); });
    };
    a.node_flags = r.u16("node data flags");
    a.rot = kf(KfClass::Rot, "node rotation keyframer");
    a.bezier_rot = kf(KfClass::BezierRot, "node bezier rotation keyframer");
    a.scale = kf(KfClass::Vec3fComp, "node scale keyframer");
    a.translation = kf(KfClass::Vec3fComp, "node translation keyframer");
    a.messages = kf(KfClass::Message, "node message keyframer");
    for (int i = 0; i < 5; ++i) {
        const KfClass c = (i == 2 || i == 3) ? KfClass::Vec3fComp : KfClass::FloatComp;
        a.material[i] = kf(c, "material keyframer");
    }
    a.mesh_hide = kf(KfClass::FloatComp, "mesh hide keyframer");
    a.morph_weight = kf(KfClass::FloatComp, "morph weight keyframer");
    a.nodes = read_modifiers(r, 5, budget, "node");
    a.materials = read_modifiers(r, 5, budget, "material");
    a.meshes = read_modifiers(r, 1, budget, "mesh");
    a.morphs = read_modifiers(r, 1, budget, "morph");

    const Keyframer* node_kf[5] = {&a.translation, &a.rot, &a.bezier_rot, &a.scale, &a.messages};
    static const char* node_names[5] = {"translation", "rotation", "bezier rotation", "scale",
                                        "message"};
    for (size_t i = 0; i < a.nodes.size(); ++i)
        for (int s = 0; s < 5; ++s)
            check_slice(r, a.nodes[i].slices[s], *node_kf[s],
                        "node modifier " + std::to_string(i) + " " + node_names[s]);
    for (size_t i = 0; i < a.materials.size(); ++i)
        for (int s = 0; s < 5; ++s)
            check_slice(r, a.materials[i].slices[s], a.material[s],
                        "material modifier " + std::to_string(i) + " " + kMaterialTrackNames[s]);
    for (size_t i = 0; i < a.meshes.size(); ++i)
        check_slice(r, a.meshes[i].slices[0], a.mesh_hide, "mesh modifier " + std::to_string(i));
    for (size_t i = 0; i < a.morphs.size(); ++i)
        check_slice(r, a.morphs[i].slices[0], a.morph_weight,
                    "morph modifier " + std::to_string(i));
    return a;
}

}  // namespace ripkit::zouna
