// Regenerates the bundled samples: ripkit-make-samples <dir> [format-id...]
#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>

#include "ripkit/testkit/sample_writers.hpp"

int main(int argc, char** argv) {
    // An option-looking first argument is a usage slip, not a folder to fill.
    if (argc < 2 || argv[1][0] == '-') {
        std::fprintf(stderr, "usage: ripkit-make-samples DIR [format...]\n");
        return 2;
    }
    const std::filesystem::path dir = argv[1];
    try {
        for (const ripkit::SampleWriter& e : ripkit::sample_writers()) {
            bool wanted = argc == 2;
            for (int i = 2; i < argc; ++i) wanted |= std::string(argv[i]) == e.id;
            if (!wanted) continue;
            const std::filesystem::path sub = dir / e.id;
            std::filesystem::create_directories(sub);
            e.write(sub);
            std::printf("wrote %s samples to %s\n", e.id, sub.c_str());
        }
    } catch (const std::exception& ex) {
        std::fprintf(stderr, "ripkit-make-samples: %s\n", ex.what());
        return 1;
    }
    return 0;
}
