// zouna_write_samples (the test kit's contract, cmake/RipkitFormat.cmake):
// samples/zouna/, from the sample objects and the synthetic model.
#include "zouna_samples.hpp"

#include <filesystem>
#include <string>
#include <vector>

#include "body_kit.hpp"
#include "kit_writer.hpp"
#include "ripkit/testkit/sample_file.hpp"
#include "sample_objects.hpp"
#include "zouna/container/container.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/encode/animation_writer.hpp"

namespace ripkit::formats {

namespace {

using testkit::write_sample;

// samples/zouna/model/<game>/: the test kit's skinned, textured character
// (body_kit.hpp) as bff files per game, SKIN converted with its animation
// (SKIN.Skin_Z.args); samples/zouna/CHARACTER.DPC: the FUEL set in a BigFile,
// where SKIN picks up BEND by itself.
void write_model_samples(const std::filesystem::path& dir) {
    using namespace zouna;
    const std::string names = kit_names();
    for (Game g : {Game::Ratatouille, Game::WallE, Game::Fuel}) {
        const std::filesystem::path sub = dir / "model" / game_name(g);
        write_kit_files(sub, kit_objects(kit_set(g)), g);
        write_sample(sub / "names.txt", names);
        const std::string args = "--anim BEND.Animation_Z --names names.txt\n";
        write_sample(sub / "SKIN.Skin_Z.args", args);
    }
    write_sample(dir / "CHARACTER.DPC", kit_bigfile(kit_objects(kit_set(Game::Fuel)), Game::Fuel));
    write_sample(dir / "CHARACTER.NPC", names);
}

}  // namespace

// samples/zouna/: per byte order a skeleton (BFF0), WALK (BFF0) and WAVE (raw
// dpc-style object with an LZRS body), a MaterialAnim_Z, plus a little-endian
// BigFile with its .NPC names and a names file.
void zouna_write_samples(const std::filesystem::path& dir) {
    using namespace zouna;
    Variants v;  // FUEL defaults (what an unknown file gets)
    const std::string version = "v1.381.67.09 - Asobo Studio - Internal Cross Technology";
    const uint32_t anim = asobo_crc32(kAnimationClass), skel = asobo_crc32(kSkelClass),
                   mat = asobo_crc32(kMaterialAnimClass);
    const Bytes link;
    std::vector<Bytes> all;
    for (Endian e : {Endian::Little, Endian::Big}) {
        const std::filesystem::path sub = dir / (e == Endian::Little ? "little" : "big");
        std::filesystem::create_directories(sub);
        const uint8_t platform = e == Endian::Little ? 0 : 12;  // PC, GameCube
        const Bytes s = write_object(skel, asobo_crc32("SKEL_SAMPLE"), link,
                                     write_skel(sample_skel(), e, v), e, false);
        const Bytes w = write_object(anim, asobo_crc32("WALK"), link,
                                     write_animation(sample_walk(), e, v), e, false);
        const Bytes wv = write_object(anim, asobo_crc32("WAVE"), link,
                                      write_animation(sample_wave(), e, v), e, true);
        const Bytes m = write_object(mat, asobo_crc32("MAT_ANIM_SAMPLE"), link,
                                     write_material_anim(sample_material_anim(), e, v), e, false);
        write_sample(sub / "SKEL_SAMPLE.Skel_Z", write_bff0(s, platform, version));
        write_sample(sub / "WALK.Animation_Z", write_bff0(w, platform, version));
        write_sample(sub / (std::to_string(asobo_crc32("WAVE")) + ".Animation_Z"), wv);
        write_sample(sub / "MAT_ANIM_SAMPLE.MaterialAnim_Z", write_bff0(m, platform, version));
        if (e == Endian::Little) all = {s, w, wv, m};
    }
    write_sample(dir / "SAMPLE.DPC", write_bigfile(all, Endian::Little, version, 2));
    const std::string names = sample_names();
    write_sample(dir / "SAMPLE.NPC", names);
    write_sample(dir / "names.txt", names);
    write_model_samples(dir);
}

}  // namespace ripkit::formats
