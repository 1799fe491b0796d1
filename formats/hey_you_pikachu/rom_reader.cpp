#include "rom_reader.hpp"

#include <cstdio>

#include "ripkit/codec/lh5.hpp"
#include "ripkit/error.hpp"
#include "ripkit/number_text.hpp"
#include "rom_layout.hpp"

namespace ripkit::hey_you_pikachu {

bool ModelRecord::all_zero() const {
    for (uint32_t w : words)
        if (w) return false;
    return true;
}

bool is_pikachu_game_code(const std::string& code) { return code == "NPGE" || code == "NPGJ"; }

PikachuRom::PikachuRom(ByteSpan file, const Options& options, std::vector<std::string>& warnings) {
    const auto order = n64::detect_rom_order(file);
    if (!order)
        fail(ErrorKind::WrongFormat, 0,
             "an N64 ROM (first word 80371240 .z64, 37804012 .v64 or 40123780 .n64)");
    order_ = *order;
    if (file.size() < kMinRomSize)
        fail(ErrorKind::Truncated, file.size(),
             "a ROM of at least " + hex(kMinRomSize) +
                 " bytes (the model, descriptor and sine tables end there)");
    rom_ = n64::normalize_rom(file);
    header_ = n64::read_rom_header(rom_);
    if (!is_pikachu_game_code(header_.game_code)) {
        const std::string what = "a Hey You, Pikachu! ROM (game code NPGE or NPGJ; this one is \"" +
                                 header_.game_code + "\", title \"" + header_.title + "\")";
        if (!options.force) fail(ErrorKind::WrongFormat, 0x3B, what + "; --force to try anyway");
        warnings.push_back("not " + what + "; --force given, reading it anyway");
    }
}

ModelRecord PikachuRom::model_record(uint32_t index) const {
    if (index >= kMaxModels)
        fail(ErrorKind::BadIndex, kModelTable,
             "a model index below " + std::to_string(kMaxModels) + " (got " +
                 std::to_string(index) + ")");
    ModelRecord m;
    m.index = index;
    m.rom_offset = kModelTable + index * kModelRecordSize;
    ByteReader r = reader().sub(m.rom_offset, kModelRecordSize, "a 0x54-byte model record");
    for (auto& w : m.words) w = r.u32be("model record word");
    return m;
}

Descriptor PikachuRom::descriptor(uint32_t id) const {
    if (id >= kMaxDescriptors)
        fail(ErrorKind::BadIndex, kDescriptorTable,
             "a resource id below " + std::to_string(kMaxDescriptors) + " (got " +
                 std::to_string(id) + ")");
    Descriptor d;
    d.id = id;
    d.rom_offset = kDescriptorTable + id * kDescriptorSize;
    ByteReader r = reader().sub(d.rom_offset, kDescriptorSize, "a 0x24-byte resource descriptor");
    for (auto& w : d.words) w = r.u32be("descriptor word");
    return d;
}

Resource PikachuRom::resource_extent(uint32_t id, uint32_t raw_type) const {
    const Descriptor d = descriptor(id);
    return with_context("resource " + std::to_string(id), [&] {
        Resource res;
        res.id = id;
        res.rom_start = d.rom_start();
        res.rom_end = d.rom_end();
        res.compressed = d.compression() != raw_type;
        if (res.rom_end <= res.rom_start || res.rom_end > rom_.size())
            fail(ErrorKind::BadIndex, d.rom_offset + 8,
                 "resource bounds inside the " + std::to_string(rom_.size()) +
                     "-byte ROM with start < end (start " + hex(res.rom_start) + ", end " +
                     hex(res.rom_end) + ")");
        if (!res.compressed) return res;
        ByteReader block = reader().sub(res.rom_start, res.rom_end - res.rom_start, "resource");
        res.packed_size = block.u32be("packed size");
        res.unpacked_size = block.u32be("unpacked size");
        if (res.packed_size > block.remaining())
            fail(ErrorKind::BadIndex, res.rom_start,
                 "a packed size within the resource (" + std::to_string(block.remaining()) +
                     " bytes after the header, packed size says " +
                     std::to_string(res.packed_size) + ")");
        // The console has 8 MiB of RDRAM; a resource cannot unpack to more.
        if (res.unpacked_size == 0 || res.unpacked_size > (8u << 20))
            fail(ErrorKind::BadValue, res.rom_start + 4,
                 "an unpacked size of 1 byte to 8 MiB (got " + std::to_string(res.unpacked_size) +
                     ")");
        return res;
    });
}

Resource PikachuRom::load_resource(uint32_t id, uint32_t raw_type, const Limits& limits) const {
    Resource res = resource_extent(id, raw_type);
    const ByteSpan block = ByteSpan(rom_).subspan(res.rom_start, res.rom_end - res.rom_start);
    with_context("resource " + std::to_string(id), [&] {
        if (!res.compressed) {
            check_alloc(limits, block.size(), 1, res.rom_start, "RAW resource");
            res.data.assign(block.begin(), block.end());
            return;
        }
        // ASSUMPTION(lh5_window): the window starts filled with spaces (liblhasa's).
        res.data = codec::lh5_decode(block.subspan(kCompressedHeader, res.packed_size),
                                     res.unpacked_size, limits, res.rom_start + kCompressedHeader);
    });
    return res;
}

float PikachuRom::angle_constant() const {
    return reader().f32_at(kAngleConstant, "angle constant");
}

std::vector<int16_t> PikachuRom::sine_table() const {
    ByteReader r = reader().sub(kSineTable, kSineEntries * 2, "the sine table");
    std::vector<int16_t> t(kSineEntries);
    for (auto& v : t) v = r.s16("sine entry");
    return t;
}

}  // namespace ripkit::hey_you_pikachu
