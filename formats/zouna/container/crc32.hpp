// The Asobo CRC32 that names every Zouna object, class and bone.
#pragma once

#include <cstdint>
#include <string_view>

namespace ripkit::zouna {

// MSB-first table of polynomial 0x04C11DB7 applied reflected-style on the
// lower-cased bytes: crc = (crc >> 8) ^ T[(tolower(c) ^ crc) & 0xFF], init 0,
// no final XOR ("TETE" -> 1573865363, "Animation_Z" -> 1175485833).
uint32_t asobo_crc32(std::string_view text);

}  // namespace ripkit::zouna
