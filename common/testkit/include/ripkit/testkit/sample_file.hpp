// Writing one sample file for the test kits' <id>_write_samples.
#pragma once

#include <filesystem>
#include <string_view>

#include "ripkit/byte_reader.hpp"

namespace ripkit::testkit {

// Creates or truncates `path` with `bytes`; Error(Io) naming it on failure.
void write_sample(const std::filesystem::path& path, ByteSpan bytes);
void write_sample(const std::filesystem::path& path, std::string_view text);

}  // namespace ripkit::testkit
