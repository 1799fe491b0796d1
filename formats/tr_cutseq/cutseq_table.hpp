// How many {offset, size} entries follow "(C) DEL!". The file does not store
// the count (each executable hard-codes its own: TR4 30, TR5 44, the Times
// demo 4), so unless `--set entries=N` says, it is read off the data.
#pragma once

#include <string>
#include <vector>

#include "cutseq_types.hpp"
#include "ripkit/byte_reader.hpp"

namespace ripkit::tr_cutseq {

inline constexpr int kTr4Entries = 30;
inline constexpr int kTr5Entries = 44;
// The engine reads a 2048-byte header: the signature (entry 0) and 255 entries.
inline constexpr int kMaxEntries = 255;
inline constexpr size_t kHeaderLimit = 8 + 8 * static_cast<size_t>(kMaxEntries);

// What the 8-byte slots after the signature hold, read up to the first
// cutscene's data. Slot k is bytes [8k, 8k+8): u32 offset, u32 size.
struct TableScan {
    int valid = 0;      // slots 1..valid are entries (unused, or a block inside the file)
    int last_used = 0;  // the last of them with data (0: none)
    // The scan ended on the first cutscene's data, which starts before byte
    // 2048: the table is all `valid` slots, nothing hides its end.
    bool reached_data = false;
    // The slot that ended the scan by not being an entry (0: the scan reached
    // the first cutscene's data, byte 2048 or the end of the file first).
    int stop = 0;
    bool stop_is_text = false;  // its 8 bytes read as text (TR4's padding message)
    // A slot past `stop`, still before the first data, that reads as an entry
    // with data: then `stop` is a damaged entry, not the start of padding.
    int later_used = 0;
};

// An entry with data: inside the file and at or after the end of its own slot.
bool entry_points_inside(uint64_t slot, uint32_t offset, uint32_t size, uint64_t file_size);
// ASSUMPTION(unused_entry): offset 0 or size 0 = unused (offset 0 would point at
// the signature).
inline bool entry_unused(uint32_t offset, uint32_t size) { return offset == 0 || size == 0; }

// `head`: the file's first min(file_size, kHeaderLimit) bytes (or more).
// Never throws.
TableScan scan_table(ByteSpan head, uint64_t file_size);

// The table length the scan gives: all its slots when it reached the data.
// ASSUMPTION(entries): otherwise (padding text, zeros up to byte 2048 or the file's
// end) trailing unused entries cannot be told from zero padding and are kept
// only up to the game's own count (kTr4Entries / kTr5Entries). 0 when the data
// gives no table.
int table_length(const TableScan& scan, Variant variant);

// table_length, or an Error naming the slot when there is no table or an entry
// inside it is damaged. ASSUMPTION(table_padding): the slot that ends the scan is padding
// unless a later slot before the data holds an entry with data (then it is a
// damaged entry); padding that does not start as text adds a warning.
int infer_entries(ByteSpan head, uint64_t file_size, const TableScan& scan, Variant variant,
                  std::vector<std::string>& warnings);

}  // namespace ripkit::tr_cutseq
