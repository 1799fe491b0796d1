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

// The subheader is written twice, and its channel is 0-31.
bool subheader_copied(ByteSpan file, size_t at) {
    return std::memcmp(file.data() + at, file.data() + at + 4, 4) == 0 && file[at + 1] < 32;
}

// Every whole 2336-byte sector carries the subheader twice. A 2048-byte copy
// of anything with a magic at +0 fails this at the first sector already.
bool looks_mode2_2336(ByteSpan file) {
    const size_t n = file.size() / kMode2SectorSize;
    if (n == 0) return false;
    for (size_t i = 0; i < n; ++i)
        if (!subheader_copied(file, i * kMode2SectorSize)) return false;
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

SectorImage::SectorImage(ByteSpan file, SectorShape shape) : file_(file), shape_(shape) {
    switch (shape) {
        case SectorShape::Raw2352:
            stride_ = kRawSectorSize;
            break;
        case SectorShape::Riff:
            first_ = kRiffHeaderSize;
            stride_ = kRawSectorSize;
            break;
        case SectorShape::Mode2_2336:
            stride_ = kMode2SectorSize;
            break;
        case SectorShape::Data2048:
            stride_ = kDataSectorSize;
            break;
    }
    const size_t body = file.size() > first_ ? file.size() - first_ : 0;
    count_ = body / stride_;
    if (shape == SectorShape::Data2048 && body % stride_) ++count_;  // short last sector
}

Sector SectorImage::sector(size_t i) const {
    Sector s;
    s.index = i;
    s.offset = first_ + i * stride_;
    size_t sub_at = 0;
    switch (shape_) {
        case SectorShape::Raw2352:
        case SectorShape::Riff:
            sub_at = s.offset + 16;
            break;
        case SectorShape::Mode2_2336:
            sub_at = s.offset;
            break;
        case SectorShape::Data2048: {
            const size_t n = std::min(kDataSectorSize, file_.size() - s.offset);
            s.user = file_.subspan(s.offset, n);
            s.user_offset = s.offset;
            return s;
        }
    }
    const uint8_t* p = file_.data() + sub_at;
    s.sub = Subheader{p[0], p[1], p[2], p[3]};
    s.user_offset = sub_at + 8;
    s.user = file_.subspan(s.user_offset, s.sub->form2() ? kForm2UserSize : kDataSectorSize);
    return s;
}

SectorImage open_sectors(ByteSpan file) {
    const SectorShape shape = detect_shape(file);
    if (shape == SectorShape::Riff) {
        // The RIFF size field must cover the sectors that follow.
        const uint32_t riff_size = load_u32le(file.data() + 4);
        if (uint64_t(riff_size) + 8 > file.size())
            fail(ErrorKind::Truncated, 4,
                 "a RIFF size of at most " + std::to_string(file.size() - 8) + " (file holds " +
                     std::to_string(file.size()) + " bytes), got " + std::to_string(riff_size));
    }
    if (file.empty()) fail(ErrorKind::Truncated, 0, "at least one sector");
    const SectorImage image(file, shape);
    if (shape == SectorShape::Raw2352 || shape == SectorShape::Riff) {
        const size_t first = shape == SectorShape::Riff ? kRiffHeaderSize : 0;
        const size_t body = file.size() - first;
        if (body % kRawSectorSize)
            fail(ErrorKind::Truncated, first + image.count() * kRawSectorSize,
                 "a whole 2352-byte sector (" + std::to_string(body % kRawSectorSize) +
                     " bytes left)");
        for (size_t i = 0; i < image.count(); ++i) {
            const size_t at = first + i * kRawSectorSize;
            if (!has_sync(file, at))
                fail(ErrorKind::BadValue, at,
                     "the sync pattern 00 FF*10 00 of sector " + std::to_string(i));
            if (file[at + 15] != 2)
                fail(ErrorKind::Unsupported, at + 15,
                     "mode 2 in the header of sector " + std::to_string(i) + ", got mode " +
                         std::to_string(file[at + 15]));
        }
    }
    if (shape == SectorShape::Mode2_2336 && file.size() % kMode2SectorSize)
        fail(ErrorKind::Truncated, image.count() * kMode2SectorSize,
             "a whole 2336-byte sector (" + std::to_string(file.size() % kMode2SectorSize) +
                 " bytes left)");
    return image;
}

uint8_t to_bcd(unsigned v) { return uint8_t(((v / 10) % 10) << 4 | (v % 10)); }

Msf lba_to_msf(uint32_t lba) {
    const uint32_t f = lba + 150;
    return Msf{to_bcd(f / (75 * 60)), to_bcd((f / 75) % 60), to_bcd(f % 75)};
}

}  // namespace ripkit::cd
