// libFuzzer target: open, list, dump and build every item of a level. An
// input that is not a level file is also tried as a TR4 geometry block, put
// in a container around it, so mutations reach the walk past the zlib chunk.
#include <cstddef>
#include <cstdint>

#include "exercise_document.hpp"
#include "tr_level/format.hpp"
#include "tr_level/testkit/demo_level.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace ripkit;
    static const Format& format = formats::tr_level_format();
    static const tr_level::testkit::LevelSpec shell =
        tr_level::testkit::minimal_level(tr_level::Version::Tr4);
    fuzz::exercise_format(format, "fuzz.tr4", data, size, fuzz::small_limits());
    if (size < 4 || data[0] != 'T') {
        const Bytes file = tr_level::testkit::wrap_container(shell, Bytes(data, data + size));
        fuzz::exercise_format(format, "fuzz_geometry.tr4", file.data(), file.size(),
                              fuzz::small_limits());
    }
    return 0;
}
