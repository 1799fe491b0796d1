// consumer_export CUTSEQ.PAK OUT.PAK: an Assimp host with the ripkit importers
// and exporters registered reads cutscene 1 as an aiScene, exports it with
// Export(scene, "tr-cutseq", OUT.PAK) into a copy of the input (RIPKIT_BASE)
// and checks that the decoded game data of the two files is the same.
#include <assimp/scene.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <cstdio>

#include "ripkit/registry.hpp"

namespace {

nlohmann::json dump(const char* path) {
    ripkit::Input in;
    in.path = path;
    in.bytes = ripkit::read_file(path, ripkit::Limits{});
    const ripkit::Format* f = ripkit::find_format("tr-cutseq");
    return f->open(in, ripkit::Options{})->dump(1);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) return 2;
    Assimp::Importer imp;
    ripkit::register_importers(imp);
    imp.SetPropertyInteger("RIPKIT_ITEM", 1);
    const aiScene* scene = imp.ReadFile(argv[1], 0);
    if (!scene) {
        std::fprintf(stderr, "consumer_export: %s\n", imp.GetErrorString());
        return 1;
    }
    Assimp::Exporter ex;
    if (ripkit::register_exporters(ex) < 1) return 1;
    Assimp::ExportProperties props;
    props.SetPropertyString("RIPKIT_BASE", argv[1]);
    props.SetPropertyInteger("RIPKIT_ITEM", 1);
    if (ex.Export(scene, "tr-cutseq", argv[2], 0, &props) != aiReturn_SUCCESS) {
        std::fprintf(stderr, "consumer_export: %s\n", ex.GetErrorString());
        return 1;
    }
    try {
        if (dump(argv[1]) != dump(argv[2])) {
            std::fprintf(stderr, "consumer_export: cutscene 1 differs after the export\n");
            return 1;
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "consumer_export: %s\n", e.what());
        return 1;
    }
    std::printf("exported %s as tr-cutseq: cutscene 1 unchanged\n", argv[2]);
    return 0;
}
