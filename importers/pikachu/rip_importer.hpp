// The Assimp importer: the shared FormatImporter with this format's description.
#pragma once

#include "ripkit/assimp/format_importer.hpp"

namespace ripkit::pikachu {

class PikachuImporter : public FormatImporter {
  public:
    PikachuImporter();
};

}  // namespace ripkit::pikachu
