// DecodedModel -> ripkit::Scene: one skinned mesh per material (rigid, weight
// 1 per vertex, joint = the palette slot the vertex was loaded under), an
// armature from the hierarchy (base pose kept), embedded PNG textures.
#pragma once

#include <glm/glm.hpp>
#include <vector>

#include "hierarchy_reader.hpp"
#include "layout.hpp"
#include "model_reader.hpp"
#include "ripkit/scene.hpp"

namespace ripkit::hey_you_pikachu {

// Texture coordinate of a transformed S or T (s10.5) for a tile (seed 10):
// /32, tile shift, minus the tile origin, over the texture size.
float tile_coord(int32_t st, uint8_t shift, uint32_t origin_10_2, int size);

Scene build_scene(const DecodedModel& m, const Layout& layout, const GameTrig& trig);

// Scene node name of hierarchy node k ("node<k>_t<type>").
std::string joint_name(const DecodedModel& m, size_t k);

}  // namespace ripkit::hey_you_pikachu
