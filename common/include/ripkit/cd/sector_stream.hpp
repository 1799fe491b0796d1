// The sectors of an image read by range, a chunk at a time, for a decoder
// that walks a whole disc stream: a 16 MB cinematic costs a buffer of 64
// sectors instead of a copy of the file, and an in-memory source none at all.
// The same shapes, sectors and errors as open_sectors (sectors.hpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "ripkit/byte_source.hpp"
#include "ripkit/cd/sectors.hpp"

namespace ripkit::cd {

class SectorStream {
  public:
    // Finds the shape as detect_shape does (a 2336-byte candidate has every
    // subheader read once here) and checks what open_sectors checks of the
    // file as a whole; a raw sector's sync and mode are checked when a Reader
    // reads it. `source` must outlive the stream. Throws ripkit::Error.
    explicit SectorStream(const ByteSource& source);

    SectorShape shape() const { return shape_; }
    size_t count() const { return count_; }
    bool has_subheaders() const { return shape_ != SectorShape::Data2048; }
    uint64_t sector_offset(size_t i) const { return first_ + i * stride_; }

    // Sectors by index, fastest in increasing order: a Sector's user data
    // views the reader's chunk and lives until the next call.
    class Reader {
      public:
        explicit Reader(const SectorStream& stream) : stream_(stream) {}
        Sector sector(size_t i);

      private:
        const SectorStream& stream_;
        Bytes scratch_;
        ByteSpan chunk_;
        size_t begin_ = 0, end_ = 0;  // the sectors chunk_ holds
    };

  private:
    // The bytes of sectors [begin, end), as far as the file goes.
    ByteSpan read_range(size_t begin, size_t end, Bytes& scratch) const;

    const ByteSource& source_;
    SectorShape shape_ = SectorShape::Data2048;
    size_t first_ = 0;
    size_t stride_ = kDataSectorSize;
    size_t count_ = 0;
};

}  // namespace ripkit::cd
