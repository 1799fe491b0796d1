#include "anims_kit.hpp"

#include "kit_writer.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/encode/animation_writer.hpp"

namespace ripkit::zouna {

namespace {

// The kit's BEND with its one modifier moved to `bone`.
Animation bend_on(const KitSet& k, const char* bone) {
    Animation a = k.bend;
    a.nodes.at(0).name = asobo_crc32(bone);
    return a;
}

}  // namespace

std::vector<KitObject> kit_objects_two_skeletons(const KitSet& k) {
    std::vector<KitObject> out = kit_objects(k);
    const Variants v = kit_variants(k.game);
    Skel s2;
    Bone tail, tip;
    tail.name = asobo_crc32("TAIL");
    tip.name = asobo_crc32("TIP");
    tip.parent = 0;
    tip.translation = {0, 1, 0};
    tip.transform[3] = glm::vec4(0, 1, 0, 1);
    s2.bones = {tail, tip};
    auto add = [&](const char* name, const char* cls, const Bytes& body) {
        out.push_back({name, cls,
                       write_object(asobo_crc32(cls), asobo_crc32(name), Bytes(), body,
                                    Endian::Little, false)});
    };
    add("SKEL2", "Skel_Z", write_skel(s2, Endian::Little, v));
    add("WAG", "Animation_Z", write_animation(bend_on(k, "TAIL"), Endian::Little, v));
    add("NOD", "Animation_Z", write_animation(bend_on(k, "CHILD"), Endian::Little, v));
    return out;
}

std::string kit_names_two_skeletons() {
    std::string out = kit_names();
    for (const char* n : {"SKEL2", "TAIL", "TIP", "WAG", "NOD"})
        out += std::to_string(asobo_crc32(n)) + " " + n + "\n";
    return out;
}

}  // namespace ripkit::zouna
