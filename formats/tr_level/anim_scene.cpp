#include "anim_scene.hpp"

#include <algorithm>

#include "anim_commands.hpp"
#include "anim_reader.hpp"
#include "mesh_tree.hpp"
#include "ripkit/scene_kit.hpp"

namespace ripkit::tr_level {

namespace {

using nlohmann::json;

std::string n(uint64_t v) { return std::to_string(v); }

uint32_t parse_number(const std::string& text, const std::string& word) {
    if (text.empty() || text.size() > 9 ||
        !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
        fail_no_offset(ErrorKind::Usage,
                       "anims as all, none, numbers or ranges like 3-7 (got \"" + word + "\")");
    return uint32_t(std::stoul(text));
}

// 16.16 fixed point to a float.
double fixed(int32_t v) { return double(v) / 65536.0; }

json dispatches_json(const Level& level, const StateChange& s, uint32_t first) {
    json out = json::array();
    for (uint32_t d = 0; d < engine_count(s.dispatch_count); ++d) {
        const Dispatch& x = level.dispatches[size_t(s.dispatch_index) + d];
        out.push_back({{"frames", {x.low, x.high}},
                       {"next_anim", int64_t(x.next_anim) - int64_t(first)},
                       {"next_anim_level", x.next_anim},
                       {"next_frame", x.next_frame}});
    }
    return out;
}

json command_json(const AnimCommand& c, const Anim& a) {
    json j = {{"kind", command_name(c.kind)}};
    switch (c.kind) {
        case CommandKind::SetPosition:
            j["offset"] = {c.operands[0], c.operands[1], c.operands[2]};
            break;
        case CommandKind::JumpDistance:
            j["vertical"] = c.operands[0];
            j["horizontal"] = c.operands[1];
            break;
        case CommandKind::PlaySound:
        case CommandKind::FlipEffect: {
            // The frame is level-wide; the sound's top two bits say where it plays.
            j["frame"] = c.operands[0];
            j["anim_frame"] = int64_t(c.operands[0]) - a.frame_start;
            j["time"] = double(int64_t(c.operands[0]) - a.frame_start) / kFramesPerSecond;
            const uint16_t v = uint16_t(c.operands[1]);
            if (c.kind == CommandKind::PlaySound) {
                j["sound"] = v & 0x3FFF;
                j["where"] = (v >> 14) == 1 ? "land" : (v >> 14) == 2 ? "water" : "any";
            } else {
                j["effect"] = c.operands[1];
            }
            break;
        }
        case CommandKind::EmptyHands:
        case CommandKind::Kill:
            break;
    }
    if (!known_command(uint16_t(c.kind))) j["code"] = uint16_t(c.kind);
    return j;
}

json anim_extras(const Level& level, const MoveableAnim& ma, uint32_t local, uint32_t first) {
    const Anim& a = level.anims[ma.index];
    json changes = json::array();
    for (uint32_t i = 0; i < engine_count(a.state_change_count); ++i) {
        const StateChange& s = level.state_changes[size_t(a.state_change_index) + i];
        changes.push_back({{"state", s.state}, {"dispatches", dispatches_json(level, s, first)}});
    }
    json commands = json::array();
    for (const AnimCommand& c : ma.commands) commands.push_back(command_json(c, a));
    return {{"anim", local},
            {"level_anim", ma.index},
            {"state", a.state},
            {"rate", a.rate},
            {"frame_size", a.frame_size},
            {"frames", {a.frame_start, a.frame_end}},
            {"keyframes", ma.keys.size()},
            {"next_anim", int64_t(a.next_anim) - int64_t(first)},
            {"next_anim_level", a.next_anim},
            {"next_frame", a.next_frame},
            {"speed", fixed(a.speed)},
            {"accel", fixed(a.accel)},
            {"lateral_speed", fixed(a.lateral_speed)},
            {"lateral_accel", fixed(a.lateral_accel)},
            {"state_changes", std::move(changes)},
            {"commands", std::move(commands)}};
}

Animation build_animation(const AnimTarget& t, const MoveableAnim& ma, uint32_t local,
                          uint32_t first) {
    const Anim& a = t.level.anims[ma.index];
    const uint32_t span = uint32_t(a.frame_end) - a.frame_start;
    Animation anim;
    anim.name = "anim_" + n(local) + "_state_" + n(a.state);
    anim.frame_rate = kFramesPerSecond;
    anim.duration = double(span) / kFramesPerSecond;
    std::vector<double> times;
    for (size_t k = 0; k < ma.keys.size(); ++k)
        times.push_back(double(std::min<uint64_t>(k * a.rate, span)) / kFramesPerSecond);
    Channel root{t.joints[0], AnimPath::Translation, Interp::Linear, times, {}, {}, {}};
    for (const KeyFrame& f : ma.keys)
        root.values.push_back(glm::vec4(t.conv.point(f.offset[0], f.offset[1], f.offset[2]), 0));
    anim.channels.push_back(std::move(root));
    for (size_t j = 0; j < t.joints.size(); ++j) {
        // ASSUMPTION(anim_interpolation): slerp between keyframes.
        Channel c{t.joints[j], AnimPath::Rotation, Interp::Linear, times, {}, {}, {}};
        for (const KeyFrame& f : ma.keys) {
            const std::array<uint16_t, 3>& r = f.rotations[j];
            c.values.push_back(t.conv.rotation(rotation_yxz_quat(r[0], r[1], r[2])));
        }
        kit::keep_hemisphere(c.values);
        anim.channels.push_back(std::move(c));
    }
    anim.extras = anim_extras(t.level, ma, local, first);
    return anim;
}

}  // namespace

std::vector<uint32_t> select_anims(const std::vector<std::string>& selection, size_t count,
                                   const std::vector<bool>& without_frames) {
    std::vector<uint32_t> out;
    std::vector<bool> taken(count, false);
    auto frameless = [&](uint64_t k) { return k < without_frames.size() && without_frames[k]; };
    auto take = [&](uint32_t k, const std::string& word) {
        if (k >= count)
            fail_no_offset(ErrorKind::Usage, "anim numbers below the moveable's " + n(count) +
                                                 " anims (got \"" + word + "\")");
        if (!taken[k]) out.push_back(k);
        taken[k] = true;
    };
    for (const std::string& word : selection) {
        if (word == "all") {
            for (uint32_t k = 0; k < count; ++k)
                if (!frameless(k)) take(k, word);
        } else if (word == "none") {
            continue;
        } else if (const size_t dash = word.find('-'); dash != std::string::npos) {
            const uint32_t lo = parse_number(word.substr(0, dash), word);
            const uint32_t hi = parse_number(word.substr(dash + 1), word);
            if (hi < lo)
                fail_no_offset(ErrorKind::Usage,
                               "a range low-high with low <= high (got \"" + word + "\")");
            for (uint64_t k = lo; k <= hi; ++k)
                if (!frameless(k)) take(uint32_t(k), word);
        } else {
            const uint32_t k = parse_number(word, word);
            if (frameless(k))
                fail_no_offset(ErrorKind::Usage, "an anim with frames in this level, but anim " +
                                                     word + " has none (list shows which)");
            take(k, word);
        }
    }
    return out;
}

json frameless_extras(const Level& level, const Moveable& m) {
    json out = json::array();
    for (size_t k = 0; k < m.anims.size(); ++k) {
        const MoveableAnim& ma = m.anims[k];
        if (ma.frames == AnimFrames::Carried) continue;
        const Anim& a = level.anims[ma.index];
        out.push_back({{"anim", k},
                       {"level_anim", ma.index},
                       {"why", frames_name(ma.frames)},
                       {"state", a.state},
                       {"frames", {a.frame_start, a.frame_end}},
                       {"rate", a.rate},
                       {"frame_size", a.frame_size},
                       {"frame_offset", a.frame_offset}});
    }
    return out;
}

void add_animations(const AnimTarget& t, const std::vector<uint32_t>& chosen) {
    const uint32_t first = uint32_t(t.moveable.animation);
    for (uint32_t k : chosen)
        t.scene.animations.push_back(build_animation(t, t.moveable.anims[k], k, first));
}

}  // namespace ripkit::tr_level
