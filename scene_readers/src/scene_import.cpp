#include "ripkit/scene_import.hpp"

#include <assimp/config.h>
#include <assimp/scene.h>

#include <algorithm>
#include <assimp/Importer.hpp>

#include "ripkit/assimp/assimp_to_scene.hpp"
#include "ripkit/error.hpp"
#include "ripkit/format.hpp"

namespace ripkit {

namespace {

std::string lower_ext(const std::filesystem::path& p) {
    std::string e = p.extension().string();
    std::transform(e.begin(), e.end(), e.begin(), [](unsigned char c) { return std::tolower(c); });
    return e;
}

Scene through_assimp(const Bytes& bytes, const std::string& ext) {
    Assimp::Importer imp;
    // Assimp's FBX reader would otherwise split every node into pivot helpers
    // ("<name>_$AssimpFbx$_Translation"), which no encoder knows by name.
    imp.SetPropertyBool(AI_CONFIG_IMPORT_FBX_PRESERVE_PIVOTS, false);
    const aiScene* s = imp.ReadFileFromMemory(bytes.data(), bytes.size(), 0, ext.c_str() + 1);
    if (!s)
        fail(ErrorKind::WrongFormat, 0,
             std::string("a scene Assimp reads (") + imp.GetErrorString() + ")");
    return scene_from_aiscene(*s);
}

}  // namespace

bool is_scene_file(const std::filesystem::path& path) {
    const std::string e = lower_ext(path);
    return e == ".glb" || e == ".gltf" || e == ".fbx";
}

Scene import_scene(const std::filesystem::path& path, const Limits& limits) {
    const Bytes bytes = read_file(path.string(), limits);
    try {
        const std::string e = lower_ext(path);
        if (e == ".glb" || e == ".gltf") return scene_from_gltf(bytes, path.parent_path(), limits);
        return through_assimp(bytes, e.empty() ? std::string(".fbx") : e);
    } catch (Error& err) {
        if (err.file().empty()) err.set_file(path.string());
        throw;
    }
}

}  // namespace ripkit
