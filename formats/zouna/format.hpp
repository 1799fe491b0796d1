// The zouna format's entry points, as the registry reaches them
// (cmake/RipkitFormat.cmake).
#pragma once

#include "ripkit/encode/scene_encoder.hpp"
#include "ripkit/format.hpp"

namespace ripkit::formats {

const Format& zouna_format();
// The way back (`convert SCENE OUT`): its encoder.
const SceneEncoder& zouna_encoder();

}  // namespace ripkit::formats
