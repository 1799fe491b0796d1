// libFuzzer target: open, list, dump and build every scene of a CUTSEQ input.
// Any ripkit::Error is an accepted outcome; crashes, sanitizer reports, leaks
// and non-Error exceptions are findings.
#include <cstddef>
#include <cstdint>

#include "ripkit/error.hpp"
#include "ripkit/format.hpp"

namespace ripkit::formats {
const Format& tr_cutseq_format();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const ripkit::Format* format = &ripkit::formats::tr_cutseq_format();
    ripkit::Input input;
    input.path = "fuzz.bin";
    input.bytes.assign(data, data + size);
    ripkit::Options options;
    // Small limits keep each run fast; they are still far above the seeds.
    options.limits.max_alloc_bytes = 64u << 20;
    options.limits.max_elements = 400'000;
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
