// Hand-over from ripkit::Scene to Assimp's aiScene.
//
// What aiScene has fields for goes into them (nodes, meshes with rigid bone
// weights, materials, embedded PNG textures, cameras, node animations with
// mTicksPerSecond = 1000 so key times are milliseconds). What it has no field
// for travels as metadata, documented in docs/library.md ("aiScene metadata"):
//   scene  mMetaData: "ripkit.format", "ripkit.item", and every scalar of
//                     Scene::extras as "ripkit.extras.<key>" (strings <= 1000 bytes);
//   node   mMetaData: every scalar of Node::extras as "<key>";
//   animation channel interpolation: scene metadata
//       "ripkit.interp.<animation index>.<node name>" = "T=STEP;R=LINEAR;S=..."
// CUBICSPLINE channels are handed to Assimp as their keys plus samples at
// `cubic_sample_rate` (LINEAR between them), because aiNodeAnim has no
// tangents; the exact curve reaches glTF through the Scene side data.
#pragma once

#include <memory>

#include "ripkit/limits.hpp"
#include "ripkit/scene.hpp"

struct aiScene;

namespace ripkit {

struct AssimpHandoverOptions {
    double cubic_sample_rate = 60.0;  // samples per second for CUBICSPLINE channels
    bool include_animations = true;   // the glTF exporter writes its own
};

// Fills an empty aiScene (as BaseImporter::InternReadFile receives it). The
// meshes, textures, keys and samples handed over (they can be many more than
// the Scene holds) are charged to `budget`; without it, to scene_budget(scene).
void fill_aiscene(const Scene& scene, aiScene* out, const AssimpHandoverOptions& opt,
                  Budget& budget);
void fill_aiscene(const Scene& scene, aiScene* out, const AssimpHandoverOptions& opt = {});

// The same aiScene from a Scene given up for it (an importer's): each
// channel's keys are freed as soon as Assimp's copy of them is made, so the
// next channel's Assimp keys are written into memory still in cache rather
// than fresh pages, and the peak holds one copy of the keys, not two. The
// scene keeps its structure; its channels are left without keys.
void fill_aiscene(Scene&& scene, aiScene* out, const AssimpHandoverOptions& opt = {});

// A stand-alone aiScene (for exporting through Assimp::Exporter).
std::unique_ptr<aiScene> to_aiscene(const Scene& scene, const AssimpHandoverOptions& opt,
                                    Budget& budget);
std::unique_ptr<aiScene> to_aiscene(const Scene& scene, const AssimpHandoverOptions& opt = {});

}  // namespace ripkit
