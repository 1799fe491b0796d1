// ripkit-budget-report FILE...: what the document budget counts for each
// file - the bytes held at the peak and the steps - when every item is
// decoded, built and written as glb and as fbx, as `convert --all` does. How
// docs/cli.md "Limits" measured the bundled samples against the defaults.
#include <cstdio>
#include <filesystem>

#include "ripkit/error.hpp"
#include "ripkit/export.hpp"
#include "ripkit/format.hpp"
#include "ripkit/registry.hpp"

using namespace ripkit;
namespace fs = std::filesystem;

int main(int argc, char** argv) {
    const fs::path out = fs::temp_directory_path() / "ripkit-budget-report";
    fs::create_directories(out);
    int status = 0;
    for (int a = 1; a < argc; ++a) {
        const std::string path = argv[a];
        for (OutputFormat f : {OutputFormat::Glb, OutputFormat::Fbx}) {
            try {
                Options o;
                o.budget = std::make_shared<Budget>(o.limits);
                Input in;
                in.path = path;
                in.bytes = read_file(path, o.limits);
                const Format* format = detect_format(in.bytes, path);
                if (!format) throw std::runtime_error("no format detects it");
                const std::unique_ptr<Document> doc = format->open(in, o);
                ExportOptions eo;
                eo.format = f;
                size_t items = 0;
                for (const ItemSummary& s : doc->items()) {
                    if (s.empty || s.error) continue;
                    Budget::Scope scope(*o.budget);
                    export_scene(doc->scene(s.id),
                                 out / ("item." + std::string(output_format_extension(f))), eo);
                    ++items;
                }
                std::printf(
                    "%s %s: %zu items, peak %.1f MiB held (%.2f%% of total_bytes), %llu steps "
                    "(%.4f%% of total_steps)\n",
                    path.c_str(), output_format_extension(f), items,
                    double(o.budget->peak_bytes()) / (1 << 20),
                    100.0 * double(o.budget->peak_bytes()) / double(o.limits.max_total_bytes),
                    static_cast<unsigned long long>(o.budget->steps_used()),
                    100.0 * double(o.budget->steps_used()) / double(o.limits.max_total_steps));
            } catch (const std::exception& e) {
                std::printf("%s: %s\n", path.c_str(), e.what());
                status = 1;
            }
        }
    }
    fs::remove_all(out);
    return status;
}
