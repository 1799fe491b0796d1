// Builds CD-XA sector images (the inverse of sectors.hpp) for the test kits'
// stream writers, samples and tests: Form 1 data and Form 2 audio sectors,
// written in any of the four shapes. EDC/ECC are left zero (no reader checks them).
#pragma once

#include <cstdint>
#include <vector>

#include "ripkit/byte_reader.hpp"
#include "ripkit/cd/sectors.hpp"

namespace ripkit::cd {

struct SectorSpec {
    Subheader sub;
    Bytes user;  // up to 2048 (Form 1) or 2324 (Form 2) bytes; zero-padded
};

// A data (Form 1) or audio (Form 2) sector spec.
SectorSpec data_sector(uint8_t file, uint8_t channel, Bytes user, bool end_of_file = false);
SectorSpec audio_sector(uint8_t file, uint8_t channel, uint8_t coding, Bytes user);

// The whole image. `first_lba` sets the BCD MSF headers of raw shapes. In
// the 2048 shape every sector keeps only its first 2048 user bytes (audio is
// lost, as in a naive copy); pass data sectors only to mimic one.
Bytes write_sectors(const std::vector<SectorSpec>& sectors, SectorShape shape,
                    uint32_t first_lba = 0);

}  // namespace ripkit::cd
