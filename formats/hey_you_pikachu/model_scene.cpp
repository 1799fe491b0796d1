#include "model_scene.hpp"

#include <cmath>
#include <cstdio>
#include <glm/gtc/matrix_inverse.hpp>
#include <glm/gtc/quaternion.hpp>
#include <map>

#include "ripkit/error.hpp"
#include "ripkit/image/png.hpp"
#include "ripkit/n64/gbi.hpp"
#include "ripkit/number_text.hpp"
#include "ripkit/scene_kit.hpp"
#include "rom_layout.hpp"

namespace ripkit::hey_you_pikachu {

namespace {

Wrap wrap_of(uint8_t cm) {
    if (cm & 2) return Wrap::Clamp;
    if (cm & 1) return Wrap::Mirror;
    return Wrap::Repeat;
}

AlphaMode alpha_from(const std::vector<uint8_t>& alphas) {
    bool partial = false, zero = false;
    for (uint8_t a : alphas) {
        if (a == 0)
            zero = true;
        else if (a != 255)
            partial = true;
    }
    return partial ? AlphaMode::Blend : zero ? AlphaMode::Mask : AlphaMode::Opaque;
}

}  // namespace

// ASSUMPTION(tlut): no +0.5 bilinear texel offset.
float tile_coord(int32_t st, uint8_t shift, uint32_t origin, int size) {
    double c = double(st) / 32.0;
    if (shift >= 1 && shift <= 10)
        c /= double(1 << shift);
    else if (shift >= 11)
        c *= double(1 << (16 - shift));
    c -= double(origin) / 4.0;
    return float(c / double(size > 0 ? size : 1));
}

std::string joint_name(const DecodedModel& m, size_t k) {
    return "node" + std::to_string(k) + "_t" + std::to_string(m.hierarchy.nodes[k].type);
}

namespace {

// One joint per hierarchy node, in node order, under the model's root node;
// the inverse binds invert the palette (the matrices the vertices were placed with).
Skin add_joints(Scene& s, const DecodedModel& m, const std::vector<glm::mat4>& palette,
                const Layout& layout, const GameTrig& trig) {
    Skin skin;
    skin.name = s.name + "_skin";
    for (size_t k = 0; k < m.hierarchy.nodes.size(); ++k) {
        const HierarchyNode& hn = m.hierarchy.nodes[k];
        const int idx = s.add_node(joint_name(m, k), hn.parent < 0 ? 0 : 1 + hn.parent);
        Node& node = s.nodes[size_t(idx)];
        node.translation = hn.translation;
        if (hn.type != kTranslationOnlyType) {
            node.scale = hn.scale;
            const glm::quat q =
                glm::normalize(glm::quat_cast(rotation_matrix(hn.rotation, trig, layout.euler)));
            node.rotation = kit::xyzw(q);
        }
        // The native base pose, exactly as stored (seed 21).
        node.extras = {{"node_type", hn.type},
                       {"palette_slot", k},
                       {"resource_offset", hn.offset},
                       {"base_scale", {hn.scale.x, hn.scale.y, hn.scale.z}},
                       {"base_rotation", {hn.rotation.x, hn.rotation.y, hn.rotation.z}},
                       {"base_translation", {hn.translation.x, hn.translation.y, hn.translation.z}},
                       {"display_list", hex(hn.display_list, 8)},
                       {"unknown24", hex(hn.unknown24, 8)}};
        skin.joints.push_back(idx);
        // A zero scale (a hidden part) has no inverse; its vertices collapse anyway.
        const float det = glm::determinant(palette[k]);
        const bool singular = !std::isfinite(det) || std::fabs(det) < 1e-12f;
        if (singular) node.extras["singular_bind"] = true;
        // The palette is affine by construction; an affine inverse keeps the
        // last row exact where a general 4x4 inverse rounds it (0.99999994).
        skin.inverse_bind.push_back(singular ? glm::mat4(1.0f) : glm::affineInverse(palette[k]));
    }
    skin.skeleton = m.hierarchy.nodes.empty() ? -1 : 1;
    return skin;
}

// Geometry into one mesh per effective draw state, with its material and the
// textures its triangles use (embedded once each, in first-use order).
class MeshBuilder {
  public:
    MeshBuilder(Scene& s, const DecodedModel& m, const std::vector<glm::mat4>& palette)
        : s_(s), m_(m), palette_(palette) {}

