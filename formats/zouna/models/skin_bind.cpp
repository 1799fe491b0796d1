#include "zouna/models/skin_bind.hpp"

#include <cmath>
#include <unordered_map>

namespace ripkit::zouna {

namespace {

constexpr int kUnresolved = -1;  // a sentinel with nothing before it
constexpr int kNotABone = -2;    // a Name that is no bone of the skeleton

bool is_sentinel(uint32_t n) { return n == kPaletteSentinel || n == kPaletteSentinel2; }

// Per subsection, per slot: the Skel bone index (or kUnresolved / kNotABone).
std::vector<std::vector<int>> resolve_palettes(const SkinSection& sec,
                                               const std::unordered_map<uint32_t, int>& bones,
                                               const Variants& v) {
    std::vector<std::vector<int>> out(sec.subsections.size());
    for (size_t j = 0; j < sec.subsections.size(); ++j) {
        const std::vector<uint32_t>& pal = sec.subsections[j].palette;
        out[j].resize(pal.size());
        for (size_t k = 0; k < pal.size(); ++k) {
            // ASSUMPTION(palette_sentinel): the previous subsection's bone.
            if (is_sentinel(pal[k])) {
                out[j][k] = v.palette_sentinel == PaletteSentinel::Previous && j > 0 &&
                                    k < out[j - 1].size()
                                ? out[j - 1][k]
                                : kUnresolved;
                continue;
            }
            const auto it = bones.find(pal[k]);
            out[j][k] = it == bones.end() ? kNotABone : it->second;
        }
    }
    return out;
}

struct Where {
    const MeshZ& mesh;
    size_t section, group;
    const VertexBuffer& vb;
    uint32_t vertex;
    [[noreturn]] void fail_here(ErrorKind k, const std::string& what) const {
        fail(k, vb.offset + uint64_t(vertex) * vb.stride,
             "skin section " + std::to_string(section) + " draw group " + std::to_string(group) +
                 " vertex " + std::to_string(vertex) + ": " + what);
    }
};

int slot_bone(const Where& at, const SkinSection& sec, const std::vector<int>& resolved,
              size_t slot, SkinBinding& out) {
    if (slot >= resolved.size())
        at.fail_here(ErrorKind::BadIndex, "a palette slot below " +
                                              std::to_string(resolved.size()) + ", got " +
                                              std::to_string(slot));
    const uint32_t name = sec.subsections[at.group].palette[slot];
    const int b = resolved[slot];
    if (b == kUnresolved)
        at.fail_here(
            ErrorKind::BadValue,
            "palette slot " + std::to_string(slot) + " naming a bone, got the sentinel " +
                std::to_string(name) +
                (at.group == 0 ? " in the first subsection" : " (palette_sentinel=error)"));
    if (b == kNotABone)
        at.fail_here(ErrorKind::BadIndex, "palette slot " + std::to_string(slot) +
                                              " naming a Skel_Z bone, got " + std::to_string(name));
    if (is_sentinel(name)) ++out.sentinel_slots_used;
    return b;
}

// ASSUMPTION(blend_divisor): slot = stored index / 6, a whole number.
size_t blend_slot(const Where& at, float f, double divisor) {
    const double s = double(f) / divisor;
    const double r = std::round(s);
    if (!std::isfinite(s) || std::abs(s - r) > 1e-3 || r < 0)
        at.fail_here(ErrorKind::BadValue, "a blend index that is a non-negative multiple of " +
                                              std::to_string(divisor) + " (blend_divisor), got " +
                                              std::to_string(f));
    return size_t(r);
}

// Weights per bone merged, normalised so the float sum is 1.
Influence normalised(const std::vector<std::pair<int, float>>& parts) {
    Influence in;
    std::vector<std::pair<int, float>> merged;
    for (const auto& [b, w] : parts) {
        bool found = false;
        for (auto& m : merged)
            if (m.first == b) m.second += w, found = true;
        if (!found) merged.push_back({b, w});
    }
    float sum = 0.0f;
    for (const auto& m : merged) sum += m.second;
    size_t largest = 0;
    for (size_t k = 0; k < merged.size() && k < 4; ++k) {
        in.joints[int(k)] = uint16_t(merged[k].first);
        in.weights[int(k)] = merged[k].second / sum;
        if (merged[k].second > merged[largest].second) largest = k;
    }
    float rest = 0.0f;
    for (size_t k = 0; k < merged.size() && k < 4; ++k)
        if (k != largest) rest += in.weights[int(k)];
    in.weights[int(largest)] = 1.0f - rest;
    return in;
}

Influence vertex_influence(const Where& at, const Vertex& x, const SkinSection& sec,
                           const std::vector<int>& resolved, const Variants& v,
                           const MeshReading& rd, SkinBinding& out) {
    const uint32_t stride = at.vb.stride;
    std::vector<std::pair<int, float>> parts;
    if (stride == 60) {
        for (int k = 0; k < 4; ++k) {
            const float w = x.blend_weight[size_t(k)];
            if (!std::isfinite(w) || w < 0)
                at.fail_here(ErrorKind::BadValue,
                             "finite, non-negative blend weights, got " + std::to_string(w));
            if (w == 0.0f) continue;
            const size_t slot = blend_slot(at, x.blend_index[size_t(k)], v.blend_divisor);
            parts.push_back({slot_bone(at, sec, resolved, slot, out), w});
        }
        if (parts.empty()) {
            ++out.zero_weight_vertices;
            const size_t slot = blend_slot(at, x.blend_index[0], v.blend_divisor);
            parts.push_back({slot_bone(at, sec, resolved, slot, out), 1.0f});
        }
    } else if (stride == 48 && rd.vertex48 == Vertex48::Blend) {
        const size_t slot = blend_slot(at, x.blend_index[0], v.blend_divisor);
        parts.push_back({slot_bone(at, sec, resolved, slot, out), 1.0f});
    } else {
        parts.push_back({slot_bone(at, sec, resolved, 0, out), 1.0f});
    }
    return normalised(parts);
}

}  // namespace

SkinBinding bind_skin(const SkinZ& skin, const std::vector<const MeshZ*>& meshes, const Skel& skel,
                      const Variants& v, const MeshReading& rd) {
    std::unordered_map<uint32_t, int> bones;
    for (size_t b = 0; b < skel.bones.size(); ++b) bones.emplace(skel.bones[b].name, int(b));
    SkinBinding out;
    out.groups.resize(skin.sections.size());
    for (size_t i = 0; i < skin.sections.size() && i < meshes.size(); ++i) {
        const MeshZ* m = meshes[i];
        if (!m) continue;
        const SkinSection& sec = skin.sections[i];
        if (sec.subsections.size() != m->groups.size())
            fail_no_offset(ErrorKind::BadValue, "skin section " + std::to_string(i) +
                                                    ": one subsection per draw group (" +
                                                    std::to_string(m->groups.size()) + "), got " +
                                                    std::to_string(sec.subsections.size()));
        const auto resolved = resolve_palettes(sec, bones, v);
        out.groups[i].resize(m->groups.size());
        for (size_t g = 0; g < m->groups.size(); ++g) {
            const GroupGeometry geo = group_geometry(*m, g);
            const VertexBuffer& vb = m->vertex_buffers[geo.vertex_buffer];
            std::vector<Influence>& dst = out.groups[i][g];
            dst.reserve(geo.vertices.size());
            for (uint32_t vi : geo.vertices) {
                const Where at{*m, i, g, vb, vi};
                dst.push_back(vertex_influence(at, vb.vertices[vi], sec, resolved[g], v, rd, out));
            }
        }
    }
    return out;
}

}  // namespace ripkit::zouna
