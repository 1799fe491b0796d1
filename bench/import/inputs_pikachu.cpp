#include "hey_you_pikachu/testkit/rom_builder.hpp"
#include "inputs.hpp"

namespace bench_import {

using namespace ripkit::hey_you_pikachu;

Input pikachu_rom() {
    static const std::filesystem::path file = [] {
        RomSpec spec = sample_rom_spec();
        // The sample's five models, each 60 times under its own resource id.
        const std::vector<ModelSpec> five = spec.models;
        spec.models.clear();
        spec.filler_resources.clear();
        for (uint32_t i = 0; i < 300; ++i) {
            ModelSpec m = five[i % five.size()];
            m.resource_id = 10 + i;
            spec.models.push_back(m);
        }
        spec.anims = every_bank_anim_spec();
        return bench_file("PIKACHU.z64", build_rom(spec));
    }();
    return {"hey-you-pikachu: ROM of 300 models and 230 banks, model 0", file, {}, {}};
}

}  // namespace bench_import
