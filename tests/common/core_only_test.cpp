// Every bundled sample decoded through the core and the formats' decoders
// alone, and written as glb and FBX. This program links ripkit_formats (the
// core, every format's decoder and scene builder) and ripkit_export_core (the
// glTF and FBX writers) and nothing of Assimp, Collada or the plugins: the
// first case checks that no Assimp library is loaded into it.
#include <link.h>

#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "ripkit/fbx_export.hpp"
#include "ripkit/format_list.hpp"
#include "ripkit/gltf_doc.hpp"
#include "ripkit/gltf_export.hpp"
#include "ripkit_catch.hpp"

namespace fs = std::filesystem;
using namespace ripkit;

namespace {

int count_assimp(dl_phdr_info* info, size_t, void* data) {
    const std::string name = info->dlpi_name ? info->dlpi_name : "";
    if (name.find("assimp") != std::string::npos) ++*static_cast<int*>(data);
    return 0;
}

fs::path samples_dir() {
    const char* src = std::getenv("RIPKIT_SOURCE_DIR");
    REQUIRE(src != nullptr);
    return fs::path(src) / "samples";
}

// The sample's companions, as its <sample>.args gives them to the CLI
// ("--anim BEND.Animation_Z --names names.txt"), relative to its folder.
std::map<std::string, std::vector<std::string>> companions(const fs::path& sample) {
    std::map<std::string, std::vector<std::string>> out;
    fs::path args = sample;
    args += ".args";
    if (!fs::exists(args)) return out;
    const Bytes text = read_file(args.string(), Limits{});
    std::istringstream words(std::string(text.begin(), text.end()));
    std::string key, value;
    while (words >> key >> value) {
        REQUIRE(key.rfind("--", 0) == 0);
        out[key.substr(2)].push_back((sample.parent_path() / value).string());
    }
    return out;
}

// The format a sample's folder under samples/ holds.
std::string format_of_folder(const fs::path& rel) {
    static const std::map<std::string, std::string> kByFolder = {
        {"tr_cutseq", "tr-cutseq"},
        {"tr_level", "tr-level"},
        {"zouna", "zouna"},
        {"rugrats_cine", "rugrats-cine"},
        {"hey_you_pikachu", "hey-you-pikachu"}};
    return kByFolder.at(rel.begin()->string());
}

}  // namespace

TEST_CASE("a program that only decodes loads no Assimp") {
    int assimp = 0;
    dl_iterate_phdr(count_assimp, &assimp);
    CHECK(assimp == 0);
    // The walk itself sees this program's libraries (libc at least).
    int all = 0;
    dl_iterate_phdr([](dl_phdr_info*, size_t, void* n) { return ++*static_cast<int*>(n), 0; },
                    &all);
    CHECK(all > 1);
}

TEST_CASE("every bundled sample decodes and writes without Assimp") {
    const fs::path root = samples_dir();
    std::vector<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(root))
        if (e.is_regular_file() && e.path().parent_path() != root &&
            e.path().extension() != ".args")
            files.push_back(e.path());
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() >= 40);

    DiskFileSource disk;
    int decoded_files = 0;
    std::set<std::string> formats_seen;
    for (const fs::path& file : files) {
        const fs::path rel = fs::relative(file, root);
        CAPTURE(rel.string());
        const Bytes bytes = read_file(file.string(), Limits{});
        const Format* format = detect_format(bytes, file.string());
        const std::string ext = file.extension().string();
        // Name lists and a BigFile's .NPC half are companions no format claims.
        if (file.filename() == "names.txt" || ext == ".NPC") {
            CHECK(format == nullptr);
            continue;
        }
        REQUIRE(format != nullptr);
        CHECK(format->info().id == format_of_folder(rel));
        Options options;
        options.files = &disk;
        options.format_options = companions(file);
        const auto doc = format->open(Input(file.string(), bytes), options);
        const std::vector<ItemSummary> items = doc->items();
        REQUIRE_FALSE(items.empty());
        int non_empty = 0;
        for (const ItemSummary& item : items) {
            CAPTURE(item.id, item.label);
            CHECK_FALSE(item.error.has_value());
            if (item.empty || item.error) continue;
            ++non_empty;
            const Scene scene = doc->scene(item.id);
            CHECK_FALSE(scene.nodes.empty());
            CHECK_NOTHROW(validate_scene(scene));
            // The writers' own magic numbers: glb "glTF" version 2, FBX's
            // binary header (the export tests check what follows).
            std::vector<std::string> notes;
            Budget budget{Limits{}};
            const Bytes glb = write_glb(build_gltf(scene, notes, budget));
            REQUIRE(glb.size() > 12);
            CHECK(std::string(glb.begin(), glb.begin() + 4) == "glTF");
            CHECK(glb[4] == 2);
            const Bytes fbx = fbx_bytes(scene, notes, budget);
            REQUIRE(fbx.size() > 23);
            CHECK(std::string(fbx.begin(), fbx.begin() + 20) == "Kaydara FBX Binary  ");
        }
        // A Zouna model's material, mesh data and texture are parts the
        // Skin_Z gathers: decoded, with nothing to convert on their own.
        if (ext == ".Material_Z" || ext == ".MeshData_Z" || ext == ".Bitmap_Z")
            CHECK(non_empty == 0);
        else
            CHECK(non_empty > 0);
        ++decoded_files;
        formats_seen.insert(format->info().id);
    }
    CHECK(formats_seen.size() == format_entries().size());
    CHECK(decoded_files >= 30);
}
