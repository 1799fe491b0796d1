// The keyframer classes (seed + reference corrections): decoded keys with
// values already scaled to floats, in either byte order.
#pragma once

#include <array>
#include <glm/glm.hpp>
#include <optional>
#include <string_view>
#include <vector>

#include "ripkit/byte_reader.hpp"
#include "ripkit/curves/curves.hpp"
#include "ripkit/limits.hpp"
#include "zouna/variants.hpp"

namespace ripkit::zouna {

enum class KfClass : uint8_t {
    Float,
    FloatComp,
    FloatLinearComp,
    Vec2fLinear,
    Vec2fLinearComp,
    Vec3fComp,
    Vec3fLinear,
    ExtVec3f,
    Vec4fLinear,
    Vec4fLinearComp,
    Rot,
    BezierRot,
    Hdl,
    Flag,
    Message,
};
inline constexpr int kKfClassCount = 15;

const char* kf_class_name(KfClass c);  // "KeyframerVec3fComp_Z"
std::optional<KfClass> kf_class_from_name(std::string_view name);

int kf_dims(KfClass c);           // components in value (Hdl/Flag/Message: 0)
bool kf_has_flags(KfClass c);     // u16 flags before the keys (not Rot/BezierRot/Hdl/Flag/Message)
bool kf_has_tangents(KfClass c);  // keys hold tangentIn/tangentOut
// Bytes per key on disk for this variant; 0 for Message (variable).
size_t kf_key_size(KfClass c, const Variants& v);

struct Message {
    uint32_t cls = 0;
    uint32_t receiver = 0;
    uint32_t c = 0;
    float parameter = 0.0f;
    uint32_t id = 0;
};

struct Key {
    float time = 0.0f;
    uint16_t key_flags = 0;                      // ExtVec3f (seed layout) per-key flags
    uint32_t word = 0;                           // Hdl crc32 / Flag value
    glm::vec4 value{0.0f}, in{0.0f}, out{0.0f};  // scaled; unused components 0
};

struct Keyframer {
    KfClass cls = KfClass::Float;
    uint16_t flags = 0;  // 0 when the class has none
    std::vector<Key> keys;
    std::vector<std::vector<Message>> messages;  // Message class: one list per key
};

// Reads one keyframer at the reader's cursor (flags if any, u32 count, keys);
// the keys are charged to `budget` when given. A key time or value that is
// not finite (or a negative time) is Error(BadValue) at the key's offset: no
// engine plays it, and nothing downstream may turn it into identity silently.
Keyframer read_keyframer(ByteReader& r, KfClass cls, const Variants& v, Budget& budget);

// How the engine interpolates this keyframer (flag semantics per variant):
// square -> Step, Linear classes or the linear flag -> Linear, else Hermite.
// Rot slerps (Linear), Hdl/Flag/Message step.
curves::Mode kf_mode(const Keyframer& k, const Variants& v);

// Keys [start, start+count) as curve keys (times in seconds).
std::vector<curves::Key> to_curve(const Keyframer& k, size_t start, size_t count);

}  // namespace ripkit::zouna
