// The rugrats_cine format's entry points, as the registry reaches them
// (cmake/RipkitFormat.cmake).
#pragma once

#include "ripkit/format.hpp"

namespace ripkit::formats {

const Format& rugrats_cine_format();

}  // namespace ripkit::formats
