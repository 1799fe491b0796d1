// glTF materials written from the Scene (Assimp 5.2.5 drops sampler modes,
// alpha, unlit and writes metallic 1), with images and textures shared by
// content: every lookup is a hash, so 4096 materials showing one face image
// cost 4096 lookups, not a scan and a PNG comparison of every image so far.
#include <algorithm>
#include <cstring>
#include <map>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "ripkit/gltf_export.hpp"

namespace ripkit {

namespace {

using nlohmann::json;

size_t hash_bytes(ByteSpan b) {
    return std::hash<std::string_view>{}(
        std::string_view(reinterpret_cast<const char*>(b.data()), b.size()));
}

int gl_wrap(Wrap w) {
    switch (w) {
        case Wrap::Repeat:
            return 10497;
        case Wrap::Mirror:
            return 33648;
        case Wrap::Clamp:
            return 33071;
    }
    return 10497;
}

class MaterialWriter {
  public:
    MaterialWriter(const Scene& scene, const std::vector<int>& node_map, GltfDoc& doc)
        : scene_(scene), node_map_(node_map), doc_(doc) {
        for (size_t i = 0; i < scene.nodes.size(); ++i)
            node_index_.emplace(scene.nodes[i].name, int(i));
        index_existing();
    }

    void fix(const Material& m, json& out);

  private:
    // Images and textures Assimp already wrote (it embeds each aiTexture once).
    void index_existing() {
        json& j = doc_.json;
        if (j.contains("images") && j["images"].is_array())
            for (size_t i = 0; i < j["images"].size(); ++i)
                if (const auto bytes = image_bytes(j["images"][i]))
                    images_.emplace(hash_bytes(*bytes), int(i));
        if (j.contains("textures") && j["textures"].is_array())
            for (size_t i = 0; i < j["textures"].size(); ++i) {
                const json& t = j["textures"][i];
                textures_.try_emplace({t.value("source", -1), t.value("sampler", -1)}, int(i));
            }
    }

    std::optional<ByteSpan> image_bytes(const json& img) const {
        if (!img.contains("bufferView") || !img["bufferView"].is_number_integer() ||
            img["bufferView"].get<int64_t>() < 0)
            return {};
        const size_t v = img["bufferView"].get<size_t>();
        if (!doc_.json.contains("bufferViews") || v >= doc_.json["bufferViews"].size()) return {};
        const json& view = doc_.json["bufferViews"][v];
        const size_t off = view.value("byteOffset", size_t(0));
        const size_t len = view.value("byteLength", size_t(0));
        if (view.value("buffer", -1) != 0 || off > doc_.bin.size() || len > doc_.bin.size() - off)
            return {};
        return ByteSpan(doc_.bin).subspan(off, len);
    }

    // glTF image index holding exactly the PNG of scene texture `t`, adding it when absent.
    int image_for(int t) {
        const Texture& tex = scene_.textures.at(size_t(t));
        json& images = doc_.json["images"];
        if (!images.is_array()) images = json::array();
        const size_t h = hash_bytes(tex.png);
        for (auto [it, end] = images_.equal_range(h); it != end; ++it) {
            const auto bytes = image_bytes(images[size_t(it->second)]);
            if (bytes && bytes->size() == tex.png.size() &&
                std::memcmp(bytes->data(), tex.png.data(), tex.png.size()) == 0) {
                if (!tex.name.empty()) images[size_t(it->second)]["name"] = tex.name;
                return it->second;
            }
        }
        const int view = doc_.add_buffer_view(tex.png);
        json img = {{"bufferView", view}, {"mimeType", "image/png"}};
        if (!tex.name.empty()) img["name"] = tex.name;
        images.push_back(img);
        images_.emplace(h, int(images.size()) - 1);
        return int(images.size()) - 1;
    }

