// rugrats_cine as an Assimp importer (ripkit_rugrats_cine_assimp): the shared
// FormatImporter with this format's description.
#include <assimp/importerdesc.h>

#include "ripkit/assimp/format_importer.hpp"

namespace ripkit::formats {

const Format& rugrats_cine_format();

namespace {
const aiImporterDesc kDesc = {
    "Rugrats: Search for Reptar cinematics (ripkit)",
    "n-Space / THQ (format); ripkit (importer)",
    "ripkit",
    "CD-XA streams: raw 2352, RIFF/CDXA, 2336 Mode 2, 2048 data-only; probed by content",
    aiImporterFlags_SupportBinaryFlavour,
    0,
    0,
    0,
    0,
    "bin str xa",
};

}  // namespace

Assimp::BaseImporter* rugrats_cine_make_importer() {
    return new FormatImporter(rugrats_cine_format(), kDesc);
}

}  // namespace ripkit::formats
