#include "cine_dump.hpp"

namespace ripkit::rugrats_cine {

namespace {

nlohmann::json quat_json(const Quat13& q) { return {q[0], q[1], q[2], q[3]}; }
nlohmann::json vec_json(const Vec3i& v) { return {v[0], v[1], v[2]}; }

}  // namespace

nlohmann::json header_json(const Header& h) {
    return {{"magic", h.magic},
            {"version", h.version},
            {"frames", h.frames},
            {"setup_size", h.setup.size()}};
}

nlohmann::json audio_json(const Cinematic& c) {
    if (!c.audio) return nullptr;
    const AudioTrack& a = *c.audio;
    return {{"sectors", a.sectors.size()},
            {"played", a.playback.played_count},
            {"gaps", a.playback.gaps},
            {"rate", a.rate},
            {"channels", a.stereo ? 2 : 1},
            {"file", a.file},
            {"channel", a.channel},
            {"played_seconds", double(a.playback.total_frames) / 44100.0}};
}

nlohmann::json dump_cinematic(const Cinematic& c, const std::vector<Face>& faces,
                              cd::SectorShape shape) {
    size_t face = 0;  // the next record's
    nlohmann::json frames = nlohmann::json::array();
    for (const FrameRecord& f : c.frames) {
        nlohmann::json actors = nlohmann::json::array(), poses = nlohmann::json::array();
        for (const ActorRecord& a : f.actors) {
            const Face& shown = faces[face++];
            actors.push_back({{"id", a.id},
                              {"quaternion", quat_json(a.q)},
                              {"position", vec_json(a.position)},
                              {"mouth", shown.mouth},
                              {"eyes", shown.eyes},
                              {"mouth_field", a.mouth},
                              {"eyes_field", a.eyes},
                              {"unknown_16", a.unknown_16}});
        }
        for (const PoseRecord& p : f.poses) {
            const Face& shown = faces[face++];
            nlohmann::json keys = nlohmann::json::array();
            for (const PoseKey& k : p.keys)
                keys.push_back({{"channel", k.channel}, {"quaternion", quat_json(k.q)}});
            poses.push_back({{"id", p.id},
                             {"position", vec_json(p.position)},
                             {"mouth", shown.mouth},
                             {"eyes", shown.eyes},
                             {"mouth_field", p.mouth},
                             {"eyes_field", p.eyes},
                             {"keys", keys}});
        }
        frames.push_back(
            {{"frame", f.frame},
             {"sector", f.sector},
             {"unknown_02", f.unknown_02},
             {"camera",
              {{"position", vec_json(f.camera_position)}, {"quaternion", quat_json(f.camera_q)}}},
             {"actors", actors},
             {"poses", poses}});
    }
    return {{"format", "rugrats-cine"},
            {"shape", cd::shape_name(shape)},
            {"item", c.id},
            {"header", header_json(c.header)},
            {"frames", frames},
            {"end", c.end},
            {"audio", audio_json(c)}};
}

}  // namespace ripkit::rugrats_cine
