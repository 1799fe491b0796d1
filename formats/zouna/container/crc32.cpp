#include "zouna/container/crc32.hpp"

#include <array>

namespace ripkit::zouna {

namespace {

// The usual MSB-first CRC-32 table (entry i = i << 24 shifted through the polynomial).
constexpr std::array<uint32_t, 256> make_table() {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
        uint32_t c = i << 24;
        for (int b = 0; b < 8; ++b) c = (c & 0x80000000u) ? (c << 1) ^ 0x04C11DB7u : (c << 1);
        t[i] = c;
    }
    return t;
}

constexpr std::array<uint32_t, 256> kTable = make_table();

}  // namespace

uint32_t asobo_crc32(std::string_view text) {
    uint32_t crc = 0;
    for (char ch : text) {
        uint8_t c = static_cast<uint8_t>(ch);
        if (c >= 'A' && c <= 'Z') c = static_cast<uint8_t>(c - 'A' + 'a');
        crc = (crc >> 8) ^ kTable[(c ^ crc) & 0xFFu];
    }
    return crc;
}

}  // namespace ripkit::zouna