    void add(const n64::Triangle& tri) {
        const int mi = mesh_of(tri.state);
        const n64::DrawState& st = m_.states[tri.state];
        const n64::DecodedTexture* tex =
            st.texture_on && st.texture >= 0 ? &m_.textures[size_t(st.texture)] : nullptr;
        Mesh& mesh = s_.meshes[size_t(mi)];
        for (const n64::RspVertex& v : tri.v) {
            auto [wit, added] =
                welded_.try_emplace({mi, v.load_serial}, uint32_t(mesh.positions.size()));
            if (added) add_vertex(mi, mesh, v, tex);
            mesh.indices.push_back(wit->second);
        }
    }

    // Unlit meshes carry colours, lit ones normals (seed 12); glTF needs one or
    // the other per vertex, never a zero normal. Texture alpha joins the vertex
    // alpha in the material's alpha mode.
    void finish() {
        for (auto& [state, mi] : mesh_of_state_) {
            Mesh& mesh = s_.meshes[size_t(mi)];
            Material& mat = s_.materials[size_t(mesh.material)];
            bool any_lit = false;
            for (const auto& nrm : mesh.normals) any_lit |= nrm != glm::vec3(0.0f);
            if (!any_lit || mat.unlit)
                mesh.normals.clear();
            else
                for (auto& nrm : mesh.normals)
                    if (nrm == glm::vec3(0.0f)) nrm = {0, 1, 0};
            const n64::DrawState& st = m_.states[state];
            std::vector<uint8_t> a = alphas_[mi];
            if (st.texture_on && st.texture >= 0) {
                const auto& rgba = m_.textures[size_t(st.texture)].image.rgba;
                for (size_t i = 3; i < rgba.size(); i += 4) a.push_back(rgba[i]);
            }
            mat.alpha_mode = alpha_from(a);
        }
    }

  private:
    int texture(int t) {
        if (t < 0) return -1;
        auto it = texture_index_.find(t);
        if (it != texture_index_.end()) return it->second;
        const n64::DecodedTexture& d = m_.textures[size_t(t)];
        Texture tex;
        tex.name = s_.name + "_tex" + std::to_string(s_.textures.size()) + "_" +
                   n64::texture_format_name(d.tile.fmt, d.tile.siz);
        tex.width = d.image.width, tex.height = d.image.height;
        tex.png = image::encode_png_rgba(d.image.width, d.image.height, d.image.rgba);
        s_.textures.push_back(std::move(tex));
        return texture_index_[t] = int(s_.textures.size() - 1);
    }

    Material material(uint32_t state) {
        const n64::DrawState& st = m_.states[state];
        Material mat;
        mat.name = s_.name + "_mat" + std::to_string(s_.materials.size());
        mat.texture = st.texture_on ? texture(st.texture) : -1;
        mat.wrap_s = wrap_of(st.tile_desc.cms);
        mat.wrap_t = wrap_of(st.tile_desc.cmt);
        mat.nearest = ((st.othermode_h >> 12) & 3) == 0;  // G_TF_POINT
        mat.double_sided = (st.geometry_mode & n64::geom::kCullBack) == 0;
        mat.unlit = (st.geometry_mode & n64::geom::kLighting) == 0;
        mat.extras = {{"geometry_mode", hex(st.geometry_mode, 8)},
                      {"othermode_h", hex(st.othermode_h, 8)},
                      {"othermode_l", hex(st.othermode_l, 8)},
                      {"combine", hex(st.combine_w0, 8) + hex(st.combine_w1, 8).substr(2)},
                      {"prim_color", hex(st.prim_color, 8)},
                      {"env_color", hex(st.env_color, 8)},
                      {"cull_front", (st.geometry_mode & n64::geom::kCullFront) != 0}};
        if (st.texture_on)
            mat.extras["texture_format"] =
                n64::texture_format_name(st.tile_desc.fmt, st.tile_desc.siz);
        // Face slots are switched later by add_face_tracks (face_scene.hpp).
        if (const auto fs = m_.face_slot_of_state.find(state);
            st.texture_on && fs != m_.face_slot_of_state.end())
            mat.extras["face_slot"] = fs->second;
        return mat;
    }

