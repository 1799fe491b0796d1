// hey-you-pikachu's settings, options and assumptions (ripkit/settings.hpp).
// layout.cpp and anim_scene.cpp turn the settings into the Layout and the
// AnimMapping.
#pragma once

#include "ripkit/settings.hpp"

namespace ripkit::hey_you_pikachu {

const FormatSchema& schema();

// "rx,ry,rz": `count` different components from tx..sz, else what was expected.
std::string check_components(std::string_view value, size_t count);

}  // namespace ripkit::hey_you_pikachu
