// An input read by range: a format that needs a table and one entry of a large
// file reads those bytes alone (a TR5 CUTSEQ.BIN of 44 cutscenes is 40 MB; one
// import needs its 2 KB table and one cutscene). Format::reads_by_range says
// which formats take one (format.hpp, Input::source).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "ripkit/byte_reader.hpp"
#include "ripkit/limits.hpp"

namespace ripkit {

class ByteSource {
  public:
    virtual ~ByteSource() = default;
    virtual uint64_t size() const = 0;
    // True when read() returns views of memory the source holds (no copy).
    bool in_memory() const { return memory() != nullptr; }
    // [offset, offset + length): a view of the source's memory, or `scratch`
    // filled from the file (its bytes are the caller's to charge). Throws
    // Error(Truncated) at `offset` naming `what` when the range passes the
    // end, Error(Io) when the file cannot be read (it shrank since it was
    // opened, say). Safe to call from several threads at once.
    ByteSpan read(uint64_t offset, size_t length, std::string_view what, Bytes& scratch) const;
    // Every byte, as a copy the caller owns. Throws Error(Io).
    Bytes read_all() const;

  protected:
    // The whole contents when they are held in memory, else null.
    virtual const uint8_t* memory() const { return nullptr; }
    // Fills `out` from `offset` (inside size()); throws Error(Io) on a short read.
    virtual void fill(uint64_t offset, std::span<uint8_t> out) const = 0;
};

// Over bytes the source owns.
std::shared_ptr<const ByteSource> memory_source(Bytes bytes);
// Over bytes the caller keeps alive for as long as the source is used.
std::shared_ptr<const ByteSource> view_source(ByteSpan bytes);
// Over a file on disk (`path` in UTF-8), read by range (platform.hpp). Refuses a file over
// limits.max_input_bytes as read_file does (the same message). Throws Error(Io).
std::shared_ptr<const ByteSource> file_source(const std::string& path, const Limits& limits);

}  // namespace ripkit
