// `dump`: the decoded structures as JSON, values as stored (schema in
// docs/formats/tr_level.md). Texture pages are summarised, not listed.
#pragma once

#include <nlohmann/json.hpp>

#include "level_types.hpp"

namespace ripkit::tr_level {

nlohmann::json error_json(const Error& e);
nlohmann::json dump_level(const Level& level);
// What follows the geometry: the version tag, samples, the TRNG trailer and
// its chunks, bytes nobody describes (info and dump).
nlohmann::json tail_json(const Level& level);
nlohmann::json dump_moveable(const Level& level, const Moveable& m);
nlohmann::json dump_rooms(const Level& level);

}  // namespace ripkit::tr_level
