// Every format ripkit was built with (ripkit/format_list.hpp), and the Assimp
// registration entry points.
//
//   Assimp::Importer importer;
//   ripkit::register_importers(importer);   // all formats
//   const aiScene* s = importer.ReadFile("CUTSEQ.PAK", 0);
#pragma once

#include "ripkit/format_list.hpp"
#include "ripkit/register_formats.hpp"  // register_<format>(Assimp::Importer&)

namespace Assimp {
class Importer;
class Exporter;
}  // namespace Assimp

namespace ripkit {

// Registers one importer per format on `importer` (which takes ownership).
void register_importers(Assimp::Importer& importer);

// Registers one exporter per writable format (id "tr-cutseq", "zouna") on
// `exporter`, so that Export(scene, "tr-cutseq", "OUT.PAK") writes the game
// file; options as ExportProperties (docs/library.md "Assimp exporters (the
// direction back)"). Returns the number registered (ids already registered
// are skipped).
int register_exporters(Assimp::Exporter& exporter);

}  // namespace ripkit
