// What follows a level's geometry: the sound samples and, in levels built
// with NG Center (TRNG), the "NG" trailer. Offsets are file offsets.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace ripkit::tr_level {

// u32 count, then either `count` x {u32 uncompressed; u32 compressed; bytes}
// (WAVs kept in the level) or, in TRNG levels, `count` x {u32 start; u32
// size} into MAIN.SFX.
struct SampleSection {
    uint64_t at = 0, end = 0;  // the count word .. the end of the last record
    uint32_t count = 0;
    bool in_sfx = false;
};

// A trailer chunk: a word count that includes its own header (2 words, or 3
// when bit 15 of the first word makes the count 31-bit), then a tag 0x80xx.
struct NgChunk {
    uint64_t at = 0;
    uint32_t words = 0;
    uint16_t tag = 0;
};

// "NG", chunks, a zero u32, then the footer "NGLE" and a u32 giving the
// trailer's size in bytes from "NG" to the end of the file.
struct NgTrailer {
    uint64_t at = 0, size = 0;
    std::vector<NgChunk> chunks;
};

struct Tail {
    std::optional<SampleSection> samples;  // none when the file ends after the geometry
    std::optional<NgTrailer> ng;
    uint64_t unknown_at = 0, unknown_bytes = 0;  // bytes after the samples nobody describes
};

// TRNG's names for the tags Tomb Editor and NG Center write into levels
// (TRNGCE MyConstants.h NGTAG_*); null for others.
const char* ng_tag_name(uint16_t tag);

}  // namespace ripkit::tr_level
