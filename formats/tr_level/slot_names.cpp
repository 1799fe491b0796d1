#include "slot_names.hpp"

#include <map>
#include <string>

namespace ripkit::tr_level {

namespace {

using Names = std::map<int32_t, std::string>;

// Slots both games share.
void common(Names& n) {
    n[0] = "LARA";
    n[8] = "LARA_SKIN";
    n[9] = "LARA_SKIN_JOINTS";
    for (int i = 0; i < 4; ++i) n[17 + i] = "LARA_SPEECH_HEAD" + std::to_string(i + 1);
    n[21] = "ACTOR1_SPEECH_HEAD1";
    n[22] = "ACTOR1_SPEECH_HEAD2";
    n[23] = "ACTOR2_SPEECH_HEAD1";
    n[24] = "ACTOR2_SPEECH_HEAD2";
    n[30] = "HAIR";
}

void animating(Names& n, int32_t first) {
    for (int i = 0; i < 16; ++i) {
        n[first + 2 * i] = "ANIMATING" + std::to_string(i + 1);
        n[first + 2 * i + 1] = "ANIMATING" + std::to_string(i + 1) + "_MIP";
    }
}

Names tr4_names() {
    Names n;
    common(n);
    n[39] = "VON_CROY";
    n[57] = "JEAN_YVES";
    n[59] = "TROOPS";
    for (int i = 0; i < 3; ++i) n[417 + i] = "MESHSWAP" + std::to_string(i + 1);
    animating(n, 427);
    return n;
}

Names tr5_names() {
    Names n;
    common(n);
    n[34] = "SWAT_MIP";
    n[44] = "CROW_MIP";
    n[45] = "LARSON";
    n[47] = "PIERRE";
    n[54] = "SAILOR_MIP";
    n[56] = "CRANE_GUY_MIP";
    n[58] = "LION_MIP";
    n[84] = "SNIPER_MIP";
    n[157] = "CUTSCENE_ROPE";
    for (int i = 0; i < 3; ++i) n[405 + i] = "MESHSWAP" + std::to_string(i + 1);
    animating(n, 416);
    return n;
}

}  // namespace

const char* slot_name(Version version, int32_t slot) {
    static const Names tr4 = tr4_names(), tr5 = tr5_names();
    const Names& names = version == Version::Tr4 ? tr4 : tr5;
    const auto it = names.find(slot);
    return it == names.end() ? nullptr : it->second.c_str();
}

}  // namespace ripkit::tr_level