    // At most 3 x 3 x 2 distinct samplers exist, so a scan is enough here.
    int sampler_for(const Material& m) {
        json s = {{"wrapS", gl_wrap(m.wrap_s)},
                  {"wrapT", gl_wrap(m.wrap_t)},
                  {"magFilter", m.nearest ? 9728 : 9729},
                  {"minFilter", m.nearest ? 9984 : 9987}};
        json& samplers = doc_.json["samplers"];
        if (!samplers.is_array()) samplers = json::array();
        for (size_t i = 0; i < samplers.size(); ++i)
            if (samplers[i] == s) return int(i);
        samplers.push_back(s);
        return int(samplers.size()) - 1;
    }

    // glTF texture showing scene texture `t` with the material's sampler.
    int texture_for(const Material& m, int t) {
        const int image = image_for(t);
        const int sampler = sampler_for(m);
        json& textures = doc_.json["textures"];
        if (!textures.is_array()) textures = json::array();
        const auto [it, fresh] = textures_.try_emplace({image, sampler}, int(textures.size()));
        if (fresh) textures.push_back({{"source", image}, {"sampler", sampler}});
        return it->second;
    }

    const Scene& scene_;
    const std::vector<int>& node_map_;
    GltfDoc& doc_;
    std::unordered_map<std::string_view, int> node_index_;
    std::unordered_multimap<size_t, int> images_;  // PNG hash -> glTF image
    std::map<std::pair<int, int>, int> textures_;  // (image, sampler) -> glTF texture
};

void MaterialWriter::fix(const Material& m, json& out) {
    out["name"] = m.name;
    json& pbr = out["pbrMetallicRoughness"];
    pbr["baseColorFactor"] = {m.base_color.r, m.base_color.g, m.base_color.b, m.base_color.a};
    // ASSUMPTION: game materials are dielectric and rough (no specular data in the source).
    pbr["metallicFactor"] = 0.0;
    pbr["roughnessFactor"] = 1.0;
    if (m.texture >= 0)
        pbr["baseColorTexture"] = {{"index", texture_for(m, m.texture)}};
    else
        pbr.erase("baseColorTexture");
    if (m.double_sided)
        out["doubleSided"] = true;
    else
        out.erase("doubleSided");
    out.erase("alphaMode");
    out.erase("alphaCutoff");
    if (m.alpha_mode == AlphaMode::Mask) {
        out["alphaMode"] = "MASK";
        out["alphaCutoff"] = m.alpha_cutoff;
    } else if (m.alpha_mode == AlphaMode::Blend) {
        out["alphaMode"] = "BLEND";
    }
    if (m.unlit) out["extensions"]["KHR_materials_unlit"] = json::object();
    json extras = m.extras.is_object() ? m.extras : json::object();
    if (!m.switch_textures.empty()) {
        json sw = {{"textures", json::array()}};
        for (int t : m.switch_textures) sw["textures"].push_back(texture_for(m, t));
        const auto track = node_index_.find(m.switch_track_node);
        if (track != node_index_.end()) {
            sw["track_node"] = node_map_[size_t(track->second)];
            sw["track_node_name"] = m.switch_track_node;
            sw["track_path"] = "translation.x";
        }
        extras["ripkit_texture_switch"] = sw;
    }
    if (!extras.empty()) out["extras"] = extras;
}

}  // namespace

void fix_gltf_materials(const Scene& scene, const std::vector<int>& node_map, GltfDoc& doc) {
    if (!doc.json.contains("materials") || !doc.json["materials"].is_array()) return;
    MaterialWriter writer(scene, node_map, doc);
    // Assimp writes aiScene materials in order; fill_aiscene keeps Scene order.
    for (size_t i = 0; i < scene.materials.size() && i < doc.json["materials"].size(); ++i)
        writer.fix(scene.materials[i], doc.json["materials"][i]);
    bool unlit = false;
    for (const Material& m : scene.materials) unlit |= m.unlit;
    if (unlit) {
        json& used = doc.json["extensionsUsed"];
        if (!used.is_array()) used = json::array();
        if (std::find(used.begin(), used.end(), "KHR_materials_unlit") == used.end())
            used.push_back("KHR_materials_unlit");
    }
}

}  // namespace ripkit
