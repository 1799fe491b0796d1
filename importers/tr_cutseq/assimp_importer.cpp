// tr_cutseq as an Assimp importer (ripkit_tr_cutseq_assimp): the shared
// FormatImporter with this format's description.
#include <assimp/importerdesc.h>

#include "ripkit/assimp/format_importer.hpp"

namespace ripkit::formats {

const Format& tr_cutseq_format();

namespace {
// Assimp's CanRead relies on the probe; the description lists what Assimp
// offers by extension.
const aiImporterDesc kDesc = {
    "Tomb Raider 4/5 CUTSEQ cutscenes (ripkit)",
    "Core Design (format); ripkit (importer)",
    "ripkit",
    "TR4 CUTSEQ.PAK, TR5 CUTSEQ.BIN, one cutscene data block",
    aiImporterFlags_SupportBinaryFlavour,
    0,
    0,
    0,
    0,
    "pak bin",
};

}  // namespace

Assimp::BaseImporter* tr_cutseq_make_importer() {
    return new FormatImporter(tr_cutseq_format(), kDesc);
}

}  // namespace ripkit::formats
