// The Zouna format object (probe + open), as the registry reaches it.
#pragma once

#include "ripkit/format.hpp"

namespace ripkit::formats {

const Format& zouna_format();

}  // namespace ripkit::formats
