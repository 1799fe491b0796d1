// The way back from a joint rotation to the engine's three 10-bit angles:
// R = RotY(y) * RotX(x) * RotZ(z) in TR space (cutscene_scene.cpp), 1024 = 360
// degrees. Every rotation has two such triples, (x, y, z) and
// (512 - x, y + 512, z + 512); at x = +-256 (gimbal lock) only y - z or y + z
// is fixed. The triple nearest the previous frame's is taken, so a track that
// turns smoothly comes back with the angles it was made of; a first frame
// takes the one with x in -90..90 degrees.
#pragma once

#include <array>
#include <cstdint>
#include <glm/glm.hpp>

namespace ripkit::tr_cutseq {

using Angles = std::array<int16_t, 3>;  // x, y, z in 0..1023

// The angles of unit quaternion q (x, y, z, w; TR space) nearest `previous`
// (circular distance summed over the three axes); null: the first frame.
Angles joint_angles(const glm::dvec4& q, const Angles* previous);

// The engine's rotation for three 10-bit angles, as a unit quaternion (x, y, z, w).
glm::dvec4 joint_quaternion(const Angles& a);

}  // namespace ripkit::tr_cutseq
