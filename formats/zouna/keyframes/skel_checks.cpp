#include "zouna/keyframes/skel_checks.hpp"

#include <algorithm>
#include <cmath>
#include <glm/gtc/quaternion.hpp>

namespace ripkit::zouna {

namespace {

std::string reading_name(int parent_index, RestRotation r) {
    return "parent_index=" + std::to_string(parent_index) +
           " rest_rotation=" + (r == RestRotation::Direct ? "direct" : "inverse");
}

// Parents by index `k`, or empty when they do not form a hierarchy.
std::vector<int> parents_by(const Skel& s, int k) {
    const int n = int(s.bones.size());
    std::vector<int> parent(size_t(n), -1);
    for (int i = 0; i < n; ++i) {
        const int32_t p = s.bones[size_t(i)].indices[size_t(k)];
        if (p < -1 || p >= n || p == i) return {};
        parent[size_t(i)] = p;
    }
    // Acyclic: every chain ends within n steps.
    for (int i = 0; i < n; ++i) {
        int p = parent[size_t(i)];
        for (int steps = 0; p >= 0; ++steps) {
            if (steps > n) return {};
            p = parent[size_t(p)];
        }
    }
    return parent;
}

glm::mat4 local_matrix(const Bone& b, RestRotation r) {
    const glm::vec4 q = r == RestRotation::Direct
                            ? b.rotation
                            : glm::vec4(-b.rotation.x, -b.rotation.y, -b.rotation.z, b.rotation.w);
    const float len = glm::length(q);
    const glm::quat rot =
        len > 0 ? glm::quat(q.w / len, q.x / len, q.y / len, q.z / len) : glm::quat(1, 0, 0, 0);
    glm::mat4 m = glm::mat4_cast(rot);
    for (int c = 0; c < 3; ++c) m[c] *= b.scale[c];
    m[3] = glm::vec4(b.translation, 1.0f);
    return m;
}

// Model matrices, memoised along the chains (parents may follow children).
std::vector<glm::mat4> model_matrices(const Skel& s, const std::vector<int>& parent,
                                      RestRotation r) {
    const size_t n = s.bones.size();
    std::vector<glm::mat4> model(n);
    std::vector<char> done(n, 0);
    std::vector<int> chain;
    for (size_t i = 0; i < n; ++i) {
        for (int b = int(i); b >= 0 && !done[size_t(b)]; b = parent[size_t(b)]) chain.push_back(b);
        while (!chain.empty()) {
            const size_t b = size_t(chain.back());
            chain.pop_back();
            const glm::mat4 local = local_matrix(s.bones[b], r);
            model[b] = parent[b] >= 0 ? model[size_t(parent[b])] * local : local;
            done[b] = 1;
        }
    }
    return model;
}

double difference(const glm::mat4& a, const glm::mat4& b) {
    double scale = 1.0, worst = 0.0;
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) {
            scale = std::max(scale, double(std::fabs(b[c][r])));
            worst = std::max(worst, double(std::fabs(a[c][r] - b[c][r])));
        }
    return worst / scale;
}

}  // namespace

SkelCheck check_skel_transforms(const Skel& s) {
    // ASSUMPTION(skel_transform): the stored matrix is the model matrix in
    // glm's column order as read (translation in floats 12..14).
    constexpr double kTolerance = 1e-3;  // relative, per element
    SkelCheck c;
    c.bones = s.bones.size();
    bool all_identity = true;
    for (const Bone& b : s.bones) all_identity = all_identity && b.transform == glm::mat4(1.0f);
    for (int k : {0, 1}) {
        const std::vector<int> parent = parents_by(s, k);
        for (RestRotation r : {RestRotation::Direct, RestRotation::Inverse}) {
            SkelReading reading;
            reading.parent_index = k;
            reading.rotation = r;
            reading.valid = !s.bones.empty() && !parent.empty();
            if (reading.valid) {
                const std::vector<glm::mat4> model = model_matrices(s, parent, r);
                for (size_t i = 0; i < model.size(); ++i) {
                    const double d = difference(model[i], s.bones[i].transform);
                    reading.max_error = std::max(reading.max_error, d);
                    reading.agreeing += d <= kTolerance;
                }
            }
            c.readings.push_back(reading);
        }
    }
    bool differ = false;
    for (const SkelReading& r : c.readings)
        differ = differ || r.valid != c.readings[0].valid || r.agreeing != c.readings[0].agreeing;
    c.evidence = !all_identity && differ;
    return c;
}

