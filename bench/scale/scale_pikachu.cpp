#include "hey_you_pikachu/format.hpp"
#include "hey_you_pikachu/testkit/rom_builder.hpp"
#include "scale.hpp"

namespace scale {

using namespace ripkit;

Bytes pikachu_siblings(size_t nodes) {
    hey_you_pikachu::RomSpec spec;
    hey_you_pikachu::ModelSpec m;
    m.resource_id = 5;
    m.compressed = false;
    m.nodes.resize(nodes);
    for (size_t i = 1; i < nodes; ++i) m.nodes[i].parent = 0;
    spec.models.push_back(m);
    return hey_you_pikachu::build_rom(spec);
}

const Format& pikachu() { return formats::hey_you_pikachu_format(); }

}  // namespace scale
