#include "zouna/keyframes/keyframer.hpp"

#include <cmath>
#include <cstdio>
#include <string>

#include "ripkit/scene.hpp"

namespace ripkit::zouna {

namespace {

struct ClassInfo {
    const char* name;
    int dims;
    bool flags;
    bool tangents;
};

constexpr ClassInfo kInfo[kKfClassCount] = {
    {"KeyframerFloat_Z", 1, true, true},
    {"KeyframerFloatComp_Z", 1, true, true},
    {"KeyframerFloatLinearComp_Z", 1, true, false},
    {"KeyframerVec2fLinear_Z", 2, true, false},
    {"KeyframerVec2fLinearComp_Z", 2, true, false},
    {"KeyframerVec3fComp_Z", 3, true, true},
    {"KeyframerVec3fLinear_Z", 3, true, false},
    {"KeyframerExtVec3f_Z", 3, true, true},
    {"KeyframerVec4fLinear_Z", 4, true, false},
    {"KeyframerVec4fLinearComp_Z", 4, true, false},
    {"KeyframerRot_Z", 4, false, false},
    {"KeyframerBezierRot_Z", 3, false, true},
    {"KeyframerHdl_Z", 0, false, false},
    {"KeyframerFlag_Z", 0, false, false},
    {"KeyframerMessage_Z", 0, false, false},
};

const ClassInfo& info(KfClass c) { return kInfo[static_cast<int>(c)]; }

// Reads `n` s16 into out[0..n) scaled by 1/scale.
void read_s16(ByteReader& r, int n, double scale, glm::vec4& out, const char* what) {
    for (int i = 0; i < n; ++i) out[i] = static_cast<float>(r.s16(what) / scale);
}
std::string short_float(float f) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", double(f));
    return b;
}

// NaN, Inf and values whose square overflows stop here, at their offset: a
// scene built from them would write them into every output (glTF accessors,
// FBX curves).
float finite_f32(ByteReader& r, const char* what) {
    const size_t at = r.pos();
    const float f = r.f32(what);
    if (!(std::fabs(f) <= kMaxSceneMagnitude))
        r.fail_at(at, ErrorKind::BadValue,
                  std::string("a finite ") + what + " within +-1e18 (got " + short_float(f) + ")");
    return f;
}
void read_f32(ByteReader& r, int n, glm::vec4& out, const char* what) {
    for (int i = 0; i < n; ++i) out[i] = finite_f32(r, what);
}

// Key padding: the reference says pad bytes are 0xFF; we skip them without
// checking (a mismatch is no reason to refuse an animation). One case per
// keyframer class, each its key layout: the switch is the format's table.
void read_key(ByteReader& r, KfClass c, const Variants& v, Key& k) {
    // ASSUMPTION(comp_scale): Comp values are s16 / comp_scale (4096).
    const double cs = v.comp_scale;
    switch (c) {
        case KfClass::Float:
            k.time = finite_f32(r, "key time");
            read_f32(r, 1, k.value, "value");
            read_f32(r, 1, k.in, "tangentIn");
            read_f32(r, 1, k.out, "tangentOut");
            break;
        case KfClass::FloatComp:
            k.time = finite_f32(r, "key time");
            read_s16(r, 1, cs, k.value, "value");
            read_s16(r, 1, cs, k.in, "tangentIn");
            read_s16(r, 1, cs, k.out, "tangentOut");
            r.skip(2, "key padding");
            break;
        case KfClass::FloatLinearComp:
            k.time = finite_f32(r, "key time");
            read_s16(r, 1, cs, k.value, "value");
            r.skip(2, "key padding");
            break;
        case KfClass::Vec2fLinear:
            k.time = finite_f32(r, "key time");
            read_f32(r, 2, k.value, "value");
            break;
        case KfClass::Vec2fLinearComp:
            k.time = finite_f32(r, "key time");
            read_s16(r, 2, cs, k.value, "value");
            break;
        case KfClass::Vec3fComp:
            k.time = finite_f32(r, "key time");
            read_s16(r, 3, cs, k.value, "value");
            read_s16(r, 3, cs, k.in, "tangentIn");
            read_s16(r, 3, cs, k.out, "tangentOut");
            r.skip(2, "key padding");
            break;
        case KfClass::Vec3fLinear:
            k.time = finite_f32(r, "key time");
            read_f32(r, 3, k.value, "value");
            break;
        case KfClass::ExtVec3f:
            if (v.ext_vec3f == ExtKey::U16TimeFlags) {
                // ASSUMPTION(ext_time_scale): the u16 time counts seconds by default.
                k.time = static_cast<float>(r.u16("key time") * v.ext_time_scale);
                k.key_flags = r.u16("key flags");
            } else {
                k.time = finite_f32(r, "key time");
            }
            read_f32(r, 3, k.value, "value");
            read_f32(r, 3, k.in, "tangentIn");
            read_f32(r, 3, k.out, "tangentOut");
            break;
        case KfClass::Vec4fLinear:
            k.time = finite_f32(r, "key time");
            read_f32(r, 4, k.value, "value");
            break;
        case KfClass::Vec4fLinearComp:
            k.time = finite_f32(r, "key time");
            if (v.vec4_comp == Vec4Comp::Float)
                read_f32(r, 4, k.value, "value");
            else
                read_s16(r, 4, v.vec4_comp == Vec4Comp::S16Raw ? 1.0 : cs, k.value, "value");
            break;
        case KfClass::Rot:
            k.time = finite_f32(r, "key time");
            read_s16(r, 4, v.quat_scale, k.value, "Quati16");
            break;
        case KfClass::BezierRot:
            k.time = finite_f32(r, "key time");
            read_f32(r, 3, k.value, "a");
            read_f32(r, 3, k.in, "b");
            read_f32(r, 3, k.out, "c");
            break;
        case KfClass::Hdl:
            if (v.hdl == HdlOrder::NameFirst) {
                k.word = r.u32("handle crc32");
                k.time = finite_f32(r, "key time");
            } else {
                k.time = finite_f32(r, "key time");
                k.word = r.u32("handle crc32");
            }
            break;
        case KfClass::Flag:
            k.time = finite_f32(r, "key time");
            k.word = r.u32("flag");
            break;
        case KfClass::Message:
            break;  // variable size, handled by the caller
    }
}

void check_key(const ByteReader& r, size_t at, const Key& k, KfClass c, uint32_t i) {
    const auto finite = [](const glm::vec4& x) {
        return std::isfinite(x.x) && std::isfinite(x.y) && std::isfinite(x.z) && std::isfinite(x.w);
    };
    if (!std::isfinite(k.time) || k.time < 0.0f)
        r.fail_at(at, ErrorKind::BadValue,
                  std::string(kf_class_name(c)) + " key " + std::to_string(i) +
                      ": a finite, non-negative time, got " + std::to_string(k.time));
    if (!finite(k.value) || !finite(k.in) || !finite(k.out))
        r.fail_at(at, ErrorKind::BadValue,
                  std::string(kf_class_name(c)) + " key " + std::to_string(i) +
                      ": finite values and tangents (a NaN or infinity here has no pose)");
}

}  // namespace

