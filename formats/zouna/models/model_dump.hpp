// What `ripkit dump` prints of a mesh-family object: every field as read,
// with the names of the objects it links.
#pragma once

#include <nlohmann/json.hpp>

#include "zouna/container/names.hpp"
#include "zouna/models/model_objects.hpp"

namespace ripkit::zouna {

nlohmann::json dump_model_object(const ModelDecoded& d, const NameMap& names);

}  // namespace ripkit::zouna
