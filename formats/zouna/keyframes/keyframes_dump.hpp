// What `ripkit dump` prints of a keyframe object: every field as read, keys
// and slices with the names of what they animate.
#pragma once

#include <nlohmann/json.hpp>

#include "zouna/container/names.hpp"
#include "zouna/keyframes/animation.hpp"
#include "zouna/keyframes/material_anim.hpp"
#include "zouna/keyframes/skel.hpp"

namespace ripkit::zouna {

nlohmann::json dump_animation(const Animation& a, Endian e, const NameMap& names);
nlohmann::json dump_skel(const Skel& s, Endian e, const NameMap& names);
nlohmann::json dump_material_anim(const MaterialAnim& m, Endian e, const NameMap& names);

}  // namespace ripkit::zouna
