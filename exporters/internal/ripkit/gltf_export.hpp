// glTF 2.0 written directly from the Scene (no Assimp exporter): geometry,
// skins, animations (STEP/LINEAR/CUBICSPLINE, exact tangents), cameras,
// extras, materials as the Scene describes them and texture switching.
#pragma once

#include <string>
#include <vector>

#include "ripkit/gltf_doc.hpp"
#include "ripkit/limits.hpp"
#include "ripkit/scene.hpp"

namespace ripkit {

// The complete glTF document for `scene` (single buffer, not yet a file).
// `notes` receives what could not be carried. `budget` takes the bytes the
// buffer holds; without it, scene_budget(scene) does.
GltfDoc build_gltf(const Scene& scene, std::vector<std::string>& notes, Budget& budget);
GltfDoc build_gltf(const Scene& scene, std::vector<std::string>& notes);

// Appends every animation of `scene` to `doc` (nodes bound through `node_map`:
// Scene node index -> glTF node index).
void write_gltf_animations(const Scene& scene, const std::vector<int>& node_map, GltfDoc& doc);

// Writes the last row of every skin's inverse bind matrices as exactly
// (0, 0, 0, 1) (and their accessor bounds with it); throws ripkit::Error when
// a row is not within rounding of it (a projective matrix glTF cannot hold).
void make_inverse_binds_affine(GltfDoc& doc);

// Starts `doc` with the asset, the scene, node i for Scene node i (TRS,
// children), a mesh per set of meshes nodes draw (shared by the nodes drawing
// the same set), a skin per Scene skin and an empty material per Scene
// material (gltf_geometry.cpp). A mesh without a triangle is left out, with
// a note.
void write_gltf_geometry(const Scene& scene, GltfDoc& doc, Budget& budget,
                         std::vector<std::string>& notes);

// Writes the materials (in Scene order) from `scene`, adding
// the images, samplers and textures they use (gltf_materials.cpp).
void fix_gltf_materials(const Scene& scene, const std::vector<int>& node_map, GltfDoc& doc);

}  // namespace ripkit
