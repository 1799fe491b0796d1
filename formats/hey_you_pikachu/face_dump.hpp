// `dump` JSON of facial slots, selector programs and image banks (schema in
// docs/formats/hey_you_pikachu.md).
#pragma once

#include <nlohmann/json.hpp>

#include "face_reader.hpp"

namespace ripkit::hey_you_pikachu {

// {"pointer", "slots": [{"bank", "selector", "offset", "program", "horizon",
// "natural_length", "ends", "loops", "first_image", "frames", "keys"}]}
nlohmann::json faces_json(const ModelFaces& f);

// Every bank of the table: {"index", "pointer", "count", "images": [...]} or
// {"index", "error"}.
nlohmann::json face_banks_json(ByteSpan rom);

}  // namespace ripkit::hey_you_pikachu
