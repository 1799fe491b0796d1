// libFuzzer target: open, list, dump and build every scene of a Zouna input
// (raw object, BFF0, LZRS body or BigFile), under several variant settings.
#include <cstddef>
#include <cstdint>

#include "exercise_document.hpp"
#include "zouna/format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const ripkit::Format& format = ripkit::formats::zouna_format();
    ripkit::Options options = ripkit::fuzz::small_limits();
    // The first byte picks a few variant settings so every decoder path is reached.
    if (size && (data[0] & 1)) options.settings["version"] = "ratatouille";
    if (size && (data[0] & 2)) options.settings["vec4_comp"] = "s16";
    ripkit::fuzz::exercise_format(format, "fuzz.Animation_Z", data, size, options);
    return 0;
}
