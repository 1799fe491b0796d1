// ripkit-make-hostile DIR: writes the hostile inputs (hostile_inputs.hpp) into
// DIR, for measuring time and peak memory of each verb by hand.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "hostile_inputs.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: ripkit-make-hostile DIR\n");
        return 2;
    }
    const std::filesystem::path dir = argv[1];
    std::filesystem::create_directories(dir);
    for (const auto& in : ripkit::hostile::all_hostile_inputs()) {
        std::ofstream f(dir / in.file_name, std::ios::binary | std::ios::trunc);
        f.write(reinterpret_cast<const char*>(in.bytes.data()), std::streamsize(in.bytes.size()));
        if (!f) {
            std::fprintf(stderr, "ripkit-make-hostile: cannot write %s\n", in.file_name.c_str());
            return 1;
        }
        std::printf("%s  %zu bytes  %s\n", in.file_name.c_str(), in.bytes.size(), in.what.c_str());
    }
    return 0;
}
