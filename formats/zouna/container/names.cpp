#include "zouna/container/names.hpp"

#include <charconv>

#include "zouna/container/crc32.hpp"

namespace ripkit::zouna {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

std::string_view unquote(std::string_view s) {
    if (s.size() >= 2 && s.front() == '"' && s.back() == '"') return s.substr(1, s.size() - 2);
    return s;
}

bool parse_crc(std::string_view tok, uint32_t& crc) {
    int base = 10;
    if (tok.size() > 2 && tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X')) {
        tok.remove_prefix(2);
        base = 16;
    }
    bool neg = false;
    if (base == 10 && !tok.empty() && tok[0] == '-') {  // crcs printed as signed
        neg = true;
        tok.remove_prefix(1);
    }
    uint64_t v = 0;
    auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v, base);
    if (ec != std::errc() || p != tok.data() + tok.size() || tok.empty()) return false;
    if (neg ? v > 0x80000000ull : v > 0xFFFFFFFFull) return false;
    crc = static_cast<uint32_t>(neg ? (0x100000000ull - v) : v);
    return true;
}

}  // namespace

void parse_names(ByteSpan text, NameMap& out) {
    std::string_view all(reinterpret_cast<const char*>(text.data()), text.size());
    while (!all.empty()) {
        const size_t nl = all.find('\n');
        std::string_view line = trim(all.substr(0, nl));
        all = nl == std::string_view::npos ? std::string_view{} : all.substr(nl + 1);
        if (line.empty() || line[0] == '#') continue;
        const size_t sp = line.find_first_of(" \t");
        uint32_t crc = 0;
        if (sp != std::string_view::npos && parse_crc(line.substr(0, sp), crc)) {
            const std::string_view name = unquote(trim(line.substr(sp + 1)));
            if (!name.empty()) out[crc] = std::string(name);
            continue;
        }
        const std::string_view name = unquote(line);
        out[asobo_crc32(name)] = std::string(name);
    }
}

std::string name_or_crc(const NameMap& names, uint32_t crc) {
    auto it = names.find(crc);
    return it != names.end() ? it->second : std::to_string(crc);
}

}  // namespace ripkit::zouna
