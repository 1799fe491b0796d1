// Binary FBX 7.5, ripkit's own writer straight from the Scene
// (docs/exporters.md "FBX"); no Assimp.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "ripkit/export_detail.hpp"
#include "ripkit/limits.hpp"
#include "ripkit/scene.hpp"

namespace ripkit {

struct FbxOptions {
    // Linear keys at every frame of the scene's rate instead of the game's
    // keys, for readers that ignore key flags and tangents (Blender 3.4,
    // three.js).
    bool bake_keys = false;
    // The WAV written beside the FBX (named in the scene metadata), or empty.
    std::string wav_name;
};

// The binary FBX 7.5 document of `scene` (docs/exporters.md), in memory (the
// fuzz targets export through it); `notes` receives what FBX cannot carry.
// `budget` takes the keys, vertices and bytes the writer makes on its way
// (stage_fbx's caller has charged the whole export's estimate already).
Bytes fbx_bytes(const Scene& scene, const FbxOptions& options, std::vector<std::string>& notes,
                Budget& budget);
Bytes fbx_bytes(const Scene& scene, std::vector<std::string>& notes, Budget& budget);

void stage_fbx(const Scene& scene, const std::filesystem::path& out, const FbxOptions& options,
               detail::Staging& st, std::vector<std::string>& notes, Budget& budget);

}  // namespace ripkit