    int mesh_of(uint32_t state) {
        auto [it, fresh] = mesh_of_state_.try_emplace(state, int(s_.meshes.size()));
        if (!fresh) return it->second;
        s_.materials.push_back(material(state));
        Mesh mesh;
        mesh.name = s_.name + "_mesh" + std::to_string(s_.meshes.size());
        mesh.material = int(s_.materials.size() - 1);
        mesh.skin = 0;
        s_.meshes.push_back(std::move(mesh));
        s_.nodes[0].meshes.push_back(it->second);
        return it->second;
    }

    void add_vertex(int mi, Mesh& mesh, const n64::RspVertex& v, const n64::DecodedTexture* tex) {
        const glm::mat4& pm = palette_[size_t(v.slot)];
        mesh.positions.push_back(glm::vec3(pm * glm::vec4(v.x, v.y, v.z, 1.0f)));
        if (v.lit) {
            const glm::vec3 nl(int8_t(v.c[0]), int8_t(v.c[1]), int8_t(v.c[2]));
            glm::vec3 nw = glm::transpose(glm::inverse(glm::mat3(pm))) * nl;
            const float len = glm::length(nw);
            // A zero-scale (hidden) node has no inverse: its vertices
            // collapse to a point, so any unit normal will do.
            mesh.normals.push_back(len > 0 && std::isfinite(len) ? nw / len : glm::vec3(0, 1, 0));
            mesh.colors.push_back({1.0f, 1.0f, 1.0f, v.c[3] / 255.0f});
        } else {
            mesh.normals.push_back(glm::vec3(0.0f));
            mesh.colors.push_back(glm::vec4(v.c[0], v.c[1], v.c[2], v.c[3]) / 255.0f);
        }
        alphas_[mi].push_back(v.c[3]);
        if (tex) {
            const auto& t = tex->tile;
            mesh.uv0.push_back({tile_coord(v.s, t.shifts, t.uls, tex->image.width),
                                tile_coord(v.t, t.shiftt, t.ult, tex->image.height)});
        }
        mesh.joints.push_back(uint16_t(v.slot));
    }

    Scene& s_;
    const DecodedModel& m_;
    const std::vector<glm::mat4>& palette_;
    std::map<int, int> texture_index_;
    std::map<uint32_t, int> mesh_of_state_;
    std::map<std::pair<int, uint32_t>, uint32_t> welded_;  // (mesh, load serial) -> vertex
    std::map<int, std::vector<uint8_t>> alphas_;
};

}  // namespace

Scene build_scene(const DecodedModel& m, const Layout& layout, const GameTrig& trig) {
    Scene s;
    s.name = "model_" + std::to_string(m.record.index);
    s.add_node(s.name, -1);
    const size_t n = m.hierarchy.nodes.size();
    if (n > 0xFFFF)
        fail_no_offset(ErrorKind::AllocationLimit, "at most 65535 hierarchy nodes (joint indices)");
    const auto palette = palette_matrices(m.hierarchy, trig, layout.euler);
    Skin skin = add_joints(s, m, palette, layout, trig);
    if (n) s.skins.push_back(std::move(skin));

    MeshBuilder meshes(s, m, palette);
    for (const n64::Triangle& tri : m.triangles) meshes.add(tri);
    meshes.finish();

    s.extras = {{"format", "hey-you-pikachu"},
                {"item", m.record.index},
                {"resource_id", m.descriptor.id},
                {"compressed", m.resource ? m.resource->compressed : false},
                {"nodes", n},
                {"triangles", m.triangles.size()},
                {"units", "N64 model units"},
                {"up_axis", "Y"}};
    return s;
}

}  // namespace ripkit::hey_you_pikachu
