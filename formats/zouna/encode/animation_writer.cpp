#include "zouna/encode/animation_writer.hpp"

#include <algorithm>
#include <cmath>

#include "ripkit/error.hpp"
#include "zouna/container/bff0.hpp"
#include "zouna/container/lzrs.hpp"

namespace ripkit::zouna {

namespace {

void put_s16(ByteWriter& w, float value, double scale) {
    const double r = std::round(double(value) * scale);
    // Never clamped: the encoder names the node and key before it gets here.
    if (!(r >= -32768.0 && r <= 32767.0))
        fail_no_offset(ErrorKind::BadValue, "a Comp value within s16 after scaling by " +
                                                std::to_string(scale) + ", got " +
                                                std::to_string(value));
    w.s16(static_cast<int16_t>(r));
}
void put_s16s(ByteWriter& w, const glm::vec4& v, int n, double scale) {
    for (int i = 0; i < n; ++i) put_s16(w, v[i], scale);
}
void put_f32s(ByteWriter& w, const glm::vec4& v, int n) {
    for (int i = 0; i < n; ++i) w.f32(v[i]);
}
void pad(ByteWriter& w, size_t n) { w.zeros(n, 0xFF); }

void write_key(ByteWriter& w, KfClass c, const Key& k, const Variants& v) {
    const double cs = v.comp_scale;
    switch (c) {
        case KfClass::Float:
            w.f32(k.time), put_f32s(w, k.value, 1), put_f32s(w, k.in, 1), put_f32s(w, k.out, 1);
            break;
        case KfClass::FloatComp:
            w.f32(k.time), put_s16s(w, k.value, 1, cs), put_s16s(w, k.in, 1, cs),
                put_s16s(w, k.out, 1, cs), pad(w, 2);
            break;
        case KfClass::FloatLinearComp:
            w.f32(k.time), put_s16s(w, k.value, 1, cs), pad(w, 2);
            break;
        case KfClass::Vec2fLinear:
            w.f32(k.time), put_f32s(w, k.value, 2);
            break;
        case KfClass::Vec2fLinearComp:
            w.f32(k.time), put_s16s(w, k.value, 2, cs);
            break;
        case KfClass::Vec3fComp:
            w.f32(k.time), put_s16s(w, k.value, 3, cs), put_s16s(w, k.in, 3, cs),
                put_s16s(w, k.out, 3, cs), pad(w, 2);
            break;
        case KfClass::Vec3fLinear:
            w.f32(k.time), put_f32s(w, k.value, 3);
            break;
        case KfClass::ExtVec3f:
            if (v.ext_vec3f == ExtKey::U16TimeFlags) {
                w.u16(static_cast<uint16_t>(std::lround(k.time / v.ext_time_scale)));
                w.u16(k.key_flags);
            } else {
                w.f32(k.time);
            }
            put_f32s(w, k.value, 3), put_f32s(w, k.in, 3), put_f32s(w, k.out, 3);
            break;
        case KfClass::Vec4fLinear:
            w.f32(k.time), put_f32s(w, k.value, 4);
            break;
        case KfClass::Vec4fLinearComp:
            w.f32(k.time);
            if (v.vec4_comp == Vec4Comp::Float)
                put_f32s(w, k.value, 4);
            else
                put_s16s(w, k.value, 4, v.vec4_comp == Vec4Comp::S16Raw ? 1.0 : cs);
            break;
        case KfClass::Rot:
            w.f32(k.time), put_s16s(w, k.value, 4, v.quat_scale);
            break;
        case KfClass::BezierRot:
            w.f32(k.time), put_f32s(w, k.value, 3), put_f32s(w, k.in, 3), put_f32s(w, k.out, 3);
            break;
        case KfClass::Hdl:
            if (v.hdl == HdlOrder::NameFirst)
                w.u32(k.word), w.f32(k.time);
            else
                w.f32(k.time), w.u32(k.word);
            break;
        case KfClass::Flag:
            w.f32(k.time), w.u32(k.word);
            break;
        case KfClass::Message:
            break;
    }
}

void write_modifiers(ByteWriter& w, const std::vector<Modifier>& mods, size_t pairs) {
    w.u32(static_cast<uint32_t>(mods.size()));
    for (const Modifier& m : mods) {
        w.u32(m.name);
        w.u16(m.id);
        w.u16(m.flags);
        for (size_t p = 0; p < pairs; ++p) {
            const Slice s = p < m.slices.size() ? m.slices[p] : Slice{};
            w.u16(s.start);
            w.u16(s.count);
        }
    }
}

}  // namespace

void write_keyframer(ByteWriter& w, const Keyframer& k, const Variants& v) {
    if (kf_has_flags(k.cls)) w.u16(k.flags);
    w.u32(static_cast<uint32_t>(k.keys.size()));
    for (size_t i = 0; i < k.keys.size(); ++i) {
        if (k.cls != KfClass::Message) {
            write_key(w, k.cls, k.keys[i], v);
            continue;
        }
        w.f32(k.keys[i].time);
        const auto& list = i < k.messages.size() ? k.messages[i] : std::vector<Message>{};
        w.u32(static_cast<uint32_t>(list.size()));
        for (const Message& m : list) {
            w.u32(m.cls);
            w.u32(m.receiver);
            w.u32(m.c);
            w.f32(m.parameter);
            w.u32(m.id);
        }
    }
}

Bytes write_animation(const Animation& a, Endian e, const Variants& v) {
    ByteWriter w(e);
    w.f32(a.duration);
    w.f32(a.blending);
    w.u16(a.flags);
    w.u16(a.node_flags);
    auto kf = [&](const Keyframer& k, KfClass c) {
        Keyframer copy = k;
        copy.cls = c;  // a default-constructed (empty) keyframer gets its class here
        write_keyframer(w, copy, v);
    };
    kf(a.rot, KfClass::Rot);
    kf(a.bezier_rot, KfClass::BezierRot);
    kf(a.scale, KfClass::Vec3fComp);
    kf(a.translation, KfClass::Vec3fComp);
    kf(a.messages, KfClass::Message);
    for (int i = 0; i < 5; ++i)
        kf(a.material[i], (i == 2 || i == 3) ? KfClass::Vec3fComp : KfClass::FloatComp);
    kf(a.mesh_hide, KfClass::FloatComp);
    kf(a.morph_weight, KfClass::FloatComp);
    write_modifiers(w, a.nodes, 5);
    write_modifiers(w, a.materials, 5);
    write_modifiers(w, a.meshes, 1);
    write_modifiers(w, a.morphs, 1);
    return std::move(w.bytes());
}

Bytes write_object(uint32_t class_crc, uint32_t name_crc, ByteSpan link, ByteSpan body, Endian e,
                   bool compress) {
    Bytes packed;
    if (compress) packed = lzrs_compress(body);
    const ByteSpan stored = compress ? ByteSpan(packed) : body;
    ByteWriter w(e);
    w.u32(static_cast<uint32_t>(link.size() + stored.size()));
    w.u32(static_cast<uint32_t>(link.size()));
    w.u32(static_cast<uint32_t>(body.size()));
    w.u32(compress ? static_cast<uint32_t>(stored.size()) : 0);
    w.u32(class_crc);
    w.u32(name_crc);
    w.raw(link);
    w.raw(stored);
    return std::move(w.bytes());
}

Bytes write_bff0(ByteSpan object, uint8_t platform, const std::string& version) {
    Bytes out = bff0_header(platform, version);
    out.insert(out.end(), object.begin(), object.end());
    return out;
}

}  // namespace ripkit::zouna
