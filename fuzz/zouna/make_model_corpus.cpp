// Seed corpus for zouna_model_fuzz: every object of the test kit's model, per
// game, in the target's input form (selector byte, u16 link length, link
// header, body).
#include <filesystem>
#include <fstream>

#include "zouna/testkit/body_kit.hpp"

using namespace ripkit;
using namespace ripkit::zouna;

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    const std::filesystem::path dir = argv[1];
    std::filesystem::create_directories(dir);
    const Game games[] = {Game::Ratatouille, Game::WallE, Game::Fuel};
    for (uint8_t gi = 0; gi < 3; ++gi) {
        const std::vector<KitObject> objects = kit_objects(kit_set(games[gi]));
        for (uint8_t k = 0; k < objects.size() && k < 8; ++k) {
            const Bytes& o = objects[k].object;
            const size_t link = size_t(o[4]) | size_t(o[5]) << 8;  // u32 LE, small
            Bytes seed = {uint8_t(gi | k << 2), uint8_t(link), uint8_t(link >> 8)};
            seed.insert(seed.end(), o.begin() + 24, o.end());
            std::ofstream(dir / (std::string(game_name(games[gi])) + "_" + objects[k].name),
                          std::ios::binary)
                .write(reinterpret_cast<const char*>(seed.data()), std::streamsize(seed.size()));
        }
    }
    return 0;
}
