// The file after the geometry -> Tail: the sample section, the TRNG "NG"
// trailer found by its footer, and any bytes left that neither describes
// (counted, not an error: geometry and animation do not need them). A section
// that is there but does not add up - a sample record past the trailer, a
// footer size past the file, a chunk past the footer, no zero word before
// the footer, a gap between the samples and the trailer - throws naming the
// offset.
#pragma once

#include "ripkit/byte_reader.hpp"
#include "ripkit/limits.hpp"
#include "tail_types.hpp"

namespace ripkit::tr_level {

// `at`: the file offset where the geometry chunk (TR4) or block (TR5) ends.
Tail read_tail(ByteSpan file, uint64_t at, Budget& budget);

}  // namespace ripkit::tr_level
