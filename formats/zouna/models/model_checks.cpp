#include "zouna/models/model_checks.hpp"

#include <cmath>

namespace ripkit::zouna {

namespace {

constexpr NormalOrder kOrders[] = {NormalOrder::D3dColor, NormalOrder::B012, NormalOrder::B120,
                                   NormalOrder::B021, NormalOrder::Bff};

bool has_normals(uint32_t stride) { return stride == 36 || stride == 48 || stride == 60; }

// Triangles with normals, and how many of them agree (the face normal within
// 60 degrees of the mean stored normal) or disagree (within 60 degrees of its
// opposite) under each order; a wrong byte order mostly lands near 90.
struct Agreement {
    uint64_t faces = 0;
    uint64_t agree[5] = {}, disagree[5] = {};
};

Agreement count_agreement(const std::vector<const MeshZ*>& meshes, bool volume48) {
    Agreement a;
    for (const MeshZ* m : meshes)
        for_each_triangle(*m, [&](const VertexBuffer& vb, uint16_t i0, uint16_t i1, uint16_t i2) {
            if (!has_normals(vb.stride) || (vb.stride == 48 && volume48)) return;
            const Vertex &p = vb.vertices[i0], &q = vb.vertices[i1], &r = vb.vertices[i2];
            const glm::vec3 face = glm::cross(q.position - p.position, r.position - p.position);
            if (glm::dot(face, face) == 0.0f) return;
            ++a.faces;
            for (int o = 0; o < 5; ++o) {
                const glm::vec3 n = decode_normal(p.normal, kOrders[o]) +
                                    decode_normal(q.normal, kOrders[o]) +
                                    decode_normal(r.normal, kOrders[o]);
                const float len = glm::length(face) * glm::length(n);
                const float cosine = len > 0.0f ? glm::dot(face, n) / len : 0.0f;
                a.agree[o] += cosine > 0.5f;
                a.disagree[o] += cosine < -0.5f;
            }
        });
    return a;
}

// ASSUMPTION(vertex48): Vertex48::Blend when every stride-48 vertex holds bff's three -1 pads.
Vertex48 decide_vertex48(const std::vector<const MeshZ*>& meshes, const Variants& v,
                         nlohmann::json& ev) {
    uint64_t total = 0, padded = 0;
    for (const MeshZ* m : meshes)
        for (const VertexBuffer& b : m->vertex_buffers)
            if (b.stride == 48)
                for (const Vertex& x : b.vertices) {
                    ++total;
                    padded += x.pad48 == std::array<int32_t, 3>{-1, -1, -1};
                }
    Vertex48 chosen = v.vertex48;
    std::string by = "setting";
    if (chosen == Vertex48::Auto) {
        chosen = padded == total ? Vertex48::Blend : Vertex48::Volume;
        by = total ? "data: " + std::to_string(padded) + " of " + std::to_string(total) +
                         " 48-byte vertices hold the three i32 -1 at 32 (FUEL, bff)"
                   : "default (no 48-byte vertices)";
    }
    ev["vertex48"] = {{"setting", vertex48_name(v.vertex48)},
                      {"chosen", vertex48_name(chosen)},
                      {"by", by},
                      {"vertices", total},
                      {"with_minus_one_pads", padded}};
    return chosen;
}

}  // namespace

MeshReading decide_mesh_reading(const std::vector<const MeshZ*>& meshes, const Variants& v,
                                bool mirrored) {
    MeshReading out;
    out.vertex48 = decide_vertex48(meshes, v, out.evidence);
    const Agreement a = count_agreement(meshes, out.vertex48 == Vertex48::Volume);
    nlohmann::json agreement = nlohmann::json::object(), disagreement = nlohmann::json::object();
    auto share = [&](uint64_t n) { return a.faces ? double(n) / double(a.faces) : 0.0; };
    int best = 0;
    uint64_t best_count = 0;
    for (int o = 0; o < 5; ++o) {
        agreement[normal_order_name(kOrders[o])] = share(a.agree[o]);
        disagreement[normal_order_name(kOrders[o])] = share(a.disagree[o]);
        const uint64_t consistent = std::max(a.agree[o], a.disagree[o]);
        if (consistent > best_count) best = o, best_count = consistent;
    }
    // ASSUMPTION(normal_order): the most consistent order, d3dcolor without faces.
    std::string by = "setting";
    out.normal_order = v.normal_order;
    if (out.normal_order == NormalOrder::Auto) {
        out.normal_order = a.faces ? kOrders[best] : NormalOrder::D3dColor;
        by = a.faces ? "data: the order whose face normals agree (or disagree) most consistently "
                       "with the stored vertex normals"
                     : "default (no triangles with normals)";
    }
    out.evidence["normal_order"] = {{"setting", normal_order_name(v.normal_order)},
                                    {"chosen", normal_order_name(out.normal_order)},
                                    {"by", by},
                                    {"faces", a.faces},
                                    {"agreement", agreement},
                                    {"disagreement", disagreement}};
    // ASSUMPTION(winding): stored counter-clockwise about the normals (in the engine's numbers):
    // a Z mirror makes that clockwise, so reverse; without a mirror keep.
    int chosen_index = 0;
    for (int o = 0; o < 5; ++o)
        if (kOrders[o] == out.normal_order) chosen_index = o;
    const uint64_t agree = a.agree[chosen_index], disagree = a.disagree[chosen_index];
    std::string wby = "setting";
    if (v.winding == Winding::Auto) {
        const bool stored_ccw = agree > disagree;
        out.reverse_winding = mirrored == stored_ccw;
        wby = agree != disagree ? std::string("data: ") +
                                      (stored_ccw ? "faces counter-clockwise about their normals"
                                                  : "faces clockwise about their normals") +
                                      (mirrored ? ", the Z mirror flips them" : ", no mirror")
                                : "default (no normals): clockwise front faces (FMTK wiki)";
    } else {
        out.reverse_winding = v.winding == Winding::Reverse;
    }
    out.evidence["winding"] = {{"setting", winding_name(v.winding)},
                               {"chosen", out.reverse_winding ? "reverse" : "keep"},
                               {"by", wby},
                               {"agreement", share(agree)},
                               {"disagreement", share(disagree)}};
    return out;
}

glm::vec3 decode_normal(const std::array<uint8_t, 4>& b, NormalOrder o) {
    auto u = [&](int i) { return float(b[size_t(i)]) / 255.0f * 2.0f - 1.0f; };
    glm::vec3 n(0.0f);
    switch (o) {
        case NormalOrder::B012:
            n = {u(0), u(1), u(2)};
            break;
        case NormalOrder::B120:
            n = {u(1), u(2), u(0)};
            break;
        case NormalOrder::B021:
            n = {u(0), u(2), u(1)};
            break;
        case NormalOrder::Bff:
            n = {u(0), u(1), -u(2)};
            break;
        case NormalOrder::D3dColor:
        case NormalOrder::Auto:
            n = {u(2), u(1), u(0)};
            break;
    }
    const float l = glm::length(n);
    return l > 0.0f ? n / l : glm::vec3(0.0f);
}

}  // namespace ripkit::zouna
