#include "sample_objects.hpp"

#include <cmath>

#include "zouna/container/crc32.hpp"

namespace ripkit::zouna {

namespace {

Key vkey(float t, glm::vec4 v, glm::vec4 in = {}, glm::vec4 out = {}) {
    Key k;
    k.time = t;
    k.value = v;
    k.in = in;
    k.out = out;
    return k;
}

// A quaternion about Y by `deg` degrees, rounded to what Quati16 can hold.
glm::vec4 yaw(float deg) {
    const double h = deg * 3.14159265358979323846 / 360.0;
    return {0.0f, float(std::round(std::sin(h) * 2000) / 2000), 0.0f,
            float(std::round(std::cos(h) * 2000) / 2000)};
}

Modifier node_mod(const char* bone, uint16_t id, uint16_t flags, Slice t, Slice r, Slice b, Slice s,
                  Slice m) {
    return {asobo_crc32(bone), id, flags, {t, r, b, s, m}};
}

const char* kNames[] = {
    "SKEL_SAMPLE", "ROOT",  "SPINE",           "TETE",  "ARM_L", "WALK", "WAVE", "MAT_SAMPLE",
    "BODY_MESH",   "SMILE", "MAT_ANIM_SAMPLE", "TEX_A", "TEX_B"};

}  // namespace

Skel sample_skel() {
    Skel s;
    s.flags = 0;
    const char* names[4] = {"ROOT", "SPINE", "TETE", "ARM_L"};
    const int parents[4] = {-1, 0, 1, 1};
    const glm::vec3 pos[4] = {{0, 1, 0}, {0, 0.5f, 0}, {0, 0.5f, 0.1f}, {0.3f, 0.4f, 0}};
    for (int i = 0; i < 4; ++i) {
        Bone b;
        b.name = asobo_crc32(names[i]);
        b.parent = parents[i];
        b.translation = pos[i];
        b.rotation = i == 3 ? yaw(90) : glm::vec4(0, 0, 0, 1);
        s.bones.push_back(b);
    }
    return s;
}

Animation sample_walk() {
    Animation a;
    a.duration = 2.0f;
    a.blending = 0.25f;
    a.flags = 0;
    a.translation.cls = KfClass::Vec3fComp;
    a.translation.flags = 1;  // smooth: cubic Hermite
    // ROOT bobs up and down (values chosen to be exact in s16/4096).
    a.translation.keys = {
        vkey(0.0f, {0, 1, 0, 0}, {0, 0, 0, 0}, {0, 0.5f, 0.25f, 0}),
        vkey(1.0f, {0, 1.25f, 0.5f, 0}, {0, 0.25f, 0.5f, 0}, {0, -0.25f, 0.5f, 0}),
        vkey(2.0f, {0, 1, 1, 0}, {0, -0.5f, 0.25f, 0}, {0, 0, 0, 0})};
    a.rot.cls = KfClass::Rot;
    a.rot.keys = {vkey(0.0f, yaw(0)), vkey(1.0f, yaw(30)), vkey(2.0f, yaw(0))};
    a.bezier_rot.cls = KfClass::BezierRot;
    a.bezier_rot.keys = {vkey(0.0f, {0, 0, 0, 0}, {0, 0, 0, 0}, {0.5f, 0, 0, 0}),
                         vkey(2.0f, {0.5f, 0, 0, 0}, {0.5f, 0, 0, 0}, {0, 0, 0, 0})};
    a.scale.cls = KfClass::Vec3fComp;
    a.scale.flags = 2;  // linear
    a.scale.keys = {vkey(0.0f, {1, 1, 1, 0}), vkey(2.0f, {1.5f, 1.5f, 1.5f, 0})};
    a.messages.cls = KfClass::Message;
    a.messages.keys = {vkey(0.0f, {}), vkey(2.0f, {})};
    a.messages.messages = {{{12, 0, 0, 0.0f, 0}},
                           {{13, 0, 0, 0.0f, 0}, {36, asobo_crc32("STEP_SOUND"), 15, 1.0f, 7}}};
    // ROOT: translation keys 0..3; SPINE: rotation 0..3; TETE: bezier 0..2; ARM_L: scale.
    a.nodes = {node_mod("ROOT", 0, 0, {0, 3}, {0, 0}, {0, 0}, {0, 0}, {0, 2}),
               node_mod("SPINE", 1, 1, {0, 0}, {0, 3}, {0, 0}, {0, 0}, {0, 0}),
               node_mod("TETE", 2, 0, {0, 0}, {0, 0}, {0, 2}, {0, 0}, {0, 0}),
               node_mod("ARM_L", 3, 2, {0, 0}, {0, 0}, {0, 0}, {0, 2}, {0, 0})};
    for (int i = 0; i < 5; ++i)
        a.material[i].cls = (i == 2 || i == 3) ? KfClass::Vec3fComp : KfClass::FloatComp;
    a.material[0].keys = {vkey(0.0f, {0, 0, 0, 0}, {}, {1, 0, 0, 0}),
                          vkey(2.0f, {1, 0, 0, 0}, {1, 0, 0, 0})};
    a.material[2].flags = 2;
    a.material[2].keys = {vkey(0.0f, {1, 0, 0, 0}), vkey(1.0f, {0, 1, 0, 0})};
    a.materials = {{asobo_crc32("MAT_SAMPLE"), 0, 0, {{0, 2}, {0, 0}, {0, 2}, {0, 0}, {0, 0}}}};
    a.mesh_hide.cls = KfClass::FloatComp;
    a.mesh_hide.flags = 3;
    a.mesh_hide.keys = {vkey(0.0f, {0, 0, 0, 0}), vkey(1.5f, {1, 0, 0, 0})};
    a.meshes = {{asobo_crc32("BODY_MESH"), 0, 0, {{0, 2}}}};
    a.morph_weight.cls = KfClass::FloatComp;
    a.morph_weight.flags = 1;
    a.morph_weight.keys = {vkey(0.0f, {0, 0, 0, 0}, {}, {0.5f, 0, 0, 0}),
                           vkey(1.0f, {1, 0, 0, 0}, {0.5f, 0, 0, 0})};
    a.morphs = {{asobo_crc32("SMILE"), 0, 0, {{0, 2}}}};
    return a;
}

Animation sample_wave() {
    Animation a;
    a.duration = 1.0f;
    a.blending = 0.1f;
    a.translation.cls = KfClass::Vec3fComp;
    a.translation.flags = 3;  // square (enum semantics): step
    a.translation.keys = {vkey(0.0f, {0.3f, 0.4f, 0, 0}), vkey(0.5f, {0.3f, 0.5f, 0, 0})};
    a.rot.cls = KfClass::Rot;
    a.rot.keys = {vkey(0.0f, yaw(90)), vkey(0.5f, yaw(135)), vkey(1.0f, yaw(90))};
    a.scale.cls = KfClass::Vec3fComp;
    a.bezier_rot.cls = KfClass::BezierRot;
    a.messages.cls = KfClass::Message;
    for (int i = 0; i < 5; ++i)
        a.material[i].cls = (i == 2 || i == 3) ? KfClass::Vec3fComp : KfClass::FloatComp;
    a.mesh_hide.cls = a.morph_weight.cls = KfClass::FloatComp;
    // ARM_L waves; ROOT resets its rotation (flag 2) without keys.
    a.nodes = {node_mod("ARM_L", 3, 0, {0, 2}, {0, 3}, {0, 0}, {0, 0}, {0, 0}),
               node_mod("ROOT", 0, 2, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0})};
    return a;
}

