#include "anim_dump.hpp"

#include "anim_commands.hpp"
#include "anim_reader.hpp"
#include "level_dump.hpp"

namespace ripkit::tr_level {

namespace {

using nlohmann::json;

const char* packing_name(Packing p) {
    switch (p) {
        case Packing::ThreeAxis:
            return "xyz";
        case Packing::X:
            return "x";
        case Packing::Y:
            return "y";
        case Packing::Z:
            return "z";
    }
    return "?";
}

json record_json(const Anim& a) {
    return {{"offset", a.at},
            {"frame_offset", a.frame_offset},
            {"rate", a.rate},
            {"frame_size", a.frame_size},
            {"state", a.state},
            {"speed", a.speed},
            {"accel", a.accel},
            {"lateral_speed", a.lateral_speed},
            {"lateral_accel", a.lateral_accel},
            {"frame_start", a.frame_start},
            {"frame_end", a.frame_end},
            {"next_anim", a.next_anim},
            {"next_frame", a.next_frame},
            {"state_changes", {a.state_change_index, a.state_change_count}},
            {"commands", {a.command_index, a.command_count}}};
}

json keyframe_json(const KeyFrame& f) {
    json rotations = json::array();
    for (size_t j = 0; j < f.rotations.size(); ++j)
        rotations.push_back({{"packing", packing_name(f.packing[j])}, {"angles", f.rotations[j]}});
    return {{"offset", f.at},
            {"bbox", f.bbox},
            {"root_offset", f.offset},
            {"rotations", std::move(rotations)}};
}

json state_changes_json(const Level& level, const Anim& a) {
    json out = json::array();
    for (uint32_t i = 0; i < engine_count(a.state_change_count); ++i) {
        const StateChange& s = level.state_changes[size_t(a.state_change_index) + i];
        json dispatches = json::array();
        for (uint32_t d = 0; d < engine_count(s.dispatch_count); ++d) {
            const Dispatch& x = level.dispatches[size_t(s.dispatch_index) + d];
            dispatches.push_back({{"offset", x.at},
                                  {"low", x.low},
                                  {"high", x.high},
                                  {"next_anim", x.next_anim},
                                  {"next_frame", x.next_frame}});
        }
        out.push_back({{"offset", s.at}, {"state", s.state}, {"dispatches", dispatches}});
    }
    return out;
}

json commands_json(const std::vector<AnimCommand>& commands) {
    json out = json::array();
    for (const AnimCommand& c : commands) {
        json ops = json::array();
        for (int k = 0; k < command_operands(c.kind); ++k) ops.push_back(c.operands[size_t(k)]);
        json j = {{"offset", c.at}, {"kind", command_name(c.kind)}, {"operands", ops}};
        if (!known_command(uint16_t(c.kind))) j["code"] = uint16_t(c.kind);
        out.push_back(std::move(j));
    }
    return out;
}

}  // namespace

json dump_anims(const Level& level, const Moveable& m) {
    json out = json::array();
    for (size_t k = 0; k < m.anims.size(); ++k) {
        const MoveableAnim& ma = m.anims[k];
        json j = {{"anim", k}, {"level_anim", ma.index}};
        if (ma.index < level.anims.size()) j["record"] = record_json(level.anims[ma.index]);
        if (ma.frames != AnimFrames::Carried) {
            j["without_frames"] = frames_name(ma.frames);
        } else if (ma.error) {
            j["error"] = error_json(*ma.error);
        } else {
            const Anim& a = level.anims[ma.index];
            json keys = json::array();
            for (const KeyFrame& f : ma.keys) keys.push_back(keyframe_json(f));
            j["keyframes"] = std::move(keys);
            j["commands"] = commands_json(ma.commands);
            j["state_changes"] = state_changes_json(level, a);
            if (!ma.notes.empty()) j["notes"] = ma.notes;
        }
        out.push_back(std::move(j));
    }
    return out;
}

}  // namespace ripkit::tr_level
