// tr-cutseq's settings, options and assumptions (ripkit/settings.hpp), and
// the typed values the reader and the scene builder take from them.
#pragma once

#include "cutscene_scene.hpp"
#include "cutseq_reader.hpp"
#include "ripkit/encode/scene_encoder.hpp"
#include "ripkit/settings.hpp"

namespace ripkit::tr_cutseq {

const FormatSchema& schema();
// What the encoder (`convert SCENE OUT.PAK`) takes besides the scene.
const EncoderSchema& encoder_schema();

ReadOptions read_options(const Settings& settings);
SceneOptions scene_options(const Settings& settings, bool native);

}  // namespace ripkit::tr_cutseq
