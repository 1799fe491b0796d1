// libFuzzer target: open, list, dump and build every scene of a Zouna input
// (raw object, BFF0, LZRS body or BigFile), under both flag semantics.
// Any ripkit::Error is an accepted outcome; crashes, sanitizer reports, leaks,
// hangs and non-Error exceptions are findings.
#include <cstddef>
#include <cstdint>

#include "ripkit/error.hpp"
#include "ripkit/format.hpp"
#include "ripkit/scene.hpp"

namespace ripkit::formats {
const Format& zouna_format();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const ripkit::Format* format = &ripkit::formats::zouna_format();
    ripkit::Input input;
    input.path = "fuzz.Animation_Z";
    input.bytes.assign(data, data + size);
    ripkit::Options options;
    options.limits.max_alloc_bytes = 64u << 20;
    options.limits.max_elements = 400'000;
    // The first byte picks a few variant settings so every decoder path is reached.
    if (size && (data[0] & 1)) options.settings["version"] = "ratatouille";
    if (size && (data[0] & 2)) options.settings["vec4_comp"] = "s16";
    try {
        (void)format->probe(input.bytes, input.path);
        auto doc = format->open(input, options);
        (void)doc->info();
        (void)doc->dump(std::nullopt);
        for (const ripkit::ItemSummary& item : doc->items()) {
            if (item.empty) continue;
            try {
                ripkit::validate_scene(doc->scene(item.id));
            } catch (const ripkit::Error&) {
            }
        }
    } catch (const ripkit::Error&) {
    }
    return 0;
}
