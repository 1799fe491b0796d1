// `convert`: one item (or every item) to glTF/FBX/Collada, plus WAV audio.
#include <cstdio>
#include <memory>
#include <set>

#include "commands.hpp"
#include "error_line.hpp"
#include "messages.hpp"
#include "progress.hpp"
#include "ripkit/error.hpp"
#include "ripkit/export.hpp"
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
    if (auto f = output_format_from_name(fs::path(a.out).extension().string())) return *f;
    fail_no_offset(ErrorKind::Usage,
                   "OUT ending in .glb, .gltf, .fbx or .dae (or --format), got '" + a.out + "'");
}

// Refuses, before anything is decoded, an output that would land on an input.
void refuse_input_as_output(const fs::path& target, const CommonArgs& common) {
    for (const fs::path& in : named_inputs(common))
        if (same_path(target, in))
            fail_no_offset(ErrorKind::Usage, "an output path that is not an input, but '" +
                                                 target.string() + "' is '" + in.string() + "'");
}

void hold_result(const ExportResult& r) {
    for (const fs::path& p : r.written) Messages::get().out(p.string());
    for (const std::string& n : r.notes) Messages::get().err("ripkit: note: " + n);
}

ExportOptions export_options(const Session& s, const ConvertArgs& a, OutputFormat fmt) {
    ExportOptions eo;
    eo.format = fmt;
    eo.protected_paths = s.protected_paths();
    eo.budget = &s.budget();
    eo.fbx_bake_keys = a.fbx_bake;
    return eo;
}

// One item's scene and export inside its own budget scope: what they build is
// given back once the item's files are written. An item that failed to decode
// throws its error from scene().
ExportResult convert_item(const Session& s, int64_t item, const fs::path& out,
                          const ExportOptions& eo) {
    return with_context("item " + std::to_string(item), [&] {
        Budget::Scope scope(s.budget());
        const Scene scene = s.doc().scene(item);
        return export_scene(scene, out, eo);
    });
}

int convert_one(const ConvertArgs& a, OutputFormat fmt) {
    Session session(a.common);
    const bool named = a.item_opt && a.item_opt->count();
    const int64_t item = named ? a.item : session.doc().default_item();
    // Some Assimp exporters fail on a bare file name; give it its folder.
    fs::path out = a.out;
    if (out.parent_path().empty()) out = fs::path(".") / out;
    const ExportResult r = convert_item(session, item, out, export_options(session, a, fmt));
    // After the work: a document decoding lazily knows its findings by now.
    print_warnings(session);
    if (!named) warn_skipped_items(session, item);
    hold_result(r);
    return 0;
}

// `<stem>_<id>.<ext>` for every item; two items of one id would share a file,
// so that is refused before anything is written (the decoders give every item
// its own id, see zouna's repeated names).
std::vector<std::string> item_file_names(const std::string& stem,
                                         const std::vector<ItemSummary>& items, OutputFormat fmt) {
    std::vector<std::string> names;
    std::set<std::string> seen;
    for (const ItemSummary& item : items) {
        names.push_back(stem + "_" + std::to_string(item.id) + "." + output_format_extension(fmt));
        if (!seen.insert(names.back()).second)
            fail_no_offset(ErrorKind::BadValue,
                           "items of distinct ids, but two are item " + std::to_string(item.id) +
                               " (both would be written as '" + names.back() + "')");
    }
    return names;
}

// What --all converts: every item that is not empty, the ones that failed to
// decode included (they fail the run, or with --keep-going are reported).
std::vector<ItemSummary> items_to_convert(const Document& doc) {
    std::vector<ItemSummary> items;
    for (ItemSummary& s : doc.items())
        if (!s.empty || s.error) items.push_back(std::move(s));
    if (items.empty()) fail_no_offset(ErrorKind::Usage, "a file with at least one non-empty item");
    return items;
}

// --keep-going: the failed item's one line, now.
void report_failure(Error e, const Session& s) {
    if (e.file().empty()) e.set_file(s.path());
    end_progress();
    std::fprintf(stderr, "%s\n", error_line(e).c_str());
}

int convert_all(const ConvertArgs& a, OutputFormat fmt) {
    const fs::path dir = a.out;
    std::error_code ec;
    if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
        fail_no_offset(ErrorKind::Usage,
                       "OUT to be a folder with --all, but '" + a.out + "' is a file");
    Session session(a.common);
    const std::vector<ItemSummary> items = items_to_convert(session.doc());
    print_warnings(session);  // every item is decoded by now

    fs::create_directories(dir, ec);
    if (ec)
        fail_no_offset(ErrorKind::Io, "a writable folder '" + a.out + "' (" + ec.message() + ")");
    ExportOptions eo = export_options(session, a, fmt);
    // Without --overwrite an existing output is refused (exit 2) before it is
    // touched; with it, replaced files wait aside until every item is written,
    // and a failing item puts them back (no file that existed is ever lost).
    eo.overwrite = a.overwrite;
    OutputTransaction run;
    eo.transaction = &run;
    const std::vector<std::string> names =
        item_file_names(fs::path(a.common.file).stem().string(), items, fmt);
    // The scene files are checked before any item is decoded; companions
    // (.wav, .bin) when their item is written (export_scene, same refusal),
    // and so is a folder in the way (an I/O error, whatever --overwrite says).
    for (const std::string& name : names)
        if (!a.overwrite && fs::exists(fs::symlink_status(dir / name, ec)) &&
            !fs::is_directory(dir / name, ec))
            fail_no_offset(ErrorKind::Usage, "an output '" + (dir / name).string() +
                                                 "' that does not exist yet (--overwrite "
                                                 "replaces existing files)");
    size_t files = 0, failed = 0;
    for (size_t i = 0; i < items.size(); ++i) {
        const std::string& name = names[i];
        session.budget().progress(i + 1, items.size(), name + " (" + items[i].label + ")");
        const OutputTransaction::Savepoint item_start = run.savepoint();
        try {
            const ExportResult r = convert_item(session, items[i].id, dir / name, eo);
            files += r.written.size();
            hold_result(r);
        } catch (const Error& e) {
            // A usage problem or a cancel is about the run, not the item; the
            // transaction then undoes the run.
            if (!a.keep_going || e.kind() == ErrorKind::Usage || e.kind() == ErrorKind::Cancelled)
                throw;
            // The failed item's own files go (and what they replaced comes back).
            run.rollback_to(item_start);
            report_failure(e, session);
            ++failed;
        }
    }
    // --keep-going keeps what the items that worked wrote.
    run.commit();
    if (failed) return 1;
    Messages::get().err("ripkit: wrote " + std::to_string(files) + " files for " +
                        std::to_string(items.size()) + " items to " + dir.string());
    return 0;
}

}  // namespace

int run_convert(const ConvertArgs& a) {
    if (wants_pack(a)) return run_pack(a);
    refuse_input_as_output(a.out, a.common);
    const OutputFormat fmt = choose_output_format(a);
    if (a.fbx_bake && fmt != OutputFormat::Fbx)
        fail_no_offset(ErrorKind::Usage, "--fbx-bake with FBX output (.fbx or --format fbx)");
    // A .gltf brings `<stem>.bin` along, which may well be the game file.
    if (fmt == OutputFormat::Gltf && !a.all)
        refuse_input_as_output(fs::path(a.out).replace_extension(".bin"), a.common);
    return a.all ? convert_all(a, fmt) : convert_one(a, fmt);
}

}  // namespace ripkit::cli
