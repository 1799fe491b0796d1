// Writes facial selector programs and image banks into a synthetic ROM
// (rom_builder's RomSpec::faces): the instruction table at kFaceProgramTable,
// the bank pointer and count tables, and from kFaceImageBase on each bank's
// 16-byte descriptors followed by the images (linear rows) and their palettes.
// The ROM grows to fit (past 0xD69490: about 14 MB). Models name slots in
// ModelSpec::face_slots and draw slot k with NodeSpec::face_slot.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "ripkit/byte_reader.hpp"

namespace ripkit::hey_you_pikachu {

struct FaceImageSpec {
    uint8_t fmt = 0, siz = 2;  // G_IM_FMT / G_IM_SIZ
    uint16_t width = 8, height = 8;
    uint32_t seed = 1;  // texel and palette pattern
    std::array<uint8_t, 2> unknown{};
    // Filled by write_faces: linear texel rows, palette entries (CI: 16 for
    // 4-bit, 256 for 8-bit, RGBA16), and where they were written (relative
    // to kFaceImageBase), and the descriptor's ROM offset.
    Bytes texels;
    std::vector<uint16_t> palette;
    uint32_t image_offset = 0, palette_offset = 0, descriptor = 0;
};

struct FaceBankSpec {
    std::vector<FaceImageSpec> images;
    uint32_t pointer = 0;  // filled: descriptors' offset from kFaceImageBase
};

struct FaceInstructionSpec {
    int32_t op = 0;
    float duration = 0.0f;
    int16_t first = 0, last = 0;
};

struct FaceSpec {
    // The selector table from its first instruction; a program's selector is
    // the index of its first instruction.
    std::vector<FaceInstructionSpec> instructions;
    std::vector<FaceBankSpec> banks;  // bank b = banks[b]; at most 11
    bool present() const { return !instructions.empty() || !banks.empty(); }
};

struct FaceSlotSpec {
    int32_t bank = 0, selector = 0;
};

// Fills texels and palettes from the seeds (before the models are built: a
// face quad's display list loads its bank's first image format).
void fill_face_images(FaceSpec& spec);
// Writes the tables, descriptors, images and palettes; fills the offsets.
// Does nothing for an absent spec.
void write_faces(Bytes& rom, FaceSpec& spec);

// The sample's faces: bank 0 eyes (RGBA16 16x8: open, half, closed), bank 1
// mouths (CI4 16x8, 4 images), bank 2 (CI8 and IA8 and I4, 8x8) unused by
// slots; program 0 blinks in a loop, program 4 talks and ends.
FaceSpec sample_face_spec();

}  // namespace ripkit::hey_you_pikachu
