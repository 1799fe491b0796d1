#include "face_dump.hpp"

#include <cstdio>

#include "ripkit/error.hpp"
#include "ripkit/number_text.hpp"
#include "rom_layout.hpp"

namespace ripkit::hey_you_pikachu {

nlohmann::json faces_json(const ModelFaces& f) {
    nlohmann::json slots = nlohmann::json::array();
    for (const FaceSlot& s : f.slots) {
        const FaceTimeline& t = s.timeline;
        nlohmann::json program = nlohmann::json::array();
        for (const FaceInstruction& in : t.program)
            program.push_back({{"op", in.op},
                               {"duration", in.duration},
                               {"first", in.first},
                               {"last", in.last},
                               {"offset", hex(in.offset, 8)}});
        nlohmann::json keys = nlohmann::json::array();
        for (const FaceKey& k : t.keys) keys.push_back({k.time, k.image});
        slots.push_back({{"bank", s.bank},
                         {"selector", s.selector},
                         {"offset", s.offset},
                         {"program", program},
                         {"horizon", t.horizon},
                         {"natural_length", t.natural_length},
                         {"ends", t.ends},
                         {"loops", t.loops},
                         {"first_image", t.first_image()},
                         {"frame_rate", kFaceFrameRate},
                         {"frames", face_frames(t)},
                         {"keys", keys}});
    }
    return {{"pointer", hex(f.pointer, 8)}, {"slots", slots}};
}

nlohmann::json face_banks_json(ByteSpan rom) {
    nlohmann::json banks = nlohmann::json::array();
    for (uint32_t b = 0; b < kFaceBankCount; ++b) {
        try {
            const FaceBank bank = read_face_bank(rom, b);
            nlohmann::json images = nlohmann::json::array();
            for (const FaceImage& i : bank.images)
                images.push_back({{"offset", hex(i.offset, 8)},
                                  {"image_offset", hex(i.image_offset, 8)},
                                  {"palette_offset", hex(i.palette_offset, 8)},
                                  {"width", i.width},
                                  {"height", i.height},
                                  {"size", i.size},
                                  {"format", i.format},
                                  {"unknown", i.unknown}});
            banks.push_back({{"index", b},
                             {"pointer", hex(bank.pointer, 8)},
                             {"count", bank.count},
                             {"images", images}});
        } catch (const Error& e) {
            banks.push_back({{"index", b}, {"error", e.what()}});
        }
    }
    return banks;
}

}  // namespace ripkit::hey_you_pikachu
