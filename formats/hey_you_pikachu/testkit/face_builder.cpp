#include "face_builder.hpp"

#include <string>

#include "hey_you_pikachu/face_reader.hpp"
#include "hey_you_pikachu/rom_layout.hpp"
#include "ripkit/error.hpp"
#include "ripkit/n64/gbi.hpp"
#include "ripkit/n64/linear_image.hpp"

namespace ripkit::hey_you_pikachu {

namespace {

void put32(Bytes& rom, size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) rom.at(at + size_t(i)) = uint8_t(v >> (24 - 8 * i));
}
void put16(Bytes& rom, size_t at, uint16_t v) {
    rom.at(at) = uint8_t(v >> 8);
    rom.at(at + 1) = uint8_t(v);
}

uint32_t next(uint32_t& s) {
    s = s * 1664525u + 1013904223u;
    return s >> 8;
}

}  // namespace

void fill_face_images(FaceSpec& spec) {
    for (FaceBankSpec& b : spec.banks)
        for (FaceImageSpec& img : b.images) {
            uint32_t s = img.seed * 2246822519u + 3;
            img.texels.resize(n64::linear_row_bytes(img.siz, img.width) * img.height);
            for (auto& t : img.texels) t = uint8_t(next(s));
            img.palette.resize(n64::linear_palette_entries(img.fmt, img.siz));
            // Opaque palette entries: a face that shows is visibly not black.
            for (auto& e : img.palette) e = uint16_t(next(s) | 1u);
        }
}

void write_faces(Bytes& rom, FaceSpec& spec) {
    if (!spec.present()) return;
    if (spec.banks.size() > kFaceBankCount)
        fail_no_offset(ErrorKind::Usage, "at most 11 face banks");
    if (kFaceProgramTable + spec.instructions.size() * kFaceInstructionSize > kFaceBankPointers)
        fail_no_offset(ErrorKind::Usage, "a selector table that fits before 0x6C120");
    for (size_t i = 0; i < spec.instructions.size(); ++i) {
        const FaceInstructionSpec& in = spec.instructions[i];
        const size_t at = kFaceProgramTable + i * kFaceInstructionSize;
        put32(rom, at, uint32_t(in.op));
        put32(rom, at + 4, f32_to_bits(in.duration));
        put16(rom, at + 8, uint16_t(in.first));
        put16(rom, at + 10, uint16_t(in.last));
    }
    // Descriptors of every bank first, then texels and palettes.
    size_t cursor = kFaceImageBase;
    auto grow = [&](size_t end) {
        if (end > rom.size()) rom.resize((end + 0xFFF) & ~size_t(0xFFF), 0);
    };
    for (FaceBankSpec& b : spec.banks) {
        b.pointer = uint32_t(cursor - kFaceImageBase);
        cursor += b.images.size() * kFaceDescriptorSize;
    }
    for (size_t bi = 0; bi < spec.banks.size(); ++bi) {
        FaceBankSpec& b = spec.banks[bi];
        put32(rom, kFaceBankPointers + 4 * bi, b.pointer);
        put32(rom, kFaceBankCounts + 4 * bi, uint32_t(b.images.size()));
        for (size_t i = 0; i < b.images.size(); ++i) {
            FaceImageSpec& img = b.images[i];
            cursor = (cursor + 7) & ~size_t(7);
            img.image_offset = uint32_t(cursor - kFaceImageBase);
            grow(cursor + img.texels.size());
            std::copy(img.texels.begin(), img.texels.end(), rom.begin() + long(cursor));
            cursor += img.texels.size();
            if (!img.palette.empty()) {
                cursor = (cursor + 7) & ~size_t(7);
                img.palette_offset = uint32_t(cursor - kFaceImageBase);
                grow(cursor + img.palette.size() * 2);
                for (uint16_t e : img.palette) put16(rom, cursor, e), cursor += 2;
            }
            const size_t d = kFaceImageBase + b.pointer + i * kFaceDescriptorSize;
            grow(d + kFaceDescriptorSize);
            img.descriptor = uint32_t(d);
            put32(rom, d, img.image_offset);
            put32(rom, d + 4, img.palette_offset);
            put16(rom, d + 8, img.width);
            put16(rom, d + 10, img.height);
            rom.at(d + 12) = img.siz;
            rom.at(d + 13) = img.fmt;
            for (size_t u = 0; u < 2; ++u) rom.at(d + 14 + u) = img.unknown[u];
        }
    }
}

FaceSpec sample_face_spec() {
    using F = n64::ImageFormat;
    auto image = [](F fmt, uint8_t siz, uint16_t w, uint16_t h, uint32_t seed) {
        FaceImageSpec i;
        i.fmt = uint8_t(fmt), i.siz = siz, i.width = w, i.height = h, i.seed = seed;
        i.unknown = {0xA5, uint8_t(seed)};
        return i;
    };
    FaceSpec f;
    f.banks.resize(3);
    f.banks[0].images = {image(F::Rgba, 2, 16, 8, 101), image(F::Rgba, 2, 16, 8, 102),
                         image(F::Rgba, 2, 16, 8, 103)};
    f.banks[1].images = {image(F::Ci, 0, 16, 8, 201), image(F::Ci, 0, 16, 8, 202),
                         image(F::Ci, 0, 16, 8, 203), image(F::Ci, 0, 16, 8, 204)};
    f.banks[2].images = {image(F::Ci, 1, 8, 8, 301), image(F::Ia, 1, 8, 8, 302),
                         image(F::I, 0, 8, 8, 303)};
    f.instructions = {
        // Program 0 (eyes): open 2 s, close through 1..2 at 0.05 s each, open
        // again through 1, loop.
        {0, 2.0f, 0, 0},
        {1, 0.05f, 1, 2},
        {0, 0.05f, 1, 1},
        {3, -1.0f, 0, 0},
        // Program 4 (mouth): 0.25 s each 0..3, 1 for 0.5 s, then 2 at once
        // and end (2 holds).
        {1, 0.25f, 0, 3},
        {0, 0.5f, 1, 1},
        {2, 0.0f, 2, 2},
        {3, 1.0f, 0, 0},
    };
    return f;
}

}  // namespace ripkit::hey_you_pikachu
