// `view`: one item as a self-contained HTML page (scene, timeline, game
// camera, face switching, sound) for people who would rather look than read.
#include "commands.hpp"
#include "messages.hpp"
#include "ripkit/error.hpp"
#include "ripkit/file_paths.hpp"
#include "ripkit/platform.hpp"
#include "ripkit/preview.hpp"
#include "session.hpp"

namespace ripkit::cli {

int run_view(const ViewArgs& a) {
    if (same_file(platform::path_from_utf8(a.out), platform::path_from_utf8(a.common.file)))
        fail_no_offset(ErrorKind::Usage,
                       "an output path other than the input, got '" + a.out + "'");
    Session session(a.common);
    const bool named = a.item_opt && a.item_opt->count();
    const int64_t item = named ? a.item : session.doc().default_item();
    Budget::Scope scope(session.budget());
    const Scene scene =
        with_context("item " + std::to_string(item), [&] { return session.doc().scene(item); });
    print_warnings(session);  // after the decoding the scene asked for
    if (!named) warn_skipped_items(session, item);
    PreviewOptions po;
    // The page inlines three.js from --three-dir, else $RIPKIT_THREE_DIR, else the
    // copy embedded at build time (write_preview_html).
    po.three_dir = a.three_dir;
    po.protected_paths = session.protected_paths();
    write_preview_html(scene, a.out, po);
    Messages::get().out(a.out);
    for (const std::string& n : scene.notes) Messages::get().err("ripkit: note: " + n);
    return 0;
}

}  // namespace ripkit::cli
