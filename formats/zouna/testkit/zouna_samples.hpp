// The bundled samples of zouna (the test kit's contract, cmake/RipkitFormat.cmake):
// ripkit-make-samples writes them into samples/zouna/, tests into a scratch folder.
#pragma once

#include <filesystem>

namespace ripkit::formats {

void zouna_write_samples(const std::filesystem::path& dir);

}  // namespace ripkit::formats
