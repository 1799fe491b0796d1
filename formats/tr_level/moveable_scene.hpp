// A moveable as a rigidly skinned, textured body: one joint node per mesh,
// placed by the mesh tree; each mesh's faces bound with weight 1 to its joint
// (or, with BodyStyle::Parts, drawn on its joint node without a skin).
// The pieces are exposed for tr-cutseq, whose joints exist already.
#pragma once

#include <array>
#include <functional>
#include <string>
#include <vector>

#include "conversion.hpp"
#include "level_types.hpp"
#include "materials.hpp"
#include "mesh_tree.hpp"
#include "ripkit/scene.hpp"

namespace ripkit::tr_level {

// ASSUMPTION(rest_pose): the rest (bind) pose is the tree offsets with no rotation (the
// file has no other; cutscenes give every rotation).
struct RestPose {
    std::vector<TreeNode> nodes;                 // node j-1 places mesh j
    Skeleton skeleton;                           // parents, offsets, warnings
    std::vector<std::array<int64_t, 3>> origin;  // mesh j's origin at rest, model space, TR units
};

// The moveable must have passed check_level.
RestPose rest_pose(const Level& level, const Moveable& m);
const TrMesh& moveable_mesh(const Level& level, const Moveable& m, int j);
// A vertex of a mesh whose origin is `origin`, at rest, in output space.
glm::vec3 rest_point(const Conversion& conv, const std::array<int64_t, 3>& origin, const Vec3s& v);

// Nodes `<prefix>_mesh<j>`, j zero-padded to the width of the last index so
// that no name is the start of another (WadTool matches channels to meshes
// by substring): mesh 0 under `parent`, the rest by the tree, translated by
// the tree offsets. Returns them by mesh.
std::vector<int> add_joints(Scene& scene, int parent, const std::string& prefix, const Moveable& m,
                            const RestPose& pose, const Conversion& conv);

// A skin `name` over `joints` (node of mesh j); the inverse binds undo the
// rest origins, so vertices are in the space of mesh 0's parent. Returns its index.
int add_skin(Scene& scene, const std::string& name, const std::vector<int>& joints,
             const RestPose& pose, const Conversion& conv);

// Where a body's meshes go and what they are made from. `mesh_node` draws
// them and must have an identity world transform (skinned meshes ignore
// their node's transform in glTF; three.js does not); `skin` binds them.
struct BodyTarget {
    Scene& scene;
    int mesh_node;
    int skin;
    const Level& level;
    MaterialTable& materials;
    const Conversion& conv;
};

struct PlacedVertex {
    glm::vec3 position{0.0f};
    Influence influence;  // ignored when the target has no skin
};

// The faces of `tm` into the body's meshes `<prefix>_geo` at t.mesh_node
// (body_mesh.hpp: one per material for the whole body), TR vertex v at
// place(v), with its normal or vertex light as the mesh stores them.
void add_body_faces(const BodyTarget& t, const std::string& prefix, const TrMesh& tm,
                    const std::function<PlacedVertex(uint16_t)>& place);

// Mesh j of `geometry` at rest origin j of `pose` into the body's meshes
// (add_body_faces), every vertex weighted 1 to skin joint j.
void add_rigid_meshes(const BodyTarget& t, const std::string& prefix, const Moveable& geometry,
                      const RestPose& pose);

struct Body {
    std::vector<int> joints;  // node of mesh j
    int skin = -1;
    bool lara = false;  // drawn from LARA_SKIN (lara_body.hpp drawn_as_lara)
    std::vector<std::string> warnings;
};

// add_joints (under `parent`), add_skin and the meshes of one moveable: its
// own (add_rigid_meshes), or Lara's (add_lara_meshes) when it is drawn as
// Lara; the body's own skin replaces t.skin.
Body add_body(BodyTarget t, int parent, const std::string& prefix, const Moveable& m);

// How a moveable's meshes reach the output (setting `body`).
enum class BodyStyle {
    Skinned,  // add_body: one skinned mesh per material for the whole body
    Parts,    // add_parts: each mesh on its own joint node, rigid, no skin
};

// Joints as add_joints, and mesh j's faces in its own space as the meshes
// `<joint>_geo` of joint node j, unskinned: a moveable as the engine draws it,
// part by part, and as importers that match animation channels to mesh nodes
// read it (Tomb Editor's WadTool). Lara (drawn_as_lara) takes LARA_SKIN's
// meshes; LARA_SKIN_JOINTS, which need a skin, are left out.
Body add_parts(const BodyTarget& t, int parent, const std::string& prefix, const Moveable& m);

// `convert` of one moveable: root node `slot<S>` (identity) carrying the body
// and the anims numbered `anims` (anim_scene.hpp; they must have decoded).
// Lara (slot 0) is drawn as the engine draws her: LARA_SKIN's meshes and
// LARA_SKIN_JOINTS stitched between them on LARA's tree, when the level has them.
Scene moveable_scene(const Level& level, const Moveable& m, const Conversion& conv,
                     const std::vector<uint32_t>& anims, BodyStyle style = BodyStyle::Skinned);

}  // namespace ripkit::tr_level
