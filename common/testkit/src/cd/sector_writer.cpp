#include "ripkit/cd/sector_writer.hpp"

#include <algorithm>
#include <string>

namespace ripkit::cd {

namespace {

void put_subheader(Bytes& out, const Subheader& s) {
    for (int copy = 0; copy < 2; ++copy) {
        out.push_back(s.file);
        out.push_back(s.channel);
        out.push_back(s.submode);
        out.push_back(s.coding);
    }
}

// Subheader, user data padded to its form's size, zeroed EDC (and ECC for Form 1).
void put_mode2_body(Bytes& out, const SectorSpec& spec) {
    put_subheader(out, spec.sub);
    const size_t user = spec.sub.form2() ? kForm2UserSize : kDataSectorSize;
    if (spec.user.size() > user)
        fail_no_offset(ErrorKind::Usage, "sector user data of at most " + std::to_string(user) +
                                             " bytes, got " + std::to_string(spec.user.size()));
    out.insert(out.end(), spec.user.begin(), spec.user.end());
    out.insert(out.end(), user - spec.user.size(), 0);
    out.insert(out.end(), kMode2SectorSize - 8 - user, 0);
}

void put_raw_header(Bytes& out, uint32_t lba) {
    out.push_back(0x00);
    out.insert(out.end(), 10, 0xFF);
    out.push_back(0x00);
    const Msf m = lba_to_msf(lba);
    out.push_back(m.minute);
    out.push_back(m.second);
    out.push_back(m.frame);
    out.push_back(2);  // mode 2
}

}  // namespace

SectorSpec data_sector(uint8_t file, uint8_t channel, Bytes user, bool end_of_file) {
    SectorSpec s;
    s.sub =
        Subheader{file, channel, uint8_t(kData | (end_of_file ? kEndOfFile | kEndOfRecord : 0)), 0};
    s.user = std::move(user);
    return s;
}

SectorSpec audio_sector(uint8_t file, uint8_t channel, uint8_t coding, Bytes user) {
    SectorSpec s;
    s.sub = Subheader{file, channel, uint8_t(kAudio | kForm2 | kRealTime), coding};
    s.user = std::move(user);
    return s;
}

Bytes write_sectors(const std::vector<SectorSpec>& sectors, SectorShape shape, uint32_t first_lba) {
    Bytes out;
    const size_t stride = shape == SectorShape::Data2048     ? kDataSectorSize
                          : shape == SectorShape::Mode2_2336 ? kMode2SectorSize
                                                             : kRawSectorSize;
    out.reserve(sectors.size() * stride + kRiffHeaderSize);
    if (shape == SectorShape::Riff) {
        ByteWriter w;
        w.raw("RIFF");
        w.u32(uint32_t(4 + 8 + 16 + 8 + sectors.size() * kRawSectorSize));
        w.raw("CDXA");
        w.raw("fmt ");
        w.u32(16);
        // CD-XA fmt: owner ids, attributes (Mode 2 Form 1/2 + interleaved), "XA", file number.
        w.u16(0);
        w.u16(0);
        w.u16(0x8D55 & 0xFFFF);
        w.raw("XA");
        w.u8(1);
        w.zeros(7);
        w.raw("data");
        w.u32(uint32_t(sectors.size() * kRawSectorSize));
        out = w.bytes();
    }
    for (size_t i = 0; i < sectors.size(); ++i) {
        const SectorSpec& spec = sectors[i];
        switch (shape) {
            case SectorShape::Raw2352:
            case SectorShape::Riff:
                put_raw_header(out, first_lba + uint32_t(i));
                put_mode2_body(out, spec);
                break;
            case SectorShape::Mode2_2336:
                put_mode2_body(out, spec);
                break;
            case SectorShape::Data2048: {
                const size_t n = std::min(spec.user.size(), kDataSectorSize);
                out.insert(out.end(), spec.user.begin(), spec.user.begin() + n);
                out.insert(out.end(), kDataSectorSize - n, 0);
                break;
            }
        }
    }
    return out;
}

}  // namespace ripkit::cd
