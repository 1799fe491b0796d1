// zouna's settings, options and assumptions (ripkit/settings.hpp). The
// per-version layout choices they feed are in variants.hpp.
#pragma once

#include "ripkit/encode/scene_encoder.hpp"
#include "ripkit/settings.hpp"

namespace ripkit::zouna {

const FormatSchema& schema();
// What the encoder (`convert SCENE OUT.Animation_Z`) takes besides the scene.
const EncoderSchema& encoder_schema();

}  // namespace ripkit::zouna
