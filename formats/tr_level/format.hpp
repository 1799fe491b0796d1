// The tr_level format's entry points, as the registry reaches them
// (cmake/RipkitFormat.cmake).
#pragma once

#include "ripkit/format.hpp"

namespace ripkit::formats {

const Format& tr_level_format();

}  // namespace ripkit::formats
