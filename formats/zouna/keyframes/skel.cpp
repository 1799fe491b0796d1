#include "zouna/keyframes/skel.hpp"

#include <cmath>
#include <cstdio>
#include <string>

#include "ripkit/scene.hpp"

namespace ripkit::zouna {

namespace {

std::string short_float(float f) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", double(f));
    return b;
}

}  // namespace

size_t skel_header_size(SkelLayout l) { return l == SkelLayout::Fuel ? 20 : 36; }

Skel read_skel(ByteReader r, const Variants& v, Budget& budget) {
    const Limits& limits = budget.limits();
    Skel s;
    s.flags = r.u32("skeleton flags");
    r.skip(skel_header_size(v.skel) - 4, "skeleton header");
    const size_t count_at = r.pos();
    const uint32_t n = r.u32("bone count");
    if (uint64_t(n) * kBoneSize > r.remaining())
        r.fail_at(count_at, ErrorKind::Truncated,
                  std::to_string(n) + " bones of 248 bytes, only " + std::to_string(r.remaining()) +
                      " bytes left");
    budget.alloc(n, sizeof(Bone), r.abs(count_at), "bones");
    s.bones.resize(n);
    for (uint32_t i = 0; i < n; ++i) {
        ByteReader b = r.sub(r.pos(), kBoneSize, "bone");
        r.skip(kBoneSize, "bone");
        Bone& bone = s.bones[i];
        bone.user_define = b.u32_at(0);
        // NaN, Inf or a value whose square overflows (FBX Lcl Scaling = inf)
        // in a rest pose would reach every output; refused at its offset.
        auto finite = [&](size_t off, const char* what) {
            const float f = b.f32_at(off, what);
            if (!(std::fabs(f) <= kMaxSceneMagnitude))
                b.fail_at(off, ErrorKind::BadValue,
                          std::string("a finite bone ") + what + " within +-1e18 (bone " +
                              std::to_string(i) + ", got " + short_float(f) + ")");
            return f;
        };
        for (int c = 0; c < 4; ++c) bone.rotation[c] = finite(4 + 4 * c, "rotation");
        for (int c = 0; c < 3; ++c) bone.scale[c] = finite(20 + 4 * c, "scale");
        bone.flags = b.u32_at(32);
        for (int c = 0; c < 3; ++c) bone.translation[c] = finite(36 + 4 * c, "translation");
        for (int c = 0; c < 16; ++c)
            bone.transform[c / 4][c % 4] = finite(164 + 4 * c, "transform");
        for (int c = 0; c < 4; ++c) bone.indices[c] = static_cast<int32_t>(b.u32_at(228 + 4 * c));
        bone.name = b.u32_at(244);
        // ASSUMPTION(parent_index): the index the game's public structs name the parent.
        const int32_t p = bone.indices[v.parent_index];
        if (p < -1 || p >= static_cast<int32_t>(n) || p == static_cast<int32_t>(i))
            b.fail_at(228 + 4 * v.parent_index, ErrorKind::BadIndex,
                      "a parent index in [-1, " + std::to_string(n) + ") other than the bone " +
                          std::to_string(i) + " itself, got " + std::to_string(p));
        bone.parent = p;
    }
    // Cycles would hang a depth walk; every chain must reach -1 within n steps.
    for (uint32_t i = 0; i < n; ++i) {
        int p = s.bones[i].parent;
        for (uint32_t steps = 0; p >= 0; ++steps) {
            if (steps > n || steps > limits.max_depth)
                fail(ErrorKind::DepthLimit, r.abs(count_at),
                     "an acyclic bone hierarchy at most " + std::to_string(limits.max_depth) +
                         " deep (bone " + std::to_string(i) + ")");
            p = s.bones[p].parent;
        }
    }
    return s;
}

// ASSUMPTION(rest_rotation): the stored quaternion is the rest rotation itself
// unless --set rest_rotation=inverse.
glm::vec4 rest_rotation(const Bone& b, const Variants& v) {
    if (v.rest_rotation == RestRotation::Direct) return b.rotation;
    return {-b.rotation.x, -b.rotation.y, -b.rotation.z, b.rotation.w};
}

}  // namespace ripkit::zouna
