// Entry points of the Hey You, Pikachu! format (see cmake/RipkitFormat.cmake).
#pragma once

#include "ripkit/format.hpp"

namespace ripkit::hey_you_pikachu {

class PikachuFormat : public Format {
  public:
    const FormatInfo& info() const override;
    // 100 for a ROM with game code NPGE/NPGJ in any byte order, 1 for another
    // N64 ROM (so open() can explain the game-code check), 0 otherwise.
    int probe(ByteSpan data, const std::string& path) const override;
    const FormatSchema& schema() const override;
    std::unique_ptr<Document> open(const Input& input, const Options& options) const override;
};

}  // namespace ripkit::hey_you_pikachu

namespace ripkit::formats {
const Format& hey_you_pikachu_format();
}  // namespace ripkit::formats
