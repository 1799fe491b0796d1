// A skinned body's meshes: one per material (and vertex kind) for the whole
// body, as an engine draws it in one call, rather than one per body part.
#pragma once

#include <string>

#include "ripkit/scene.hpp"

namespace ripkit::tr_level {

// What a body's vertex carries besides position, UV and skin influence; the
// vertices of one glTF primitive all carry the same.
struct VertexKind {
    bool normals = false;
    bool colors = false;
};

// The mesh of a skinned body drawn at `node` that takes faces of `material`
// with vertices of `kind`, named `<base>`, `<base>_1`, ... in the order they
// are first asked for. Its vertices take their skin influence with
// push_influence.
Mesh& body_mesh(Scene& scene, int node, const std::string& base, int skin, int material,
                VertexKind kind);

// Appends a vertex's influence to a body mesh: rigid (one joint, weight 1)
// while every vertex so far is rigid, else weighted; a rigid run turns into
// the weighted form (the same joints and weights) when a weighted vertex joins.
void push_influence(Mesh& mesh, const Influence& influence);

}  // namespace ripkit::tr_level
