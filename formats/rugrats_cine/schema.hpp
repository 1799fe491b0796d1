// rugrats-cine's settings, options and assumptions (ripkit/settings.hpp), and
// the typed values decoding and presenting take from them.
#pragma once

#include <cstdint>
#include <optional>

#include "ripkit/format.hpp"
#include "ripkit/settings.hpp"

namespace ripkit::rugrats_cine {

const FormatSchema& schema();

struct CineOptions {
    bool native = false;
    float scale = 1.0f;       // --set scale
    uint32_t cine = 0;        // --cine: blink seed; 0 also plays the opening's ending
    bool cine_given = false;  // false: 0 assumed (a warning says so)
    bool all_audio = false;   // --audio all
    bool no_audio = false;    // --audio none: the samples are never decoded
    std::optional<uint8_t> audio_file, audio_channel;  // --set audio_file / audio_channel
};

CineOptions cine_options(const Settings& settings, const Options& options);

}  // namespace ripkit::rugrats_cine