const char* kf_class_name(KfClass c) { return info(c).name; }

std::optional<KfClass> kf_class_from_name(std::string_view name) {
    for (int i = 0; i < kKfClassCount; ++i)
        if (name == kInfo[i].name) return static_cast<KfClass>(i);
    return std::nullopt;
}

int kf_dims(KfClass c) { return info(c).dims; }
bool kf_has_flags(KfClass c) { return info(c).flags; }
bool kf_has_tangents(KfClass c) { return info(c).tangents; }

size_t kf_key_size(KfClass c, const Variants& v) {
    switch (c) {
        case KfClass::Float:
            return 16;
        case KfClass::FloatComp:
            return 12;
        case KfClass::FloatLinearComp:
            return 8;
        case KfClass::Vec2fLinear:
            return 12;
        case KfClass::Vec2fLinearComp:
            return 8;
        case KfClass::Vec3fComp:
            return 24;
        case KfClass::Vec3fLinear:
            return 16;
        case KfClass::ExtVec3f:
            return 40;
        case KfClass::Vec4fLinear:
            return 20;
        case KfClass::Vec4fLinearComp:
            return v.vec4_comp == Vec4Comp::Float ? 20 : 12;
        case KfClass::Rot:
            return 12;
        case KfClass::BezierRot:
            return 40;
        case KfClass::Hdl:
            return 8;
        case KfClass::Flag:
            return 8;
        case KfClass::Message:
            return 0;
    }
    return 0;
}

