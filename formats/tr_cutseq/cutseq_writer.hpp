// The writer: running values per frame -> deltas -> packed tracks -> a
// cutscene block -> CUTSEQ.BIN (TR5) or CUTSEQ.PAK (TR4). Used by the samples,
// the tests' round trips, the fuzz corpus and the benchmark.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "cutseq_table.hpp"
#include "cutseq_types.hpp"
#include "ripkit/byte_reader.hpp"

namespace ripkit::tr_cutseq {

struct EncodedTrack {
    unsigned bits = 6;
    std::vector<int32_t> words;  // command words included
    Bytes bytes;                 // packed LSB-first, track_bytes(bits, words.size()) long
};

// Narrowest width >= 6 holding every delta; literal runs of up to 16 words,
// short repeats (2..7) and long repeats (8..255) of equal deltas. Throws
// Error(BadValue) for a delta outside the 15-bit range or a track over 65535 words.
EncodedTrack encode_track(std::span<const int32_t> deltas);

// One cutscene's data block. Uses frames, origin, audio_track, camera (2 nodes)
// and actors (slot, meshes, tracks with meshes+1 nodes); rotation values are
// taken modulo 1024 as the engine masks them.
Bytes write_block(const Cutscene& c);

// The decompressed file: signature, a table of `entries` (1..255; 255 fills
// the 2048-byte header; unused ones zero) and right after it the blocks of the
// non-empty cutscenes at their `index`.
Bytes write_bin(const std::vector<Cutscene>& cutscenes, int entries = kMaxEntries);
// TR4: u32 size + zlib stream of write_bin.
Bytes write_pak(const std::vector<Cutscene>& cutscenes, int entries = kMaxEntries);

}  // namespace ripkit::tr_cutseq
