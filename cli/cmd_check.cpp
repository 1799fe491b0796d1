// `check`: every item of every game file under the given files and folders
// converted to glb in memory and checked - the scene (validate_scene), its
// glb built and read back - with one line a file and a total. For users'
// own game files: exit 0 only when every item of every file converted.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "commands.hpp"
#include "error_line.hpp"
#include "progress.hpp"
#include "ripkit/error.hpp"
#include "ripkit/export.hpp"
#include "ripkit/gltf_export.hpp"
#include "ripkit/platform.hpp"
#include "ripkit/registry.hpp"
#include "session.hpp"

namespace ripkit::cli {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

struct FileReport {
    std::string path, format;
    bool not_game = false;  // no format takes the whole file
    size_t items = 0, converted = 0, frameless = 0, warnings = 0;
    double seconds = 0;
    uint64_t peak_bytes = 0;
    std::vector<std::string> failures;  // "item N: error"
    std::string error;                  // the file did not open
};

struct Found {
    fs::path path;
    fs::path rel;  // below the folder it was found in (the file's name when named)
};

// Files as named; folders walked (sorted, symlinks to files followed).
std::vector<Found> files_under(const std::vector<std::string>& paths) {
    std::vector<Found> out;
    for (const std::string& text : paths) {
        const fs::path p = platform::path_from_utf8(text);
        std::error_code ec;
        if (!fs::is_directory(p, ec)) {
            if (!fs::exists(p, ec))
                fail_no_offset(ErrorKind::Io, "a file or folder, but '" + text + "' is neither");
            out.push_back({p, p.filename()});
            continue;
        }
        std::vector<fs::path> found;
        for (fs::recursive_directory_iterator
                 it(p, fs::directory_options::skip_permission_denied, ec),
             end;
             !ec && it != end; it.increment(ec))
            if (it->is_regular_file(ec)) found.push_back(it->path());
        std::sort(found.begin(), found.end());
        for (const fs::path& f : found) out.push_back({f, f.lexically_relative(p)});
    }
    return out;
}

// The format whose probe takes the file's head best, or null: what Assimp
// asks of every file, so a folder's other files are never read whole.
const Format* format_of_head(const fs::path& p) {
    platform::ReadOnlyFile f;
    if (!f.open(p)) return nullptr;
    const std::optional<uint64_t> size = f.regular_size();
    if (!size || *size == 0) return nullptr;
    Bytes head(size_t(std::min<uint64_t>(*size, 64 * 1024)));
    std::string error;
    const std::optional<size_t> got = f.read_at(0, head, error);
    if (!got) return nullptr;
    head.resize(*got);
    const Format* best = nullptr;
    int best_score = 0;
    for (const FormatEntry& e : format_entries()) {
        const int score = e.format().probe_head(head, *size, platform::path_to_utf8(p));
        if (score > best_score) {
            best = &e.format();
            best_score = score;
        }
    }
    return best;
}

size_t count_frameless(const ItemSummary& s) {
    const auto it = s.fields.find("anims_without_frames");
    return it != s.fields.end() && it->is_array() ? it->size() : 0;
}

// One item: its scene checked and its glb built, read back, and written to
// `out` when given.
void check_item(const Session& s, const ItemSummary& item, const fs::path& out) {
    with_context("item " + std::to_string(item.id), [&] {
        Budget::Scope scope(s.budget());
        const Scene scene = s.doc().scene(item.id);
        validate_scene(scene);
        std::vector<std::string> notes;
        const Bytes glb = write_glb(build_gltf(scene, notes, s.budget()));
        (void)parse_glb(glb);
        if (out.empty()) return;
        fs::create_directories(out);
        const fs::path stem = platform::path_from_utf8(s.path()).stem();
        write_file_atomic(
            out / (platform::path_to_utf8(stem) + "_" + std::to_string(item.id) + ".glb"), glb,
            s.protected_paths());
    });
}

FileReport check_file(const fs::path& p, const Format& format, const CheckArgs& a,
                      const fs::path& out) {
    FileReport r;
    r.path = platform::path_to_utf8(p);
    r.format = format.info().id;
    const auto start = std::chrono::steady_clock::now();
    CommonArgs common;
    common.file = r.path;
    common.limits = a.limits;
    try {
        Session s(common);
        r.format = s.format().info().id;
        for (const ItemSummary& item : s.doc().items()) {
            if (item.empty && !item.error) continue;
            ++r.items;
            r.frameless += count_frameless(item);
            try {
                if (item.error) throw *item.error;
                check_item(s, item, out);
                ++r.converted;
            } catch (const Error& e) {
                r.failures.push_back("item " + std::to_string(item.id) + ": " + error_text(e));
            }
        }
        r.warnings = s.doc().warnings().size();
        r.peak_bytes = s.budget().peak_bytes();
    } catch (const Error& e) {
        r.not_game = e.kind() == ErrorKind::WrongFormat;
        r.error = error_text(e);
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

std::string megabytes(uint64_t bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f MB", double(bytes) / 1e6);
    return buf;
}

std::string seconds(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f s", s);
    return buf;
}

std::string line_of(const FileReport& r) {
    if (!r.error.empty()) return r.path + "  " + r.format + "  did not open: " + r.error;
    return r.path + "  " + r.format + "  " + std::to_string(r.items) + " items, " +
           std::to_string(r.converted) + " converted, " + std::to_string(r.frameless) +
           " anims without frames, " + std::to_string(r.warnings) + " warnings, " +
           seconds(r.seconds) + ", peak " + megabytes(r.peak_bytes);
}

json json_of(const FileReport& r) {
    json j = {
        {"file", r.path},           {"format", r.format},     {"items", r.items},
        {"converted", r.converted}, {"failures", r.failures}, {"anims_without_frames", r.frameless},
        {"warnings", r.warnings},   {"seconds", r.seconds},   {"peak_bytes", r.peak_bytes}};
    if (!r.error.empty()) j["error"] = r.error;
    return j;
}

struct Totals {
    size_t files = 0, skipped = 0, failed_files = 0, items = 0, converted = 0, frameless = 0,
           warnings = 0;
    double seconds = 0;
    void add(const FileReport& r) {
        ++files;
        failed_files += r.error.empty() ? 0 : 1;
        items += r.items;
        converted += r.converted;
        frameless += r.frameless;
        warnings += r.warnings;
        seconds += r.seconds;
    }
    bool passed() const { return files > 0 && failed_files == 0 && converted == items; }
};

std::string total_line(const Totals& t) {
    std::string line =
        "total: " + std::to_string(t.files) + " files (" + std::to_string(t.skipped) +
        " others skipped), " + std::to_string(t.items) + " items, " + std::to_string(t.converted) +
        " converted, " + std::to_string(t.items - t.converted) + " failed, " +
        std::to_string(t.failed_files) + " files not opened, " + std::to_string(t.frameless) +
        " anims without frames, " + std::to_string(t.warnings) + " warnings, " + seconds(t.seconds);
    if (const uint64_t rss = platform::peak_resident_bytes())
        line += ", process peak " + megabytes(rss);
    return line;
}

}  // namespace

int run_check(const CheckArgs& a) {
    const std::vector<Found> files = files_under(a.paths);
    const fs::path out = platform::path_from_utf8(a.out);
    Totals totals;
    json reports = json::array();
    for (const Found& f : files) {
        const Format* format = format_of_head(f.path);
        if (!format) {
            ++totals.skipped;
            continue;
        }
        // One folder a file: <out>/<its path below the folder given, dots as _>.
        std::string folder = platform::path_to_utf8(f.rel);
        std::replace(folder.begin(), folder.end(), '.', '_');
        const FileReport r = check_file(f.path, *format, a,
                                        out.empty() ? out : out / platform::path_from_utf8(folder));
        end_progress();
        if (r.not_game) {  // the head looked like one, the whole file is not
            ++totals.skipped;
            continue;
        }
        totals.add(r);
        if (a.json) {
            reports.push_back(json_of(r));
            continue;
        }
        std::cout << line_of(r) << '\n';
        for (const std::string& f : r.failures) std::cout << "  " << f << '\n';
        std::cout.flush();
    }
    if (a.json)
        std::cout << json{{"files", reports},
                          {"total",
                           {{"files", totals.files},
                            {"skipped", totals.skipped},
                            {"items", totals.items},
                            {"converted", totals.converted},
                            {"files_not_opened", totals.failed_files},
                            {"anims_without_frames", totals.frameless},
                            {"warnings", totals.warnings},
                            {"seconds", totals.seconds},
                            {"process_peak_bytes", platform::peak_resident_bytes()},
                            {"passed", totals.passed()}}}}
                         .dump(2)
                  << '\n';
    else
        std::cout << total_line(totals) << '\n';
    if (totals.files == 0)
        fail_no_offset(ErrorKind::WrongFormat,
                       "a game file of a format ripkit reads among the paths given (none of " +
                           std::to_string(files.size()) + " files is)");
    return totals.passed() ? 0 : 1;
}

}  // namespace ripkit::cli
