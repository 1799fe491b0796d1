#include "zouna/container/bff0.hpp"

#include <array>
#include <cstring>

namespace ripkit::zouna {

namespace {

// One Version variant: how bff shows it ("{}" a number, "{2}" one shown with
// at least two digits) and each field's bytes in the current form (u32 each
// in the April 2025 form).
struct KindInfo {
    const char* name;
    const char* text;
    std::vector<uint8_t> widths;
};

const KindInfo& kind_info(BffVersionKind k) {
    static const std::array<KindInfo, 6> kinds = {{
        {"Asobo", "v{}.{2}.{2}.{2} - Asobo Studio - Internal Cross Technology", {2, 2, 2, 2}},
        {"AsoboLegacy", "v{}.{2} - Asobo Studio - Internal Cross Technology", {2, 2}},
        {"Kalisto",
         "TotemTech Data v{}.{} (c) 1999-2002 Kalisto Entertainment - All right reserved",
         {2, 2}},
        {"BlackSheep", "Bigfile Data v{}.{2} ", {2, 2}},
        {"Ubisoft",
         "Opal {}.{} BigFile | Data Version v{}.{} | CVT {} | CVANIM {} | CVMESH {} | "
         "CVSHADER {} |",
         {2, 2, 2, 2, 1, 1, 1, 1}},
        {"Other", "", {}},
    }};
    return kinds[static_cast<size_t>(k)];
}

// The numbers of `text` laid out as `pattern`, each fitting its width; nullopt
// when the text is not of that shape.
std::optional<std::vector<uint32_t>> scan(std::string_view text, std::string_view pattern,
                                          const std::vector<uint8_t>& widths) {
    std::vector<uint32_t> out;
    size_t t = 0;
    for (size_t p = 0; p < pattern.size();) {
        if (pattern[p] != '{') {
            if (t >= text.size() || text[t] != pattern[p]) return std::nullopt;
            ++t, ++p;
            continue;
        }
        p = pattern.find('}', p) + 1;
        const uint64_t max = out.size() < widths.size() && widths[out.size()] == 1 ? 0xFF : 0xFFFF;
        uint64_t n = 0;
        const size_t start = t;
        while (t < text.size() && text[t] >= '0' && text[t] <= '9' && n <= max)
            n = n * 10 + uint64_t(text[t++] - '0');
        if (t == start || n > max) return std::nullopt;
        out.push_back(uint32_t(n));
    }
    if (t != text.size()) return std::nullopt;
    return out;
}

size_t align_up(size_t n, size_t a) { return (n + a - 1) / a * a; }

// Bytes after the tag: the fields, or Other's length byte and text.
size_t fields_size(BffVersionKind k, bool wide, size_t other_length) {
    if (k == BffVersionKind::Other) return 1 + other_length;
    size_t n = 0;
    for (uint8_t w : kind_info(k).widths) n += wide ? 4 : w;
    return n;
}

// ripkit's earlier form: the version text up to its NUL or the header's end.
Bff0Header read_text_form(ByteReader& r, uint16_t declared, Bff0Header h) {
    h.form = Bff0Form::Text;
    h.size = 6 + size_t(declared);
    if (h.size < 8)
        r.fail_at(4, ErrorKind::BadValue, "a BFF0 header size holding a platform and a version");
    r.need_at(0, h.size, "BFF0 header");
    r.seek(7, "BFF0 version text");
    while (r.pos() < h.size) {
        const uint8_t c = r.u8("BFF0 version text");
        if (!c) break;
        h.version.push_back(static_cast<char>(c));
    }
    h.parsed.other = h.version;
    return h;
}

// Which form `declared` is the size of. bff reads the size and ignores it, so
// it only tells the forms apart: the current form's (its first release padded
// by total % 16 instead of up to 16), or the u32 form's (platform, tag and
// fields, unpadded). Where both fit, the current form pads with zeros.
bool is_wide(ByteReader& r, uint16_t declared, BffVersionKind k, size_t other_length) {
    const size_t narrow = 8 + fields_size(k, false, other_length);
    const size_t wide_fields = fields_size(k, true, other_length);
    const bool current =
        declared + 6u == align_up(narrow, 16) || declared + 6u == narrow + narrow % 16;
    const bool older = declared == 2 + wide_fields;
    if (current && older) {
        r.need_at(0, align_up(narrow, 16), "BFF0 header");
        for (size_t i = narrow; i < align_up(narrow, 16); ++i)
            if (r.u8_at(i)) return true;
        return false;
    }
    if (current || older) return older;
    r.fail_at(4, ErrorKind::BadValue,
              std::string("a BFF0 header size of ") + std::to_string(align_up(narrow, 16) - 6) +
                  " (bff's header for an " + kind_info(k).name + " version) or " +
                  std::to_string(2 + wide_fields) + " (its u32 form), got " +
                  std::to_string(declared));
}

}  // namespace

const char* bff_version_kind_name(BffVersionKind k) { return kind_info(k).name; }

std::string bff_version_text(const BffVersion& v) {
    if (v.kind == BffVersionKind::Other) return v.other;
    std::string out;
    const std::string_view pattern = kind_info(v.kind).text;
    size_t field = 0;
    for (size_t p = 0; p < pattern.size(); ++p) {
        if (pattern[p] != '{') {
            out.push_back(pattern[p]);
            continue;
        }
        std::string n = std::to_string(field < v.numbers.size() ? v.numbers[field] : 0);
        if (pattern[p + 1] == '2' && n.size() < 2) n.insert(0, 1, '0');
        out += n;
        ++field;
        p = pattern.find('}', p);
    }
    return out;
}

BffVersion bff_version_from_text(std::string_view text) {
    for (uint8_t k = 0; k < uint8_t(BffVersionKind::Other); ++k) {
        const KindInfo& info = kind_info(BffVersionKind(k));
        if (auto n = scan(text, info.text, info.widths)) return {BffVersionKind(k), *n, {}};
    }
    const std::vector<uint8_t> asobo = kind_info(BffVersionKind::Asobo).widths;
    for (std::string_view bare : {"v{}.{}.{}.{}", "{}.{}.{}.{}"})
        if (auto n = scan(text, bare, asobo)) return {BffVersionKind::Asobo, *n, {}};
    return {BffVersionKind::Other, {}, std::string(text)};
}

const char* bff0_form_name(Bff0Form f) {
    return f == Bff0Form::Bff ? "bff" : f == Bff0Form::BffU32 ? "bff-u32" : "text";
}

bool has_bff0(ByteSpan d) { return d.size() >= 6 && std::memcmp(d.data(), "BFF0", 4) == 0; }

Bff0Header read_bff0(ByteSpan d) {
    ByteReader r(d);
    r.skip(4, "BFF0 magic");
    const uint16_t declared = r.u16le("BFF0 header size");
    Bff0Header h;
    h.platform = r.u8("BFF0 platform");
    const uint8_t tag = r.u8("BFF0 version tag");
    // A printable byte starts a version text; tags are 0-5.
    if (tag >= 0x20) return read_text_form(r, declared, h);
    if (tag > uint8_t(BffVersionKind::Other))
        r.fail_at(7, ErrorKind::BadValue,
                  "a bff version tag (0 Asobo, 1 AsoboLegacy, 2 Kalisto, 3 BlackSheep, 4 Ubisoft, "
                  "5 Other) or a version text, got " +
                      std::to_string(tag));
    BffVersion& v = h.parsed;
    v.kind = BffVersionKind(tag);
    const size_t other_length = v.kind == BffVersionKind::Other ? r.u8_at(8, "Other length") : 0;
    const bool wide = is_wide(r, declared, v.kind, other_length);
    h.form = wide ? Bff0Form::BffU32 : Bff0Form::Bff;
    const size_t fields = fields_size(v.kind, wide, other_length);
    h.size = wide ? align_up(8 + fields, 4) : align_up(8 + fields, 16);
    r.need_at(0, h.size, "BFF0 header");
    if (v.kind == BffVersionKind::Other) {
        const ByteSpan s = r.bytes(1 + other_length, "Other version").subspan(1);
        v.other.assign(s.begin(), s.end());
    }
    for (uint8_t w : kind_info(v.kind).widths)
        v.numbers.push_back(wide     ? r.u32le("version field")
                            : w == 2 ? r.u16le("version field")
                                     : r.u8("version field"));
    h.version = bff_version_text(v);
    return h;
}

Bytes bff0_header(uint8_t platform, const std::string& version) {
    const BffVersion v = bff_version_from_text(version);
    if (v.other.size() > 255)
        fail_no_offset(ErrorKind::Usage,
                       "a version text of at most 255 bytes for the BFF0 "
                       "header (bff stores its length in a u8), got " +
                           std::to_string(v.other.size()));
    ByteWriter w(Endian::Little);
    w.raw(std::string_view("BFF0"));
    w.u16(0);
    w.u8(platform);
    w.u8(static_cast<uint8_t>(v.kind));
    if (v.kind == BffVersionKind::Other) {
        w.u8(static_cast<uint8_t>(v.other.size()));
        w.raw(std::string_view(v.other));
    }
    const std::vector<uint8_t>& widths = kind_info(v.kind).widths;
    for (size_t i = 0; i < widths.size(); ++i)
        if (widths[i] == 2)
            w.u16(static_cast<uint16_t>(v.numbers[i]));
        else
            w.u8(static_cast<uint8_t>(v.numbers[i]));
    w.align(16);
    w.put_u16(4, static_cast<uint16_t>(w.size() - 6));
    return std::move(w.bytes());
}

std::optional<Endian> platform_endian(uint8_t p) {
    if (!platform_name(p)) return std::nullopt;
    // MacPPC, PS3, Xbox360, GameCube, Wii.
    const bool big = p == 3 || p == 5 || p == 10 || p == 12 || p == 13;
    return big ? Endian::Big : Endian::Little;
}

const char* platform_name(uint8_t p) {
    static const char* const names[] = {
        "PC",  "UWP",  "Maci386", "MacPPC",  "PS2",      "PS3", "PS4",    "PS5",
        "PSP", "Xbox", "Xbox360", "XboxOne", "GameCube", "Wii", "Switch", "XboxSeries"};
    return p < std::size(names) ? names[p] : nullptr;
}

}  // namespace ripkit::zouna
