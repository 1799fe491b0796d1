// N64 cartridge images: the three byte orders dumpers produce, and the header.
//   .z64  80 37 12 40  big-endian (native)
//   .v64  37 80 40 12  16-bit byte-swapped
//   .n64  40 12 37 80  32-bit little-endian
// The first word decides; file extensions are not trusted.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "ripkit/byte_reader.hpp"

namespace ripkit::n64 {

enum class RomOrder { BigEndian, ByteSwapped, LittleEndian };

const char* rom_order_name(RomOrder o);  // "z64", "v64", "n64"

// nullopt when the first word is none of the three known PI header words.
std::optional<RomOrder> detect_rom_order(ByteSpan data);

// A big-endian (.z64) copy of `data`. Throws WrongFormat on an unknown first
// word and BadValue when a swapped image's size is not a multiple of its word.
Bytes normalize_rom(ByteSpan data);

struct RomHeader {
    std::string title;      // 0x20, 20 bytes, trailing spaces/NULs trimmed
    std::string game_code;  // 0x3B, 4 characters (category, id, region)
    uint8_t version = 0;    // 0x3F
};

constexpr size_t kRomHeaderSize = 0x40;

// Reads the header of a normalised image. Throws Truncated when shorter than 0x40.
RomHeader read_rom_header(ByteSpan z64);

}  // namespace ripkit::n64
