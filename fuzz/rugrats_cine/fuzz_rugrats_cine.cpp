// libFuzzer target: every verb of the rugrats-cine document on arbitrary
// bytes. Only ripkit::Error may escape the decoder; scenes must validate.
#include <cstddef>
#include <cstdint>

#include "exercise_document.hpp"
#include "rugrats_cine/cine_scene.hpp"
#include "rugrats_cine/document.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace ripkit;
    Options o = fuzz::small_limits();
    o.format_options["cine"] = {size & 1 ? "0" : "3"};
    o.format_options["audio"] = {size & 2 ? "all" : "played"};
    try {
        rugrats_cine::probe_stream(ByteSpan(data, size));
        rugrats_cine::CineDocument doc(Bytes(data, data + size), o);
        fuzz::exercise_document(doc);
    } catch (const Error&) {
    }
    return 0;
}
