// `convert`: one item to glTF/FBX/Collada, plus WAV audio (every item: convert_all.cpp).
#include "commands.hpp"
#include "convert_item.hpp"
#include "messages.hpp"
#include "ripkit/error.hpp"
#include "ripkit/export.hpp"
#include "ripkit/file_paths.hpp"
#include "ripkit/platform.hpp"
#include "session.hpp"

namespace ripkit::cli {

namespace fs = std::filesystem;

namespace {

OutputFormat choose_output_format(const ConvertArgs& a) {
    if (!a.format.empty()) {
        if (auto f = output_format_from_name(a.format)) return *f;
        fail_no_offset(ErrorKind::Usage, "--format glb, gltf, fbx or dae, got '" + a.format + "'");
    }
    if (a.all) return OutputFormat::Glb;
    if (auto f = output_format_from_name(platform::path_from_utf8(a.out).extension().string()))
        return *f;
    fail_no_offset(ErrorKind::Usage,
                   "OUT ending in .glb, .gltf, .fbx or .dae (or --format), got '" + a.out + "'");
}

// Refuses, before anything is decoded, an output that would land on an input.
void refuse_input_as_output(const fs::path& target, const CommonArgs& common) {
    for (const fs::path& in : named_inputs(common))
        if (same_file(target, in))
            fail_no_offset(ErrorKind::Usage, "an output path that is not an input, but '" +
                                                 target.string() + "' is '" + in.string() + "'");
}

int convert_one(const ConvertArgs& a, OutputFormat fmt) {
    Session session(a.common);
    const bool named = a.item_opt && a.item_opt->count();
    const int64_t item = named ? a.item : session.doc().default_item();
    // Some Assimp exporters fail on a bare file name; give it its folder.
    fs::path out = platform::path_from_utf8(a.out);
    if (out.parent_path().empty()) out = fs::path(".") / out;
    const ExportResult r = convert_item(session, item, out, export_options(session, a, fmt));
    // After the work: a document decoding lazily knows its findings by now.
    print_warnings(session);
    if (!named) warn_skipped_items(session, item);
    hold_result(r);
    return 0;
}

}  // namespace

void hold_result(const ExportResult& r) {
    for (const fs::path& p : r.written) Messages::get().out(p.string());
    for (const std::string& n : r.notes) Messages::get().err("ripkit: note: " + n);
}

ExportOptions export_options(const Session& s, const ConvertArgs& a, OutputFormat fmt) {
    ExportOptions eo;
    eo.format = fmt;
    eo.protected_paths = s.protected_paths();
    eo.fbx_bake_keys = a.fbx_bake;
    return eo;
}

ExportResult convert_item(const Session& s, int64_t item, const fs::path& out,
                          const ExportOptions& eo) {
    return with_context("item " + std::to_string(item), [&] {
        Budget::Scope scope(s.budget());
        const Scene scene = s.doc().scene(item);
        ExportResult r = export_scene(scene, out, eo);
        r.notes.insert(r.notes.begin(), scene.notes.begin(), scene.notes.end());
        return r;
    });
}

int run_convert(const ConvertArgs& a) {
    if (wants_pack(a)) return run_pack(a);
    refuse_input_as_output(platform::path_from_utf8(a.out), a.common);
    const OutputFormat fmt = choose_output_format(a);
    if (a.fbx_bake && fmt != OutputFormat::Fbx)
        fail_no_offset(ErrorKind::Usage, "--fbx-bake with FBX output (.fbx or --format fbx)");
    // A .gltf brings `<stem>.bin` along, which may well be the game file.
    if (fmt == OutputFormat::Gltf && !a.all)
        refuse_input_as_output(platform::path_from_utf8(a.out).replace_extension(".bin"), a.common);
    return a.all ? convert_all(a, fmt) : convert_one(a, fmt);
}

}  // namespace ripkit::cli
