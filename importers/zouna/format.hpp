// The Zouna format object (probe + open) and the entry points the registry uses.
#pragma once

#include <filesystem>

#include "ripkit/format.hpp"

namespace Assimp {
class BaseImporter;
}

namespace ripkit::formats {

const Format& zouna_format();
Assimp::BaseImporter* zouna_make_importer();
void zouna_write_samples(const std::filesystem::path& dir);

}  // namespace ripkit::formats
