// One Zouna model as a scene, a pure function of decoded objects: the
// armature from the Skel_Z (with every animation, as skel_scene builds it),
// one node per Mesh_Z holding one mesh per draw group, skinned through the
// SkinBinding when there is a skin, its materials with the diffuse Bitmap_Z
// as an embedded PNG.
#pragma once

#include <unordered_map>

#include "zouna/document.hpp"
#include "zouna/models/bitmap.hpp"
#include "zouna/models/material.hpp"
#include "zouna/models/model_checks.hpp"
#include "zouna/models/skin_bind.hpp"

namespace ripkit::zouna {

struct ModelInputs {
    std::string name;                                       // node 0 and the scene
    const SkinZ* skin = nullptr;                            // null: static meshes
    const SkinBinding* binding = nullptr;                   // with skin
    const Skel* skel = nullptr;                             // with skin (or alone: an armature)
    std::vector<std::pair<uint32_t, const MeshZ*>> meshes;  // name crc, mesh (null: missing)
    std::unordered_map<uint32_t, const MaterialZ*> materials;
    std::unordered_map<uint32_t, const BitmapZ*> bitmaps;
    std::vector<NamedAnimation> animations;
    const MeshReading* reading = nullptr;
};

// Node names: node 0 `name`; bones by name (or decimal crc) as skel_scene;
// one node per Mesh_Z, `<mesh name>`, with meshes `<mesh name>_<group>`;
// materials and textures by their object names. Missing materials or bitmaps
// are left out (the document has warned about them).
Scene model_scene(const ModelInputs& m, const SceneInputs& in);

}  // namespace ripkit::zouna
