#include "pointers.hpp"

#include <cstdio>

#include "ripkit/error.hpp"

namespace ripkit::hey_you_pikachu {

PointerShape pointer_shape(uint32_t p) {
    if (p == 0) return PointerShape::Null;
    if (p < 0x01000000u) return PointerShape::Relative;
    if (p < 0x10000000u) return PointerShape::Segment;
    if (p >= 0x80000000u && p < 0x80800000u) return PointerShape::Kseg0;
    return PointerShape::Other;
}

const char* pointer_shape_name(PointerShape s) {
    switch (s) {
        case PointerShape::Null:
            return "null";
        case PointerShape::Relative:
            return "relative";
        case PointerShape::Segment:
            return "segment";
        case PointerShape::Kseg0:
            return "kseg0";
        case PointerShape::Other:
            return "other";
    }
    return "?";
}

std::optional<uint32_t> PointerRule::resolve(uint32_t p, size_t size) const {
    std::optional<uint32_t> off;
    switch (pointer_shape(p)) {
        case PointerShape::Relative:
            if (allow_relative) off = p;
            break;
        case PointerShape::Segment:
            // ASSUMPTION(pointers): any data segment but the matrix palette's (7) maps to
            // the resource start.
            if (allow_segment && ((p >> 24) & 0x0F) != 0x07) off = p & 0xFFFFFFu;
            break;
        case PointerShape::Kseg0:
            if (allow_kseg0 && kseg0_base && p >= *kseg0_base) off = p - *kseg0_base;
            break;
        default:
            break;
    }
    if (off && *off >= size) return std::nullopt;
    return off;
}

std::string PointerRule::describe() const {
    std::string s;
    auto add = [&](const char* t) { s += (s.empty() ? "" : " | ") + std::string(t); };
    if (allow_relative) add("resource-relative (p < 0x01000000: offset p)");
    if (allow_segment) add("segment (0x0Soooooo, S != 7: offset oooooo from the resource start)");
    if (allow_kseg0) {
        char buf[96];
        if (kseg0_base)
            std::snprintf(buf, sizeof buf, "KSEG0 (0x80xxxxxx: minus load address 0x%08X)",
                          *kseg0_base);
        else
            std::snprintf(buf, sizeof buf, "KSEG0 (0x80xxxxxx: load address not needed)");
        add(buf);
    }
    return s.empty() ? "none" : s;
}

PointerRule PointerRule::parse(const std::string& name) {
    PointerRule r;
    if (name == "auto") return r;
    r.allow_relative = name == "relative";
    r.allow_segment = name == "segment";
    r.allow_kseg0 = name == "kseg0";
    if (!r.allow_relative && !r.allow_segment && !r.allow_kseg0)
        fail_no_offset(ErrorKind::Usage,
                       "pointers=auto|relative|segment|kseg0 (got \"" + name + "\")");
    return r;
}

}  // namespace ripkit::hey_you_pikachu
