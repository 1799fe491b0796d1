// The direction back: a ripkit::Scene (read from a glTF, an FBX or an aiScene
// an Assimp host built) written as a game file. A format that can be written
// declares an encoder next to its decoder (ripkit_add_format(... ENCODER));
// `ripkit convert SCENE.glb OUT`, the Assimp exporters and the Blender add-on
// find it through the registry (ripkit/registry.hpp).
//
// An encoder reads only documented node names and extras (docs/formats/),
// names every missing node the game needs in one error, lists the nodes it
// ignored in one warning, and never clamps: a value the format cannot hold is
// an Error(BadValue) naming the node, the frame (or key) and the value.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ripkit/byte_reader.hpp"
#include "ripkit/format.hpp"
#include "ripkit/limits.hpp"
#include "ripkit/scene.hpp"
#include "ripkit/settings.hpp"

namespace ripkit {

struct EncodeOptions {
    // Which item the scene becomes (TR: the 1-based table index, default 1;
    // Zouna: the object's name crc, default the animation's own).
    std::optional<int64_t> item;
    // The game file to start from: the output is a copy of it with `item`
    // replaced. Null: a new file holding only the scene.
    const Input* base = nullptr;
    // The output's file name: its extension chooses the container when the
    // format has several (TR .pak/.bin), its stem may name the object (Zouna).
    std::string out_path;
    bool native = false;  // the scene is in engine units and axes (as --native wrote it)
    // `--set key=value`: the same keys that choose layouts when reading, plus
    // each encoder's own (docs/formats/<id>.md "The direction back").
    std::map<std::string, std::string> settings;
    std::string endian;                 // "", "little" or "big" (formats with both)
    std::string names_path;             // Zouna: crc -> name list
    std::string animation;              // which animation; empty: the first
    const FileSource* files = nullptr;  // companion access (names); may be null
    Limits limits;

    std::optional<std::string> setting(const std::string& key) const;
};

struct EncodeResult {
    Bytes bytes;                        // the complete output file
    std::vector<std::string> warnings;  // one line each (ignored nodes, ...)
};

// What an encoder takes besides the scene, declared once: `ripkit convert
// SCENE OUT` refuses an option the encoder does not read, `ripkit formats
// --json` lists it as the format's "encoder", and the Blender add-on's export
// operators are made from that.
//   options    the options it reads, of the direction back's item, base,
//              endian, anims and names, each with what it means here
//   settings   keys of the format's own settings (its FormatSchema) that shape
//              what is written, the fields an export form shows; "start" is
//              the host's first frame
//   extension  the spelling a new file's name gets ("PAK", "Animation_Z")
struct EncoderSchema {
    std::vector<ValueDef> options;
    std::vector<std::string> settings;
    std::string extension;

    const ValueDef* option(std::string_view key) const;
};

class SceneEncoder {
  public:
    virtual ~SceneEncoder() = default;
    // id as the decoder's ("tr-cutseq"); extensions it writes (lower case, no dot).
    virtual const FormatInfo& info() const = 0;
    virtual const EncoderSchema& schema() const = 0;
    // Throws ripkit::Error (Usage for bad options, BadValue for a scene the
    // game cannot hold, the base's own decode errors for a bad base).
    virtual EncodeResult encode(const Scene& scene, const EncodeOptions& options) const = 0;
};

}  // namespace ripkit
