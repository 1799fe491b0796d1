// zouna as an Assimp importer (ripkit_zouna_assimp): the shared FormatImporter
// with Zouna's description. Assimp 5.2.5 matches extensions by comparing the END
// of the file name case-insensitively with "." + extension, so
// "walk.Animation_Z" and "resources/TETE.Skel_Z" match "animation_z" /
// "skel_z" (checked in tests).
#include <assimp/importerdesc.h>

#include "ripkit/assimp/format_importer.hpp"

namespace ripkit::formats {

const Format& zouna_format();

namespace {
const aiImporterDesc kDesc = {
    "ripkit Asobo Zouna animation importer",
    "ripkit",
    "",
    "Animation_Z, Skel_Z, MaterialAnim_Z objects (raw, BFF0, LZRS) and FUEL-family BigFiles",
    aiImporterFlags_SupportBinaryFlavour,
    0,
    0,
    0,
    0,
    "animation_z skel_z materialanim_z dpc",
};

}  // namespace

Assimp::BaseImporter* zouna_make_importer() { return new FormatImporter(zouna_format(), kDesc); }

}  // namespace ripkit::formats
