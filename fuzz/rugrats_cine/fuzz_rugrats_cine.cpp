// libFuzzer target: every verb of the rugrats-cine document on arbitrary
// bytes. Only ripkit::Error may escape the decoder; scenes must validate.
#include <cstddef>
#include <cstdint>

#include "document.hpp"
#include "present.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace ripkit;
    Options o;
    o.limits.max_alloc_bytes = 64u << 20;
    o.limits.max_elements = 1u << 20;
    o.cine = size & 1 ? 0 : 3;
    o.audio = size & 2 ? "all" : "played";
    try {
        rugrats::probe_stream(ByteSpan(data, size));
        rugrats::CineDocument doc(Bytes(data, data + size), o);
        (void)doc.info();
        for (const ItemSummary& item : doc.items()) {
            (void)doc.dump(item.id);
            if (item.empty) continue;
            validate_scene(doc.scene(item.id));
        }
    } catch (const Error&) {
    }
    return 0;
}
