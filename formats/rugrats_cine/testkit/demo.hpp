// A deterministic demo cinematic (camera orbit, two actors, two posed
// characters with faces, a chirp soundtrack) for the bundled samples, the
// benchmark and the round-trip tests.
#pragma once

#include <cstdint>

#include "cine_writer.hpp"

namespace ripkit::rugrats_cine {

struct DemoOptions {
    uint16_t frames = 60;
    bool sound = true;
    bool stereo = true;
    uint32_t rate = 37800;
    uint8_t channel = 1;
    bool channel_prefix = false;
};

StreamSpec make_demo_stream(const DemoOptions& o);

// A quaternion scaled to 13-bit parts (|part| <= 4095).
Quat13 quat13(float x, float y, float z, float w, float scale = 4000.0f);

}  // namespace ripkit::rugrats_cine
