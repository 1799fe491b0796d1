// The other way in: a glTF 2.0 (.glb/.gltf) or FBX file read back into a
// ripkit::Scene, so an encoder (ripkit/encode/) can write it as a game file.
//
// glTF is read with tinygltf and keeps exactly what it says: node names,
// hierarchy and TRS, extras (node, scene, camera, animation), cameras, and
// every animation channel with its interpolation, float32 times and values
// and CUBICSPLINE tangents. FBX (and whatever else Assimp reads) goes through
// Assimp (ripkit/assimp/assimp_to_scene.hpp): no tangents, no extras beyond
// node metadata. Meshes, materials and skins are not read: no encoder needs them.
#pragma once

#include <filesystem>

#include "ripkit/byte_reader.hpp"
#include "ripkit/limits.hpp"
#include "ripkit/scene.hpp"

namespace ripkit {

// By the file's extension (.glb, .gltf, anything else through Assimp). Throws
// ripkit::Error (Io, WrongFormat, BadValue) naming the file.
Scene import_scene(const std::filesystem::path& path, const Limits& limits);

// A .glb's bytes or a .gltf's text; `dir` is where a .gltf's buffers are.
Scene scene_from_gltf(ByteSpan bytes, const std::filesystem::path& dir, const Limits& limits);

// True for .glb/.gltf/.fbx (what `ripkit convert` takes as a scene to pack).
bool is_scene_file(const std::filesystem::path& path);

}  // namespace ripkit
