// tr-level's settings and assumptions (ripkit/settings.hpp).
#pragma once

#include "conversion.hpp"
#include "moveable_scene.hpp"
#include "ripkit/format.hpp"
#include "ripkit/settings.hpp"

namespace ripkit::tr_level {

const FormatSchema& schema();

Conversion conversion(const Settings& settings, const Options& options);
BodyStyle body_style(const Settings& settings);

}  // namespace ripkit::tr_level
