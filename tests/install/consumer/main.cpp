// consumer FILE...: loads each file through its own Assimp::Importer with the
// ripkit importers registered. Exits 0 when at least one file gave a scene
// with nodes (a format's folder also holds companion files, such as name
// lists, that do not load on their own); prints each scene's animation count.
#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#include <cstdio>

#include "ripkit/registry.hpp"

int main(int argc, char** argv) {
    int with_nodes = 0;
    for (int i = 1; i < argc; ++i) {
        Assimp::Importer imp;
        ripkit::register_importers(imp);
        const aiScene* scene = imp.ReadFile(argv[i], 0);
        if (!scene) {
            std::printf("skip %s: %s\n", argv[i], imp.GetErrorString());
            continue;
        }
        const unsigned nodes = scene->mRootNode ? scene->mRootNode->mNumChildren + 1 : 0;
        std::printf("read %s: %u top nodes, %u animations\n", argv[i], nodes,
                    scene->mNumAnimations);
        if (nodes > 1) ++with_nodes;
    }
    if (with_nodes == 0) {
        std::fprintf(stderr, "consumer: no file gave a scene with nodes\n");
        return 1;
    }
    return 0;
}
