// libFuzzer target for the facial readers: selector programs, slot lists and
// image banks, each fed hostile bytes directly (no 14 MB input). Every input
// must end in data or a ripkit::Error - never a crash, hang or sanitizer
// report. Byte 0 picks the reader:
//   0  the selector table: byte 1 = selector, byte 2 = image count, byte 3
//      bit 0 = natural length / 20 s horizon; the rest is the table
//   1  a model resource with slots; bytes 1-4 = the +0x24 pointer
//   2  bank tables and descriptors/images in a sparse ROM image, then every
//      bank decoded
//   3  the same sparse ROM plus slots and programs: a whole model's faces
#include <cstddef>
#include <cstdint>

#include "hey_you_pikachu/face_reader.hpp"
#include "ripkit/error.hpp"

using namespace ripkit;
using namespace ripkit::hey_you_pikachu;

namespace {

constexpr size_t kImageWindow = 0x4000;

// A ROM as long as the face image base plus a window, zero but for the parts
// an input writes; allocated once and cleaned after every input.
Bytes& sparse_rom() {
    static Bytes rom(kFaceImageBase + kImageWindow, 0);
    return rom;
}

struct Patch {
    Bytes& rom;
    std::vector<std::pair<size_t, size_t>> spans;
    void write(size_t at, ByteSpan b, size_t room) {
        const size_t n = std::min(b.size(), room);
        std::copy(b.begin(), b.begin() + long(n), rom.begin() + long(at));
        spans.push_back({at, n});
    }
    ~Patch() {
        for (auto [at, n] : spans) std::fill_n(rom.begin() + long(at), n, uint8_t(0));
    }
};

// Splits `body` into the table region and the image window of the sparse ROM.
void patch_rom(Patch& p, ByteSpan body) {
    const size_t tables = kFaceBankCounts + 4 * kFaceBankCount - kFaceBankPointers;
    p.write(kFaceBankPointers, body, tables);
    if (body.size() > tables) p.write(kFaceImageBase, body.subspan(tables), kImageWindow);
}

void decode_banks(ByteSpan rom) {
    for (uint32_t b = 0; b < kFaceBankCount; ++b) {
        try {
            const FaceBank bank = read_face_bank(rom, b);
            for (const FaceImage& img : bank.images) decode_face_image(rom, img);
        } catch (const Error&) {
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 4) return 0;
    const ByteSpan body(data + 4, size - 4);
    try {
        switch (data[0] % 4) {
            case 0: {
                const auto horizon = (data[3] & 1) ? std::optional<double>(20.0) : std::nullopt;
                const FaceTimeline t =
                    run_face_program(body, kFaceProgramTable, data[1], data[2], horizon);
                face_frames(t);
                break;
            }
            case 1: {
                const uint32_t pointer =
                    uint32_t(data[1]) << 16 | uint32_t(data[2]) << 8 | uint32_t(data[3]);
                read_face_slots(body, pointer, PointerRule{});
                break;
            }
            case 2: {
                Patch p{sparse_rom(), {}};
                patch_rom(p, body);
                decode_banks(sparse_rom());
                break;
            }
            default: {
                // Byte 1: resource length (mod 64), byte 2: the slot
                // pointer in it (mod 32). The resource comes first, then the
                // program table, then the bank tables and images.
                const size_t res_len = std::min<size_t>(body.size(), data[1] % 64);
                const ByteSpan resource = body.subspan(0, res_len);
                const ByteSpan rest = body.subspan(res_len);
                const size_t prog_len =
                    std::min<size_t>(rest.size(), kFaceBankPointers - kFaceProgramTable);
                Patch p{sparse_rom(), {}};
                p.write(kFaceProgramTable, rest.subspan(0, prog_len), prog_len);
                patch_rom(p, rest.subspan(prog_len));
                read_model_faces(sparse_rom(), resource, data[2] % 32, PointerRule{});
                break;
            }
        }
    } catch (const Error&) {
    }
    return 0;
}
