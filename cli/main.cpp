// ripkit: inspect and convert old game animation formats.
//   ripkit info|list|dump|convert FILE ...   (see docs/cli.md)
// Exit status: 0 success, 1 decode or I/O error, 2 usage error; every failure
// is one line on stderr.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <new>
#include <string>
#include <vector>

#include "commands.hpp"
#include "error_line.hpp"
#include "messages.hpp"
#include "progress.hpp"
#include "ripkit/error.hpp"
#include "ripkit/platform.hpp"

namespace {

using namespace ripkit::cli;

struct Verbs {
    InfoArgs info;
    ListArgs list;
    DumpArgs dump;
    ConvertArgs convert;
    ViewArgs view;
    FormatsArgs formats;
    CheckArgs check;
};

void define_verbs(CLI::App& app, Verbs& v) {
    // CLI11 reads `/name` as an option on Windows; there it is a path from the
    // drive's root, as on Linux. Set first: subcommands inherit it.
    app.allow_windows_style_options(false);
    app.require_subcommand(1);
    app.set_version_flag("--version", "ripkit 0.1.0");

    CLI::App* info = app.add_subcommand("info", "Detected format, version and counts");
    add_common_args(*info, v.info.common);
    info->add_flag("--json", v.info.json, "Print JSON instead of text");

    CLI::App* list = app.add_subcommand("list", "Every item with its id, label and fields");
    add_common_args(*list, v.list.common);
    list->add_flag("--json", v.list.json, "Print JSON instead of text");

    CLI::App* dump = app.add_subcommand("dump", "Decoded game data as JSON");
    add_common_args(*dump, v.dump.common);
    v.dump.item_opt = dump->add_option("--item", v.dump.item, "Only this item");
    dump->add_option("-o,--output", v.dump.out, "Write to this file instead of stdout");

    CLI::App* conv =
        app.add_subcommand("convert",
                           "Convert to glTF 2.0 (.glb/.gltf), FBX or Collada; or a scene back "
                           "to a game file");
    add_common_args(*conv, v.convert.common);
    conv->add_option("OUT", v.convert.out, "Output file (a folder with --all)")->required();
    v.convert.item_opt =
        conv->add_option("--item", v.convert.item, "Item id (default: first non-empty)");
    CLI::Option* all =
        conv->add_flag("--all", v.convert.all, "Every non-empty item into OUT as <stem>_<id>.<ext>")
            ->excludes(v.convert.item_opt);
    conv->add_flag("--overwrite", v.convert.overwrite,
                   "With --all: replace outputs that exist (put back if an item fails)")
        ->needs(all);
    conv->add_flag("--keep-going", v.convert.keep_going,
                   "With --all: convert the other items when one fails (each failure one line; "
                   "exit 1)")
        ->needs(all);
    conv->add_option("-j,--jobs", v.convert.jobs,
                     "With --all: items converted at once (default: the machine's cores)")
        ->check(CLI::Range(1u, 256u))
        ->needs(all);
    conv->add_option("--format", v.convert.format,
                     "glb, gltf, fbx or dae (default: OUT's extension); from a scene "
                     "(.glb/.gltf/.fbx): tr-cutseq or zouna");
    conv->add_option("--base", v.convert.base,
                     "From a scene: the game file to copy, with --item N replaced");
    conv->add_option("--endian", v.convert.endian, "From a scene: little or big (Zouna)")
        ->check(CLI::IsMember({"little", "big"}));
    conv->add_flag(
        "--fbx-bake", v.convert.fbx_bake,
        "FBX: linear keys at every frame instead of the game's constant, linear and "
        "cubic keys (for readers that ignore key flags and tangents: Blender, three.js)");

    CLI::App* view = app.add_subcommand("view", "One item as a self-contained HTML player page");
    add_common_args(*view, v.view.common);
    view->add_option("OUT", v.view.out, "Output .html file")->required();
    v.view.item_opt = view->add_option("--item", v.view.item, "Item id (default: first non-empty)");
    view->add_option("--three-dir", v.view.three_dir,
                     "An npm `three` package folder to inline instead of the built-in copy "
                     "(default: $RIPKIT_THREE_DIR)");

    CLI::App* check = app.add_subcommand(
        "check",
        "Convert every item of every game file in the files and folders given, check each, "
        "print a line a file and a total (exit 0 only when every item converted)");
    check->add_option("PATH", v.check.paths, "Game files and folders (walked)")
        ->required()
        ->expected(1, -1);
    check->add_option("-o,--output", v.check.out,
                      "Write each item's glb into this folder (<file>/<stem>_<id>.glb), as "
                      "scripts/check_files.sh does for the Khronos validator");
    check->add_flag("--json", v.check.json, "Print one JSON document instead of lines");
    check
        ->add_option("--limit", v.check.limits,
                     "A resource limit KEY=N for every file (repeatable; see docs/cli.md)")
        ->allow_extra_args(false);

    CLI::App* formats = app.add_subcommand("formats", "The formats this build reads");
    CLI::Option* json = formats->add_flag(
        "--json", v.formats.json, "Every format's settings, options and assumptions as JSON");
    formats
        ->add_option("--markdown", v.formats.markdown,
                     "The docs tables of format ID (or `options`: every format option)")
        ->type_name("ID")
        ->excludes(json);
    formats->add_option("-o,--output", v.formats.out, "Write to this file instead of stdout");
}

int run_verb(const CLI::App& app, const Verbs& v) {
    if (app.got_subcommand("info")) return run_info(v.info);
    if (app.got_subcommand("list")) return run_list(v.list);
    if (app.got_subcommand("dump")) return run_dump(v.dump);
    if (app.got_subcommand("convert")) return run_convert(v.convert);
    if (app.got_subcommand("view")) return run_view(v.view);
    if (app.got_subcommand("check")) return run_check(v.check);
    return run_formats(v.formats);
}

// The input of whichever verb ran, to name it in errors raised outside decoding.
std::string input_of(const CLI::App& app, const Verbs& v) {
    if (app.got_subcommand("info")) return v.info.common.file;
    if (app.got_subcommand("list")) return v.list.common.file;
    if (app.got_subcommand("dump")) return v.dump.common.file;
    if (app.got_subcommand("convert")) return v.convert.common.file;
    if (app.got_subcommand("view")) return v.view.common.file;
    return "";
}

// The one line of a failed run: held warnings and notes are dropped, the
// progress line erased.
int fail_with(const std::string& line, int code) {
    Messages::get().discard();
    end_progress();
    std::fprintf(stderr, "%s\n", line.c_str());
    return code;
}

std::string file_prefix(const std::string& file) {
    return file.empty() ? "ripkit: " : "ripkit: " + file + ": ";
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"ripkit: converts old game cutscene and animation formats", "ripkit"};
    Verbs verbs;
    try {
        define_verbs(app, verbs);
        // File names are UTF-8 from here on, on Windows too (platform.hpp).
        std::vector<std::string> args = ripkit::platform::utf8_arguments(argc, argv);
        std::vector<char*> arg_ptrs;
        for (std::string& a : args) arg_ptrs.push_back(a.data());
        app.parse(static_cast<int>(arg_ptrs.size()), arg_ptrs.data());
        const int code = run_verb(app, verbs);
        end_progress();
        if (code == 0)
            Messages::get().flush();
        else
            Messages::get().discard();  // --keep-going printed its failures
        return code;
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        return fail_with("ripkit: usage: " + one_line(e.what()) + " (see ripkit --help)", 2);
    } catch (const ripkit::Error& e) {
        ripkit::Error named = e;
        if (named.file().empty() && !input_of(app, verbs).empty())
            named.set_file(input_of(app, verbs));
        return fail_with(error_line(named), exit_code(e));
    } catch (const std::bad_alloc&) {
        return fail_with(file_prefix(input_of(app, verbs)) +
                             "allocation limit: expected enough memory (the machine ran out "
                             "before the budget did; --limit total_bytes=N sets a smaller one)",
                         1);
    } catch (const std::filesystem::filesystem_error& e) {
        return fail_with("ripkit: i/o: " + one_line(e.what()), 1);
    } catch (const std::exception& e) {
        return fail_with("ripkit: error: " + one_line(e.what()), 1);
    }
}
