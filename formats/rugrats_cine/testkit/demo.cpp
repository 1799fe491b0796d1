#include "demo.hpp"

#include <cmath>

namespace ripkit::rugrats_cine {

Quat13 quat13(float x, float y, float z, float w, float scale) {
    const float len = std::sqrt(x * x + y * y + z * z + w * w);
    auto part = [&](float v) { return int32_t(std::lround(v / len * scale)); };
    return {part(x), part(y), part(z), part(w)};
}

StreamSpec make_demo_stream(const DemoOptions& o) {
    StreamSpec s;
    s.header.frames = o.frames;
    s.header.setup.assign(64, 0);
    for (size_t i = 0; i < s.header.setup.size(); ++i) s.header.setup[i] = uint8_t(i * 7);
    s.channel = o.channel;
    s.channel_prefix = o.channel_prefix;
    for (uint16_t n = 1; n <= o.frames; ++n) {
        const float t = float(n - 1) / 30.0f;
        FrameRecord f;
        f.frame = n;
        f.unknown_02 = uint16_t(s.header.setup.size());
        // Camera circling the origin at 3000 units, 1000 above (engine Y down).
        const float ang = 0.5f * t;
        f.camera_position = {int32_t(3000 * std::sin(ang)), -1000, int32_t(-3000 * std::cos(ang))};
        f.camera_q = quat13(0, -std::sin(ang / 2), 0, std::cos(ang / 2));
        ActorRecord a;
        a.id = 5;
        a.q = quat13(0, std::sin(t), 0, std::cos(t), 2000.0f);
        a.position = {int32_t(200 * t), 0, 500};
        a.mouth = uint8_t(n % 16);
        a.eyes = uint8_t((n / 10) % 4);
        f.actors.push_back(a);
        if (n % 2 == 0) {
            ActorRecord b;
            b.id = 88;
            b.q = quat13(0, 0, 0, 1);
            b.position = {0, -300, 0};
            b.mouth = uint8_t((n / 2) % 16);
            f.actors.push_back(b);
        }
        for (uint16_t id : {7, 9}) {
            PoseRecord p;
            p.id = id;
            p.position = {id == 7 ? -600 : 600, 0, int32_t(100 * std::sin(t))};
            p.mouth = uint8_t(n % 3 == 0 ? (n / 3) % 11 : 0);
            p.eyes = uint8_t(n % 45 == 0 ? 3 : 0);
            for (uint8_t c = 0; c < 3; ++c) {
                const float swing = 0.6f * std::sin(2.0f * t + float(c));
                p.keys.push_back({c, quat13(std::sin(swing / 2), 0, 0, std::cos(swing / 2),
                                            1000.0f + 1000.0f * c)});
            }
            f.poses.push_back(p);
        }
        s.frames.push_back(std::move(f));
    }
    if (o.sound) {
        s.stereo = o.stereo;
        s.rate = o.rate;
        const size_t slots = 2 + 5 * size_t(o.frames);
        const size_t frames = slots * o.rate / 150 + 4032;
        const size_t ch = o.stereo ? 2 : 1;
        s.pcm.resize(frames * ch);
        double phase_l = 0, phase_r = 0;
        for (size_t i = 0; i < frames; ++i) {
            const double sec = double(i) / o.rate;
            phase_l += 2 * M_PI * (300.0 + 300.0 * sec) / o.rate;  // rising chirp
            phase_r += 2 * M_PI * 440.0 / o.rate;
            s.pcm[i * ch] = int16_t(8000 * std::sin(phase_l));
            if (ch == 2) s.pcm[i * ch + 1] = int16_t(6000 * std::sin(phase_r));
        }
    }
    return s;
}

}  // namespace ripkit::rugrats_cine
