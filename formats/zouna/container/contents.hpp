// What a Zouna file holds, as probe and open see it: one object (raw, as
// the dpc tool extracts it), a BFF0 file (header, then one object) or a
// FUEL-family BigFile (many), and the objects it lists.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ripkit/limits.hpp"
#include "zouna/container/container.hpp"

namespace ripkit::zouna {

enum class Container { None, Object, Bff0, BigFile };
Container detect_container(ByteSpan data);

// What a file holds: its objects, the container, its version text when it
// has one, and a BFF0 header's platform and form.
struct Contents {
    std::vector<ObjectRef> objects;
    std::string container, version;
    nlohmann::json bff0;  // null unless a BFF0 file
    std::vector<std::string> warnings;
};

// Throws WrongFormat when the data is none of the three.
Contents parse_container(ByteSpan data, std::optional<Endian> forced, const Limits& limits);

}  // namespace ripkit::zouna
