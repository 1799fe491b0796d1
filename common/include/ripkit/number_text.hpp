// Numbers as messages, dumps and `info` print them, written one way
// everywhere: hexadecimal ("0x1A2B", zero-padded to a width where columns
// should line up) and decimals with a given number of significant digits.
#pragma once

#include <cstdint>
#include <string>

namespace ripkit {

enum class HexCase { Upper, Lower };

// "0x" and at least `digits` hexadecimal digits: hex(0x1A2B) "0x1A2B",
// hex(0x1A2B, 8) "0x00001A2B", hex(0xBEEF, 8, HexCase::Lower) "0x0000beef".
std::string hex(uint64_t v, int digits = 0, HexCase letters = HexCase::Upper);

// printf's %.<significant>g: decimal(0.1) "0.1", decimal(1e10) "1e+10".
std::string decimal(double v, int significant = 6);

}  // namespace ripkit
