// A format's schema as JSON (`ripkit formats --json`, the Blender add-on) and
// as the Markdown tables the docs embed (`ripkit formats --markdown ID`,
// between <!-- ripkit:settings ID BEGIN --> and END markers; a test keeps the
// committed docs equal to this output).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "ripkit/encode/scene_encoder.hpp"
#include "ripkit/format.hpp"
#include "ripkit/settings.hpp"

namespace ripkit {

nlohmann::json value_json(const ValueDef& def);
// {"id", "name", "extensions", "settings": [...], "options": [...], "assumptions": [...]}
nlohmann::json schema_json(const Format& format);
// {"summary", "extensions", "extension", "options": [...], "settings": [keys]}: what
// the encoder takes besides the scene (EncoderSchema).
nlohmann::json encoder_json(const SceneEncoder& encoder);

// The settings, options and assumptions tables of one format.
std::string schema_markdown(const Format& format);

// `|` and line breaks escaped for a Markdown table cell.
std::string markdown_cell(const std::string& text);

}  // namespace ripkit
