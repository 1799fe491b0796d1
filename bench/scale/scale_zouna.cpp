#include "scale.hpp"
#include "zouna/container/container.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/encode/animation_writer.hpp"
#include "zouna/format.hpp"
#include "zouna/testkit/kit_writer.hpp"

namespace scale {

using namespace ripkit;

Bytes zouna_same_name_skeleton(size_t bones) {
    zouna::Skel s;
    s.bones.resize(bones);
    for (zouna::Bone& b : s.bones) b.name = zouna::asobo_crc32("BONE");
    return zouna::write_object(zouna::asobo_crc32(zouna::kSkelClass), zouna::asobo_crc32("SKEL"),
                               {}, zouna::write_skel(s, Endian::Little, zouna::Variants{}),
                               Endian::Little, false);
}

const Format& zouna() { return formats::zouna_format(); }

}  // namespace scale
