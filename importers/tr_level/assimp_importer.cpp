// tr_level as an Assimp importer (ripkit_tr_level_assimp): the shared
// FormatImporter with this format's description.
#include <assimp/importerdesc.h>

#include "ripkit/assimp/format_importer.hpp"

namespace ripkit::formats {

const Format& tr_level_format();

namespace {
const aiImporterDesc kDesc = {
    "Tomb Raider 4/5 levels (ripkit)",
    "Core Design (format); ripkit (importer)",
    "ripkit",
    "TR4 .TR4 and TR5 / Chronicles .TRC levels: moveables and rooms",
    aiImporterFlags_SupportBinaryFlavour,
    0,
    0,
    0,
    0,
    "tr4 trc",
};

}  // namespace

Assimp::BaseImporter* tr_level_make_importer() {
    return new FormatImporter(tr_level_format(), kDesc);
}

}  // namespace ripkit::formats
