#include "rip_importer.hpp"

#include "pikachu_format.hpp"

namespace ripkit::pikachu {

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

PikachuImporter::PikachuImporter() : FormatImporter(formats::pikachu_format(), kDesc) {}

}  // namespace ripkit::pikachu
