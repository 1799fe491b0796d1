#include "cutscene_dump.hpp"

#include <string>

#include "cutscene_scene.hpp"

namespace ripkit::tr_cutseq {

namespace {

// A dumped running value: its JSON value, array slot and printed text.
constexpr uint64_t kDumpBytesPerValue = 96;

}  // namespace

nlohmann::json dump_cutscene(const Cutscene& c, Budget& budget) {
    if (c.error) return {{"index", c.index}, {"error", c.error->what()}};
    if (c.empty) return {{"index", c.index}, {"empty", true}};
    uint64_t values = uint64_t(c.frames) * 6;
    for (const Actor& a : c.actors) values += uint64_t(c.frames) * (3 + 3 * uint64_t(a.meshes));
    const std::string what = "the dump of cutscene " + std::to_string(c.index) + " (" +
                             std::to_string(values) + " values)";
    budget.charge_bytes(values * kDumpBytesPerValue, what);
    budget.charge_steps(values, what);
    nlohmann::json target = nlohmann::json::array(), position = nlohmann::json::array();
    for (int f = 0; f < c.frames; ++f) {
        target.push_back(camera_world(c, 0, f));
        position.push_back(camera_world(c, 1, f));
    }
    nlohmann::json actors = nlohmann::json::array();
    for (const Actor& a : c.actors) {
        nlohmann::json offset = nlohmann::json::array(), rotation = nlohmann::json::array();
        for (int f = 0; f < c.frames; ++f) {
            offset.push_back(actor_offset(a, f));
            nlohmann::json frame = nlohmann::json::array();
            for (int m = 1; m <= a.meshes; ++m)
                frame.push_back({a.tracks.at(f, m, 0), a.tracks.at(f, m, 1), a.tracks.at(f, m, 2)});
            rotation.push_back(std::move(frame));
        }
        actors.push_back({{"slot", a.slot},
                          {"meshes", a.meshes},
                          {"offset", std::move(offset)},
                          {"rotation", std::move(rotation)}});
    }
    return {{"index", c.index},
            {"frames", c.frames},
            {"origin", c.origin},
            {"audio_track", c.audio_track},
            {"camera", {{"target", std::move(target)}, {"position", std::move(position)}}},
            {"actors", std::move(actors)}};
}

}  // namespace ripkit::tr_cutseq
