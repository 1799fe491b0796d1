// Materials and embedded PNG textures.
#include <algorithm>
#include <map>

#include "fbx_writer.hpp"

namespace ripkit::fbxw {

namespace {

const std::set<std::string>& reserved_names() {
    static const std::set<std::string> names = {"DiffuseColor",       "DiffuseFactor",
                                                "TransparencyFactor", "Opacity",
                                                "Shininess",          "EmissiveColor"};
    return names;
}

// A file name for the PNG: the texture's name made safe, unique in the document.
std::vector<std::string> texture_files(const Scene& scene) {
    std::vector<std::string> out;
    std::set<std::string> used;
    for (size_t i = 0; i < scene.textures.size(); ++i) {
        std::string base = scene.textures[i].name;
        std::replace_if(
            base.begin(), base.end(),
            [](char c) { return c == '/' || c == '\\' || c == ':' || c == '\0'; }, '_');
        if (base.empty()) base = "texture_" + std::to_string(i);
        std::string name = base + ".png";
        for (int k = 2; used.count(name); ++k) name = base + "_" + std::to_string(k) + ".png";
        used.insert(name);
        out.push_back(name);
    }
    return out;
}

const char* alpha_mode_name(AlphaMode a) {
    switch (a) {
        case AlphaMode::Mask:
            return "MASK";
        case AlphaMode::Blend:
            return "BLEND";
        case AlphaMode::Opaque:
            break;
    }
    return "OPAQUE";
}

// Blender finds a Texture's image by path, not by connection: the Texture
// names the same file as the Video holding the bytes.
int64_t texture_object(Doc& doc, const Scene& scene, int t, const std::string& file, int64_t video,
                       const Material* m) {
    const int64_t id = doc.new_id();
    const std::string& name = scene.textures[size_t(t)].name;
    fbx::Node& tex = doc.object("Texture", id, name, "Texture", "");
    tex.add("Type").str("TextureVideoClip");
    tex.add("Version").i32(202);
    tex.add("TextureName").str(fbx::object_name(name, "Texture"));
    fbx::Node& p70 = properties(tex);
    p_enum(p70, "CurrentTextureBlendMode", 0);
    p_string(p70, "UVSet", "UVMap");
    p_bool(p70, "UseMaterial", true);
    // FBX wraps repeat (0) or clamp (1); mirror has no FBX mode.
    p_enum(p70, "WrapModeU", m && m->wrap_s == Wrap::Clamp ? 1 : 0);
    p_enum(p70, "WrapModeV", m && m->wrap_t == Wrap::Clamp ? 1 : 0);
    tex.add("Media").str(fbx::object_name(name, "Video"));
    tex.add("FileName").str(file);
    tex.add("RelativeFilename").str(file);
    tex.add("ModelUVTranslation").f64(0).f64(0);
    tex.add("ModelUVScaling").f64(1).f64(1);
    tex.add("Texture_Alpha_Source").str("None");
    tex.add("Cropping").i32(0).i32(0).i32(0).i32(0);
    doc.oo(video, id);
    return id;
}

}  // namespace

Materials write_materials(const Scene& scene, Doc& doc, std::vector<std::string>& notes) {
    Materials out;
    const std::vector<std::string> files = texture_files(scene);
    std::vector<int64_t> videos;
    for (size_t t = 0; t < scene.textures.size(); ++t) {
        const int64_t id = doc.new_id();
        fbx::Node& v = doc.object("Video", id, scene.textures[t].name, "Video", "Clip");
        v.add("Type").str("Clip");
        p_string(properties(v), "Path", files[t], "XRefUrl");
        v.add("UseMipMap").i32(0);
        v.add("Filename").str(files[t]);
        v.add("RelativeFilename").str(files[t]);
        v.add("Content").raw(scene.textures[t].png);
        videos.push_back(id);
    }
    std::vector<bool> shown(scene.textures.size(), false);
    bool mirrored = false;
    for (const Material& m : scene.materials) {
        const int64_t id = doc.new_id();
        out.material.push_back(id);
        fbx::Node& mat = doc.object("Material", id, m.name, "Material", "");
        mat.add("Version").i32(102);
        mat.add("ShadingModel").str("lambert");
        mat.add("MultiLayer").i32(0);
        fbx::Node& p70 = properties(mat);
        p_vector3(p70, "DiffuseColor", "Color", "", "A", glm::dvec3(glm::vec3(m.base_color)));
        p_number(p70, "DiffuseFactor", 1.0);
        p_number(p70, "TransparencyFactor", 1.0 - double(m.base_color.a));
        p_double(p70, "Opacity", double(m.base_color.a));
        // ASSUMPTION (as the glTF's roughness 1): the games have no shininess.
        p_double(p70, "Shininess", 0.0);
        p_vector3(p70, "EmissiveColor", "Color", "", "A", glm::dvec3(0.0));
        // What FBX materials have no field for, as user properties.
        nlohmann::json extra = m.extras.is_object() ? m.extras : nlohmann::json::object();
        extra["ripkit_double_sided"] = m.double_sided;
        extra["ripkit_unlit"] = m.unlit;
        extra["ripkit_alpha_mode"] = alpha_mode_name(m.alpha_mode);
        if (m.alpha_mode == AlphaMode::Mask) extra["ripkit_alpha_cutoff"] = m.alpha_cutoff;
        if (!m.switch_textures.empty()) {
            nlohmann::json names = nlohmann::json::array();
            for (int t : m.switch_textures) names.push_back(files[size_t(t)]);
            extra["ripkit_texture_switch"] = {{"textures", names},
                                              {"track_node_name", m.switch_track_node},
                                              {"track_path", "translation.x"}};
        }
        p_user_extras(p70, extra, reserved_names());
        if (m.texture >= 0) {
            const size_t t = size_t(m.texture);
            doc.op(texture_object(doc, scene, int(t), files[t], videos[t], &m), id, "DiffuseColor");
            shown[t] = true;
            mirrored |= m.wrap_s == Wrap::Mirror || m.wrap_t == Wrap::Mirror;
        }
    }
    // The rest (texture switching frames) as Texture objects of their own, so
    // DCC tools list them as images.
    for (size_t t = 0; t < scene.textures.size(); ++t)
        if (!shown[t]) texture_object(doc, scene, int(t), files[t], videos[t], nullptr);
    if (mirrored)
        notes.push_back("FBX: mirrored texture wrapping has no FBX mode (written as repeat)");
    return out;
}

}  // namespace ripkit::fbxw
