// Seed corpus for tr_cutseq_fuzz: small PAK, BIN and bare-block inputs from
// the format's writer (few frames and meshes so each fuzz run is quick).
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "tr_cutseq/cutseq_writer.hpp"
#include "tr_cutseq/testkit/demo_cutscenes.hpp"

using namespace ripkit::tr_cutseq;

namespace {

void put(const std::filesystem::path& p, const ripkit::Bytes& b) {
    std::ofstream(p, std::ios::binary)
        .write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}

Cutscene small(int index, int frames, int actors, int meshes, bool cut) {
    DemoSpec d;
    d.index = index;
    d.frames = frames;
    d.actors = actors;
    d.meshes = meshes;
    if (cut) d.cuts = {frames / 2};
    d.seed = static_cast<uint32_t>(index * 7 + frames);
    return make_demo_cutscene(d);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: tr_cutseq_fuzz_corpus DIR\n");
        return 2;
    }
    const std::filesystem::path dir = argv[1];
    std::filesystem::create_directories(dir);
    put(dir / "tr4.pak", write_pak({small(1, 12, 1, 3, false), small(3, 20, 2, 2, true)}));
    put(dir / "tr5.bin", write_bin({small(2, 16, 2, 3, true)}));
    // Short tables with the data right after them (the Times demo has 4 entries).
    put(dir / "tr4_4.pak", write_pak({small(1, 8, 1, 2, false), small(4, 10, 1, 2, false)}, 4));
    put(dir / "tr5_30.bin", write_bin({small(30, 9, 1, 2, false)}, 30));
    put(dir / "block.bin", write_block(small(1, 10, 1, 4, false)));
    put(dir / "block_noactor.bin", write_block(small(1, 6, 0, 0, false)));
    Cutscene lara = small(1, 40, 1, 15, true);
    put(dir / "lara.bin", write_bin({lara}));
    return 0;
}
