#include "rugrats_cine/testkit/writer.hpp"
#include "scale.hpp"

namespace ripkit::formats {
const Format& rugrats_cine_format();  // rugrats_cine/format.cpp (no header of its own)
}

namespace scale {

using namespace ripkit;

Bytes rugrats_many_actors(size_t channels) {
    rugrats::StreamSpec s;
    const size_t actors = channels / 4;
    int16_t id = 1;
    while (size_t(id) <= actors) {
        rugrats::FrameRecord r;
        r.frame = uint16_t(s.frames.size());
        r.camera_q = {0, 0, 0, 4095};
        for (int a = 0; a < 63 && size_t(id) <= actors; ++a) {
            rugrats::ActorRecord ac;
            ac.q = {0, 0, 0, 4095};
            ac.id = id++;
            r.actors.push_back(ac);
        }
        s.frames.push_back(r);
    }
    s.header.frames = uint16_t(s.frames.size());
    s.end_marker = true;
    return rugrats::write_stream(s, cd::SectorShape::Raw2352);
}

const Format& rugrats() { return formats::rugrats_cine_format(); }

}  // namespace scale
