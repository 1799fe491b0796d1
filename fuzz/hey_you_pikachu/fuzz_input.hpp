// How a fuzz input maps onto a ROM (shared by the fuzzer and its corpus tool).
// Byte 0 picks the target:
//   0  a raw LH5 stream; bytes 1-2 = unpacked size (big-endian)
//   1  the resource of model 1 of the sample ROM (RAW, resource-relative
//      pointers): hierarchy, display lists, textures, all hostile
//   2  the model and descriptor tables of the sample ROM (the layout search)
//   3  a whole ROM image
#pragma once

#include <cstdint>

#include "hey_you_pikachu/testkit/rom_builder.hpp"

namespace pkfuzz {

constexpr uint8_t kLh5 = 0, kResource = 1, kTables = 2, kWholeRom = 3;

inline const ripkit::hey_you_pikachu::BuiltRom& base_rom() {
    static const ripkit::hey_you_pikachu::BuiltRom rom = [] {
        ripkit::hey_you_pikachu::RomSpec spec = ripkit::hey_you_pikachu::sample_rom_spec();
        // Banks and face images sit past 0xB77EB0 and would make every input a
        // 14 MB copy; pikachu_anim_fuzz and pikachu_face_fuzz cover them.
        spec.anims = {};
        spec.faces = {};
        for (auto& m : spec.models) {
            m.face_slots.clear();
            for (auto& n : m.nodes) n.face_slot = -1;
        }
        return ripkit::hey_you_pikachu::build_rom_detailed(spec);
    }();
    return rom;
}

}  // namespace pkfuzz
