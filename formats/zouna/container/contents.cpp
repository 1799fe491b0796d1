#include "zouna/container/contents.hpp"

#include "zouna/container/bff0.hpp"
#include "zouna/container/bigfile.hpp"

namespace ripkit::zouna {

Container detect_container(ByteSpan data) {
    if (has_bff0(data)) return Container::Bff0;
    if (looks_like_bigfile(data)) return Container::BigFile;
    if (detect_object_endian(data, 0)) return Container::Object;
    return Container::None;
}

Contents parse_container(ByteSpan data, std::optional<Endian> forced, const Limits& limits) {
    Contents c;
    switch (detect_container(data)) {
        case Container::Bff0: {
            const Bff0Header h = read_bff0(data);
            c.container = "bff0";
            c.version = h.version;
            const char* platform = platform_name(h.platform);
            c.bff0 = {{"platform", platform ? platform : "unknown"},
                      {"platform_index", h.platform},
                      {"form", bff0_form_name(h.form)},
                      {"version_kind", bff_version_kind_name(h.parsed.kind)}};
            std::optional<Endian> e = forced ? forced : detect_object_endian(data, h.size);
            if (!e) e = platform_endian(h.platform);
            if (!e)
                fail(ErrorKind::BadValue, h.size, "a Zouna object header after the BFF0 header");
            c.objects = {parse_object(data, h.size, *e)};
            return c;
        }
        case Container::BigFile: {
            BigFileInfo b = read_bigfile(data, forced, limits);
            c.container = "bigfile";
            c.version = b.version;
            if (b.has_pool)
                c.warnings.push_back(
                    "BigFile has a pool: pooled objects are listed but not decoded");
            c.objects = std::move(b.objects);
            return c;
        }
        case Container::Object: {
            c.container = "object";
            const Endian e = forced ? *forced : *detect_object_endian(data, 0);
            c.objects = {parse_object(data, 0, e)};
            return c;
        }
        case Container::None:
            break;
    }
    fail(ErrorKind::WrongFormat, 0,
         "a Zouna object (24-byte header with consistent sizes), a BFF0 file or a BigFile");
}

}  // namespace ripkit::zouna
