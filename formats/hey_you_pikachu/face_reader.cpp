#include "face_reader.hpp"

#include <array>
#include <map>
#include <string>

#include "ripkit/error.hpp"
#include "ripkit/n64/gbi.hpp"
#include "ripkit/n64/linear_image.hpp"
#include "ripkit/number_text.hpp"

namespace ripkit::hey_you_pikachu {

std::vector<FaceSlot> read_face_slots(ByteSpan resource, uint32_t pointer,
                                      const PointerRule& rule) {
    std::vector<FaceSlot> out;
    if (!pointer) return out;
    const auto at = rule.resolve(pointer, resource.size());
    if (!at)
        fail_no_offset(ErrorKind::BadIndex,
                       "a facial slot pointer (runtime record +0x24) inside the " +
                           std::to_string(resource.size()) + "-byte resource (" + rule.describe() +
                           "; got " + hex(pointer) + ")");
    ByteReader r(resource, 0, Endian::Big);
    for (uint32_t k = 0;; ++k) {
        const uint64_t off = uint64_t(*at) + uint64_t(k) * kFaceSlotSize;
        r.need_at(size_t(std::min<uint64_t>(off, resource.size())), kFaceSlotSize,
                  "facial slot " + std::to_string(k) + " {s32 bank, s32 selector}");
        const int32_t bank = int32_t(r.u32_at(size_t(off), "facial slot bank"));
        // ASSUMPTION(face_slots): bank -1 ends the list.
        if (bank == -1) break;
        if (k >= kMaxFaceSlots)
            fail(ErrorKind::AllocationLimit, off,
                 "a facial slot list ending (bank -1) within " + std::to_string(kMaxFaceSlots) +
                     " slots");
        FaceSlot s;
        s.bank = bank;
        s.selector = int32_t(r.u32_at(size_t(off + 4), "facial slot selector"));
        s.offset = uint32_t(off);
        if (bank < 0 || uint32_t(bank) >= kFaceBankCount)
            fail(ErrorKind::BadIndex, off,
                 "a face bank below " + std::to_string(kFaceBankCount) + " (bank table " +
                     hex(kFaceBankPointers) + "; slot " + std::to_string(k) + " names " +
                     std::to_string(bank) + ")");
        out.push_back(std::move(s));
    }
    return out;
}

FaceBank read_face_bank(ByteSpan rom, uint32_t index) {
    if (index >= kFaceBankCount)
        fail_no_offset(ErrorKind::BadIndex, "a face bank below " + std::to_string(kFaceBankCount) +
                                                " (got " + std::to_string(index) + ")");
    ByteReader r(rom, 0, Endian::Big);
    FaceBank b;
    b.index = index;
    b.pointer = r.u32_at(kFaceBankPointers + 4 * index, "face bank pointer");
    b.count = r.u32_at(kFaceBankCounts + 4 * index, "face bank image count");
    if (b.count > kMaxFaceImages)
        fail(ErrorKind::AllocationLimit, kFaceBankCounts + 4 * index,
             "at most " + std::to_string(kMaxFaceImages) + " images in face bank " +
                 std::to_string(index) + " (got " + std::to_string(b.count) + ")");
    // ASSUMPTION(face_banks): the bank pointer is relative to the image base, like the
    // descriptors' image and palette offsets.
    const uint64_t first = uint64_t(kFaceImageBase) + b.pointer;
    const uint64_t end = first + uint64_t(b.count) * kFaceDescriptorSize;
    if (b.count > 0 && end > rom.size())
        fail(ErrorKind::Truncated, first,
             std::to_string(b.count) + " face image descriptors of bank " + std::to_string(index) +
                 " (" + hex(uint32_t(first)) + ".." + std::to_string(end) + ") inside the " +
                 std::to_string(rom.size()) + "-byte ROM (image base " + hex(kFaceImageBase) + ")");
    for (uint32_t i = 0; i < b.count; ++i) {
        ByteReader d = r.sub(size_t(first) + i * kFaceDescriptorSize, kFaceDescriptorSize,
                             "face image descriptor");
        FaceImage img;
        img.offset = uint32_t(d.abs_pos());
        img.image_offset = d.u32be("face image offset");
        img.palette_offset = d.u32be("face palette offset");
        img.width = d.u16be("face image width");
        img.height = d.u16be("face image height");
        img.size = d.u8("face image size");
        img.format = d.u8("face image format");
        for (auto& u : img.unknown) u = d.u8("face image unknown bytes");
        if (img.width == 0 || img.height == 0 || img.width > kMaxFaceImageSide ||
            img.height > kMaxFaceImageSide)
            fail(ErrorKind::BadValue, img.offset + 8,
                 "a face image of 1.." + std::to_string(kMaxFaceImageSide) + " x 1.." +
                     std::to_string(kMaxFaceImageSide) + " texels (bank " + std::to_string(index) +
                     " image " + std::to_string(i) + " is " + std::to_string(img.width) + " x " +
                     std::to_string(img.height) + ")");
        if (img.size > 3 || img.format > 4)
            fail(ErrorKind::BadValue, img.offset + 12,
                 "a face image size 0..3 and format 0..4 (G_IM_SIZ / G_IM_FMT; got " +
                     std::to_string(img.size) + ", " + std::to_string(img.format) + ")");
        b.images.push_back(img);
    }
    return b;
}

FaceImageBytes face_image_bytes(ByteSpan rom, const FaceImage& img) {
    // ASSUMPTION(face_texels): texels are stored linearly, row after row (not TMEM-interleaved).
    const uint64_t bytes = uint64_t(n64::linear_row_bytes(img.size, img.width)) * img.height;
    const uint64_t at = uint64_t(kFaceImageBase) + img.image_offset;
    if (at + bytes > rom.size())
        fail(ErrorKind::Truncated, img.offset,
             std::to_string(bytes) + " texel bytes of the face image at " +
                 hex(uint32_t(std::min<uint64_t>(at, 0xFFFFFFFFu))) + " inside the " +
                 std::to_string(rom.size()) + "-byte ROM");
    FaceImageBytes out;
    out.texels = rom.subspan(size_t(at), size_t(bytes));
    // ASSUMPTION(face_texels): CI palettes are RGBA16, 16 entries for CI4 and 256 for CI8.
    const uint32_t entries = n64::linear_palette_entries(img.format, img.size);
    if (entries) {
        const uint64_t pat = uint64_t(kFaceImageBase) + img.palette_offset;
        if (pat + entries * 2u > rom.size())
            fail(ErrorKind::Truncated, img.offset + 4,
                 std::to_string(entries) + " palette entries of the face image at " +
                     hex(uint32_t(std::min<uint64_t>(pat, 0xFFFFFFFFu))) + " inside the " +
                     std::to_string(rom.size()) + "-byte ROM");
        out.palette = rom.subspan(size_t(pat), entries * 2u);
    }
    return out;
}

n64::Rgba8Image decode_face_image(ByteSpan rom, const FaceImage& img) {
    const FaceImageBytes b = face_image_bytes(rom, img);
    return with_context("face image at " + hex(img.offset), [&] {
        return n64::decode_linear_image(img.format, img.size, img.width, img.height, b.texels,
                                        b.palette, n64::TlutType::Rgba16);
    });
}

ByteSpan face_program_table(ByteSpan rom) {
    if (rom.size() < kFaceBankPointers)
        fail_no_offset(ErrorKind::Truncated, "the facial selector table (" +
                                                 hex(kFaceProgramTable) + ".." +
                                                 hex(kFaceBankPointers) + ") in the ROM");
    // ASSUMPTION(face_selector): the selector table ends where the bank pointer table starts.
    return rom.subspan(kFaceProgramTable, kFaceBankPointers - kFaceProgramTable);
}

FaceImageKey face_image_key(const FaceImage& fi) {
    const bool ci = n64::linear_palette_entries(fi.format, fi.size) > 0;
    return {fi.image_offset, ci ? fi.palette_offset : 0, (uint32_t(fi.width) << 16) | fi.height,
            fi.size, fi.format};
}

void decode_face_images(ByteSpan rom, ModelFaces& faces, Budget& budget) {
    for (auto& entry : faces.banks) {
        // Not a structured binding: clang 14 cannot capture one in a lambda.
        const auto index = entry.first;
        auto& bank = entry.second;
        with_context("face bank " + std::to_string(index), [&] {
            // Descriptor fields that decide the pixels -> index into `decoded`.
            std::map<FaceImageKey, uint32_t> seen;
            bank.decoded.clear();
            bank.decoded_of.clear();
            for (size_t i = 0; i < bank.images.size(); ++i) {
                const FaceImage& fi = bank.images[i];
                const FaceImageKey key = face_image_key(fi);
                auto [it, fresh] = seen.try_emplace(key, uint32_t(bank.decoded.size()));
                if (fresh) {
                    budget.alloc(uint64_t(fi.width) * fi.height, 4, fi.offset,
                                 "face image RGBA (bank " + std::to_string(index) + " image " +
                                     std::to_string(i) + ")");
                    bank.decoded.push_back(with_context(
                        "image " + std::to_string(i), [&] { return decode_face_image(rom, fi); }));
                }
                bank.decoded_of.push_back(it->second);
            }
        });
    }
}

ModelFaces read_model_faces(ByteSpan rom, ByteSpan resource, uint32_t pointer,
                            const PointerRule& rule) {
    ModelFaces f;
    f.pointer = pointer;
    f.slots = read_face_slots(resource, pointer, rule);
    for (size_t k = 0; k < f.slots.size(); ++k) {
        FaceSlot& s = f.slots[k];
        with_context("face slot " + std::to_string(k), [&] {
            auto it = f.banks.find(s.bank);
            if (it == f.banks.end())
                it = f.banks.emplace(s.bank, read_face_bank(rom, uint32_t(s.bank))).first;
            const FaceBank& bank = it->second;
            // ASSUMPTION(face_selector): the selector is an instruction index into the table.
            s.timeline = run_face_program(face_program_table(rom), kFaceProgramTable, s.selector,
                                          bank.count, std::nullopt);
            const FaceImage& first = bank.images.at(s.timeline.first_image());
            const FaceImageBytes b = face_image_bytes(rom, first);
            s.texels.assign(b.texels.begin(), b.texels.end());
            s.palette.assign(b.palette.begin(), b.palette.end());
        });
    }
    return f;
}

std::optional<uint32_t> face_slot_of_address(uint32_t address, size_t slot_count) {
    if (pointer_shape(address) != PointerShape::Segment) return std::nullopt;
    const uint32_t seg = (address >> 24) & 0x0F;
    if (seg < kFaceFirstSegment || seg - kFaceFirstSegment >= slot_count) return std::nullopt;
    return seg - kFaceFirstSegment;
}

}  // namespace ripkit::hey_you_pikachu
