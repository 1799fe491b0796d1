// A BigFile of objects of one name: `count` Skel_Z objects all called SAME,
// object k's one ROOT bone at x = k. Used by the container test (distinct item
// ids) and the CLI test (`convert --all` writes each).
#pragma once

#include "zouna/container/crc32.hpp"
#include "zouna/encode/animation_writer.hpp"
#include "zouna/testkit/kit_writer.hpp"

namespace ripkit::zouna::test {

inline Bytes same_name_bigfile(int count) {
    std::vector<Bytes> objects;
    for (int i = 0; i < count; ++i) {
        Skel s;
        Bone b;
        b.name = asobo_crc32("ROOT");
        b.translation = {float(i), 0, 0};
        s.bones.push_back(b);
        objects.push_back(write_object(asobo_crc32("Skel_Z"), asobo_crc32("SAME"), {},
                                       write_skel(s, Endian::Little, Variants{}), Endian::Little,
                                       false));
    }
    return write_bigfile(objects, Endian::Little, "v1.381.67.09 - Asobo Studio", 4);
}

}  // namespace ripkit::zouna::test
