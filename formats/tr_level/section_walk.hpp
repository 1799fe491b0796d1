// Helpers the level walkers share: a counted run of fixed-size records, read
// or skipped with one clear error when the count runs past the data.
#pragma once

#include <string>
#include <vector>

#include "ripkit/byte_reader.hpp"
#include "ripkit/limits.hpp"

namespace ripkit::tr_level {

// Throws Truncated naming the section when `count` records of `size` bytes do
// not fit in what is left.
inline void need_records(const ByteReader& r, uint64_t count, uint64_t size,
                         const std::string& what) {
    const uint64_t bytes = count * size;  // count <= 2^32, size < 2^16: no overflow
    if (bytes > r.remaining())
        fail(ErrorKind::Truncated, r.abs_pos(),
             std::to_string(count) + " " + what + " of " + std::to_string(size) + " bytes (" +
                 std::to_string(bytes) + " bytes, " + std::to_string(r.remaining()) + " left)");
}

inline void skip_records(ByteReader& r, uint64_t count, uint64_t size, const std::string& what) {
    need_records(r, count, size, what);
    r.skip(static_cast<size_t>(count * size), what);
}

// A count stored as s16 (meshes and TR4 rooms); negative is a bad value.
inline uint16_t count16(ByteReader& r, const std::string& what) {
    const uint64_t at = r.abs_pos();
    const int16_t c = r.s16(what);
    if (c < 0)
        fail(ErrorKind::BadValue, at, "a non-negative " + what + ", got " + std::to_string(c));
    return uint16_t(c);
}

// Errors that end the whole document (its budget, a cancel) rather than the
// one structure being read.
inline bool document_wide(const Error& e) {
    return e.kind() == ErrorKind::AllocationLimit || e.kind() == ErrorKind::StepLimit ||
           e.kind() == ErrorKind::Cancelled;
}

// A u32 count, then that many records skipped; returns the count.
inline uint32_t skip_counted(ByteReader& r, uint64_t size, const std::string& what) {
    const uint32_t n = r.u32(what + " count");
    skip_records(r, n, size, what);
    return n;
}

// Checks the records fit, then charges their decoded size to the budget and
// reserves `out` for them.
template <class T>
void reserve_records(const ByteReader& r, std::vector<T>& out, uint64_t count, uint64_t size,
                     Budget& budget, const std::string& what) {
    need_records(r, count, size, what);
    budget.alloc(count, sizeof(T), r.abs_pos(), what);
    out.reserve(static_cast<size_t>(count));
}

}  // namespace ripkit::tr_level