nlohmann::json skel_check_json(const SkelCheck& c) {
    nlohmann::json readings = nlohmann::json::object();
    for (const SkelReading& r : c.readings)
        readings[reading_name(r.parent_index, r.rotation)] =
            r.valid ? nlohmann::json(r.agreeing) : nlohmann::json(nullptr);
    return {{"evidence", c.evidence}, {"bones", c.bones}, {"readings", readings}};
}

std::string skel_check_warning(const std::string& name, const SkelCheck& c, const Variants& v) {
    if (!c.evidence) return {};
    const SkelReading* used = nullptr;
    const SkelReading* full = nullptr;
    for (const SkelReading& r : c.readings) {
        if (r.parent_index == v.parent_index && r.rotation == v.rest_rotation) used = &r;
        if (r.valid && r.agreeing == c.bones && !full) full = &r;
    }
    if (!used || !full || used->agreeing == c.bones) return {};
    const std::string best = reading_name(full->parent_index, full->rotation);
    return name + ": the bones' stored model matrices (Mat4f at 164) match " + best + " on all " +
           std::to_string(c.bones) + " bones, the settings in use on " +
           std::to_string(used->agreeing) + "; --set " + best + " reads the skeleton that way";
}

namespace {

// Skips a u32 count of `size`-byte elements; false when they run past the end.
bool skip_array(ByteReader& r, size_t size) {
    if (r.remaining() < 4) return false;
    const uint64_t n = r.u32();
    if (n * size > r.remaining()) return false;
    r.skip(size_t(n * size), "array");
    return true;
}

bool reads_whole(ByteSpan body, Endian e, SkelLayout l) {
    ByteReader r(body, 0, e);
    if (r.remaining() < skel_header_size(l)) return false;
    r.skip(skel_header_size(l), "skeleton header");
    if (!skip_array(r, kBoneSize) || !skip_array(r, 4) || !skip_array(r, 4)) return false;
    if (r.remaining() < 4) return false;
    // Each group is a count and that many names.
    for (uint32_t groups = r.u32(); groups; --groups)
        if (!skip_array(r, 4)) return false;
    for (size_t size : {4, 28, 28, 76})
        if (!skip_array(r, size)) return false;
    return r.at_end();
}

}  // namespace

std::vector<SkelLayout> skel_layouts_reading_whole(ByteSpan body, Endian e) {
    std::vector<SkelLayout> out;
    for (SkelLayout l : {SkelLayout::Fuel, SkelLayout::Ratatouille})
        if (reads_whole(body, e, l)) out.push_back(l);
    return out;
}

const char* skel_layout_name(SkelLayout l) {
    return l == SkelLayout::Fuel ? "fuel" : "ratatouille";
}

nlohmann::json skel_layout_json(const std::vector<SkelLayout>& fitting, const Variants& v) {
    nlohmann::json names = nlohmann::json::array();
    for (SkelLayout l : fitting) names.push_back(skel_layout_name(l));
    return {{"in_use", skel_layout_name(v.skel)}, {"reads_whole_body", names}};
}

std::string skel_layout_warning(const std::string& name, const std::vector<SkelLayout>& fitting,
                                const Variants& v) {
    if (fitting.empty() || std::find(fitting.begin(), fitting.end(), v.skel) != fitting.end())
        return {};
    const SkelLayout l = fitting.front();
    return name + ": the Skel_Z body reads to its end with skel=" + skel_layout_name(l) + " (" +
           std::to_string(skel_header_size(l)) +
           " header bytes), not with skel=" + skel_layout_name(v.skel) +
           " in use; --set skel=" + skel_layout_name(l) + " reads it that way";
}

}  // namespace ripkit::zouna
