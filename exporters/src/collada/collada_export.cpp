// Collada through Assimp's "collada" exporter (it keeps cameras). 5.2.5
// writes key times raw (ticks) and drops the sources of a node whose T/R/S
// key counts differ, so animations are baked to seconds on one key list per
// node. It writes embedded textures as files beside the .dae, so the export
// goes to a private folder inside the target folder (absolute path: a bare
// "out.dae" fails) and every file is then staged into place.
#include "ripkit/collada_export.hpp"

#include <assimp/scene.h>

#include <assimp/Exporter.hpp>
#include <fstream>
#include <iterator>

#include "ripkit/anim_bake.hpp"
#include "ripkit/assimp/scene_to_assimp.hpp"
#include "ripkit/error.hpp"
#include "ripkit/export_detail.hpp"
#include "ripkit/file_paths.hpp"
#include "ripkit/out_of_memory.hpp"

namespace ripkit {

namespace fs = std::filesystem;

namespace {

Bytes read_all(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    if (!f) fail_no_offset(ErrorKind::Io, "to read back '" + p.string() + "'");
    return Bytes(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

}  // namespace

void stage_collada(const Scene& scene, const fs::path& out, detail::Staging& st,
                   std::vector<std::string>& notes, Budget& budget) {
    AssimpHandoverOptions handover;
    handover.include_animations = false;  // baked below instead
    std::unique_ptr<aiScene> ai = to_aiscene(scene, handover, budget);
    BakeOptions bake;
    bake.seconds_to_key_time = 1.0;  // the Collada exporter writes mTime as seconds
    bake.ticks_per_second = 1.0;
    bake_animations(scene, ai.get(), bake, budget);

    const fs::path dir = fs::absolute(out).parent_path();
    TempDir tmp(dir, ".ripkit-export-");
    const fs::path tmp_dae = tmp.path() / out.filename();
    Assimp::Exporter exporter;
    if (detail::guard_alloc("Assimp's collada exporter", [&] {
            return exporter.Export(ai.get(), "collada", tmp_dae.string(), 0);
        }) != AI_SUCCESS)
        fail_no_offset(ErrorKind::Io, std::string("Assimp's collada exporter to succeed: ") +
                                          exporter.GetErrorString());
    // Everything Assimp wrote (the .dae and its texture files) moves next to `out`.
    for (const auto& entry : fs::directory_iterator(tmp.path())) {
        const fs::path target =
            entry.path().filename() == out.filename() ? out : dir / entry.path().filename();
        st.add(target, read_all(entry.path()));
    }
    notes.push_back(
        "Collada: interpolation baked to LINEAR keys (STEP held, CUBICSPLINE sampled at 60 Hz)");
    notes.push_back(
        "Collada: extras, camera FOV animation, texture switching and audio are not carried");
}

}  // namespace ripkit
