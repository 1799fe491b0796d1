// Every format ripkit was built with, and the Assimp registration entry points.
//
//   Assimp::Importer importer;
//   ripkit::register_importers(importer);   // all formats
//   const aiScene* s = importer.ReadFile("CUTSEQ.PAK", 0);
#pragma once

#include <filesystem>
#include <span>
#include <string>

#include "ripkit/format.hpp"
#include "ripkit/register_formats.hpp"  // register_<format>(Assimp::Importer&)

namespace Assimp {
class Importer;
class Exporter;
class BaseImporter;
class IOSystem;
class ExportProperties;
}  // namespace Assimp
struct aiScene;

namespace ripkit {

class SceneEncoder;  // ripkit/encode/scene_encoder.hpp

struct FormatEntry {
    const char* id;  // C++ identifier form: "tr_cutseq"
    const Format& (*format)();
    Assimp::BaseImporter* (*make_importer)();
};

std::span<const FormatEntry> format_entries();

// The formats that can also be written (the direction back).
struct EncoderEntry {
    const char* id;  // "tr_cutseq"
    const SceneEncoder& (*encoder)();
    // Assimp's exporter function for it (Assimp::Exporter::ExportFormatEntry).
    void (*export_fn)(const char*, Assimp::IOSystem*, const aiScene*,
                      const Assimp::ExportProperties*);
};
std::span<const EncoderEntry> encoder_entries();
// By encoder id ("tr-cutseq") or entry id ("tr_cutseq"); null when none writes it.
const SceneEncoder* find_encoder(const std::string& id);

// The format whose probe scores highest on `data` (0 scores ignored), or null.
const Format* detect_format(ByteSpan data, const std::string& path);
// A format that reads by range (Format::reads_by_range) and is certain of the
// file from its head alone (probe_head 100, a magic): the CLI hands such a
// format the file by range instead of reading it whole. Null when none is.
const Format* detect_range_format(ByteSpan head, uint64_t file_size, const std::string& path);
// By FormatInfo::id ("tr-cutseq") or entry id ("tr_cutseq"); null when unknown.
const Format* find_format(const std::string& id);

// Registers one importer per format on `importer` (which takes ownership).
void register_importers(Assimp::Importer& importer);

// Registers one exporter per writable format (id "tr-cutseq", "zouna") on
// `exporter`, so that Export(scene, "tr-cutseq", "OUT.PAK") writes the game
// file; options as ExportProperties (README "Assimp exporters"). Returns the
// number registered (ids already registered are skipped).
int register_exporters(Assimp::Exporter& exporter);

}  // namespace ripkit
