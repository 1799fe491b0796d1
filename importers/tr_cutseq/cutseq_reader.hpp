// Container and table parsing: TR4 CUTSEQ.PAK (u32 size + zlib), TR5
// CUTSEQ.BIN (plain), or one bare cutscene data block, told apart by content.
#pragma once

#include <optional>

#include "cutseq_table.hpp"
#include "cutseq_types.hpp"
#include "ripkit/byte_reader.hpp"
#include "ripkit/limits.hpp"

namespace ripkit::tr_cutseq {

inline constexpr char kSignature[8] = {'(', 'C', ')', ' ', 'D', 'E', 'L', '!'};

bool has_signature(ByteSpan data);
// A PAK: u32 size followed by a zlib header (CMF 0x78, FCHECK valid).
bool looks_like_pak(ByteSpan data);
// A bare block: a plausible cutscene header whose offsets fit the data.
// `file_size`: the length of the file `data` begins (0: data is the whole file);
// offsets may point past a head but not past the file.
bool looks_like_block(ByteSpan data, uint64_t file_size = 0);

struct ReadOptions {
    std::optional<int> entries;  // table entries to read (default: inferred, cutseq_table.hpp)
    Limits limits;
    Budget* budget = nullptr;  // the document's (null: one of `limits` for this read)
};

// Decodes the container, the table and every cutscene. A cutscene whose data
// cannot be decoded keeps its error (Cutscene::error) instead of failing the
// file; a bare block is the whole file, so its error is the file's.
CutseqFile read_cutseq(ByteSpan input, const ReadOptions& options);

// One cutscene's data block (`data` spans exactly the block; base = its
// offset). The decoded values are charged to `budget` before they exist.
Cutscene read_cutscene(const ByteReader& data, int index, const Limits& limits, Budget& budget,
                       std::vector<std::string>& warnings);

}  // namespace ripkit::tr_cutseq
