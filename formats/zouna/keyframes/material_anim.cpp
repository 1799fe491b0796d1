#include "zouna/keyframes/material_anim.hpp"

namespace ripkit::zouna {

MaterialAnim read_material_anim(ByteReader r, const Variants& v, Budget& budget) {
    MaterialAnim m;
    auto kf = [&](KfClass c, const char* what) {
        return with_context(what, [&] { return read_keyframer(r, c, v, budget); });
    };
    m.bitmap = kf(KfClass::Hdl, "bitmap keyframer");
    m.scroll = kf(KfClass::Vec2fLinear, "scroll keyframer");
    m.scale = kf(KfClass::Vec2fLinear, "scale keyframer");
    m.rotation = kf(KfClass::FloatLinearComp, "rotation keyframer");
    m.alpha = kf(KfClass::FloatLinearComp, "alpha keyframer");
    m.diffuse = kf(KfClass::Vec3fLinear, "diffuse keyframer");
    m.emission = kf(KfClass::Vec3fLinear, "emission keyframer");
    m.color = kf(KfClass::Vec4fLinear, "colour keyframer");
    m.flag0 = kf(KfClass::Flag, "flag keyframer 0");
    m.flag1 = kf(KfClass::Flag, "flag keyframer 1");
    m.base_material = r.u32("base material name");
    m.duration = r.f32("duration");
    m.flags = r.u8("flags");
    return m;
}

std::vector<std::pair<const char*, const Keyframer*>> material_anim_tracks(const MaterialAnim& m) {
    return {{"bitmap", &m.bitmap},     {"scroll", &m.scroll}, {"scale", &m.scale},
            {"rotation", &m.rotation}, {"alpha", &m.alpha},   {"diffuse", &m.diffuse},
            {"emission", &m.emission}, {"color", &m.color},   {"flag0", &m.flag0},
            {"flag1", &m.flag1}};
}

}  // namespace ripkit::zouna
