#include "ripkit/cd/sector_stream.hpp"

#include <algorithm>

namespace ripkit::cd {

namespace {

// Sectors per read: about 150 KB of raw sectors, which stays in L2 while the
// decoder looks at them.
constexpr size_t kChunkSectors = 64;
// detect_shape looks at no more than this for sync and the RIFF prefix.
constexpr size_t kHead = kRiffHeaderSize + kRawSectorSize;

}  // namespace

SectorStream::SectorStream(const ByteSource& source) : source_(source) {
    const uint64_t size = source.size();
    Bytes scratch;
    const ByteSpan head = source.read(0, std::min<uint64_t>(size, kHead), "the head", scratch);
    shape_ = detect_shape(head);
    // The head may hold a whole 2336-byte sector that looks right; the
    // shape is the file's only when every sector does.
    if (shape_ == SectorShape::Mode2_2336) {
        const size_t n = size_t(size / kMode2SectorSize);
        bool all = true;
        for (size_t begin = 0; all && begin < n; begin += kChunkSectors) {
            const size_t end = std::min(n, begin + kChunkSectors);
            const ByteSpan chunk = source.read(
                begin * kMode2SectorSize, (end - begin) * kMode2SectorSize, "sectors", scratch);
            for (size_t i = 0; all && i < end - begin; ++i)
                all = subheader_copied(chunk.subspan(i * kMode2SectorSize, 8));
        }
        shape_ = all ? SectorShape::Mode2_2336 : SectorShape::Data2048;
    }
    if (shape_ == SectorShape::Riff) check_riff_size(head, size);
    check_whole_sectors(shape_, size);
    first_ = first_sector_offset(shape_);
    stride_ = sector_stride(shape_);
    count_ = sector_count(shape_, size);
}

ByteSpan SectorStream::read_range(size_t begin, size_t end, Bytes& scratch) const {
    const uint64_t at = sector_offset(begin);
    const uint64_t length =
        std::min<uint64_t>(source_.size() - at, uint64_t(end - begin) * stride_);
    return source_.read(at, size_t(length), "sectors", scratch);
}

Sector SectorStream::Reader::sector(size_t i) {
    const SectorStream& s = stream_;
    if (i < begin_ || i >= end_) {
        begin_ = i;
        end_ = std::min(s.count_, i + kChunkSectors);
        chunk_ = s.read_range(begin_, end_, scratch_);
        if (s.shape_ == SectorShape::Raw2352 || s.shape_ == SectorShape::Riff)
            for (size_t k = begin_; k < end_; ++k)
                check_raw_sector(chunk_.subspan((k - begin_) * s.stride_, 16), s.sector_offset(k),
                                 k);
    }
    return sector_in(chunk_.subspan((i - begin_) * s.stride_), s.sector_offset(i), s.shape_, i);
}

}  // namespace ripkit::cd
