// hey-you-pikachu as an Assimp importer (ripkit_pikachu_assimp): the shared
// FormatImporter with this format's description.
#include <assimp/importerdesc.h>

#include "ripkit/assimp/format_importer.hpp"

namespace ripkit::formats {

const Format& pikachu_format();

namespace {
// No trailing space in the extension list: Debian's Assimp asserts on it.
const aiImporterDesc kDesc = {"Hey You, Pikachu! (N64) models (ripkit)",
                              "ripkit",
                              "ripkit",
                              "ROM in any byte order; RIPKIT_ITEM selects the model index",
                              aiImporterFlags_SupportBinaryFlavour,
                              0,
                              0,
                              0,
                              0,
                              "z64 v64 n64"};

}  // namespace

Assimp::BaseImporter* pikachu_make_importer() {
    return new FormatImporter(pikachu_format(), kDesc);
}

}  // namespace ripkit::formats
