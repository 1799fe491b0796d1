// CD-ROM Mode 2 (CD-XA) sector images in the shapes users hold them, found
// by content: raw 2352-byte sectors (sync + BCD header), the same behind a
// 44-byte RIFF/CDXA prefix, 2336-byte sectors without sync/header, and
// 2048-byte data-only copies (no subheaders, so no audio). Format-agnostic:
// a game decoder asks for sectors and reads their subheader and user data.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "ripkit/byte_reader.hpp"

namespace ripkit::cd {

enum class SectorShape { Raw2352, Riff, Mode2_2336, Data2048 };

// "raw2352", "riff", "mode2_2336", "data2048".
const char* shape_name(SectorShape shape);

constexpr size_t kRawSectorSize = 2352;
constexpr size_t kMode2SectorSize = 2336;
constexpr size_t kDataSectorSize = 2048;
constexpr size_t kForm2UserSize = 2324;
constexpr size_t kRiffHeaderSize = 44;

// Subheader submode bits.
enum Submode : uint8_t {
    kEndOfRecord = 0x01,
    kVideo = 0x02,
    kAudio = 0x04,
    kData = 0x08,
    kTrigger = 0x10,
    kForm2 = 0x20,
    kRealTime = 0x40,
    kEndOfFile = 0x80,
};

struct Subheader {
    uint8_t file = 0;
    uint8_t channel = 0;
    uint8_t submode = 0;
    uint8_t coding = 0;

    bool audio() const { return submode & kAudio; }
    bool data() const { return (submode & kData) && !(submode & kAudio); }
    bool form2() const { return submode & kForm2; }
};

// Coding info of an audio sector.
struct AudioCoding {
    bool stereo = false;
    uint32_t rate = 37800;
    uint8_t bits = 4;
    bool emphasis = false;
};
AudioCoding decode_coding(uint8_t coding);

struct Sector {
    size_t index = 0;
    uint64_t offset = 0;           // absolute file offset of the sector's first byte
    std::optional<Subheader> sub;  // none in a 2048-byte copy
    // User data: 2048 bytes (Form 1 / data-only; the last sector of a
    // data-only copy may be shorter) or 2324 bytes (Form 2).
    ByteSpan user;
    uint64_t user_offset = 0;  // absolute offset of user[0]
};

// A view over the sectors of one file (the bytes must outlive it).
class SectorImage {
  public:
    SectorImage() = default;
    SectorImage(ByteSpan file, SectorShape shape);

    SectorShape shape() const { return shape_; }
    size_t count() const { return count_; }
    bool has_subheaders() const { return shape_ != SectorShape::Data2048; }
    uint64_t sector_offset(size_t i) const { return first_ + i * stride_; }
    // Sector i (i < count()); bounds were checked when the image was opened.
    Sector sector(size_t i) const;

  private:
    ByteSpan file_;
    SectorShape shape_ = SectorShape::Data2048;
    size_t first_ = 0;
    size_t stride_ = kDataSectorSize;
    size_t count_ = 0;
};

// The shape by content: sync at 0 (raw), "RIFF....CDXA" with sync at 44,
// subheader == its copy at every 2336 stride, else 2048. Never throws.
SectorShape detect_shape(ByteSpan file);

// Detects the shape and checks it whole: every raw sector's sync, a whole
// number of sectors (a data-only copy may end in a short sector), the RIFF
// prefix. Throws ripkit::Error naming the offset and what was expected.
SectorImage open_sectors(ByteSpan file);

// The pieces open_sectors and SectorStream share (each throws as open_sectors
// does): where sectors start, their stride and count in a file of the shape;
size_t first_sector_offset(SectorShape shape);
size_t sector_stride(SectorShape shape);
size_t sector_count(SectorShape shape, uint64_t file_size);
// sector `index` from `bytes`, the file from the sector's absolute `offset` on
// (at least the sector's subheader and user data; a short last 2048-byte one
// as far as the file goes);
Sector sector_in(ByteSpan bytes, uint64_t offset, SectorShape shape, size_t index);
// a raw sector's sync and mode byte (`bytes` hold its first 16 or more);
void check_raw_sector(ByteSpan bytes, uint64_t offset, size_t index);
// a 2336-byte sector's subheader written twice, with a channel of 0-31;
bool subheader_copied(ByteSpan sector);
// the RIFF size field against the file (`head` holds its first 8 bytes or more);
void check_riff_size(ByteSpan head, uint64_t file_size);
// a non-empty file of whole sectors (a 2048-byte copy may end short).
void check_whole_sectors(SectorShape shape, uint64_t file_size);

// BCD helpers for the raw header (minute, second, frame of LBA + 150).
uint8_t to_bcd(unsigned v);
struct Msf {
    uint8_t minute, second, frame;  // BCD
};
Msf lba_to_msf(uint32_t lba);

}  // namespace ripkit::cd
