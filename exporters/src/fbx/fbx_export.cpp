// FBX 7.5 binary written directly from the Scene (not through Assimp 5.2.5's
// exporter: it writes no cameras, linear keys only, no user properties, a
// 24 fps time mode, stack times floored to whole seconds, and binary files
// that neither Blender nor Assimp itself read back without repair). The
// document: header with the scene metadata (SceneInfo), GlobalSettings (axes,
// metres, frame rate, time span), the Document, Definitions, Objects,
// Connections and Takes; the objects come from fbx_models / fbx_geometry /
// fbx_materials / fbx_anim.
#include "ripkit/fbx_export.hpp"

#include <algorithm>
#include <cmath>

#include "fbx_writer.hpp"
#include "ripkit/error.hpp"
#include "ripkit/out_of_memory.hpp"

namespace ripkit {

namespace {

using fbx::Node;

// The playback rate of docs/architecture.md: scene extras frame_rate, else the
// first animation's; 0 when neither says.
double scene_frame_rate(const Scene& scene) {
    const auto it = scene.extras.find("frame_rate");
    if (it != scene.extras.end() && it->is_number()) {
        const double r = it->get<double>();
        if (std::isfinite(r) && r > 0) return r;
    }
    if (!scene.animations.empty() && std::isfinite(scene.animations[0].frame_rate) &&
        scene.animations[0].frame_rate > 0)
        return scene.animations[0].frame_rate;
    return 0.0;
}

// FBX's EMode values for the rates it names (FBX SDK fbxtime.h; Blender's
// FBX_FRAMERATES); 14 = custom, the rate then in CustomFrameRate.
int fbx_time_mode(double rate) {
    static constexpr std::pair<double, int> kModes[] = {
        {120.0, 1}, {100.0, 2}, {60.0, 3},  {50.0, 4},  {48.0, 5},
        {30.0, 6},  {25.0, 10}, {24.0, 11}, {96.0, 15}, {72.0, 16}};
    for (const auto& [r, mode] : kModes)
        if (std::abs(rate - r) < 1e-9) return mode;
    return 14;
}

int64_t ktime(double seconds) { return std::llround(seconds * double(fbx::kKTimePerSecond)); }

double longest_animation(const Scene& scene) {
    double d = 0.0;
    for (const Animation& a : scene.animations) d = std::max(d, a.duration);
    return d;
}

// Scene extras (format, item, frame rate, assumptions, ...) and the audio file.
nlohmann::json scene_metadata(const Scene& scene, const std::string& wav_name) {
    nlohmann::json meta = scene.extras.is_object() ? scene.extras : nlohmann::json::object();
    if (!wav_name.empty() && scene.audio) {
        nlohmann::json& audio = meta["audio"];
        if (!audio.is_object())
            audio = {
                {"rate", scene.audio->sample_rate},
                {"channels", scene.audio->channels},
                {"frames",
                 scene.audio->channels ? scene.audio->samples.size() / scene.audio->channels : 0}};
        audio["file"] = wav_name;
    }
    return meta;
}

std::string meta_string(const nlohmann::json& meta, const char* key) {
    const auto it = meta.find(key);
    if (it == meta.end()) return "";
    return it->is_string() ? it->get<std::string>() : it->dump();
}

Node header(const Scene& scene, const nlohmann::json& meta) {
    Node h("FBXHeaderExtension");
    h.add("FBXHeaderVersion").i32(1003);  // below 1004: KTime is 46186158000 per second
    h.add("FBXVersion").i32(int32_t(fbx::kVersion));
    h.add("EncryptionType").i32(0);
    Node& stamp = h.add("CreationTimeStamp");
    stamp.add("Version").i32(1000);
    for (const auto& [field, v] : {std::pair{"Year", 1970},
                                   {"Month", 1},
                                   {"Day", 1},
                                   {"Hour", 10},
                                   {"Minute", 0},
                                   {"Second", 0},
                                   {"Millisecond", 0}})
        stamp.add(field).i32(v);
    h.add("Creator").str("ripkit");
    // Document-level metadata: ufbx (metadata.scene_props) and the FBX SDK
    // (FbxDocumentInfo) read SceneInfo.
    Node& info = h.add("SceneInfo");
    info.str(fbx::object_name("GlobalInfo", "SceneInfo")).str("UserData");
    info.add("Type").str("UserData");
    info.add("Version").i32(100);
    Node& md = info.add("MetaData");
    md.add("Version").i32(100);
    md.add("Title").str(scene.name);
    md.add("Subject").str(meta_string(meta, "format"));
    md.add("Author").str("");
    md.add("Keywords").str("");
    md.add("Revision").str("");
    md.add("Comment").str(meta_string(meta, "assumptions"));
    Node& p70 = fbxw::properties(info);
    fbxw::p_string(p70, "Original|ApplicationVendor", "ripkit");
    fbxw::p_string(p70, "Original|ApplicationName", "ripkit");
    fbxw::p_user_extras(p70, meta, {});
    return h;
}

Node global_settings(const Scene& scene) {
    Node g("GlobalSettings");
    g.add("Version").i32(1000);
    Node& p = g.add("Properties70");
    // Y up, Z front, X right (the Scene's glTF axes); 1 unit = 1 m (100 cm).
    fbxw::p_int(p, "UpAxis", 1);
    fbxw::p_int(p, "UpAxisSign", 1);
    fbxw::p_int(p, "FrontAxis", 2);
    fbxw::p_int(p, "FrontAxisSign", 1);
    fbxw::p_int(p, "CoordAxis", 0);
    fbxw::p_int(p, "CoordAxisSign", 1);
    fbxw::p_int(p, "OriginalUpAxis", 1);
    fbxw::p_int(p, "OriginalUpAxisSign", 1);
    fbxw::p_double(p, "UnitScaleFactor", 100.0);
    fbxw::p_double(p, "OriginalUnitScaleFactor", 100.0);
    fbxw::p_vector3(p, "AmbientColor", "ColorRGB", "Color", "", glm::dvec3(0.0));
    fbxw::p_string(p, "DefaultCamera", "Producer Perspective");
    const double rate = scene_frame_rate(scene);
    // Never 0 ("default"): readers disagree on what it means.
    const int mode = rate > 0 ? fbx_time_mode(rate) : 6;
    fbxw::p_enum(p, "TimeMode", mode);
    fbxw::p_enum(p, "TimeProtocol", 2);
    fbxw::p_enum(p, "SnapOnFrameMode", 0);
    fbxw::p_ktime(p, "TimeSpanStart", 0);
    fbxw::p_ktime(p, "TimeSpanStop",
                  ktime(scene.animations.empty() ? 1.0 : longest_animation(scene)));
    fbxw::p_double(p, "CustomFrameRate", mode == 14 ? rate : -1.0);
    fbxw::p_int(p, "CurrentTimeMarker", -1);
    return g;
}

Node documents(const Scene& scene, int64_t id) {
    Node d("Documents");
    d.add("Count").i32(1);
    Node& doc = d.add("Document");
    doc.i64(id).str("").str("Scene");
    Node& p = doc.add("Properties70");
    p.add("P").str("SourceObject").str("object").str("").str("");
    fbxw::p_string(p, "ActiveAnimStackName",
                   scene.animations.empty() ? "" : scene.animations[0].name);
    doc.add("RootNode").i64(0);
    return d;
}

Node definitions(const std::map<std::string, int>& counts) {
    Node d("Definitions");
    d.add("Version").i32(100);
    int total = 1;
    for (const auto& [type, n] : counts) total += n;
    d.add("Count").i32(total);
    d.add("ObjectType").str("GlobalSettings").add("Count").i32(1);
    for (const auto& [type, n] : counts) d.add("ObjectType").str(type).add("Count").i32(n);
    return d;
}

Node takes(const Scene& scene) {
    Node t("Takes");
    t.add("Current").str(scene.animations.empty() ? "" : scene.animations[0].name);
    for (const Animation& a : scene.animations) {
        Node& take = t.add("Take");
        take.str(a.name);
        take.add("FileName").str(a.name + ".tak");
        take.add("LocalTime").i64(0).i64(ktime(a.duration));
        take.add("ReferenceTime").i64(0).i64(ktime(a.duration));
    }
    return t;
}

}  // namespace

Bytes fbx_bytes(const Scene& scene, const FbxOptions& options, std::vector<std::string>& notes,
                Budget& budget) {
    return detail::guard_alloc("ripkit's FBX writer", [&] {
        fbxw::Doc doc(budget);
        const int64_t document_id = doc.new_id();
        const fbxw::Models models = fbxw::write_models(scene, doc, notes);
        const fbxw::Materials mats = fbxw::write_materials(scene, doc, notes);
        fbxw::write_meshes(scene, doc, models, mats);
        fbxw::AnimOptions anim;
        anim.bake = options.bake_keys;
        anim.frame_rate = scene_frame_rate(scene) > 0 ? scene_frame_rate(scene) : 30.0;
        fbxw::write_animations(scene, doc, models, anim);

        const nlohmann::json meta = scene_metadata(scene, options.wav_name);
        std::vector<fbx::Node> top;
        top.push_back(header(scene, meta));
        top.emplace_back("FileId").raw(fbx::file_id());
        top.emplace_back("CreationTime").str(fbx::kCreationTime);
        top.emplace_back("Creator").str("ripkit");
        top.push_back(global_settings(scene));
        top.push_back(documents(scene, document_id));
        top.emplace_back("References");
        top.push_back(definitions(doc.counts()));
        top.push_back(doc.take_objects());
        top.push_back(doc.take_connections());
        top.push_back(takes(scene));
        return fbx::write_document(std::move(top));
    });
}

Bytes fbx_bytes(const Scene& scene, std::vector<std::string>& notes, Budget& budget) {
    return fbx_bytes(scene, FbxOptions{}, notes, budget);
}

void stage_fbx(const Scene& scene, const std::filesystem::path& out, const FbxOptions& options,
               detail::Staging& st, std::vector<std::string>& notes, Budget& budget) {
    st.add(out, fbx_bytes(scene, options, notes, budget));
    if (!scene.animations.empty())
        notes.push_back(options.bake_keys
                            ? "FBX: keys baked to linear keys at every frame"
                            : "FBX: rotations become Euler curves (keys added where cubic Euler "
                              "interpolation leaves the quaternion path)");
    if (scene.audio)
        notes.push_back("FBX: audio is not embedded (no open FBX reader reads FBX audio)");
}

}  // namespace ripkit
