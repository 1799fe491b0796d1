#include "kit_writer.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include "zouna/encode/animation_writer.hpp"

namespace ripkit::zouna {

namespace {

// The first object's name crc (for the block description), in the file's order.
uint32_t first_name(const std::vector<Bytes>& objects, size_t first, size_t last, Endian e) {
    if (last <= first || objects[first].size() < 24) return 0;
    const uint8_t* p = objects[first].data() + 20;
    return e == Endian::Little ? load_u32le(p) : load_u32be(p);
}

}  // namespace

Bytes write_skel(const Skel& s, Endian e, const Variants& v) {
    ByteWriter w(e);
    w.u32(s.flags);
    w.zeros(skel_header_size(v.skel) - 4);  // bounding sphere (and Rat's extra fields)
    w.u32(static_cast<uint32_t>(s.bones.size()));
    for (const Bone& b : s.bones) {
        const size_t at = w.size();
        w.u32(b.user_define);
        for (int c = 0; c < 4; ++c) w.f32(b.rotation[c]);
        for (int c = 0; c < 3; ++c) w.f32(b.scale[c]);
        w.u32(b.flags);
        for (int c = 0; c < 3; ++c) w.f32(b.translation[c]);
        w.zeros(164 - (w.size() - at));  // runtime matrices and pointers
        for (int c = 0; c < 16; ++c) w.f32(b.transform[c / 4][c % 4]);
        std::array<int32_t, 4> idx = b.indices;
        idx[v.parent_index] = b.parent;
        for (int32_t i : idx) w.s32(i);
        w.u32(b.name);
    }
    // Material names, mesh names, groups, names; sphere/box collision bones.
    for (int i = 0; i < 7; ++i) w.u32(0);
    return std::move(w.bytes());
}

Bytes write_material_anim(const MaterialAnim& m, Endian e, const Variants& v) {
    ByteWriter w(e);
    static const KfClass classes[10] = {KfClass::Hdl,
                                        KfClass::Vec2fLinear,
                                        KfClass::Vec2fLinear,
                                        KfClass::FloatLinearComp,
                                        KfClass::FloatLinearComp,
                                        KfClass::Vec3fLinear,
                                        KfClass::Vec3fLinear,
                                        KfClass::Vec4fLinear,
                                        KfClass::Flag,
                                        KfClass::Flag};
    const auto tracks = material_anim_tracks(m);
    for (size_t i = 0; i < tracks.size(); ++i) {
        Keyframer copy = *tracks[i].second;
        copy.cls = classes[i];
        write_keyframer(w, copy, v);
    }
    w.u32(m.base_material);
    w.f32(m.duration);
    w.u8(m.flags);
    return std::move(w.bytes());
}

Bytes write_bigfile(const std::vector<Bytes>& objects, Endian e, const std::string& version,
                    size_t per_block) {
    per_block = std::max<size_t>(per_block, 1);
    const size_t blocks = std::min<size_t>((objects.size() + per_block - 1) / per_block, 64);
    ByteWriter w(e);
    w.raw(std::string_view(version).substr(0, 255));
    w.zeros(256 - w.size());
    w.u32(1);  // type: normal
    w.u32(static_cast<uint32_t>(blocks));
    w.zeros(0x720 - w.size());  // capacities, version triple, descriptions (patched below)
    w.u32(0);                   // pool manifest padded size
    w.u32(0);                   // pool offset: none
    w.zeros(2048 - w.size());
    for (size_t b = 0; b < blocks; ++b) {
        const size_t begin = w.size();
        const size_t first = b * per_block;
        const size_t last = std::min(objects.size(), first + per_block);
        for (size_t i = first; i < last; ++i) w.raw(objects[i]);
        const size_t data = w.size() - begin;
        w.align(2048);
        const size_t desc = 0x120 + 24 * b;
        w.put_u32(desc, static_cast<uint32_t>(last - first));
        w.put_u32(desc + 4, static_cast<uint32_t>(w.size() - begin));
        w.put_u32(desc + 8, static_cast<uint32_t>(data));
        w.put_u32(desc + 16, first_name(objects, first, last, e));
    }
    return std::move(w.bytes());
}

}  // namespace ripkit::zouna
