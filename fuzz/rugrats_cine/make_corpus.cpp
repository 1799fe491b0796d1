// Seed corpus for rugrats_cine_fuzz, written with the format's own writer.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "rugrats_cine/testkit/cine_writer.hpp"
#include "rugrats_cine/testkit/demo.hpp"

int main(int argc, char** argv) {
    using namespace ripkit;
    using namespace ripkit::rugrats_cine;
    if (argc != 2) {
        std::fprintf(stderr, "usage: rugrats_cine_fuzz_corpus DIR\n");
        return 2;
    }
    const std::filesystem::path dir = argv[1];
    std::filesystem::create_directories(dir);
    auto put = [&](const char* name, const Bytes& b) {
        std::ofstream(dir / name, std::ios::binary)
            .write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
    };
    put("data2048",
        write_stream(make_demo_stream({.frames = 3, .sound = false}), cd::SectorShape::Data2048));
    put("mode2_2336",
        write_stream(make_demo_stream({.frames = 2, .sound = true}), cd::SectorShape::Mode2_2336));
    put("raw2352",
        write_stream(make_demo_stream({.frames = 1, .sound = true}), cd::SectorShape::Raw2352));
    StreamSpec end = make_demo_stream({.frames = 2, .sound = false, .channel_prefix = true});
    end.header.frames = 5;
    end.end_marker = true;
    put("riff_marker", write_stream(end, cd::SectorShape::Riff));
    return 0;
}
