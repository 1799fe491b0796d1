#include "ripkit/n64/rom.hpp"

#include <utility>

#include "ripkit/error.hpp"

namespace ripkit::n64 {

const char* rom_order_name(RomOrder o) {
    switch (o) {
        case RomOrder::BigEndian:
            return "z64";
        case RomOrder::ByteSwapped:
            return "v64";
        case RomOrder::LittleEndian:
            return "n64";
    }
    return "?";
}

std::optional<RomOrder> detect_rom_order(ByteSpan data) {
    if (data.size() < 4) return std::nullopt;
    const uint32_t w = load_u32be(data.data());
    if (w == 0x80371240u) return RomOrder::BigEndian;
    if (w == 0x37804012u) return RomOrder::ByteSwapped;
    if (w == 0x40123780u) return RomOrder::LittleEndian;
    return std::nullopt;
}

Bytes normalize_rom(ByteSpan data) {
    const auto order = detect_rom_order(data);
    if (!order)
        fail(ErrorKind::WrongFormat, 0,
             "an N64 ROM starting with 80 37 12 40 (.z64), 37 80 40 12 (.v64) or 40 12 37 80 "
             "(.n64)");
    Bytes out(data.begin(), data.end());
    if (*order == RomOrder::ByteSwapped) {
        if (out.size() % 2)
            fail(ErrorKind::BadValue, out.size() - 1, "a .v64 image of whole 16-bit words");
        for (size_t i = 0; i < out.size(); i += 2) std::swap(out[i], out[i + 1]);
    } else if (*order == RomOrder::LittleEndian) {
        if (out.size() % 4)
            fail(ErrorKind::BadValue, out.size() & ~size_t(3),
                 "a .n64 image of whole 32-bit words");
        for (size_t i = 0; i < out.size(); i += 4) {
            std::swap(out[i], out[i + 3]);
            std::swap(out[i + 1], out[i + 2]);
        }
    }
    return out;
}

RomHeader read_rom_header(ByteSpan z64) {
    ByteReader r(z64, 0, Endian::Big);
    r.need_at(0, kRomHeaderSize, "a 64-byte N64 ROM header");
    RomHeader h;
    std::string title(reinterpret_cast<const char*>(z64.data()) + 0x20, 20);
    while (!title.empty() && (title.back() == ' ' || title.back() == '\0')) title.pop_back();
    h.title = title;
    h.game_code.assign(reinterpret_cast<const char*>(z64.data()) + 0x3B, 4);
    h.version = z64[0x3F];
    return h;
}

}  // namespace ripkit::n64
