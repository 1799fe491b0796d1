// A moveable as a rigidly skinned, textured body: one joint node per mesh,
// placed by the mesh tree; each mesh's faces bound with weight 1 to its joint.
#pragma once

#include <string>
#include <vector>

#include "conversion.hpp"
#include "level_types.hpp"
#include "materials.hpp"
#include "mesh_tree.hpp"
#include "ripkit/scene.hpp"

namespace ripkit::tr_level {

struct Body {
    std::vector<int> joints;  // node of mesh j
    int skin = -1;
    std::vector<std::string> warnings;
};

// ASSUMPTION: the rest (bind) pose is the tree offsets with no rotation (the
// file has no other; cutscenes give every rotation).
// Adds nodes `<prefix>_mesh<j>` (mesh 0 under `parent`, the rest by the tree,
// translated by the tree offsets, no rotation: the rest pose), a skin over
// them and meshes `<prefix>_mesh<j>_geo` (one per material) drawn at node
// `mesh_node`, which must have an identity world transform (skinned meshes
// ignore their node's transform in glTF; three.js does not). Vertices are in
// the space of `parent`. The moveable must have passed check_level.
Body add_body(Scene& scene, int parent, int mesh_node, const std::string& prefix,
              const Level& level, const Moveable& m, MaterialTable& materials,
              const Conversion& conv);

// `convert` of one moveable: root node `slot<S>` (identity) carrying the body.
Scene moveable_scene(const Level& level, const Moveable& m, const Conversion& conv);

}  // namespace ripkit::tr_level
