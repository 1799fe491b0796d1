// The bundled sample objects (a four-bone skeleton, a walk and a wave
// animation, a material animation), shared by zouna_write_samples, tests and fuzz seeds.
#pragma once

#include <filesystem>
#include <string>

#include "zouna/keyframes/animation.hpp"
#include "zouna/keyframes/material_anim.hpp"
#include "zouna/keyframes/skel.hpp"

namespace ripkit::zouna {

Skel sample_skel();       // bones ROOT, SPINE, TETE, ARM_L
Animation sample_walk();  // every node track kind, messages with loop markers,
                          // material, mesh and morph tracks
Animation sample_wave();  // rotation and a square (step) translation
MaterialAnim sample_material_anim();
std::string sample_names();  // "crc name" lines for every sample name

}  // namespace ripkit::zouna
