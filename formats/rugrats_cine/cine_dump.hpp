// What `ripkit dump` (and `info`) print of a cinematic: its header and
// soundtrack, and per frame the camera, actor and pose records with the faces
// they show.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "cine_reader.hpp"
#include "cine_scene.hpp"

namespace ripkit::rugrats_cine {

nlohmann::json header_json(const Header& h);
nlohmann::json audio_json(const Cinematic& c);  // null without a soundtrack
// `faces`: compute_faces' (one per actor and pose record, in order).
nlohmann::json dump_cinematic(const Cinematic& c, const std::vector<Face>& faces,
                              cd::SectorShape shape);

}  // namespace ripkit::rugrats_cine
