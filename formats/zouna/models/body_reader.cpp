#include "zouna/models/body_reader.hpp"

namespace ripkit::zouna {

const char* body_layout_name(BodyLayout l) {
    switch (l) {
        case BodyLayout::Ratatouille:
            return "ratatouille";
        case BodyLayout::WallE:
            return "walle";
        case BodyLayout::Fuel:
            return "fuel";
    }
    return "fuel";
}

BodyLayout body_layout(const Variants& v, const std::string& cls, Endian e, uint64_t offset) {
    if (e != Endian::Little)
        fail(ErrorKind::Unsupported, offset,
             "a little-endian (PC) " + cls +
                 ": console layouts of the mesh classes are not public (docs/formats/zouna.md)");
    const bool resource = cls == "Material_Z" || cls == "Bitmap_Z";
    switch (v.game) {
        case Game::Ratatouille:
            return BodyLayout::Ratatouille;
        case Game::WallE:
            return BodyLayout::WallE;
        case Game::Fuel:
        case Game::Unknown:
            return BodyLayout::Fuel;
        case Game::Up:
            if (resource) return BodyLayout::Fuel;
            break;
        case Game::ToyStory3:
            if (resource) return BodyLayout::WallE;
            break;
    }
    fail(ErrorKind::Unsupported, offset,
         "a " + cls + " of Ratatouille, WALL-E or FUEL (" + game_name(v.game) +
             " layouts are not public; --set version=... to try another)");
}

uint32_t array_count(ByteReader& r, size_t min_elem_size, size_t elem_bytes, const Limits& limits,
                     const std::string& what) {
    const size_t at = r.pos();
    const uint32_t n = r.u32(what + " count");
    if (min_elem_size && uint64_t(n) * min_elem_size > r.remaining())
        r.fail_at(at, ErrorKind::Truncated,
                  std::to_string(n) + " " + what + " of at least " + std::to_string(min_elem_size) +
                      " bytes, only " + std::to_string(r.remaining()) + " bytes left");
    check_alloc(limits, n, elem_bytes ? elem_bytes : 1, r.abs(at), what);
    return n;
}

uint32_t skip_array(ByteReader& r, size_t elem_size, const std::string& what) {
    const size_t at = r.pos();
    const uint32_t n = r.u32(what + " count");
    if (uint64_t(n) * elem_size > r.remaining())
        r.fail_at(at, ErrorKind::Truncated,
                  std::to_string(n) + " " + what + " of " + std::to_string(elem_size) +
                      " bytes, only " + std::to_string(r.remaining()) + " bytes left");
    r.skip(size_t(n) * elem_size, what);
    return n;
}

std::vector<uint32_t> read_names(ByteReader& r, const Limits& limits, const std::string& what) {
    const uint32_t n = array_count(r, 4, 4, limits, what);
    return read_name_list(r, n, what);
}

std::vector<uint32_t> read_name_list(ByteReader& r, size_t n, const std::string& what) {
    r.need(n * 4, what);
    std::vector<uint32_t> out(n);
    for (uint32_t& name : out) name = r.u32(what);
    return out;
}

void expect_end(const ByteReader& r, const std::string& what) {
    if (!r.at_end())
        r.fail_at(r.pos(), ErrorKind::BadValue,
                  "the end of the " + what + ", got " + std::to_string(r.remaining()) +
                      " more bytes (a layout for another game version? --set version=...)");
}

}  // namespace ripkit::zouna
