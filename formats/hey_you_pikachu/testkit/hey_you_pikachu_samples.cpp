// hey_you_pikachu_write_samples (the test kit's contract, cmake/RipkitFormat.cmake):
// samples/hey_you_pikachu/.
#include "hey_you_pikachu_samples.hpp"

#include <filesystem>

#include "ripkit/testkit/sample_file.hpp"
#include "rom_builder.hpp"

namespace ripkit::formats {

void hey_you_pikachu_write_samples(const std::filesystem::path& dir) {
    testkit::write_sample(dir / "pikachu_sample.z64",
                          hey_you_pikachu::build_rom(hey_you_pikachu::sample_rom_spec()));
}

}  // namespace ripkit::formats