MaterialAnim sample_material_anim() {
    MaterialAnim m;
    m.bitmap.cls = KfClass::Hdl;
    Key b0 = vkey(0.0f, {}), b1 = vkey(0.5f, {});
    b0.word = asobo_crc32("TEX_A");
    b1.word = asobo_crc32("TEX_B");
    m.bitmap.keys = {b0, b1};
    m.scroll.cls = m.scale.cls = KfClass::Vec2fLinear;
    m.scroll.keys = {vkey(0.0f, {0, 0, 0, 0}), vkey(1.0f, {1, 0.5f, 0, 0})};
    m.rotation.cls = m.alpha.cls = KfClass::FloatLinearComp;
    m.alpha.keys = {vkey(0.0f, {1, 0, 0, 0}), vkey(1.0f, {0.5f, 0, 0, 0})};
    m.diffuse.cls = m.emission.cls = KfClass::Vec3fLinear;
    m.diffuse.keys = {vkey(0.0f, {1, 1, 1, 0}), vkey(1.0f, {1, 0, 0, 0})};
    m.color.cls = KfClass::Vec4fLinear;
    m.color.keys = {vkey(0.0f, {1, 1, 1, 1}), vkey(1.0f, {0, 0, 1, 0.5f})};
    m.flag0.cls = m.flag1.cls = KfClass::Flag;
    Key f0 = vkey(0.25f, {});
    f0.word = 5;
    m.flag0.keys = {f0};
    m.base_material = asobo_crc32("MAT_SAMPLE");
    m.duration = 1.0f;
    m.flags = 1;
    return m;
}

std::string sample_names() {
    std::string out = "# crc32 name (Asobo CRC32 of the name)\n";
    for (const char* n : kNames) out += std::to_string(asobo_crc32(n)) + " " + n + "\n";
    return out;
}

}  // namespace ripkit::zouna
