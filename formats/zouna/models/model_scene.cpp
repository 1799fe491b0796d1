#include "zouna/models/model_scene.hpp"

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <unordered_set>

#include "ripkit/image/png.hpp"
#include "zouna/keyframes/anim_scene.hpp"
#include "zouna/keyframes/tracks.hpp"

namespace ripkit::zouna {

namespace {

class Names {
  public:
    explicit Names(const Scene& s) {
        for (const Node& n : s.nodes) used_.insert(n.name);
    }
    std::string unique(const std::string& base) {
        std::string n = base;
        for (int i = 2; used_.count(n); ++i) n = base + "#" + std::to_string(i);
        used_.insert(n);
        return n;
    }

  private:
    std::unordered_set<std::string> used_;
};

// Textures and materials are added once per object, on first use.
struct Library {
    const ModelInputs& in;
    const SceneInputs& si;
    Scene& s;
    std::unordered_map<uint32_t, int> textures, materials;

    int texture(uint32_t crc) {
        if (auto it = textures.find(crc); it != textures.end()) return it->second;
        int index = -1;
        if (auto b = in.bitmaps.find(crc); b != in.bitmaps.end() && b->second) {
            const BitmapZ& bm = *b->second;
            Texture t;
            t.name = name_or_crc(si.names, crc);
            t.width = int(bm.width);
            t.height = int(bm.height);
            t.png = image::encode_png_rgba(t.width, t.height, bm.rgba);
            si.budget.charge_bytes(t.png.size(), "texture " + t.name);
            s.textures.push_back(std::move(t));
            index = int(s.textures.size()) - 1;
        }
        textures[crc] = index;
        return index;
    }

    int material(uint32_t crc) {
        if (auto it = materials.find(crc); it != materials.end()) return it->second;
        int index = -1;
        if (auto m = in.materials.find(crc); m != in.materials.end() && m->second) {
            s.materials.push_back(convert(*m->second, crc));
            index = int(s.materials.size()) - 1;
        }
        materials[crc] = index;
        return index;
    }

