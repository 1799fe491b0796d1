// What `ripkit dump` prints of one cutscene: per frame the camera's target
// and position and each actor's offset and joint angles, as the engine
// accumulates them (or the cutscene's error, or that it is empty).
#pragma once

#include <nlohmann/json.hpp>

#include "cutseq_types.hpp"
#include "ripkit/limits.hpp"

namespace ripkit::tr_cutseq {

// Charges `budget` for the values it prints before building them.
nlohmann::json dump_cutscene(const Cutscene& c, Budget& budget);

}  // namespace ripkit::tr_cutseq
