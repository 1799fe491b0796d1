// export_scene: picks the writer, stages every output file as a temporary
// next to its target and renames them only when all are complete.
#include <algorithm>
#include <cctype>

#include "ripkit/collada_export.hpp"
#include "ripkit/error.hpp"
#include "ripkit/export.hpp"
#include "ripkit/export_cost.hpp"
#include "ripkit/export_detail.hpp"
#include "ripkit/fbx_export.hpp"
#include "ripkit/file_paths.hpp"
#include "ripkit/gltf_export.hpp"
#include "ripkit/out_of_memory.hpp"

namespace ripkit {

namespace fs = std::filesystem;

std::optional<OutputFormat> output_format_from_name(std::string_view name_or_ext) {
    std::string s(name_or_ext);
    const size_t dot = s.rfind('.');
    if (dot != std::string::npos) s = s.substr(dot + 1);
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (s == "glb") return OutputFormat::Glb;
    if (s == "gltf") return OutputFormat::Gltf;
    if (s == "fbx") return OutputFormat::Fbx;
    if (s == "dae" || s == "collada") return OutputFormat::Dae;
    return std::nullopt;
}

const char* output_format_extension(OutputFormat f) {
    switch (f) {
        case OutputFormat::Glb:
            return "glb";
        case OutputFormat::Gltf:
            return "gltf";
        case OutputFormat::Fbx:
            return "fbx";
        case OutputFormat::Dae:
            return "dae";
    }
    return "glb";
}

namespace {

ByteSpan text_span(const std::string& s) {
    return ByteSpan(reinterpret_cast<const uint8_t*>(s.data()), s.size());
}

// Metadata contract (docs/architecture.md): scene extras audio names the WAV
// written beside the output. A format that left out the audio entry still gets
// the facts the WAV header holds.
void add_audio_file(nlohmann::json& gltf, const Audio& audio, const std::string& wav_name) {
    if (!gltf.contains("scenes") || !gltf["scenes"].is_array() || gltf["scenes"].empty()) return;
    nlohmann::json& extras = gltf["scenes"][0]["extras"];
    if (!extras.is_object()) extras = nlohmann::json::object();
    nlohmann::json& entry = extras["audio"];
    if (!entry.is_object())
        entry = {{"rate", audio.sample_rate},
                 {"channels", audio.channels},
                 {"frames", audio.channels ? audio.samples.size() / audio.channels : 0}};
    entry["file"] = wav_name;
}

// `wav_name`: the file name of the WAV written beside `out`, empty when none.
void stage_gltf(const Scene& scene, const fs::path& out, OutputFormat f,
                const std::string& wav_name, detail::Staging& st, std::vector<std::string>& notes,
                Budget& budget) {
    GltfDoc doc = build_gltf(scene, notes, budget);
    if (scene.audio && !wav_name.empty()) add_audio_file(doc.json, *scene.audio, wav_name);
    if (f == OutputFormat::Glb) {
        // The tree's text, then the tree freed before the file is written
        // from that text, the streamed text and the buffer as they are (no
        // GLB-sized copy of any).
        const GlbPieces glb = detail::guard_alloc("the glb writer", [&] {
            GlbPieces p = glb_pieces(doc);
            doc.json = nlohmann::json();
            return p;
        });
        st.add(out, glb.spans());
        return;
    }
    if (!doc.json.contains("buffers")) {
        const std::string text = doc.json_text(2) + "\n";
        st.add(out, text_span(text));
        return;
    }
    // .gltf: the buffer goes to <stem>.bin next to it, which must not be an input.
    const fs::path bin = fs::path(out).replace_extension(".bin");
    if (detail::is_protected(bin, st.protected_paths()))
        fail_no_offset(ErrorKind::Usage,
                       "a .gltf whose buffer file '" + bin.string() +
                           "' is not an input: refusing to overwrite it (write .glb instead)");
    doc.json["buffers"][0]["uri"] = bin.filename().string();
    st.add(bin, doc.bin);
    const std::string text = doc.json_text(2) + "\n";
    st.add(out, text_span(text));
}

ExportResult export_staged(const Scene& scene, const fs::path& out, const ExportOptions& options) {
    const detail::OutOfMemoryWatch watch;
    validate_scene(scene);
    detail::refuse_protected(out, options.protected_paths);
    const bool with_wav = scene.audio && options.write_audio;
    const std::shared_ptr<Budget> held = scene_budget(scene);
    Budget& budget = *held;
    // The whole export's peak is charged before anything is built; what the
    // handover and the bake count on their way lies inside that estimate, so
    // they count against a budget of their own with the same limits.
    charge_export(budget, scene, options.format, with_wav);
    Budget inner(budget.limits());
    ExportResult result;
    detail::Staging st(options.protected_paths);
    const fs::path wav = fs::path(out).replace_extension(".wav");
    switch (options.format) {
        case OutputFormat::Glb:
        case OutputFormat::Gltf:
            stage_gltf(scene, out, options.format, with_wav ? wav.filename().string() : "", st,
                       result.notes, inner);
            break;
        case OutputFormat::Fbx: {
            FbxOptions fo;
            fo.bake_keys = options.fbx_bake_keys;
            if (with_wav) fo.wav_name = wav.filename().string();
            stage_fbx(scene, out, fo, st, result.notes, inner);
            break;
        }
        case OutputFormat::Dae:
            stage_collada(scene, out, st, result.notes, inner);
            break;
    }
    if (with_wav) {
        st.add(wav, detail::wav_bytes(*scene.audio));
    } else if (scene.audio) {
        result.notes.push_back("audio not written (disabled)");
    }
    // Running out inside a destructor goes on in the watch's reserve; it is
    // reported here, before a file is placed.
    if (watch.ran_out()) detail::fail_out_of_memory(output_format_extension(options.format));
    if (options.transaction) {
        result.written = st.commit(options.overwrite, *options.transaction);
    } else {
        OutputTransaction own;
        result.written = st.commit(options.overwrite, own);
        own.commit();
    }
    return result;
}

}  // namespace

// The machine running out before the budget does is the same AllocationLimit
// error wherever it happens - in our code or inside Assimp's exporters.
ExportResult export_scene(const Scene& scene, const fs::path& out, const ExportOptions& options) {
    const char* writer = "the scene's writer";
    switch (options.format) {
        case OutputFormat::Glb:
            writer = "writing the scene as glb";
            break;
        case OutputFormat::Gltf:
            writer = "writing the scene as gltf";
            break;
        case OutputFormat::Fbx:
            writer = "writing the scene as fbx";
            break;
        case OutputFormat::Dae:
            writer = "writing the scene as dae";
            break;
    }
    return detail::guard_alloc(writer, [&] { return export_staged(scene, out, options); });
}

}  // namespace ripkit
