// Bounds-checked access to a Hey You, Pikachu! ROM: byte order normalised,
// header checked, model records, resource descriptors and resources (RAW or
// LH5-compressed). Shared by the model path and, later, animation banks and
// facial texture programs, which read the same ROM.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "ripkit/byte_reader.hpp"
#include "ripkit/format.hpp"
#include "ripkit/n64/rom.hpp"

namespace ripkit::hey_you_pikachu {

struct ModelRecord {
    uint32_t index = 0;       // position in the model table (the item id)
    uint32_t rom_offset = 0;  // where the record is
    std::array<uint32_t, 21> words{};
    uint32_t field(uint32_t offset) const { return words.at(offset / 4); }
    bool all_zero() const;
};

struct Descriptor {
    uint32_t id = 0;  // resource id: index into the descriptor table
    uint32_t rom_offset = 0;
    std::array<uint32_t, 9> words{};
    uint32_t compression() const { return words[1]; }  // +0x04
    uint32_t rom_start() const { return words[2]; }    // +0x08
    uint32_t rom_end() const { return words[3]; }      // +0x0C
};

struct Resource {
    uint32_t id = 0;
    bool compressed = false;
    uint32_t rom_start = 0, rom_end = 0;
    uint32_t packed_size = 0, unpacked_size = 0;  // compressed only
    Bytes data;                                   // decompressed (fixups not applied)
};

class PikachuRom {
  public:
    // Normalises the byte order and checks size and game code (NPGE/NPGJ);
    // another game code throws WrongFormat unless options.force, in which case
    // a warning is added.
    PikachuRom(ByteSpan file, const Options& options, std::vector<std::string>& warnings);

    const Bytes& bytes() const { return rom_; }
    ByteReader reader() const { return ByteReader(rom_, 0, Endian::Big); }
    n64::RomOrder order() const { return order_; }
    const n64::RomHeader& header() const { return header_; }

    ModelRecord model_record(uint32_t index) const;
    Descriptor descriptor(uint32_t id) const;
    // What descriptor `id` says of its resource, checked against the ROM
    // without decompressing: bounds inside the ROM and, for LH5, a packed
    // size inside the block and an unpacked size of 1 byte to 8 MiB
    // (`data` left empty). Throws the error load_resource would.
    Resource resource_extent(uint32_t id, uint32_t raw_type) const;
    // `raw_type`: the descriptor compression value meaning RAW.
    Resource load_resource(uint32_t id, uint32_t raw_type, const Limits& limits) const;

    float angle_constant() const;
    // The libultra-style quarter-wave sine table (kSineEntries s16 values).
    std::vector<int16_t> sine_table() const;

  private:
    Bytes rom_;
    n64::RomOrder order_ = n64::RomOrder::BigEndian;
    n64::RomHeader header_;
};

// True for the game codes of Hey You, Pikachu! (NPGE USA, NPGJ Japan).
bool is_pikachu_game_code(const std::string& code);

}  // namespace ripkit::hey_you_pikachu
