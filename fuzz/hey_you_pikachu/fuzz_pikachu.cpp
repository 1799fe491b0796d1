// libFuzzer target: LH5 streams, hostile model resources, hostile tables and
// whole ROMs, every scene exported as glb and FBX in memory. Every input must
// end in a scene that validates with finite output, or a ripkit::Error -
// never a crash, hang or sanitizer report.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "exercise_document.hpp"
#include "fuzz_input.hpp"
#include "hey_you_pikachu/format.hpp"
#include "hey_you_pikachu/rom_layout.hpp"
#include "ripkit/codec/lh5.hpp"
#include "ripkit/error.hpp"

using namespace ripkit;

namespace {

void put32(Bytes& rom, size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) rom[at + size_t(i)] = uint8_t(v >> (24 - 8 * i));
}

// A ROM image in any of the three byte orders (z64, v64, n64) is fuzzed
// whole, without a selector byte: samples/pikachu's 14 MB ROM is a seed as
// it stands (run with -max_len=16777216, see fuzz/README.md).
bool is_rom_image(const uint8_t* data, size_t size) {
    static const uint8_t kMagics[3][4] = {
        {0x80, 0x37, 0x12, 0x40}, {0x37, 0x80, 0x40, 0x12}, {0x40, 0x12, 0x37, 0x80}};
    if (size < 4) return false;
    for (const auto& m : kMagics)
        if (std::equal(m, m + 4, data)) return true;
    return false;
}

void convert_all(const Bytes& rom, const Options& options) {
    Input in;
    in.path = "fuzz.z64";
    in.bytes = rom;
    fuzz::exercise_document(*formats::hey_you_pikachu_format().open(in, options));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    const ByteSpan body(data + 1, size - 1);
    Options o = fuzz::small_limits();
    try {
        if (is_rom_image(data, size)) {
            o.force = true;
            convert_all(Bytes(data, data + size), o);
            return 0;
        }
        switch (data[0] % 4) {
            case pkfuzz::kLh5: {
                if (body.size() < 2) return 0;
                const uint32_t n = uint32_t(body[0] << 8 | body[1]);
                codec::lh5_decode(body.subspan(2), n, o.limits);
                break;
            }
            case pkfuzz::kResource: {
                const auto& base = pkfuzz::base_rom();
                const auto& m = base.models[1];
                Bytes rom = base.rom;
                const size_t room = hey_you_pikachu::kDescriptorTable - m.rom_start;
                const size_t n = std::min(body.size(), room);
                std::copy(body.begin(), body.begin() + long(n), rom.begin() + long(m.rom_start));
                put32(rom, m.descriptor_offset + 0x0C, m.rom_start + uint32_t(n));
                o.settings["descriptor_field"] = "0x04";
                o.settings["runtime_record"] = "rom";
                o.settings["kseg0_base"] = "0x80231A40";
                convert_all(rom, o);
                break;
            }
            case pkfuzz::kTables: {
                Bytes rom = pkfuzz::base_rom().rom;
                const size_t at = hey_you_pikachu::kDescriptorTable;
                const size_t n =
                    std::min<size_t>(body.size(), 6 * hey_you_pikachu::kDescriptorSize);
                std::copy(body.begin(), body.begin() + long(n), rom.begin() + long(at));
                if (body.size() > n) {
                    const size_t m =
                        std::min<size_t>(body.size() - n, 5 * hey_you_pikachu::kModelRecordSize);
                    std::copy(body.begin() + long(n), body.begin() + long(n + m),
                              rom.begin() + long(hey_you_pikachu::kModelTable));
                }
                o.settings["kseg0_base"] = "0x80231A40";
                convert_all(rom, o);
                break;
            }
            default: {
                o.force = true;
                convert_all(Bytes(body.begin(), body.end()), o);
                break;
            }
        }
    } catch (const Error& e) {
        fuzz::accepted(e);
    }
    return 0;
}
