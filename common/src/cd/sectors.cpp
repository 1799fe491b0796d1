#include "ripkit/cd/sectors.hpp"

#include <algorithm>
#include <cstring>
#include <string>

namespace ripkit::cd {

namespace {

constexpr uint8_t kSync[12] = {0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                               0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00};

bool has_sync(ByteSpan file, size_t at) {
    return at + 12 <= file.size() && std::memcmp(file.data() + at, kSync, 12) == 0;
}

bool is_riff_cdxa(ByteSpan file) {
    return file.size() >= kRiffHeaderSize && std::memcmp(file.data(), "RIFF", 4) == 0 &&
           std::memcmp(file.data() + 8, "CDXA", 4) == 0;
}

// Every whole 2336-byte sector carries the subheader twice. A 2048-byte copy
// of anything with a magic at +0 fails this at the first sector already.
bool looks_mode2_2336(ByteSpan file) {
    const size_t n = file.size() / kMode2SectorSize;
    if (n == 0) return false;
    for (size_t i = 0; i < n; ++i)
        if (!subheader_copied(file.subspan(i * kMode2SectorSize))) return false;
    return true;
}

}  // namespace

const char* shape_name(SectorShape shape) {
    switch (shape) {
        case SectorShape::Raw2352:
            return "raw2352";
        case SectorShape::Riff:
            return "riff";
        case SectorShape::Mode2_2336:
            return "mode2_2336";
        case SectorShape::Data2048:
            return "data2048";
    }
    return "?";
}

AudioCoding decode_coding(uint8_t coding) {
    AudioCoding c;
    c.stereo = (coding & 0x03) == 1;
    c.rate = ((coding >> 2) & 0x03) == 1 ? 18900 : 37800;
    c.bits = ((coding >> 4) & 0x03) == 1 ? 8 : 4;
    c.emphasis = coding & 0x40;
    return c;
}

SectorShape detect_shape(ByteSpan file) {
    if (has_sync(file, 0)) return SectorShape::Raw2352;
    if (is_riff_cdxa(file) && has_sync(file, kRiffHeaderSize)) return SectorShape::Riff;
    if (looks_mode2_2336(file)) return SectorShape::Mode2_2336;
    return SectorShape::Data2048;
}

SectorImage::SectorImage(ByteSpan file, SectorShape shape)
    : file_(file),
      shape_(shape),
      first_(first_sector_offset(shape)),
      stride_(sector_stride(shape)),
      count_(sector_count(shape, file.size())) {}

Sector SectorImage::sector(size_t i) const {
    const uint64_t offset = first_ + i * stride_;
    return sector_in(file_.subspan(offset), offset, shape_, i);
}

Sector sector_in(ByteSpan bytes, uint64_t offset, SectorShape shape, size_t index) {
    Sector s;
    s.index = index;
    s.offset = offset;
    size_t sub_at = 0;
    switch (shape) {
        case SectorShape::Raw2352:
        case SectorShape::Riff:
            sub_at = 16;
            break;
        case SectorShape::Mode2_2336:
            sub_at = 0;
            break;
        case SectorShape::Data2048:
            s.user = bytes.first(std::min(kDataSectorSize, bytes.size()));
            s.user_offset = offset;
            return s;
    }
    const uint8_t* p = bytes.data() + sub_at;
    s.sub = Subheader{p[0], p[1], p[2], p[3]};
    s.user_offset = offset + sub_at + 8;
    s.user = bytes.subspan(sub_at + 8, s.sub->form2() ? kForm2UserSize : kDataSectorSize);
    return s;
}

void check_raw_sector(ByteSpan bytes, uint64_t offset, size_t index) {
    if (!has_sync(bytes, 0))
        fail(ErrorKind::BadValue, offset,
             "the sync pattern 00 FF*10 00 of sector " + std::to_string(index));
    if (bytes[15] != 2)
        fail(ErrorKind::Unsupported, offset + 15,
             "mode 2 in the header of sector " + std::to_string(index) + ", got mode " +
                 std::to_string(bytes[15]));
}

bool subheader_copied(ByteSpan sector) {
    return sector.size() >= 8 && std::memcmp(sector.data(), sector.data() + 4, 4) == 0 &&
           sector[1] < 32;
}

void check_riff_size(ByteSpan head, uint64_t file_size) {
    const uint32_t riff_size = load_u32le(head.data() + 4);
    if (uint64_t(riff_size) + 8 > file_size)
        fail(ErrorKind::Truncated, 4,
             "a RIFF size of at most " + std::to_string(file_size - 8) + " (file holds " +
                 std::to_string(file_size) + " bytes), got " + std::to_string(riff_size));
}

void check_whole_sectors(SectorShape shape, uint64_t file_size) {
    if (file_size == 0) fail(ErrorKind::Truncated, 0, "at least one sector");
    const uint64_t first = first_sector_offset(shape), stride = sector_stride(shape);
    if (shape == SectorShape::Data2048 || (file_size - first) % stride == 0) return;
    const uint64_t whole = (file_size - first) / stride;
    fail(ErrorKind::Truncated, first + whole * stride,
         "a whole " + std::to_string(stride) + "-byte sector (" +
             std::to_string((file_size - first) % stride) + " bytes left)");
}

size_t first_sector_offset(SectorShape shape) {
    return shape == SectorShape::Riff ? kRiffHeaderSize : 0;
}

size_t sector_count(SectorShape shape, uint64_t file_size) {
    const uint64_t first = first_sector_offset(shape), stride = sector_stride(shape);
    const uint64_t body = file_size > first ? file_size - first : 0;
    // A data-only copy may end in a short sector.
    return size_t(body / stride + (shape == SectorShape::Data2048 && body % stride ? 1 : 0));
}

size_t sector_stride(SectorShape shape) {
    switch (shape) {
        case SectorShape::Raw2352:
        case SectorShape::Riff:
            return kRawSectorSize;
        case SectorShape::Mode2_2336:
            return kMode2SectorSize;
        case SectorShape::Data2048:
            break;
    }
    return kDataSectorSize;
}

SectorImage open_sectors(ByteSpan file) {
    const SectorShape shape = detect_shape(file);
    // The RIFF size field must cover the sectors that follow.
    if (shape == SectorShape::Riff) check_riff_size(file, file.size());
    check_whole_sectors(shape, file.size());
    const SectorImage image(file, shape);
    if (shape == SectorShape::Raw2352 || shape == SectorShape::Riff)
        for (size_t i = 0; i < image.count(); ++i) {
            const size_t at = image.sector_offset(i);
            check_raw_sector(file.subspan(at, kRawSectorSize), at, i);
        }
    return image;
}

uint8_t to_bcd(unsigned v) { return uint8_t(((v / 10) % 10) << 4 | (v % 10)); }

Msf lba_to_msf(uint32_t lba) {
    const uint32_t f = lba + 150;
    return Msf{to_bcd(f / (75 * 60)), to_bcd((f / 75) % 60), to_bcd(f % 75)};
}

}  // namespace ripkit::cd
