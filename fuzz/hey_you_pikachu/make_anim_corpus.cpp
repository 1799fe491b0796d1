// Writes the seed input for pikachu_anim_fuzz: pikachu_anim_fuzz_corpus DIR
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "anim_fuzz_input.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: pikachu_anim_fuzz_corpus DIR\n");
        return 2;
    }
    const std::filesystem::path dir = argv[1];
    std::filesystem::create_directories(dir);
    const ripkit::Bytes in = pkfuzz::anim_seed_input();
    std::ofstream f(dir / "sample_banks", std::ios::binary);
    f.write(reinterpret_cast<const char*>(in.data()), std::streamsize(in.size()));
    return 0;
}
