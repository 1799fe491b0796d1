// Seed corpus for tr_level_fuzz: minimal TR4 and TR5 levels (TR5 stores its
// geometry raw, so byte mutations reach the walk), and geometry blocks, which
// the target wraps in a TR4 container.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "tr_level/testkit/demo_level.hpp"

using namespace ripkit::tr_level;
using namespace ripkit::tr_level::testkit;

namespace {

void put(const std::filesystem::path& p, const ripkit::Bytes& b) {
    std::ofstream(p, std::ios::binary)
        .write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: tr_level_fuzz_corpus DIR\n");
        return 2;
    }
    const std::filesystem::path dir = argv[1];
    std::filesystem::create_directories(dir);
    put(dir / "minimal.tr4", write_level(minimal_level(Version::Tr4)));
    put(dir / "minimal.trc", write_level(minimal_level(Version::Tr5)));
    put(dir / "minimal_geometry.bin", geometry_block(minimal_level(Version::Tr4)));
    LevelSpec ng = minimal_level(Version::Tr4);
    ng.samples = {ripkit::Bytes(12, 0x52)};
    ng.ng = true;
    ng.ng_chunks = {{0x800D, {3, 0}}, {0x8024, {1, 3, 0, 0, 0}}};
    put(dir / "trng.tr4", write_level(ng));
    LevelSpec demo = demo_level(Version::Tr4);
    put(dir / "demo_geometry.bin", geometry_block(demo));
    return 0;
}
