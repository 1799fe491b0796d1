// Facial texture slots and image banks (seed 13, 15): what a model's faces
// are made of, read from the model resource (slots) and the ROM (selector
// table, bank tables, image descriptors, texels and palettes). The selector
// programs themselves run in face_program.hpp.
//
// Model runtime record +0x24 -> slots {s32 bank, s32 selector} (8 bytes each).
// Bank b: pointer u32 at kFaceBankPointers + 4b, image count u32 at
// kFaceBankCounts + 4b; descriptors of 16 bytes {u32 image, u32 palette,
// u16 width, u16 height, u8 size, u8 format, 2 bytes unknown} at
// kFaceImageBase + pointer; image and palette offsets relative to
// kFaceImageBase.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "face_program.hpp"
#include "pointers.hpp"
#include "ripkit/byte_reader.hpp"
#include "ripkit/limits.hpp"
#include "ripkit/n64/texture.hpp"
#include "rom_layout.hpp"

namespace ripkit::hey_you_pikachu {

// ASSUMPTION(face_banks): the bank pointer table runs up to the count table: 11 banks.
constexpr uint32_t kFaceBankCount = (kFaceBankCounts - kFaceBankPointers) / 4;
// ASSUMPTION(face_slots): a slot list ends at the first slot whose bank is -1; more than
// kMaxFaceSlots slots is an error, not a guess.
constexpr uint32_t kMaxFaceSlots = 16;
constexpr uint32_t kFaceSlotSize = 8;
// Bounds on what one bank may claim, so a corrupt count cannot allocate.
constexpr uint32_t kMaxFaceImages = 4096;
constexpr uint32_t kMaxFaceImageSide = 1024;
// ASSUMPTION(face_segment): a display list draws face slot k by loading texels from segment
// 0x08 + k (offset 0: the image, linear rows); a LOADTLUT from that segment at
// offset kFacePaletteOffset and above reads the image's palette.
constexpr uint32_t kFaceFirstSegment = 0x08;
constexpr uint32_t kFacePaletteOffset = 0x800000;

struct FaceImage {
    uint32_t offset = 0;  // ROM offset of the descriptor
    uint32_t image_offset = 0, palette_offset = 0;
    uint16_t width = 0, height = 0;
    uint8_t size = 0, format = 0;      // G_IM_SIZ, G_IM_FMT
    std::array<uint8_t, 2> unknown{};  // bytes 14-15, not named by the seed
};

struct FaceBank {
    uint32_t index = 0;
    uint32_t pointer = 0, count = 0;
    std::vector<FaceImage> images;
    // Filled by decode_face_images: the bank's distinct images as RGBA (one
    // per distinct texels, palette, size and format; descriptors naming the
    // same image share it) and, per descriptor, which one it shows.
    std::vector<n64::Rgba8Image> decoded;
    std::vector<uint32_t> decoded_of;
};

// The texels (linear rows) and, for CI, the palette bytes of one image, as
// views into the ROM.
struct FaceImageBytes {
    ByteSpan texels, palette;
};

struct FaceSlot {
    int32_t bank = 0, selector = 0;
    uint32_t offset = 0;    // resource offset of the slot
    FaceTimeline timeline;  // natural length (see face_program.hpp)
    Bytes texels, palette;  // the first selected image, for display lists
};

struct ModelFaces {
    uint32_t pointer = 0;  // runtime record +0x24
    std::vector<FaceSlot> slots;
    std::map<int32_t, FaceBank> banks;  // the banks the slots use
};

// Slots at `pointer` (resolved with `rule` inside `resource`); empty for 0.
// Only bank, selector and offset are filled in.
std::vector<FaceSlot> read_face_slots(ByteSpan resource, uint32_t pointer, const PointerRule& rule);

// Bank `index`'s table entries and descriptors, bounds-checked against `rom`.
FaceBank read_face_bank(ByteSpan rom, uint32_t index);

// The bytes one image needs, bounds-checked against `rom`.
FaceImageBytes face_image_bytes(ByteSpan rom, const FaceImage& image);

// The image decoded to RGBA8 (CI through its RGBA16 palette).
n64::Rgba8Image decode_face_image(ByteSpan rom, const FaceImage& image);

// The selector table's bytes [kFaceProgramTable, kFaceBankPointers).
ByteSpan face_program_table(ByteSpan rom);

// What decides an image's pixels: texels, palette (colour-indexed formats
// only), size and format. Descriptors with one key show one image.
using FaceImageKey = std::array<uint32_t, 5>;
FaceImageKey face_image_key(const FaceImage& image);

// Decodes every image of every bank in `faces` (the open-time step: the scene
// then reads no ROM), charging the RGBA to `budget`.
void decode_face_images(ByteSpan rom, ModelFaces& faces, Budget& budget);

// Everything a model's faces need: slots, their banks and programs (natural
// length), and the first selected image of each slot. `pointer` 0: none.
ModelFaces read_model_faces(ByteSpan rom, ByteSpan resource, uint32_t pointer,
                            const PointerRule& rule);

// Face slot k when `address` is in segment 0x08 + k and the model has slot k.
std::optional<uint32_t> face_slot_of_address(uint32_t address, size_t slot_count);

}  // namespace ripkit::hey_you_pikachu
