// Every format ripkit was built with, without Assimp: what detects, finds and
// opens a game file through the core and the formats' decoders alone
// (ripkit_formats). The Assimp registration is plugins/ (ripkit/registry.hpp).
//
//   const ripkit::Format* f = ripkit::detect_format(bytes, path);
//   auto doc = f->open(ripkit::Input(path, bytes), {});
//   ripkit::Scene scene = doc->scene(doc->default_item());
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "ripkit/byte_reader.hpp"
#include "ripkit/format.hpp"

namespace ripkit {

class SceneEncoder;  // ripkit/encode/scene_encoder.hpp

struct FormatEntry {
    const char* id;  // C++ identifier form: "tr_cutseq"
    const Format& (*format)();
};
std::span<const FormatEntry> format_entries();

// The formats that can also be written (the direction back).
struct EncoderEntry {
    const char* id;  // "tr_cutseq"
    const SceneEncoder& (*encoder)();
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

}  // namespace ripkit
