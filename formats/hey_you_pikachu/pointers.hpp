// Pointers inside a decompressed, relocated model resource. The game's fixup
// format is not public, so a pointer is accepted in any of three shapes,
// distinguished by its top bits (they cannot overlap):
//   resource-relative  0x00000001..0x00FFFFFF  offset from the resource start
//   segment            0x0Soooooo (S = 1..15)  offset oooooo, segment base =
//                                              resource start (S 7 is the
//                                              matrix palette, never data)
//   KSEG0              0x80000000..0x807FFFFF  minus the load address `kseg0_base`
// 0 is null. The rule in force is reported by `info` and can be narrowed or
// given a base with --set pointers=auto|relative|segment|kseg0, kseg0_base=0x...
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace ripkit::hey_you_pikachu {

enum class PointerShape { Null, Relative, Segment, Kseg0, Other };

PointerShape pointer_shape(uint32_t p);
const char* pointer_shape_name(PointerShape s);

struct PointerRule {
    bool allow_relative = true, allow_segment = true, allow_kseg0 = true;
    std::optional<uint32_t> kseg0_base;  // needed before KSEG0 pointers resolve

    // Offset in a resource of `size` bytes; nullopt for null, a shape the rule
    // refuses, or a target outside the resource.
    std::optional<uint32_t> resolve(uint32_t p, size_t size) const;
    std::string describe() const;
    // "auto", "relative", "segment", "kseg0"; throws Error(Usage) otherwise.
    static PointerRule parse(const std::string& name);
};

}  // namespace ripkit::hey_you_pikachu
