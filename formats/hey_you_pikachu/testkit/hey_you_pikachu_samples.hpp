// The bundled samples of pikachu (the test kit's contract, cmake/RipkitFormat.cmake):
// ripkit-make-samples writes them into samples/hey_you_pikachu/, tests into a scratch folder.
#pragma once

#include <filesystem>

namespace ripkit::formats {

void hey_you_pikachu_write_samples(const std::filesystem::path& dir);

}  // namespace ripkit::formats
