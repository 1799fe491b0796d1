#include "format.hpp"

#include <algorithm>

#include "document.hpp"
#include "ripkit/error.hpp"
#include "ripkit/n64/rom.hpp"
#include "rom_reader.hpp"
#include "schema.hpp"

namespace ripkit::hey_you_pikachu {

const FormatInfo& PikachuFormat::info() const {
    static const FormatInfo kInfo{"hey-you-pikachu",
                                  "Hey You, Pikachu! (N64) models",
                                  {"z64", "v64", "n64"},
                                  "ROM in any byte order; RIPKIT_ITEM selects the model index"};
    return kInfo;
}

int PikachuFormat::probe(ByteSpan data, const std::string&) const {
    if (!n64::detect_rom_order(data) || data.size() < n64::kRomHeaderSize) return 0;
    const Bytes head = n64::normalize_rom(data.subspan(0, n64::kRomHeaderSize));
    return is_pikachu_game_code(n64::read_rom_header(head).game_code) ? 100 : 1;
}

const FormatSchema& PikachuFormat::schema() const { return hey_you_pikachu::schema(); }

std::unique_ptr<Document> PikachuFormat::open(const Input& input, const Options& options) const {
    try {
        return std::make_unique<PikachuDocument>(input, options, Settings(*this, options));
    } catch (Error& e) {
        if (e.file().empty()) e.set_file(input.path);
        throw;
    }
}

}  // namespace ripkit::hey_you_pikachu

namespace ripkit::formats {

const Format& hey_you_pikachu_format() {
    static const hey_you_pikachu::PikachuFormat kFormat;
    return kFormat;
}

}  // namespace ripkit::formats
