// Seed corpus for zouna_fuzz: the sample objects in every container, both byte orders.
#include <filesystem>
#include <fstream>

#include "zouna/container/container.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/encode/animation_writer.hpp"
#include "zouna/testkit/kit_writer.hpp"
#include "zouna/testkit/sample_objects.hpp"

using namespace ripkit;
using namespace ripkit::zouna;

namespace {
void put(const std::filesystem::path& p, const Bytes& b) {
    std::ofstream(p, std::ios::binary)
        .write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}
}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    const std::filesystem::path dir = argv[1];
    std::filesystem::create_directories(dir);
    const Variants v;
    int n = 0;
    for (Endian e : {Endian::Little, Endian::Big}) {
        const uint32_t ac = asobo_crc32("Animation_Z");
        std::vector<Bytes> objs = {
            write_object(asobo_crc32("Skel_Z"), 1, {}, write_skel(sample_skel(), e, v), e, false),
            write_object(ac, 2, {}, write_animation(sample_walk(), e, v), e, false),
            write_object(ac, 3, {}, write_animation(sample_wave(), e, v), e, true),
            write_object(asobo_crc32("MaterialAnim_Z"), 4, {},
                         write_material_anim(sample_material_anim(), e, v), e, false)};
        for (const Bytes& o : objs) {
            put(dir / ("obj" + std::to_string(n++)), o);
            put(dir / ("bff" + std::to_string(n++)),
                write_bff0(o, e == Endian::Little ? 0 : 12, "v1.06.63"));
        }
        put(dir / ("big" + std::to_string(n++)), write_bigfile(objs, e, "v1.381 Asobo", 2));
    }
    return 0;
}
