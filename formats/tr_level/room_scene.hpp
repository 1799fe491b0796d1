// Rooms as static geometry: one node per room at its position, its faces
// textured and coloured by their stored vertex colours.
#pragma once

#include <vector>

#include "conversion.hpp"
#include "level_types.hpp"
#include "materials.hpp"
#include "ripkit/scene.hpp"

namespace ripkit::tr_level {

// The room vertex colour as COLOR_0 (linear 0..1, alpha 1).
// ASSUMPTION(room_colour): the stored channels over their maximum (TR4 RGB555 / 31, TR5
// bytes / 255), taken as linear; the engine's lighting brightens them further.
glm::vec4 room_colour(Version version, uint32_t colour);

// Adds node `room<k>` under `parent` for each listed room (which must have no
// error), translated to (x, 0, z), with meshes `room<k>_geo` (one per material).
void add_rooms(Scene& scene, int parent, const Level& level, const std::vector<size_t>& rooms,
               MaterialTable& materials, const Conversion& conv);

// `convert` of the rooms item: root node `rooms` with every room.
Scene rooms_scene(const Level& level, const Conversion& conv);

}  // namespace ripkit::tr_level
