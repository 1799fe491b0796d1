// zouna's settings, options and assumptions (ripkit/settings.hpp). The
// per-version layout choices they feed are in variants.hpp.
#pragma once

#include "ripkit/settings.hpp"

namespace ripkit::zouna {

const FormatSchema& schema();

}  // namespace ripkit::zouna
