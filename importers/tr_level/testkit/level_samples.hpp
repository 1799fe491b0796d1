// The bundled tr_level samples (samples/tr_level/).
#pragma once

#include <filesystem>

namespace ripkit::tr_level::testkit {

// DEMO.TR4 and DEMO.TRC: demo_level() for each game; their moveables match
// the actors of the bundled CUTSEQ.PAK / CUTSEQ.BIN (slots 0 and 101).
void write_level_samples(const std::filesystem::path& dir);

}  // namespace ripkit::tr_level::testkit
