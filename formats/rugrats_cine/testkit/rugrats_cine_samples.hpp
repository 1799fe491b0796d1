// The bundled samples of rugrats_cine (the test kit's contract, cmake/RipkitFormat.cmake):
// ripkit-make-samples writes them into samples/rugrats_cine/, tests into a scratch folder.
#pragma once

#include <filesystem>

namespace ripkit::formats {

void rugrats_cine_write_samples(const std::filesystem::path& dir);

}  // namespace ripkit::formats
