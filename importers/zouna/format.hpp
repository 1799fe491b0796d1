// The Zouna format object (probe + open) and the entry points the registry uses.
#pragma once

#include "ripkit/format.hpp"

namespace Assimp {
class BaseImporter;
}

namespace ripkit::formats {

const Format& zouna_format();
Assimp::BaseImporter* zouna_make_importer();

}  // namespace ripkit::formats
