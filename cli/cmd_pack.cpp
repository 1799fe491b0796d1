// `convert SCENE.glb|.gltf|.fbx OUT.PAK|OUT.BIN|OUT.Animation_Z`: the
// direction back, a scene written as a game file by the format's encoder.
#include <algorithm>

#include "commands.hpp"
#include "messages.hpp"
#include "ripkit/encode/scene_encoder.hpp"
#include "ripkit/error.hpp"
#include "ripkit/export.hpp"
#include "ripkit/file_paths.hpp"
#include "ripkit/platform.hpp"
#include "ripkit/registry.hpp"
#include "ripkit/scene_import.hpp"
#include "session.hpp"

namespace ripkit::cli {

namespace fs = std::filesystem;

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

std::string encoder_list() {
    std::string out;
    for (const EncoderEntry& e : encoder_entries()) {
        const FormatInfo& fi = e.encoder().info();
        if (!out.empty()) out += ", ";
        out += fi.id + " (";
        for (size_t i = 0; i < fi.extensions.size(); ++i)
            out += (i ? ", ." : ".") + fi.extensions[i];
        out += ")";
    }
    return out;
}

const SceneEncoder& choose_encoder(const ConvertArgs& a) {
    if (!a.format.empty()) {
        if (const SceneEncoder* e = find_encoder(a.format)) return *e;
        fail_no_offset(ErrorKind::Usage, "--format naming a game format to write: " +
                                             encoder_list() + ", got '" + a.format + "'");
    }
    std::string ext = lower(fs::path(a.out).extension().string());
    if (!ext.empty()) ext.erase(0, 1);
    for (const EncoderEntry& e : encoder_entries()) {
        const auto& exts = e.encoder().info().extensions;
        if (std::find(exts.begin(), exts.end(), ext) != exts.end()) return e.encoder();
    }
    fail_no_offset(ErrorKind::Usage, "OUT ending in an extension a game format writes (" +
                                         encoder_list() + ") or --format, got '" + a.out + "'");
}

// The first value given for a format option, or "".
std::string first_of(const Options& options, const std::string& name) {
    const auto it = options.format_options.find(name);
    return it == options.format_options.end() || it->second.empty() ? std::string()
                                                                    : it->second.front();
}

// The encoder's schema says which options it reads: any other one given is a
// usage error rather than silently ignored.
void check_options(const SceneEncoder& encoder, const ConvertArgs& a, const Options& options) {
    std::vector<std::string> given;
    if (a.item_opt && a.item_opt->count()) given.push_back("item");
    if (!a.base.empty()) given.push_back("base");
    if (!a.endian.empty()) given.push_back("endian");
    for (const auto& [key, values] : options.format_options)
        if (!values.empty()) given.push_back(key);
    const EncoderSchema& schema = encoder.schema();
    for (const std::string& key : given) {
        if (schema.option(key)) continue;
        std::string why = "an option the ";
        why += encoder.info().id;
        why += " writer reads (";
        for (size_t i = 0; i < schema.options.size(); ++i)
            why += (i ? ", --" : "--") + schema.options[i].key;
        why += "), got --";
        why += key;
        fail_no_offset(ErrorKind::Usage, why);
    }
}

}  // namespace

bool wants_pack(const ConvertArgs& a) {
    if (!is_scene_file(a.common.file) || a.all) return false;
    if (!a.format.empty()) return find_encoder(a.format) != nullptr;
    return !output_format_from_name(platform::path_from_utf8(a.out).extension().string());
}

int run_pack(const ConvertArgs& a) {
    std::vector<fs::path> inputs = named_inputs(a.common);
    if (!a.base.empty()) inputs.push_back(platform::path_from_utf8(a.base));
    const fs::path out = platform::path_from_utf8(a.out);
    for (const fs::path& in : inputs)
        if (same_file(out, in))
            fail_no_offset(ErrorKind::Usage, "an output path that is not an input, but '" + a.out +
                                                 "' is '" + in.string() + "'");
    const SceneEncoder& encoder = choose_encoder(a);
    const Options options = to_options(a.common);
    check_options(encoder, a, options);
    const Scene scene = import_scene(platform::path_from_utf8(a.common.file), options.limits);

    EncodeOptions eo;
    if (a.item_opt && a.item_opt->count()) eo.item = a.item;
    Input base;
    if (!a.base.empty()) {
        base.path = a.base;
        base.bytes = read_file(a.base, options.limits);
        eo.base = &base;
    }
    eo.out_path = a.out;
    eo.native = options.native;
    eo.settings = options.settings;
    eo.endian = a.endian;
    eo.names_path = first_of(options, "names");
    // --anims names one animation here: the first of its list.
    const std::string anims = first_of(options, "anims");
    eo.animation = anims.substr(0, anims.find(','));
    DiskFileSource disk;
    eo.files = &disk;
    eo.limits = options.limits;
    const EncodeResult r = encoder.encode(scene, eo);
    // Held until the file is in place: a failing run prints its error only.
    for (const std::string& w : r.warnings)
        Messages::get().err("ripkit: warning: " + a.common.file + ": " + w);
    write_file_atomic(out, r.bytes, inputs);
    Messages::get().out(a.out);
    return 0;
}

}  // namespace ripkit::cli
