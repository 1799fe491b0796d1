#include "ripkit/number_text.hpp"

#include <cstdio>

namespace ripkit {

std::string hex(uint64_t v, int digits, HexCase letters) {
    char buf[32];
    std::snprintf(buf, sizeof buf, letters == HexCase::Upper ? "0x%0*llX" : "0x%0*llx", digits,
                  static_cast<unsigned long long>(v));
    return buf;
}

std::string decimal(double v, int significant) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", significant, v);
    return buf;
}

}  // namespace ripkit
