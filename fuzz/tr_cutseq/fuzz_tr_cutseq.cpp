// libFuzzer target: open, list, dump and build every scene of a CUTSEQ input.
#include <cstddef>
#include <cstdint>

#include "exercise_document.hpp"
#include "tr_cutseq/format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const ripkit::Format& format = ripkit::formats::tr_cutseq_format();
    ripkit::fuzz::exercise_format(format, "fuzz.bin", data, size, ripkit::fuzz::small_limits());
    return 0;
}
