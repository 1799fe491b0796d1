// A model's faces in the scene (seed 13-15): every image of each drawn slot's
// bank as an embedded PNG, the face material starting on the program's first
// selected image with Material::switch_textures listing the bank, and a
// value-track node `<model>_face<k>` whose STEP translation.x is the index
// into that list (docs/architecture.md).
#pragma once

#include <optional>

#include "model_reader.hpp"
#include "ripkit/scene.hpp"

namespace ripkit::hey_you_pikachu {

// Call after every other animation is in `s`: the face channels join each of
// them (keys over that animation's duration); without animations they form
// one animation "face" as long as the longest program's natural length
// (`horizon` overrides that length; it does not change the other animations). Materials marked with
// extras "face_slot" by build_scene are switched. The banks' images were
// decoded at open (decode_face_images); `program_table` is the selector table
// copied at open (face_program_table). The PNGs are charged to `budget`.
void add_face_tracks(Scene& s, const DecodedModel& m, ByteSpan program_table, Budget& budget,
                     std::optional<double> horizon = std::nullopt);

// Name of the value-track node of face slot k.
std::string face_track_name(const Scene& s, uint32_t slot);

}  // namespace ripkit::hey_you_pikachu
