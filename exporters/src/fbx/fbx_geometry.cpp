// Geometry, skins (rigid and weighted) and bind poses.
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <map>

#include "fbx_writer.hpp"
#include "ripkit/error.hpp"
#include "ripkit/limits.hpp"

namespace ripkit::fbxw {

namespace {

// A node's meshes as one vertex list (indices shifted), with a material slot
// per triangle and the Scene skin joints and weights of every vertex.
struct Merged {
    std::string name;
    std::vector<double> positions, normals, uvs, colors;
    std::vector<int32_t> polygon_vertices;  // the last of each triangle as -(i + 1)
    std::vector<int32_t> triangle_slot;
    std::vector<int> slot_material;        // Scene material per slot (-1: none)
    std::vector<int> vertex_skin;          // Scene skin per vertex, or -1
    std::vector<Influence> vertex_joints;  // its joints (Skin::joints indices) and weights
    bool any_skin = false;
};

// glTF COLOR_0 is linear; FBX files carry the colour as DCC tools show it.
double srgb(double linear) {
    return linear <= 0.0031308 ? 12.92 * linear : 1.055 * std::pow(linear, 1.0 / 2.4) - 0.055;
}

Merged merge(const Scene& s, const Node& n, const Limits& limits) {
    Merged g;
    bool normals = true, uvs = false, colors = false;
    uint64_t verts = 0, tris = 0;
    for (int mi : n.meshes) {
        const Mesh& m = s.meshes[size_t(mi)];
        if (m.indices.empty()) continue;
        if (g.name.empty()) g.name = m.name;
        normals &= !m.normals.empty();
        uvs |= !m.uv0.empty();
        colors |= !m.colors.empty();
        verts += m.positions.size();
        tris += m.indices.size() / 3;
    }
    check_alloc(limits, verts, sizeof(double) * 14, 0, "FBX vertices");
    check_alloc(limits, tris * 3, sizeof(int32_t) * 4, 0, "FBX triangles");
    if (verts > uint64_t(INT32_MAX))
        fail_no_offset(ErrorKind::AllocationLimit, "an FBX mesh below 2^31 vertices");
    std::map<int, int> slots;
    for (int mi : n.meshes) {
        const Mesh& m = s.meshes[size_t(mi)];
        if (m.indices.empty()) continue;
        const auto [slot, fresh] = slots.try_emplace(m.material, int(slots.size()));
        if (fresh) g.slot_material.push_back(m.material);
        const int32_t base = int32_t(g.positions.size() / 3);
        for (size_t v = 0; v < m.positions.size(); ++v) {
            for (int c = 0; c < 3; ++c) g.positions.push_back(m.positions[v][c]);
            if (normals)
                for (int c = 0; c < 3; ++c) g.normals.push_back(m.normals[v][c]);
            if (uvs) {
                const glm::vec2 uv = m.uv0.empty() ? glm::vec2(0.0f) : m.uv0[v];
                g.uvs.push_back(uv.x);
                g.uvs.push_back(1.0 - double(uv.y));  // glTF v runs down, FBX v up
            }
            if (colors) {
                const glm::vec4 c = m.colors.empty() ? glm::vec4(1.0f) : m.colors[v];
                for (int k = 0; k < 3; ++k)
                    g.colors.push_back(srgb(std::clamp(double(c[k]), 0.0, 1.0)));
                g.colors.push_back(c.a);
            }
            const bool skinned =
                m.skin >= 0 &&
                (v < m.joints.size() || (v < m.weighted_joints.size() && v < m.weights.size()));
            g.vertex_skin.push_back(skinned ? m.skin : -1);
            g.vertex_joints.push_back(skinned ? skin_influence(m, v) : Influence{});
            g.any_skin |= skinned;
        }
        for (size_t k = 0; k + 2 < m.indices.size(); k += 3) {
            g.polygon_vertices.push_back(base + int32_t(m.indices[k]));
            g.polygon_vertices.push_back(base + int32_t(m.indices[k + 1]));
            g.polygon_vertices.push_back(-(base + int32_t(m.indices[k + 2])) - 1);
            g.triangle_slot.push_back(slot->second);
        }
    }
    return g;
}

fbx::Node& layer_element(fbx::Node& geom, const char* type, const char* name, const char* mapping,
                         const char* reference) {
    fbx::Node& e = geom.add(type);
    e.i32(0);
    e.add("Version").i32(101);
    e.add("Name").str(name);
    e.add("MappingInformationType").str(mapping);
    e.add("ReferenceInformationType").str(reference);
    return e;
}

// Index i for every polygon vertex: per-vertex data through IndexToDirect.
std::vector<int32_t> vertex_of_each_corner(const Merged& g) {
    std::vector<int32_t> idx(g.polygon_vertices);
    for (int32_t& i : idx)
        if (i < 0) i = -i - 1;
    return idx;
}

void write_geometry(Doc& doc, int64_t id, const Merged& g) {
    fbx::Node& geom = doc.object("Geometry", id, g.name, "Geometry", "Mesh");
    geom.add("GeometryVersion").i32(124);
    geom.add("Vertices").f64s(g.positions);
    geom.add("PolygonVertexIndex").i32s(g.polygon_vertices);
    std::vector<const char*> layers;
    if (!g.normals.empty()) {
        layer_element(geom, "LayerElementNormal", "", "ByVertice", "Direct")
            .add("Normals")
            .f64s(g.normals);
        layers.push_back("LayerElementNormal");
    }
    const std::vector<int32_t> corners = vertex_of_each_corner(g);
    // Per-vertex data, indexed from each polygon corner.
    const struct {
        const char *type, *name, *data, *index;
        const std::vector<double>& values;
    } per_vertex[] = {{"LayerElementUV", "UVMap", "UV", "UVIndex", g.uvs},
                      {"LayerElementColor", "COLOR_0", "Colors", "ColorIndex", g.colors}};
    for (const auto& l : per_vertex) {
        if (l.values.empty()) continue;
        fbx::Node& e = layer_element(geom, l.type, l.name, "ByPolygonVertex", "IndexToDirect");
        e.add(l.data).f64s(l.values);
        e.add(l.index).i32s(corners);
        layers.push_back(l.type);
    }
    const bool materials = !(g.slot_material.size() == 1 && g.slot_material[0] < 0);
    if (materials) {
        const bool same = g.slot_material.size() == 1;
        fbx::Node& e = layer_element(geom, "LayerElementMaterial", "",
                                     same ? "AllSame" : "ByPolygon", "IndexToDirect");
        e.add("Materials").i32s(same ? std::vector<int32_t>{0} : g.triangle_slot);
        layers.push_back("LayerElementMaterial");
    }
    fbx::Node& layer = geom.add("Layer");
    layer.i32(0);
    layer.add("Version").i32(100);
    for (const char* type : layers) {
        fbx::Node& le = layer.add("LayerElement");
        le.add("Type").str(type);
        le.add("TypedIndex").i32(0);
    }
}

std::vector<glm::dmat4> global_rest_matrices(const Scene& s) {
    std::vector<glm::dmat4> g(s.nodes.size());
    for (size_t i = 0; i < s.nodes.size(); ++i) {
        const Node& n = s.nodes[i];
        const glm::dvec4 q(n.rotation);
        const glm::dmat4 local = glm::translate(glm::dmat4(1.0), glm::dvec3(n.translation)) *
                                 glm::mat4_cast(glm::dquat(q.w, q.x, q.y, q.z)) *
                                 glm::scale(glm::dmat4(1.0), glm::dvec3(n.scale));
        g[i] = n.parent >= 0 ? g[size_t(n.parent)] * local : local;
    }
    return g;
}

std::vector<double> matrix_values(const glm::dmat4& m) {
    std::vector<double> v(16);
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) v[size_t(c * 4 + r)] = m[c][r];
    return v;
}

// FBX skinning: world = bone now * TransformLink^-1 * mesh bind * v, with
// Transform = TransformLink^-1 * mesh bind. glTF: world = joint now * IBM * v.
// So Transform = IBM and TransformLink = mesh bind * IBM^-1.
void write_skin(Doc& doc, const Scene& s, const Models& m, size_t node, const Merged& g,
                const std::vector<glm::dmat4>& globals) {
    const int64_t skin_id = doc.new_id();
    fbx::Node& skin = doc.object("Deformer", skin_id, s.nodes[node].name, "Deformer", "Skin");
    skin.add("Version").i32(101);
    skin.add("Link_DeformAcuracy").f64(50.0);
    doc.oo(skin_id, m.geometry[node]);
    const glm::dmat4& mesh_bind = globals[node];
    std::vector<std::pair<int64_t, glm::dmat4>> pose_nodes{{m.geometry_model[node], mesh_bind}};
    std::set<int> posed{int(node)};
    // (skin, joint) -> the vertices it moves and their weights (a joint named
    // twice by one vertex adds up, as glTF's skinning sums).
    std::map<std::pair<int, int>, std::map<int32_t, double>> members;
    std::set<int> skins_used;
    for (size_t v = 0; v < g.vertex_skin.size(); ++v) {
        const int si = g.vertex_skin[v];
        if (si < 0) continue;
        skins_used.insert(si);
        const Influence& in = g.vertex_joints[v];
        for (int k = 0; k < 4; ++k)
            if (in.weights[k] > 0.0f)
                members[{si, int(in.joints[k])}][int32_t(v)] += double(in.weights[k]);
    }
    for (int si : skins_used) {
        const Skin& sk = s.skins[size_t(si)];
        for (size_t j = 0; j < sk.joints.size(); ++j) {
            std::vector<int32_t> idx;
            std::vector<double> weights;
            for (const auto& [v, w] : members[{si, int(j)}]) {
                idx.push_back(v);
                weights.push_back(w);
            }
            const glm::dmat4 ibm(sk.inverse_bind[j]);
            const glm::dmat4 link = mesh_bind * glm::inverse(ibm);
            const int64_t cid = doc.new_id();
            const std::string& bone = s.nodes[size_t(sk.joints[j])].name;
            fbx::Node& cl = doc.object("Deformer", cid, bone, "SubDeformer", "Cluster");
            cl.add("Version").i32(100);
            cl.add("UserData").str("").str("");
            cl.add("Indexes").i32s(idx);
            cl.add("Weights").f64s(weights);
            cl.add("Transform").f64s(matrix_values(ibm));
            cl.add("TransformLink").f64s(matrix_values(link));
            doc.oo(cid, skin_id);
            doc.oo(m.node[size_t(sk.joints[j])], cid);
            if (posed.insert(sk.joints[j]).second)
                pose_nodes.emplace_back(m.node[size_t(sk.joints[j])], link);
        }
    }
    fbx::Node& pose = doc.object("Pose", doc.new_id(), s.nodes[node].name, "Pose", "BindPose");
    pose.add("Type").str("BindPose");
    pose.add("Version").i32(100);
    pose.add("NbPoseNodes").i32(int32_t(pose_nodes.size()));
    for (const auto& [id, matrix] : pose_nodes) {
        fbx::Node& pn = pose.add("PoseNode");
        pn.add("Node").i64(id);
        pn.add("Matrix").f64s(matrix_values(matrix));
    }
}

}  // namespace

