#include "demo_cutscenes.hpp"

#include <algorithm>
#include <cmath>

namespace ripkit::tr_cutseq {

namespace {

constexpr double kPi = 3.14159265358979323846;

int16_t clamp16(double v) {
    return static_cast<int16_t>(std::clamp(std::lround(v), -32768L, 32767L));
}

}  // namespace

Cutscene make_demo_cutscene(const DemoSpec& spec) {
    Cutscene c;
    c.index = spec.index;
    c.empty = false;
    c.frames = spec.frames;
    const double phase0 = (spec.seed % 97) * 0.1;
    c.origin = {40960 + 1024 * static_cast<int32_t>(spec.seed % 7), -2304, 35840};
    c.audio_track = spec.audio_track;

    // Camera: a slow orbit at radius 2500 units, 1200 units above the floor;
    // after each cut the orbit continues from another side.
    c.camera.reset(2, c.frames);
    for (int f = 0; f < c.frames; ++f) {
        const int shot = static_cast<int>(
            std::count_if(spec.cuts.begin(), spec.cuts.end(), [&](int k) { return k <= f; }));
        const double ang = phase0 + f * 0.01 + shot * 2.1;
        const double walk = f * 6.0;  // Lara walks +X at 6 units a frame (180 units/s)
        const double tx = walk, ty = -512.0, tz = 0.0;  // her hips (Y down: negative = up)
        const double px = walk + 2500.0 * std::cos(ang), py = -1200.0 - 200.0 * std::sin(f * 0.02),
                     pz = 2500.0 * std::sin(ang);
        // world = org + 2 * run
        c.camera.at(f, 0, 0) = clamp16(tx / 2);
        c.camera.at(f, 0, 1) = clamp16(ty / 2);
        c.camera.at(f, 0, 2) = clamp16(tz / 2);
        c.camera.at(f, 1, 0) = clamp16(px / 2);
        c.camera.at(f, 1, 1) = clamp16(py / 2);
        c.camera.at(f, 1, 2) = clamp16(pz / 2);
    }

    for (int a = 0; a < spec.actors; ++a) {
        Actor act;
        act.slot = a == 0 ? (spec.no_lara ? -1 : 0) : static_cast<int16_t>(100 + a);
        act.meshes = spec.meshes;
        act.tracks.reset(spec.meshes + 1, c.frames);
        for (int f = 0; f < c.frames; ++f) {
            // root offset = 3 * run0; actors walk side by side, 700 units apart
            act.tracks.at(f, 0, 0) = clamp16(f * 6.0 / 3.0);
            act.tracks.at(f, 0, 1) = clamp16((-10.0 * std::abs(std::sin(f * 0.2))) / 3.0);
            act.tracks.at(f, 0, 2) = clamp16(a * 700.0 / 3.0);
            for (int m = 1; m <= spec.meshes; ++m) {
                const double w = 2.0 * kPi * f / 30.0 + m * 0.7 + a;
                const double amp = m == 1 ? 8.0 : 40.0 + 5.0 * (m % 4);
                act.tracks.at(f, m, 0) =
                    static_cast<int16_t>(std::lround(amp * std::sin(w)) & 1023);
                act.tracks.at(f, m, 1) = static_cast<int16_t>(
                    ((m == 1 ? 256 : 0) + std::lround(0.3 * amp * std::sin(0.5 * w))) & 1023);
                act.tracks.at(f, m, 2) = static_cast<int16_t>(
                    m % 3 == 0 ? 0 : (std::lround(0.2 * amp * std::cos(w)) & 1023));
            }
        }
        c.actors.push_back(std::move(act));
    }
    return c;
}

}  // namespace ripkit::tr_cutseq
