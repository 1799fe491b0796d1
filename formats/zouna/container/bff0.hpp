// The BFF0 header bff puts before an object it extracts (bff_resource.rs):
// "BFF0", u16 size of the rest of the header, u8 platform (platforms.rs order),
// then bff's Version enum in binary (versions.rs): a u8 tag and the variant's
// fields, zero-padded to 16 bytes. Between April and May 2025 bff wrote the
// fields as u32 and padded to 4 (ImZouna's bff_header.hexpat still reads that
// form); ripkit's own writer once put a NUL-terminated version text there.
// All three are read; bff's current form is written.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ripkit/byte_reader.hpp"

namespace ripkit::zouna {

// bff's Version variants, by their tag.
enum class BffVersionKind : uint8_t { Asobo, AsoboLegacy, Kalisto, BlackSheep, Ubisoft, Other };

struct BffVersion {
    BffVersionKind kind = BffVersionKind::Other;
    std::vector<uint32_t> numbers;  // the variant's fields in order (none for Other)
    std::string other;              // Other's text
};

const char* bff_version_kind_name(BffVersionKind k);  // "Asobo", ...
// The text bff shows for the version ("v1.381.67.09 - Asobo Studio - ...").
std::string bff_version_text(const BffVersion& v);
// bff's parse of a version text (its From<&str>), plus a bare Asobo number
// ("1.381.67.09", "v1.06.63.02") as Asobo; anything else is Other.
BffVersion bff_version_from_text(std::string_view text);

enum class Bff0Form {
    Bff,     // u16 fields, padded to 16 (bff since May 2025)
    BffU32,  // u32 fields, padded to 4 (bff in April 2025)
    Text     // a NUL-terminated version text (ripkit's earlier writer)
};
const char* bff0_form_name(Bff0Form f);

struct Bff0Header {
    size_t size = 0;  // bytes before the object header
    uint8_t platform = 0;
    Bff0Form form = Bff0Form::Bff;
    BffVersion parsed;    // Text: Other holding the text
    std::string version;  // as bff shows it; Text: the text itself
};

bool has_bff0(ByteSpan data);
// Throws (the offset and what was expected) on a header that is cut short or
// whose size fits no form of its version tag.
Bff0Header read_bff0(ByteSpan data);
// bff's current form for `version` (bff_version_from_text); an Other text
// longer than 255 bytes is Error(Usage).
Bytes bff0_header(uint8_t platform, const std::string& version);

// bff's platform order: PC, UWP, Maci386, MacPPC, PS2, PS3, PS4, PS5, PSP, Xbox,
// Xbox360, XboxOne, GameCube, Wii, Switch, XboxSeries; nullopt / nullptr for
// an index past them.
std::optional<Endian> platform_endian(uint8_t platform);
const char* platform_name(uint8_t platform);

}  // namespace ripkit::zouna