Keyframer read_keyframer(ByteReader& r, KfClass cls, const Variants& v, Budget& budget) {
    Keyframer k;
    k.cls = cls;
    if (kf_has_flags(cls)) k.flags = r.u16("keyframer flags");
    const size_t count_at = r.pos();
    const uint32_t count = r.u32("key count");
    const size_t ks = kf_key_size(cls, v);
    // Messages keys are at least 8 bytes (time + empty DynArray).
    const size_t min_size = ks ? ks : 8;
    if (uint64_t(count) * min_size > r.remaining())
        r.fail_at(count_at, ErrorKind::Truncated,
                  std::to_string(count) + " keys of " + std::to_string(min_size) + " bytes for " +
                      kf_class_name(cls) + ", only " + std::to_string(r.remaining()) +
                      " bytes left");
    budget.alloc(count, sizeof(Key), r.abs(count_at), "keys");
    k.keys.resize(count);
    if (cls != KfClass::Message) {
        for (uint32_t i = 0; i < count; ++i) {
            const size_t at = r.pos();
            read_key(r, cls, v, k.keys[i]);
            check_key(r, at, k.keys[i], cls, i);
        }
        return k;
    }
    k.messages.resize(count);
    for (uint32_t i = 0; i < count; ++i) {
        k.keys[i].time = finite_f32(r, "key time");
        const size_t n_at = r.pos();
        const uint32_t n = r.u32("message count");
        if (uint64_t(n) * 20 > r.remaining())
            r.fail_at(n_at, ErrorKind::Truncated,
                      std::to_string(n) + " messages of 20 bytes, only " +
                          std::to_string(r.remaining()) + " bytes left");
        budget.alloc(n, sizeof(Message), r.abs(n_at), "messages");
        auto& list = k.messages[i];
        list.resize(n);
        for (auto& m : list) {
            m.cls = r.u32("message class");
            m.receiver = r.u32("receiver crc32");
            m.c = r.u32("message c");
            m.parameter = r.f32("message parameter");
            m.id = r.u32("message id");
        }
        k.keys[i].word = n;
    }
    return k;
}

curves::Mode kf_mode(const Keyframer& k, const Variants& v) {
    switch (k.cls) {
        case KfClass::Rot:
            // ASSUMPTION(slerp): quaternion keys are slerped (shortest path).
            return curves::Mode::Linear;
        case KfClass::Hdl:
        case KfClass::Flag:
        case KfClass::Message:
            return curves::Mode::Step;
        default:
            break;
    }
    bool square = false, linear = !kf_has_tangents(k.cls);
    if (v.flags == FlagSemantics::Bits) {
        square = (k.flags & 8u) != 0;
        linear = linear || (k.flags & 2u) != 0;
    } else {
        // ASSUMPTION(flag_values): values other than 1/2/3 (4, 8, 17 are seen) interpolate
        // as the class does by default.
        square = k.flags == 3;
        linear = linear || k.flags == 2;
    }
    if (square) return curves::Mode::Step;
    return linear ? curves::Mode::Linear : curves::Mode::Hermite;
}

std::vector<curves::Key> to_curve(const Keyframer& k, size_t start, size_t count) {
    std::vector<curves::Key> out;
    out.reserve(count);
    for (size_t i = start; i < start + count && i < k.keys.size(); ++i) {
        const Key& s = k.keys[i];
        out.push_back({s.time, s.value, s.in, s.out});
    }
    return out;
}

}  // namespace ripkit::zouna
