#include "anim_reader.hpp"

#include <algorithm>
#include <string>

#include "anim_commands.hpp"
#include "section_walk.hpp"

namespace ripkit::tr_level {

namespace {

std::string n(uint64_t v) { return std::to_string(v); }

constexpr uint64_t kAnimBytes = 40, kStateChangeBytes = 6, kDispatchBytes = 8;

Anim read_anim(ByteReader& r) {
    Anim a;
    a.at = r.abs_pos();
    a.frame_offset = r.u32("anim frame offset");
    a.rate = r.u8("anim frame rate");
    a.frame_size = r.u8("anim frame size");
    a.state = r.u16("anim state");
    a.speed = r.s32("anim speed");
    a.accel = r.s32("anim acceleration");
    a.lateral_speed = r.s32("anim lateral speed");
    a.lateral_accel = r.s32("anim lateral acceleration");
    a.frame_start = r.u16("anim first frame");
    a.frame_end = r.u16("anim last frame");
    a.next_anim = r.u16("anim next anim");
    a.next_frame = r.u16("anim next frame");
    a.state_change_count = r.u16("anim state change count");
    a.state_change_index = r.u16("anim state change index");
    a.command_count = r.u16("anim command count");
    a.command_index = r.u16("anim command index");
    return a;
}

template <class T, class Fn>
void read_counted(ByteReader& r, std::vector<T>& out, uint64_t size, Budget& budget,
                  const std::string& what, Fn&& read_one) {
    const uint32_t count = r.u32(what + " count");
    reserve_records(r, out, count, size, budget, what);
    for (uint32_t i = 0; i < count; ++i) out.push_back(read_one(r));
}

void read_words(ByteReader& r, std::vector<uint16_t>& out, uint64_t& at, Budget& budget,
                const std::string& what) {
    const uint32_t count = r.u32(what + " count");
    at = r.abs_pos();
    reserve_records(r, out, count, 2, budget, what);
    for (uint32_t i = 0; i < count; ++i) out.push_back(r.u16(what));
}

// The engine's 16-bit angle of a 10-bit (three-axis) or 12-bit (one axis) value.
uint16_t angle10(uint32_t v) { return uint16_t((v & 1023u) << 6); }
uint16_t angle12(uint32_t v) { return uint16_t((v & 4095u) << 4); }

// What the engine would read past the level's tables or divide by: an error.
// Counts are taken as the engine takes them (engine_count).
void check_anim(const Level& level, const Anim& a) {
    if (a.rate == 0) fail(ErrorKind::BadValue, a.at + 4, "a frame rate of at least 1, got 0");
    if (a.frame_end < a.frame_start)
        fail(
            ErrorKind::BadValue, a.at + 26,
            "a last frame at or after the first (" + n(a.frame_start) + "), got " + n(a.frame_end));
    if (a.frame_offset % 2 != 0)
        fail(ErrorKind::BadValue, a.at,
             "a frame offset of whole words (even), got " + n(a.frame_offset));
    const uint32_t changes = engine_count(a.state_change_count);
    const uint64_t changes_end = uint64_t(a.state_change_index) + changes;
    if (changes > 0 && changes_end > level.state_changes.size())
        fail(ErrorKind::BadIndex, a.at + 32,
             "state changes " + n(a.state_change_index) + ".." + n(changes_end) + " within the " +
                 n(level.state_changes.size()) + " state changes");
    for (uint64_t i = a.state_change_index; i < changes_end; ++i) {
        const StateChange& s = level.state_changes[size_t(i)];
        const uint32_t dispatches = engine_count(s.dispatch_count);
        const uint64_t end = uint64_t(s.dispatch_index) + dispatches;
        if (dispatches > 0 && end > level.dispatches.size())
            fail(ErrorKind::BadIndex, s.at + 2,
                 "dispatches " + n(s.dispatch_index) + ".." + n(end) + " of state change " + n(i) +
                     " within the " + n(level.dispatches.size()) + " dispatches");
    }
}

// Counts the engine reads as none, said once per anim.
void note_counts(const Level& level, const Anim& a, std::vector<std::string>& notes) {
    auto note = [&](const std::string& what, uint16_t count) {
        if (count != 0 && engine_count(count) == 0)
            notes.push_back(what + " count " + n(count) + " is " + std::to_string(int16_t(count)) +
                            " as the engine reads it (a signed short): none");
    };
    note("state change", a.state_change_count);
    const uint64_t end = uint64_t(a.state_change_index) + engine_count(a.state_change_count);
    for (uint64_t i = a.state_change_index; i < end; ++i)
        note("state change " + n(i) + "'s dispatch", level.state_changes[size_t(i)].dispatch_count);
}

MoveableAnim decode_anim(const Level& level, uint32_t index, int meshes, Budget& budget) {
    MoveableAnim out;
    out.index = index;
    out.frames = anim_frames(level, index);
    if (out.frames != AnimFrames::Carried) return out;
    const Anim& a = level.anims[index];
    check_anim(level, a);
    note_counts(level, a, out.notes);
    const uint32_t keys = keyframe_count(a);
    budget.alloc(keys, sizeof(KeyFrame) + size_t(meshes) * (sizeof(uint16_t) * 3 + 1), a.at,
                 "keyframes");
    budget.charge_steps(uint64_t(keys) * (uint64_t(meshes) + 1), "keyframes", a.at);
    out.keys.reserve(keys);
    const size_t first = a.frame_offset / 2;
    size_t longest = 0;
    for (uint32_t k = 0; k < keys; ++k) {
        out.keys.push_back(with_context("keyframe", k, [&] {
            return decode_keyframe(level.frames, first + size_t(k) * a.frame_size, meshes,
                                   level.frames_at);
        }));
        longest = std::max(longest, out.keys.back().words);
    }
    // GetFrames steps by the frame size and gar_RotYXZsuperpack reads on from
    // the keyframe's start, so a keyframe longer than the step reads into the
    // next one's words: read so, and said.
    if (longest > a.frame_size)
        out.notes.push_back("keyframes take up to " + n(longest) + " words but lie " +
                            n(a.frame_size) +
                            " apart (the frame size): each reads on into the next, as the "
                            "engine reads it");
    out.commands = decode_commands(level, a, out.notes);
    return out;
}

}  // namespace

const char* frames_name(AnimFrames f) {
    switch (f) {
        case AnimFrames::Carried:
            return "carried";
        case AnimFrames::SizeZero:
            return "frame size 0";
        case AnimFrames::NoWords:
            return "no frame words before the next anim's";
    }
    return "?";
}

AnimFrames anim_frames(const Level& level, uint32_t index) {
    const Anim& a = level.anims[index];
    if (a.frame_size == 0) return AnimFrames::SizeZero;
    const uint64_t next = index + 1 < level.anims.size() ? level.anims[index + 1].frame_offset
                                                         : 2 * uint64_t(level.frames.size());
    return a.frame_offset == next ? AnimFrames::NoWords : AnimFrames::Carried;
}

void read_anim_sections(ByteReader& r, Level& level, Budget& budget) {
    read_counted(r, level.anims, kAnimBytes, budget, "animations", read_anim);
    read_counted(r, level.state_changes, kStateChangeBytes, budget, "state changes",
                 [](ByteReader& in) {
                     StateChange s;
                     s.at = in.abs_pos();
                     s.state = in.u16("state change state");
                     s.dispatch_count = in.u16("state change dispatch count");
                     s.dispatch_index = in.u16("state change dispatch index");
                     return s;
                 });
    read_counted(r, level.dispatches, kDispatchBytes, budget, "anim dispatches",
                 [](ByteReader& in) {
                     Dispatch d;
                     d.at = in.abs_pos();
                     d.low = in.s16("dispatch first frame");
                     d.high = in.s16("dispatch last frame");
                     d.next_anim = in.s16("dispatch next anim");
                     d.next_frame = in.s16("dispatch next frame");
                     return d;
                 });
    read_words(r, level.anim_commands, level.anim_commands_at, budget, "anim command words");
    level.counts.animations = uint32_t(level.anims.size());
    level.counts.state_changes = uint32_t(level.state_changes.size());
    level.counts.dispatches = uint32_t(level.dispatches.size());
    level.counts.anim_commands = uint32_t(level.anim_commands.size());
}

void read_frame_words(ByteReader& r, Level& level, Budget& budget) {
    read_words(r, level.frames, level.frames_at, budget, "frame words");
    level.counts.frames = uint32_t(level.frames.size());
}

std::pair<uint32_t, uint32_t> anim_range(const Level& level, const Moveable& m) {
    if (m.animation < 0) return {0, 0};
    const uint32_t first = uint32_t(m.animation);
    uint32_t end = uint32_t(level.anims.size());
    for (const Moveable& o : level.moveables)
        if (o.animation > m.animation) end = std::min(end, uint32_t(o.animation));
    return {first, std::max(first, end)};
}

KeyFrame decode_keyframe(const std::vector<uint16_t>& frames, size_t word, int meshes,
                         uint64_t frames_at) {
    KeyFrame f;
    f.at = frames_at + 2 * uint64_t(word);
    size_t used = 0;
    auto next = [&](const char* what) -> uint16_t {
        if (word + used >= frames.size())
            fail(ErrorKind::Truncated, frames_at + 2 * uint64_t(word + used),
                 std::string(what) + " within the " + n(frames.size()) + " frame words");
        return frames[word + used++];
    };
    for (int16_t& v : f.bbox) v = int16_t(next("a bounding box word"));
    for (int16_t& v : f.offset) v = int16_t(next("a root offset word"));
    f.rotations.reserve(size_t(meshes));
    f.packing.reserve(size_t(meshes));
    for (int j = 0; j < meshes; ++j) {
        const uint16_t w = next("a rotation word");
        const Packing p = Packing(w >> 14);
        std::array<uint16_t, 3> rot{};
        if (p == Packing::ThreeAxis) {
            const uint32_t v = uint32_t(w) << 16 | next("the second word of a three-axis rotation");
            rot = {angle10(v >> 20), angle10(v >> 10), angle10(v)};
        } else {
            rot[size_t(p) - 1] = angle12(w);
        }
        f.rotations.push_back(rot);
        f.packing.push_back(p);
    }
    f.words = used;
    return f;
}

uint32_t keyframe_count(const Anim& a) {
    const uint32_t span = uint32_t(a.frame_end) - a.frame_start;  // check_anim: end >= start
    return (span + a.rate - 1) / a.rate + 1;
}

void decode_moveable_anims(Level& level, Budget& budget) {
    for (Moveable& m : level.moveables) {
        if (m.error || m.animation < 0) continue;
        if (size_t(m.animation) >= level.anims.size()) {
            MoveableAnim bad;
            bad.index = uint32_t(m.animation);
            bad.error = Error(ErrorKind::BadIndex, m.at + 16,
                              "a first anim below the " + n(level.anims.size()) + " anims, got " +
                                  n(uint64_t(m.animation)));
            m.anims.push_back(std::move(bad));
            continue;
        }
        const auto [first, end] = anim_range(level, m);
        budget.alloc(end - first, sizeof(MoveableAnim), m.at + 16, "anims");
        for (uint32_t i = first; i < end; ++i) {
            budget.progress(i - first, end - first, "anims");
            try {
                m.anims.push_back(with_context(
                    "level anim", i, [&] { return decode_anim(level, i, m.mesh_count, budget); }));
            } catch (Error& e) {
                if (document_wide(e)) throw;
                MoveableAnim bad;
                bad.index = i;
                bad.error = e;
                m.anims.push_back(std::move(bad));
            }
        }
    }
}

}  // namespace ripkit::tr_level
