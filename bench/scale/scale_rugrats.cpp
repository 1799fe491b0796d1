#include "rugrats_cine/format.hpp"
#include "rugrats_cine/testkit/cine_writer.hpp"
#include "scale.hpp"

namespace scale {

using namespace ripkit;

Bytes rugrats_many_actors(size_t channels) {
    rugrats_cine::StreamSpec s;
    const size_t actors = channels / 4;
    int16_t id = 1;
    while (size_t(id) <= actors) {
        rugrats_cine::FrameRecord r;
        r.frame = uint16_t(s.frames.size());
        r.camera_q = {0, 0, 0, 4095};
        for (int a = 0; a < 63 && size_t(id) <= actors; ++a) {
            rugrats_cine::ActorRecord ac;
            ac.q = {0, 0, 0, 4095};
            ac.id = id++;
            r.actors.push_back(ac);
        }
        s.frames.push_back(r);
    }
    s.header.frames = uint16_t(s.frames.size());
    s.end_marker = true;
    return rugrats_cine::write_stream(s, cd::SectorShape::Raw2352);
}

const Format& rugrats() { return formats::rugrats_cine_format(); }

}  // namespace scale
