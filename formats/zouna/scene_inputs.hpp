// What the scene builders take besides the decoded object: the layouts
// read with, the names, the units, the document's budget, and the
// animations that come with a skeleton or a model (companions).
#pragma once

#include <string>

#include "ripkit/limits.hpp"
#include "zouna/container/names.hpp"
#include "zouna/keyframes/animation.hpp"
#include "zouna/variants.hpp"

namespace ripkit::zouna {

// A decoded companion animation (--anim file or a BigFile sibling object).
struct NamedAnimation {
    std::string name;
    uint32_t crc = 0;
    Endian endian = Endian::Little;
    Animation anim;
};

struct SceneInputs {
    const Variants& v;
    const NameMap& names;
    bool native;
    Budget& budget;  // the document's: charged for baked samples and keys
};

}  // namespace ripkit::zouna
