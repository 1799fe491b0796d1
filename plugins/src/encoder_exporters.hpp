// One generated function per encoder (registry.cpp.in) calls this: Assimp's
// exporter entries are plain function pointers without user data.
#pragma once

namespace Assimp {
class IOSystem;
class ExportProperties;
}  // namespace Assimp
struct aiScene;

namespace ripkit {
class SceneEncoder;
namespace detail {

// Throws DeadlyExportError (Assimp's way: Export returns AI_FAILURE with the
// message in GetErrorString) carrying ripkit's one-line error.
void run_export(const SceneEncoder& encoder, const char* path, Assimp::IOSystem* io,
                const aiScene* scene, const Assimp::ExportProperties* props);

}  // namespace detail
}  // namespace ripkit
