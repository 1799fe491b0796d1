// An aiScene (an Assimp importer's result, or one a host built) -> the
// ripkit::Scene an encoder reads: node names, hierarchy and TRS, node
// metadata as extras (scene metadata `ripkit.extras.<key>` back as scene
// extras), cameras and node animations. aiNodeAnim has no interpolation
// field: keys are LINEAR unless the scene's `ripkit.interp.<anim>.<node>`
// metadata (what ripkit's own hand-over writes) says STEP. Keys whose time
// does not increase are dropped. Meshes, materials and bones are not read.
#pragma once

#include "ripkit/scene.hpp"

struct aiScene;

namespace ripkit {

// Throws Error(BadValue) for a scene without a root node.
Scene scene_from_aiscene(const aiScene& scene);

}  // namespace ripkit
