#include "corrupt_inputs.hpp"

// Format folders share file names (samples.hpp, writer.hpp): named by path.
#include "../../formats/hey_you_pikachu/testkit/rom_builder.hpp"
#include "../../formats/rugrats_cine/testkit/demo.hpp"
#include "../../formats/tr_cutseq/cutseq_writer.hpp"
#include "../../formats/tr_cutseq/testkit/demo_cutscenes.hpp"
#include "../../formats/zouna/container/container.hpp"
#include "../../formats/zouna/container/crc32.hpp"
#include "../../formats/zouna/encode/animation_writer.hpp"
#include "../../formats/zouna/testkit/kit_writer.hpp"
#include "../../formats/zouna/testkit/sample_objects.hpp"
#include "tr_level/document.hpp"  // formats/tr_level
#include "tr_level/testkit/demo_level.hpp"

namespace ripkit::hostile {

namespace {

void put32le(Bytes& b, size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) b.at(at + size_t(i)) = uint8_t(v >> (8 * i));
}
void put32be(Bytes& b, size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) b.at(at + size_t(i)) = uint8_t(v >> (24 - 8 * i));
}

}  // namespace

CorruptInput tr_bad_cutscene() {
    using namespace tr_cutseq;
    std::vector<Cutscene> cs;
    for (int k = 1; k <= 3; ++k) {
        DemoSpec d;
        d.index = k;
        d.frames = 20;
        d.actors = 1;
        d.meshes = 3;
        d.seed = uint32_t(k);
        cs.push_back(make_demo_cutscene(d));
    }
    Bytes bin = write_bin(cs, 44);
    // Entry 2's block: its camera offset (block +20) far past the block's end.
    const uint32_t block = load_u32le(bin.data() + 16);
    put32le(bin, block + 20, 0x00FFFFFFu);
    return {"BAD2.BIN", "tr_cutseq", {1, 3}, 2, "camera offset", std::move(bin)};
}

CorruptInput pikachu_cycle() {
    using namespace hey_you_pikachu;
    const BuiltRom built = build_rom_detailed(sample_rom_spec());
    Bytes rom = built.rom;
    // Model 1 is RAW with resource-relative pointers: its last node's child
    // link (+0x2C) names the root, so the root is reached twice.
    const BuiltModel& m = built.models.at(1);
    put32be(rom, m.rom_start + m.node_offsets.back() + 0x2C, m.node_offsets.front());
    std::vector<int64_t> good;
    for (size_t i = 0; i < built.models.size(); ++i)
        if (i != 1) good.push_back(int64_t(i));
    return {"cycle.z64", "hey_you_pikachu", good, 1, "reached twice", std::move(rom)};
}

CorruptInput zouna_bad_slice() {
    using namespace zouna;
    const Variants v;
    const uint32_t anim = asobo_crc32(kAnimationClass);
    zouna::Animation bad = sample_walk();
    // Node 0's translation slice claims keys past the end of the keyframer.
    bad.nodes.at(0).slices.at(kSliceTranslation) = {0, uint16_t(bad.translation.keys.size() + 5)};
    const std::vector<Bytes> objects = {
        write_object(anim, asobo_crc32("GOOD_A"), {},
                     write_animation(sample_walk(), Endian::Little, v), Endian::Little, false),
        write_object(anim, asobo_crc32("BROKEN"), {}, write_animation(bad, Endian::Little, v),
                     Endian::Little, true),
        write_object(anim, asobo_crc32("GOOD_B"), {},
                     write_animation(sample_wave(), Endian::Little, v), Endian::Little, false)};
    const std::string version = "v1.381.67.09 - Asobo Studio - Internal Cross Technology";
    return {"BROKEN.DPC",
            "zouna",
            {int64_t(asobo_crc32("GOOD_A")), int64_t(asobo_crc32("GOOD_B"))},
            int64_t(asobo_crc32("BROKEN")),
            "slice",
            write_bigfile(objects, Endian::Little, version, 2)};
}

CorruptInput rugrats_short_channel() {
    using namespace rugrats_cine;
    StreamSpec a = make_demo_stream({.frames = 5, .sound = true, .channel = 1});
    StreamSpec b = make_demo_stream({.frames = 3, .sound = false, .channel = 2});
    b.header.frames = 9;
    b.end_marker = false;
    const Bytes file = cd::write_sectors(interleave({stream_sectors(a), stream_sectors(b)}),
                                         cd::SectorShape::Raw2352);
    return {"SHORT.BIN", "rugrats_cine", {1}, 2, "frame 4 of 9", file};
}

CorruptInput tr_level_bad_mesh_pointer() {
    using namespace tr_level;
    testkit::LevelSpec spec = testkit::demo_level(Version::Tr4);
    constexpr uint32_t kBroken = 5;
    spec.mesh_pointers.at(kBroken) = 0x00ABCDEF;
    CorruptInput in{"BROKEN.TR4", "tr_level", {}, -1, "mesh pointer 5", {}};
    for (const Moveable& m : spec.moveables) {
        if (m.mesh_count == 0) continue;
        const bool draws = m.starting_mesh <= kBroken && kBroken < m.starting_mesh + m.mesh_count;
        if (draws && in.bad < 0)
            in.bad = m.slot;
        else if (!draws)
            in.good.push_back(m.slot);
    }
    in.good.push_back(kRoomsItem);
    in.bytes = testkit::write_level(spec);
    return in;
}

std::vector<CorruptInput> all_corrupt_inputs() {
    return {tr_bad_cutscene(), pikachu_cycle(), zouna_bad_slice(), rugrats_short_channel(),
            tr_level_bad_mesh_pointer()};
}

}  // namespace ripkit::hostile
