#include "pikachu/format.hpp"
#include "pikachu/testkit/rom_builder.hpp"
#include "scale.hpp"

namespace scale {

using namespace ripkit;

Bytes pikachu_siblings(size_t nodes) {
    pikachu::RomSpec spec;
    pikachu::ModelSpec m;
    m.resource_id = 5;
    m.compressed = false;
    m.nodes.resize(nodes);
    for (size_t i = 1; i < nodes; ++i) m.nodes[i].parent = 0;
    spec.models.push_back(m);
    return pikachu::build_rom(spec);
}

const Format& pikachu() { return formats::pikachu_format(); }

}  // namespace scale
