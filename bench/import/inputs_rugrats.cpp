#include "inputs.hpp"
#include "rugrats_cine/testkit/cine_writer.hpp"
#include "rugrats_cine/testkit/demo.hpp"

namespace bench_import {

using namespace ripkit::rugrats_cine;

Input rugrats_open() {
    static const std::filesystem::path file = [] {
        StreamSpec spec = make_demo_stream({.frames = 1411});
        std::vector<ripkit::cd::SectorSpec> s = stream_sectors(spec);
        // 1 header + 1411 frames end at sector 7052; the stream's audio pads it to 7056.
        const ripkit::cd::SectorSpec audio = s[s.size() - 2];
        while (s.size() < 7056) s.push_back(audio);
        return bench_file("OPEN.BIN",
                          ripkit::cd::write_sectors(s, ripkit::cd::SectorShape::Raw2352));
    }();
    return {"rugrats-cine: OPEN.BIN-shaped, 7056 sectors with sound", file, {}, {}};
}

}  // namespace bench_import
