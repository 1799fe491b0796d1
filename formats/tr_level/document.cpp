#include "document.hpp"

#include "anim_scene.hpp"
#include "anim_summary.hpp"
#include "format.hpp"
#include "level_dump.hpp"
#include "level_reader.hpp"
#include "mesh_tree.hpp"
#include "moveable_scene.hpp"
#include "room_scene.hpp"
#include "schema.hpp"
#include "slot_names.hpp"

namespace ripkit::tr_level {

namespace {

using nlohmann::json;

size_t face_count(const Level& level, const Moveable& m) {
    size_t n = 0;
    for (int j = 0; j < m.mesh_count; ++j) {
        const MeshRecord& rec =
            level.meshes[size_t(level.mesh_of_pointer[size_t(m.starting_mesh) + size_t(j)])];
        n += rec.mesh ? rec.mesh->faces.size() : 0;
    }
    return n;
}

}  // namespace

LevelDocument::LevelDocument(Level level, Conversion conv, std::shared_ptr<Budget> budget,
                             json assumptions, std::vector<std::string> anims, BodyStyle body)
    : level_(std::move(level)),
      conv_(conv),
      budget_(std::move(budget)),
      assumptions_(std::move(assumptions)),
      anims_(anims.empty() ? std::vector<std::string>{"all"} : std::move(anims)),
      body_(body) {
    warnings_ = level_.warnings;
    for (const Moveable& m : level_.moveables) {
        if (m.error) continue;
        const std::string slot = "slot " + std::to_string(m.slot);
        for (const std::string& w : walk_tree(tree_nodes(level_, m)).warnings)
            warnings_.push_back(slot + " " + w);
        for (size_t k = 0; k < m.anims.size(); ++k)
            for (const std::string& note : m.anims[k].notes)
                warnings_.push_back(slot + " anim " + std::to_string(k) + " (level anim " +
                                    std::to_string(m.anims[k].index) + "): " + note);
    }
}

json LevelDocument::info() const {
    size_t failed = rooms_error() ? 1 : 0;
    nlohmann::json without_frames = nlohmann::json::object();
    size_t frameless = 0;
    for (const Moveable& m : level_.moveables) {
        failed += m.error ? 1 : 0;
        const std::vector<uint32_t> none = anims_without_frames(m);
        frameless += none.size();
        if (!none.empty())
            without_frames[std::to_string(m.slot)] = std::to_string(none.size()) + " of " +
                                                     std::to_string(m.anims.size()) + ": " +
                                                     number_ranges(none);
    }
    return {{"format", "tr-level"},
            {"version", version_name(level_.version)},
            {"magic", level_.magic},
            {"file_bytes", level_.file_size},
            {"geometry_bytes", level_.geometry_size},
            {"rooms", level_.rooms.size()},
            {"mesh_pointers", level_.mesh_pointers.size()},
            {"meshes", level_.meshes.size()},
            {"moveables", level_.moveables.size()},
            {"animations", level_.anims.size()},
            {"frame_words", level_.frames.size()},
            {"anims_without_frames", {{"count", frameless}, {"by_slot", without_frames}}},
            {"object_textures", level_.object_textures.size()},
            {"texture_pages",
             {{"room", level_.room_pages},
              {"object", level_.object_pages},
              {"bump", level_.bump_pages}}},
            {"items_failed", failed},
            {"tail", tail_json(level_)},
            {"assumptions", assumptions_},
            {"warnings", warnings_}};
}

const Error* LevelDocument::rooms_error() const {
    for (const Room& r : level_.rooms)
        if (r.error) return &*r.error;
    return nullptr;
}

std::vector<ItemSummary> LevelDocument::items() const {
    std::vector<ItemSummary> out;
    for (const Moveable& m : level_.moveables) {
        ItemSummary s;
        s.id = m.slot;
        const char* name = slot_name(level_.version, m.slot);
        s.label = "slot " + std::to_string(m.slot) + (name ? std::string(" ") + name : "") + ": " +
                  std::to_string(m.mesh_count) + " meshes, " + std::to_string(m.anims.size()) +
                  " animations";
        const std::vector<uint32_t> none = anims_without_frames(m);
        if (!none.empty())
            s.label += " (" + std::to_string(none.size()) + " carry no frames in this level)";
        if (const size_t bad = failed_anims(m))
            s.label += " (" + std::to_string(bad) + " that do not decode)";
        s.fields = {{"slot", m.slot}, {"meshes", m.mesh_count}, {"animations", m.anims.size()}};
        if (!none.empty()) s.fields["anims_without_frames"] = none;
        if (const size_t bad = failed_anims(m)) s.fields["animations_failed"] = bad;
        if (name) s.fields["name"] = name;
        if (m.error) {
            s.error = m.error;  // listed as "(error: ...)", never as empty
            s.fields["error"] = error_json(*m.error);
        } else {
            s.empty = m.mesh_count == 0;
            s.fields["faces"] = face_count(level_, m);
        }
        out.push_back(std::move(s));
    }
    ItemSummary rooms;
    rooms.id = kRoomsItem;
    size_t vertices = 0, faces = 0;
    for (const Room& r : level_.rooms) {
        vertices += r.vertices.size();
        faces += r.faces.size();
    }
    rooms.label = "rooms: " + std::to_string(level_.rooms.size()) + " rooms, " +
                  std::to_string(vertices) + " vertices, " + std::to_string(faces) + " faces";
    rooms.fields = {{"rooms", level_.rooms.size()}, {"vertices", vertices}, {"faces", faces}};
    if (const Error* e = rooms_error()) {
        rooms.error = *e;
        rooms.fields["error"] = error_json(*e);
    } else {
        rooms.empty = faces == 0;
    }
    out.push_back(std::move(rooms));
    return out;
}

int64_t LevelDocument::default_item() const {
    for (const Moveable& m : level_.moveables)
        if (!m.error && m.mesh_count > 0) return m.slot;
    return kRoomsItem;
}

const Moveable& LevelDocument::moveable(int64_t item) const {
    for (const Moveable& m : level_.moveables)
        if (m.slot == item) return m;
    fail_no_offset(ErrorKind::Usage, "an item id: a moveable slot of this level or " +
                                         std::to_string(kRoomsItem) + " for the rooms (got " +
                                         std::to_string(item) + ")");
}

// The anims --anims names that carry frames; the first that did not decode
// is the item's error. Each key of each chosen anim is charged: a rotation
// and a translation value.
std::vector<uint32_t> LevelDocument::chosen_anims(const Moveable& m) const {
    std::vector<bool> without(m.anims.size(), false);
    for (uint32_t k : anims_without_frames(m)) without[k] = true;
    const std::vector<uint32_t> chosen = select_anims(anims_, m.anims.size(), without);
    uint64_t keys = 0;
    for (uint32_t k : chosen) {
        const MoveableAnim& a = m.anims[k];
        if (a.error) {
            Error e = *a.error;
            e.push_where("slot " + std::to_string(m.slot) + " anim " + std::to_string(k));
            throw e;
        }
        keys += a.keys.size();
    }
    budget_->charge_bytes(
        keys * (uint64_t(m.mesh_count) + 2) * (sizeof(glm::vec4) + sizeof(double)),
        "slot " + std::to_string(m.slot) + "'s animation keys");
    return chosen;
}

json LevelDocument::dump(std::optional<int64_t> item) const {
    if (!item) return dump_level(level_);
    if (*item == kRoomsItem) return dump_rooms(level_);
    return dump_moveable(level_, moveable(*item));
}

// What a scene of `faces` faces holds at most: per face four vertices
// (position, normal, UV, colour, joints) and two triangles, and every texture
// page as RGBA (a PNG is no larger).
void LevelDocument::charge_scene_bytes(uint64_t faces, const std::string& what) const {
    constexpr uint64_t kVertexBytes = 64, kPageBytes = 256 * 256 * 4;
    budget_->charge_bytes(
        faces * (4 * kVertexBytes + 6 * sizeof(uint32_t)) + level_.pages.size() * kPageBytes, what);
}

Scene LevelDocument::present(int64_t item) const {
    Scene scene;
    if (item == kRoomsItem) {
        if (const Error* e = rooms_error()) throw *e;
        size_t faces = 0;
        for (const Room& r : level_.rooms) faces += r.faces.size();
        if (faces == 0) fail_no_offset(ErrorKind::Usage, "rooms with faces (this level has none)");
        budget_->charge_steps(faces + 1, "room faces");
        charge_scene_bytes(faces, "the rooms' meshes and textures");
        scene = rooms_scene(level_, conv_);
    } else {
        const Moveable& m = moveable(item);
        if (m.error) throw *m.error;
        if (m.mesh_count == 0)
            fail_no_offset(ErrorKind::Usage,
                           "a moveable with meshes (slot " + std::to_string(m.slot) + " has none)");
        budget_->charge_steps(face_count(level_, m) + 1, "moveable faces");
        charge_scene_bytes(face_count(level_, m),
                           "slot " + std::to_string(m.slot) + "'s meshes and textures");
        const std::vector<uint32_t> anims = chosen_anims(m);
        scene = moveable_scene(level_, m, conv_, anims, body_);
        scene.extras["slot"] = m.slot;
        if (const std::string note = frames_note(m); !note.empty())
            scene.notes.push_back("slot " + std::to_string(m.slot) + ": " + note +
                                  " (not converted)");
    }
    scene.extras["format"] = "tr-level";
    scene.extras["version"] = version_name(level_.version);
    scene.extras["item"] = item;
    scene.extras["units"] = conv_.native ? "TR units" : "metres";
    scene.extras["scale"] = conv_.native ? 1.0 : conv_.scale;
    scene.extras["axes"] =
        conv_.native ? "TR: X right, Y down, Z forward" : "Y up, right-handed (TR x, -y, -z)";
    // Scene extras carry the texts (docs/architecture.md "Metadata conventions").
    json texts = json::array();
    for (const auto& [key, text] : assumptions_.items()) texts.push_back(text);
    scene.extras["assumptions"] = texts;
    return scene;
}

std::unique_ptr<Document> open_level(const Input& input, const Options& options,
                                     const Settings& settings) {
    const Conversion conv = conversion(settings, options);
    std::shared_ptr<Budget> budget = budget_for(options);
    Level level = read_level(input.bytes, *budget);
    return std::make_unique<LevelDocument>(std::move(level), conv, std::move(budget),
                                           settings.assumptions(), settings.list("anims"),
                                           body_style(settings));
}

std::unique_ptr<Document> open_level(const Input& input, const Options& options) {
    return formats::tr_level_format().open(input, options);
}

}  // namespace ripkit::tr_level
