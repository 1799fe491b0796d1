// What `ripkit dump` prints of a decoded model: its descriptor and
// resource, the runtime record and pointers, the hierarchy's nodes, display
// lists, textures, draw statistics and facial programs.
#pragma once

#include <nlohmann/json.hpp>

#include "layout.hpp"
#include "model_reader.hpp"

namespace ripkit::hey_you_pikachu {

// `source`: where the runtime record was read (the layout's).
nlohmann::json dump_decoded_model(const DecodedModel& m, RecordSource source);

}  // namespace ripkit::hey_you_pikachu