void write_meshes(const Scene& scene, Doc& doc, const Models& m, const Materials& mats) {
    const std::vector<glm::dmat4> globals = global_rest_matrices(scene);
    int64_t fallback = 0;  // the material of meshes without one, beside meshes with one
    for (size_t i = 0; i < scene.nodes.size(); ++i) {
        if (!m.geometry[i]) continue;
        const Merged g = merge(scene, scene.nodes[i], doc.budget().limits());
        write_geometry(doc, m.geometry[i], g);
        doc.oo(m.geometry[i], m.geometry_model[i]);
        const bool materials = !(g.slot_material.size() == 1 && g.slot_material[0] < 0);
        for (int mat : materials ? g.slot_material : std::vector<int>{}) {
            if (mat >= 0) {
                doc.oo(mats.material[size_t(mat)], m.geometry_model[i]);
                continue;
            }
            if (!fallback) {
                fallback = doc.new_id();
                fbx::Node& d = doc.object("Material", fallback, "ripkit_default", "Material", "");
                d.add("Version").i32(102);
                d.add("ShadingModel").str("lambert");
                p_vector3(properties(d), "DiffuseColor", "Color", "", "A", glm::dvec3(1.0));
            }
            doc.oo(fallback, m.geometry_model[i]);
        }
        if (g.any_skin) write_skin(doc, scene, m, i, g, globals);
    }
}

}  // namespace ripkit::fbxw
