// Replacing one cutscene of an existing CUTSEQ file: every other byte of the
// decompressed file (the other cutscenes, the padding text after the table,
// unused entries) stays as it was; only the replaced block changes size, and
// the entries behind it move with the data.
#pragma once

#include "cutseq_types.hpp"
#include "ripkit/byte_reader.hpp"

namespace ripkit::tr_cutseq {

// `bin` is the decompressed file `file` was read from. Entry `index` (1 ..
// file.table_entries) gets `block`: in place of the old block when no other
// entry shares its bytes, else (and for an unused entry) at the end of the
// file, 4-aligned. Throws Error(Usage) for an index outside the table.
Bytes splice_block(ByteSpan bin, const CutseqFile& file, int index, ByteSpan block);

}  // namespace ripkit::tr_cutseq
