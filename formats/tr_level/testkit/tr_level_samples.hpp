// The bundled samples of tr_level (the test kit's contract, cmake/RipkitFormat.cmake):
// ripkit-make-samples writes them into samples/tr_level/, tests into a scratch folder.
#pragma once

#include <filesystem>

namespace ripkit::formats {

void tr_level_write_samples(const std::filesystem::path& dir);

}  // namespace ripkit::formats
