// rugrats_cine_write_samples (the test kit's contract, cmake/RipkitFormat.cmake):
// samples/rugrats_cine/.
#include "rugrats_cine_samples.hpp"

#include <filesystem>

#include "demo.hpp"
#include "ripkit/testkit/sample_file.hpp"

namespace ripkit::formats {

void rugrats_cine_write_samples(const std::filesystem::path& dir) {
    using namespace rugrats_cine;
    using testkit::write_sample;
    // Two seconds with a stereo chirp, raw 2352-byte sectors (OPEN.BIN layout).
    write_sample(dir / "DEMO_RAW.BIN",
                 write_stream(make_demo_stream({.frames = 60}), cd::SectorShape::Raw2352));
    // One second, mono 18.9 kHz, as dumpsxiso writes XA files: 2336-byte sectors.
    write_sample(dir / "DEMO_2336.STR",
                 write_stream(make_demo_stream({.frames = 30, .stereo = false, .rate = 18900}),
                              cd::SectorShape::Mode2_2336));
    // The same 30 frames as a naive 2048-byte copy (no audio survives).
    write_sample(
        dir / "DEMO_DATA.BIN",
        write_stream(make_demo_stream({.frames = 30, .sound = false}), cd::SectorShape::Data2048));
}

}  // namespace ripkit::formats
