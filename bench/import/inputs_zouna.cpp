#include <cstdio>

#include "inputs.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/encode/animation_writer.hpp"
#include "zouna/testkit/kit_writer.hpp"
#include "zouna/testkit/sample_objects.hpp"

namespace bench_import {

using namespace ripkit::zouna;

Input zouna_bigfile() {
    static const std::filesystem::path file = [] {
        const ripkit::Endian e = ripkit::Endian::Little;
        std::vector<ripkit::Bytes> objects = {
            write_object(asobo_crc32("Skel_Z"), asobo_crc32("SKEL_SAMPLE"), {},
                         write_skel(sample_skel(), e, {}), e, false)};
        const ripkit::Bytes walk = write_animation(sample_walk(), e, Variants{});
        for (int i = 0; i < 500; ++i) {
            char name[16];
            std::snprintf(name, sizeof name, "ANIM_%03d", i);
            objects.push_back(
                write_object(asobo_crc32("Animation_Z"), asobo_crc32(name), {}, walk, e, true));
        }
        return bench_file(
            "GAME.DPC",
            write_bigfile(objects, e, "v1.381.67.09 - Asobo Studio - Internal Cross Technology",
                          8));
    }();
    Input in{"zouna: BigFile, a Skel_Z with 500 Animation_Z (anims=all)",
             file,
             {{"RIPKIT_ANIMS", "all"}},
             {}};
    in.options.format_options["anims"] = {"all"};
    return in;
}

}  // namespace bench_import
