// Container and table parsing: TR4 CUTSEQ.PAK (u32 size + zlib), TR5
// CUTSEQ.BIN (plain), or one bare cutscene data block, told apart by content.
#pragma once

#include <optional>

#include "cutseq_table.hpp"
#include "cutseq_types.hpp"
#include "ripkit/byte_reader.hpp"
#include "ripkit/byte_source.hpp"
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
};

// What `open` reads: the container and the table, every entry's place
// checked (an entry outside the file keeps that error), no cutscene decoded -
// except a bare block, which is the whole file: it is decoded, and its error
// is the file's.
struct CutseqTable {
    CutseqFile file;  // cutscenes: the entries (index, offset, size, empty, error)
    Bytes inflated;   // a PAK's inflated data, where its entries point (charged to the budget)
};
CutseqTable read_cutseq_table(ByteSpan input, const ReadOptions& options, Budget& budget);
// The same read by range: a TR5 BIN's table from its head alone (its entries
// stay in `input`, read when decoded); a PAK or a bare block read whole.
CutseqTable read_cutseq_table(const ByteSource& input, const ReadOptions& options, Budget& budget);

// One entry of a table read from `data` (the file, or the table's inflated
// bytes) decoded: the entry with its tracks, or with the error of its data
// (Cutscene::error), a failed read of its bytes included. An empty or failed
// entry comes back as it is. Its findings are appended to `warnings`.
Cutscene decode_entry(const ByteSource& data, const Cutscene& entry, Budget& budget,
                      std::vector<std::string>& warnings);

// The table and every cutscene decoded (decode_entry); a cutscene that cannot
// be decoded keeps its error instead of failing the file.
CutseqFile read_cutseq(ByteSpan input, const ReadOptions& options, Budget& budget);

// One cutscene's data block (`data` spans exactly the block; base = its
// offset). The decoded values are charged to `budget` before they exist.
Cutscene read_cutscene(const ByteReader& data, int index, Budget& budget,
                       std::vector<std::string>& warnings);

}  // namespace ripkit::tr_cutseq
