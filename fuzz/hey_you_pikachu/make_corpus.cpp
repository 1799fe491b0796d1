// Writes seed inputs for pikachu_fuzz (see fuzz_input.hpp): pikachu_fuzz_corpus DIR
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "fuzz_input.hpp"
#include "hey_you_pikachu/rom_layout.hpp"
#include "hey_you_pikachu/testkit/lh5_encoder.hpp"

using namespace ripkit;

namespace {
void write(const std::filesystem::path& p, uint8_t mode, ByteSpan body) {
    std::ofstream f(p, std::ios::binary);
    f.put(char(mode));
    f.write(reinterpret_cast<const char*>(body.data()), std::streamsize(body.size()));
}
}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: pikachu_fuzz_corpus DIR\n");
        return 2;
    }
    const std::filesystem::path dir = argv[1];
    std::filesystem::create_directories(dir);
    const auto& base = pkfuzz::base_rom();
    for (size_t i = 0; i < base.models.size(); ++i) {
        const Bytes& res = base.models[i].resource;
        Bytes lh5 = {uint8_t(res.size() >> 8), uint8_t(res.size())};
        const Bytes packed = hey_you_pikachu::lh5_encode(res);
        lh5.insert(lh5.end(), packed.begin(), packed.end());
        if (res.size() < 65536) write(dir / ("lh5_" + std::to_string(i)), pkfuzz::kLh5, lh5);
    }
    write(dir / "resource_1", pkfuzz::kResource, base.models[1].resource);
    Bytes tables(base.rom.begin() + hey_you_pikachu::kDescriptorTable,
                 base.rom.begin() + hey_you_pikachu::kDescriptorTable +
                     6 * hey_you_pikachu::kDescriptorSize);
    tables.insert(
        tables.end(), base.rom.begin() + hey_you_pikachu::kModelTable,
        base.rom.begin() + hey_you_pikachu::kModelTable + 5 * hey_you_pikachu::kModelRecordSize);
    write(dir / "tables", pkfuzz::kTables, tables);
    return 0;
}
