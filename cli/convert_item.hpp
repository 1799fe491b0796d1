// What `convert` and `convert --all` share: one item's scene exported inside
// a budget scope of its own, the export options, and the lines a result adds.
#pragma once

#include <cstdint>
#include <filesystem>

#include "commands.hpp"
#include "ripkit/export.hpp"
#include "session.hpp"

namespace ripkit::cli {

ExportOptions export_options(const Session& s, const ConvertArgs& a, OutputFormat fmt);

// Builds item `item`'s scene and exports it to `out`; what they charge to
// the session's budget on this thread is given back when it returns. An item
// that failed to decode throws its error from scene().
ExportResult convert_item(const Session& s, int64_t item, const std::filesystem::path& out,
                          const ExportOptions& eo);

// Holds the written paths (stdout) and notes (stderr) for a successful run.
void hold_result(const ExportResult& r);

// `convert --all` (convert_all.cpp).
int convert_all(const ConvertArgs& a, OutputFormat fmt);

}  // namespace ripkit::cli
