// pikachu_write_samples (the test kit's contract, cmake/RipkitFormat.cmake):
// samples/pikachu/.
#include "pikachu_samples.hpp"

#include <filesystem>

#include "ripkit/testkit/sample_file.hpp"
#include "rom_builder.hpp"

namespace ripkit::formats {

void pikachu_write_samples(const std::filesystem::path& dir) {
    testkit::write_sample(dir / "pikachu_sample.z64",
                          pikachu::build_rom(pikachu::sample_rom_spec()));
}

}  // namespace ripkit::formats
