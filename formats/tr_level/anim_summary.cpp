#include "anim_summary.hpp"

namespace ripkit::tr_level {

std::vector<uint32_t> anims_without_frames(const Moveable& m) {
    std::vector<uint32_t> out;
    for (size_t k = 0; k < m.anims.size(); ++k)
        if (m.anims[k].frames != AnimFrames::Carried) out.push_back(uint32_t(k));
    return out;
}

size_t failed_anims(const Moveable& m) {
    size_t n = 0;
    for (const MoveableAnim& a : m.anims) n += a.error ? 1 : 0;
    return n;
}

std::string number_ranges(const std::vector<uint32_t>& numbers) {
    std::string out;
    for (size_t i = 0; i < numbers.size();) {
        size_t j = i;
        while (j + 1 < numbers.size() && numbers[j + 1] == numbers[j] + 1) ++j;
        if (!out.empty()) out += ", ";
        out += std::to_string(numbers[i]);
        if (j > i) {
            out += '-';
            out += std::to_string(numbers[j]);
        }
        i = j + 1;
    }
    return out;
}

std::string frames_note(const Moveable& m) {
    const std::vector<uint32_t> none = anims_without_frames(m);
    if (none.empty()) return "";
    return std::to_string(none.size()) + " of " + std::to_string(m.anims.size()) +
           " anims carry no frames in this level: " + number_ranges(none);
}

}  // namespace ripkit::tr_level
