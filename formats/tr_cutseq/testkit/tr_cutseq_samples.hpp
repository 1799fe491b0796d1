// The bundled samples of tr_cutseq (the test kit's contract, cmake/RipkitFormat.cmake):
// ripkit-make-samples writes them into samples/tr_cutseq/, tests into a scratch folder.
#pragma once

#include <filesystem>

namespace ripkit::formats {

void tr_cutseq_write_samples(const std::filesystem::path& dir);

}  // namespace ripkit::formats
