#include "anim_writer.hpp"

#include <algorithm>
#include <stdexcept>

namespace ripkit::tr_level::testkit {

std::vector<uint16_t> pack_keyframe(const KeyFrame& f) {
    std::vector<uint16_t> out;
    for (int16_t v : f.bbox) out.push_back(uint16_t(v));
    for (int16_t v : f.offset) out.push_back(uint16_t(v));
    for (size_t j = 0; j < f.rotations.size(); ++j) {
        const auto& r = f.rotations[j];
        const Packing p = j < f.packing.size() ? f.packing[j] : Packing::ThreeAxis;
        if (p == Packing::ThreeAxis) {
            const uint32_t v =
                uint32_t(r[0] >> 6) << 20 | uint32_t(r[1] >> 6) << 10 | uint32_t(r[2] >> 6);
            out.push_back(uint16_t(v >> 16));
            out.push_back(uint16_t(v & 0xFFFF));
        } else {
            const uint16_t angle = r[size_t(p) - 1];
            out.push_back(uint16_t(uint16_t(p) << 14 | angle >> 4));
        }
    }
    return out;
}

uint32_t append_anim(LevelSpec& spec, const AnimSpec& a) {
    if (a.keys.empty() || a.rate == 0)
        throw std::invalid_argument("append_anim: no keys or rate 0");
    const uint32_t span = a.span >= 0 ? uint32_t(a.span) : uint32_t(a.keys.size() - 1) * a.rate;
    if ((span + a.rate - 1) / a.rate + 1 != a.keys.size())
        throw std::invalid_argument("append_anim: key count does not match span and rate");
    std::vector<std::vector<uint16_t>> packed;
    size_t stride = 0;
    for (const KeyFrame& k : a.keys) {
        packed.push_back(pack_keyframe(k));
        stride = std::max(stride, packed.back().size());
    }
    if (stride > 255) throw std::invalid_argument("append_anim: frame size over 255 words");
    Anim r;
    r.frame_offset = uint32_t(spec.frames.size() * 2);
    r.rate = a.rate;
    r.frame_size = uint8_t(stride);
    r.state = a.state;
    r.speed = a.speed;
    r.accel = a.accel;
    r.lateral_speed = a.lateral_speed;
    r.lateral_accel = a.lateral_accel;
    r.frame_start = a.frame_start;
    r.frame_end = uint16_t(a.frame_start + span);
    r.next_anim = a.next_anim;
    r.next_frame = a.next_frame;
    for (std::vector<uint16_t>& words : packed) {
        words.resize(stride, 0);
        spec.frames.insert(spec.frames.end(), words.begin(), words.end());
    }
    r.command_index = uint16_t(spec.anim_commands.size());
    r.command_count = uint16_t(a.commands.size());
    for (const AnimCommand& c : a.commands) {
        spec.anim_commands.push_back(uint16_t(c.kind));
        for (int k = 0; k < command_operands(c.kind); ++k)
            spec.anim_commands.push_back(uint16_t(c.operands[size_t(k)]));
    }
    r.state_change_index = uint16_t(spec.state_changes.size());
    r.state_change_count = uint16_t(a.state_changes.size());
    for (const auto& [state, dispatches] : a.state_changes) {
        StateChange s;
        s.state = state;
        s.dispatch_index = uint16_t(spec.dispatches.size());
        s.dispatch_count = uint16_t(dispatches.size());
        spec.state_changes.push_back(s);
        spec.dispatches.insert(spec.dispatches.end(), dispatches.begin(), dispatches.end());
    }
    spec.anims.push_back(r);
    return uint32_t(spec.anims.size() - 1);
}

void write_anim_sections(ByteWriter& w, const LevelSpec& spec) {
    w.u32(uint32_t(spec.anims.size()));
    for (const Anim& a : spec.anims) {
        w.u32(a.frame_offset);
        w.u8(a.rate);
        w.u8(a.frame_size);
        w.u16(a.state);
        w.s32(a.speed);
        w.s32(a.accel);
        w.s32(a.lateral_speed);
        w.s32(a.lateral_accel);
        for (uint16_t v :
             {a.frame_start, a.frame_end, a.next_anim, a.next_frame, a.state_change_count,
              a.state_change_index, a.command_count, a.command_index})
            w.u16(v);
    }
    w.u32(uint32_t(spec.state_changes.size()));
    for (const StateChange& s : spec.state_changes)
        for (uint16_t v : {s.state, s.dispatch_count, s.dispatch_index}) w.u16(v);
    w.u32(uint32_t(spec.dispatches.size()));
    for (const Dispatch& d : spec.dispatches)
        for (int16_t v : {d.low, d.high, d.next_anim, d.next_frame}) w.s16(v);
    w.u32(uint32_t(spec.anim_commands.size()));
    for (uint16_t v : spec.anim_commands) w.u16(v);
}

void write_frame_words(ByteWriter& w, const LevelSpec& spec) {
    w.u32(uint32_t(spec.frames.size()));
    for (uint16_t v : spec.frames) w.u16(v);
}

}  // namespace ripkit::tr_level::testkit
