// The keyframe objects as scenes, pure functions of the decoded structs: a
// Skel_Z as an armature (with the animations given to it), an Animation_Z on
// the nodes it names, a MaterialAnim_Z as value tracks.
#pragma once

#include <string>
#include <vector>

#include "ripkit/scene.hpp"
#include "zouna/keyframes/material_anim.hpp"
#include "zouna/keyframes/skel.hpp"
#include "zouna/scene_inputs.hpp"

namespace ripkit::zouna {

Scene skel_scene(const Skel& s, const std::string& name, const std::vector<NamedAnimation>& anims,
                 const SceneInputs& in);
Scene animation_scene(const NamedAnimation& a, const SceneInputs& in);
Scene material_anim_scene(const MaterialAnim& m, const std::string& name, const SceneInputs& in);

}  // namespace ripkit::zouna