    Material convert(const MaterialZ& z, uint32_t crc) {
        Material m;
        m.name = name_or_crc(si.names, crc);
        m.base_color = z.diffuse;
        const uint32_t diffuse = material_diffuse(z);
        if (diffuse) m.texture = texture(diffuse);
        const bool rat = z.layout == BodyLayout::Ratatouille;
        const uint32_t f = z.render_flags;
        // ASSUMPTION(render_flags): RatDecomp's render bits hold for Ratatouille only; FUEL
        // sets 0x20 when opacity < 1 (bff); WALL-E's flag meanings are unknown.
        if (z.diffuse.a < 1.0f || (z.layout != BodyLayout::WallE && (f & kRenderAlphaBlend)) ||
            (rat && (f & kRenderAdditive)))
            m.alpha_mode = AlphaMode::Blend;
        else if (rat && (f & kRenderAlphaTest))
            m.alpha_mode = AlphaMode::Mask;
        if (m.alpha_mode == AlphaMode::Opaque && diffuse) {
            // ASSUMPTION(bitmap_transparency): the bitmap's transparency (1 one-bit, 2 alpha) when
            // the material says nothing.
            if (auto b = in.bitmaps.find(diffuse); b != in.bitmaps.end() && b->second)
                m.alpha_mode = b->second->transparency == 1   ? AlphaMode::Mask
                               : b->second->transparency == 2 ? AlphaMode::Blend
                                                              : AlphaMode::Opaque;
        }
        m.double_sided = rat && (f & kRenderTwoSided);
        if (rat && (f & kRenderClampU)) m.wrap_s = Wrap::Clamp;
        if (rat && (f & kRenderClampV)) m.wrap_t = Wrap::Clamp;
        m.extras = {{"zouna_crc", crc},
                    {"render_flags", f},
                    {"object_flags", z.object_flags},
                    {"texture_mask", z.texture_mask},
                    {"textures", z.textures},
                    {"emissive", {z.emissive.x, z.emissive.y, z.emissive.z}},
                    {"additive", rat && (f & kRenderAdditive) != 0},
                    {"invisible", rat && (f & kRenderInvisible) != 0}};
        return m;
    }
};

uint32_t group_material(const ModelInputs& in, const MeshZ& m, size_t section, size_t g) {
    if (m.layout == BodyLayout::Fuel)
        return m.groups[g].material >= 0 ? m.materials[size_t(m.groups[g].material)] : 0;
    if (in.skin && section < in.skin->sections.size() &&
        g < in.skin->sections[section].subsections.size() &&
        in.skin->sections[section].subsections[g].material)
        return in.skin->sections[section].subsections[g].material;
    // ASSUMPTION(group_material): group i draws with the i-th material name.
    return g < m.materials.size() ? m.materials[g] : 0;
}

bool has_normals(uint32_t stride, const MeshReading& rd) {
    return stride == 36 || stride == 60 || (stride == 48 && rd.vertex48 == Vertex48::Blend);
}
bool has_uv(uint32_t stride, const MeshReading& rd) {
    return stride != 12 && !(stride == 48 && rd.vertex48 == Vertex48::Volume);
}

Mesh group_mesh(const ModelInputs& in, const SceneInputs& si, const MeshZ& z, size_t g) {
    const MeshReading& rd = *in.reading;
    const GroupGeometry geo = group_geometry(z, g);
    const VertexBuffer& vb = z.vertex_buffers[geo.vertex_buffer];
    Mesh out;
    const bool normals = has_normals(vb.stride, rd), uv = has_uv(vb.stride, rd);
    // What the scene holds per vertex (position, normal, uv, 4 joints and
    // weights) and per index, charged to the document's budget.
    si.budget.alloc(geo.vertices.size(), 3 * 12 + 8 + 32, std::nullopt, "mesh vertices");
    si.budget.alloc(geo.triangles.size(), 4, std::nullopt, "mesh indices");
    for (uint32_t vi : geo.vertices) {
        const Vertex& x = vb.vertices[vi];
        out.positions.push_back(
            glm::vec3(convert_value(glm::vec4(x.position, 0), ValueKind::Vector, si.native)));
        if (normals)
            out.normals.push_back(
                glm::vec3(convert_value(glm::vec4(decode_normal(x.normal, rd.normal_order), 0),
                                        ValueKind::Vector, si.native)));
        if (uv) out.uv0.push_back(x.uv);  // D3D's top-left origin, as glTF's
    }
    out.indices = geo.triangles;
    if (rd.reverse_winding)
        for (size_t t = 0; t + 2 < out.indices.size(); t += 3)
            std::swap(out.indices[t + 1], out.indices[t + 2]);
    return out;
}

glm::mat4 local_matrix(const Node& n) {
    const glm::quat q(n.rotation.w, n.rotation.x, n.rotation.y, n.rotation.z);
    return glm::translate(glm::mat4(1.0f), n.translation) * glm::mat4_cast(q) *
           glm::scale(glm::mat4(1.0f), n.scale);
}

// ASSUMPTION(bind_pose): the armature's skin: every Skel_Z bone a joint (bone
// index order), inverse binds = inverse rest world matrices (the vertices are in model space at
// bind).
void add_skin(Scene& s, const Skel& skel) {
    std::vector<glm::mat4> world(s.nodes.size());
    for (size_t i = 0; i < s.nodes.size(); ++i)
        world[i] = (s.nodes[i].parent >= 0 ? world[size_t(s.nodes[i].parent)] : glm::mat4(1.0f)) *
                   local_matrix(s.nodes[i]);
    Skin skin;
    skin.name = s.nodes[0].name + " skin";
    skin.joints.assign(skel.bones.size(), -1);
    for (size_t i = 0; i < s.nodes.size(); ++i) {
        const auto it = s.nodes[i].extras.find("bone_index");
        if (it != s.nodes[i].extras.end() && it->is_number_integer())
            skin.joints[it->get<size_t>()] = int(i);
    }
    for (int j : skin.joints) skin.inverse_bind.push_back(glm::inverse(world[size_t(j)]));
    skin.skeleton = 0;
    s.skins.push_back(std::move(skin));
}

}  // namespace

Scene model_scene(const ModelInputs& in, const SceneInputs& si) {
    Scene s;
    if (in.skel) {
        s = skel_scene(*in.skel, in.name, in.animations, si);
    } else {
        s.name = in.name;
        s.add_node(in.name, -1);
    }
    const bool skinned = in.skin && in.skel && in.binding;
    s.nodes[0].extras["class"] = in.skin ? "Skin_Z" : "Mesh_Z";
    if (skinned) add_skin(s, *in.skel);
    Names names(s);
    Library lib{in, si, s, {}, {}};
    for (size_t i = 0; i < in.meshes.size(); ++i) {
        const auto& [crc, z] = in.meshes[i];
        if (!z) continue;
        const int node = s.add_node(names.unique(name_or_crc(si.names, crc)), 0);
        s.nodes[size_t(node)].extras = {
            {"class", "Mesh_Z"},
            {"zouna_crc", crc},
            {"data_name", z->link.data_name},
            {"bounding_sphere",
             {z->link.sphere.x, z->link.sphere.y, z->link.sphere.z, z->link.sphere.w}}};
        for (size_t g = 0; g < z->groups.size(); ++g) {
            Mesh mesh = group_mesh(in, si, *z, g);
            // One name for the Mesh_Z's draw groups: the glTF writer makes one mesh
            // of a node's meshes (a primitive each), named after the first.
            mesh.name = s.nodes[size_t(node)].name;
            const uint32_t mat = group_material(in, *z, i, g);
            if (mat) mesh.material = lib.material(mat);
            if (skinned && i < in.binding->groups.size() && !in.binding->groups[i].empty()) {
                mesh.skin = 0;
                for (const Influence& inf : in.binding->groups[i][g]) {
                    mesh.weighted_joints.push_back(inf.joints);
                    mesh.weights.push_back(inf.weights);
                }
            }
            s.meshes.push_back(std::move(mesh));
            s.nodes[size_t(node)].meshes.push_back(int(s.meshes.size()) - 1);
        }
    }
    s.extras["class"] = in.skin ? "Skin_Z" : "Mesh_Z";
    s.extras["mesh_reading"] = in.reading->evidence;
    if (in.binding)
        s.extras["skin_binding"] = {{"zero_weight_vertices", in.binding->zero_weight_vertices},
                                    {"sentinel_slots_used", in.binding->sentinel_slots_used}};
    return s;
}

}  // namespace ripkit::zouna
