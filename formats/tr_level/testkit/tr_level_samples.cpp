// tr_level_write_samples (the test kit's contract, cmake/RipkitFormat.cmake):
// samples/tr_level/.
#include "tr_level_samples.hpp"

#include <filesystem>

#include "demo_level.hpp"
#include "ripkit/testkit/sample_file.hpp"

namespace ripkit::formats {

// DEMO.TR4 and DEMO.TRC: demo_level() for each game; their moveables match
// the actors of the bundled CUTSEQ.PAK / CUTSEQ.BIN (slots 0 and 101).
void tr_level_write_samples(const std::filesystem::path& dir) {
    using namespace tr_level::testkit;
    testkit::write_sample(dir / "DEMO.TR4", write_level(demo_level(tr_level::Version::Tr4)));
    testkit::write_sample(dir / "DEMO.TRC", write_level(demo_level(tr_level::Version::Tr5)));
}

}  // namespace ripkit::formats
