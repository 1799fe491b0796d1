#include "level_document.hpp"

#include <cmath>

#include "level_dump.hpp"
#include "level_reader.hpp"
#include "mesh_tree.hpp"
#include "moveable_scene.hpp"
#include "room_scene.hpp"
#include "slot_names.hpp"

namespace ripkit::tr_level {

namespace {

using nlohmann::json;

const std::vector<std::string>& assumptions() {
    static const std::vector<std::string> a = {
        "1 TR unit = 1/512 m (--set scale=S); TR's Y-down space turned by (x, -y, -z)",
        "UV = object texture corner (8.8 pixels) / 65536, without the engine's half-texel inset",
        "a mesh-tree pop on an empty stack keeps the current mesh as the parent",
        "object faces single-sided; room faces double-sided where texture bit 15 is set",
        "alpha-tested textures (attribute 1) as MASK 0.5; additive (attribute 2, effects bit 0) "
        "as BLEND with extras blend=additive",
        "vertex lights as COLOR_0 grey (255 - (L >> 5)) / 255; room colours as stored / max, "
        "linear",
        "the rest pose: tree offsets, no rotation"};
    return a;
}

double scale_setting(const Options& o) {
    const auto v = o.setting("scale");
    if (!v) return kDefaultScale;
    try {
        size_t used = 0;
        const double d = std::stod(*v, &used);
        if (used == v->size() && std::isfinite(d) && d > 0 && d <= 1e9) return d;
    } catch (const std::exception&) {
    }
    fail_no_offset(ErrorKind::Usage, "--set scale=<number in (0, 1e9]>, got '" + *v + "'");
}

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

LevelDocument::LevelDocument(Level level, Conversion conv, std::shared_ptr<Budget> budget)
    : level_(std::move(level)), conv_(conv), budget_(std::move(budget)) {
    warnings_ = level_.warnings;
    for (const Moveable& m : level_.moveables) {
        if (m.error) continue;
        for (const std::string& w : walk_tree(tree_nodes(level_, m)).warnings)
            warnings_.push_back("slot " + std::to_string(m.slot) + " " + w);
    }
}

json LevelDocument::info() const {
    size_t failed = rooms_error() ? 1 : 0;
    for (const Moveable& m : level_.moveables) failed += m.error ? 1 : 0;
    return {{"format", "tr-level"},
            {"version", version_name(level_.version)},
            {"magic", level_.magic},
            {"file_bytes", level_.file_size},
            {"geometry_bytes", level_.geometry_size},
            {"rooms", level_.rooms.size()},
            {"mesh_pointers", level_.mesh_pointers.size()},
            {"meshes", level_.meshes.size()},
            {"moveables", level_.moveables.size()},
            {"object_textures", level_.object_textures.size()},
            {"texture_pages",
             {{"room", level_.room_pages},
              {"object", level_.object_pages},
              {"bump", level_.bump_pages}}},
            {"items_failed", failed},
            {"assumptions", assumptions()},
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
                  std::to_string(m.mesh_count) + " meshes";
        s.fields = {{"slot", m.slot}, {"meshes", m.mesh_count}};
        if (name) s.fields["name"] = name;
        if (m.error) {
            s.label += " (error: " + std::string(m.error->what()) + ")";
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
        rooms.label += " (error: " + std::string(e->what()) + ")";
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

json LevelDocument::dump(std::optional<int64_t> item) const {
    if (!item) return dump_level(level_);
    if (*item == kRoomsItem) return dump_rooms(level_);
    return dump_moveable(level_, moveable(*item));
}

Scene LevelDocument::scene(int64_t item) const {
    Scene scene;
    if (item == kRoomsItem) {
        if (const Error* e = rooms_error()) throw *e;
        size_t faces = 0;
        for (const Room& r : level_.rooms) faces += r.faces.size();
        if (faces == 0) fail_no_offset(ErrorKind::Usage, "rooms with faces (this level has none)");
        budget_->charge_steps(faces + 1, "room faces");
        scene = rooms_scene(level_, conv_);
    } else {
        const Moveable& m = moveable(item);
        if (m.error) throw *m.error;
        if (m.mesh_count == 0)
            fail_no_offset(ErrorKind::Usage,
                           "a moveable with meshes (slot " + std::to_string(m.slot) + " has none)");
        budget_->charge_steps(face_count(level_, m) + 1, "moveable faces");
        scene = moveable_scene(level_, m, conv_);
        scene.extras["slot"] = m.slot;
    }
    scene.extras["format"] = "tr-level";
    scene.extras["version"] = version_name(level_.version);
    scene.extras["item"] = item;
    scene.extras["units"] = conv_.native ? "TR units" : "metres";
    scene.extras["scale"] = conv_.native ? 1.0 : conv_.scale;
    scene.extras["axes"] =
        conv_.native ? "TR: X right, Y down, Z forward" : "Y up, right-handed (TR x, -y, -z)";
    scene.extras["assumptions"] = assumptions();
    return scene;
}

std::unique_ptr<Document> open_level(const Input& input, const Options& options) {
    Conversion conv;
    conv.native = options.native;
    conv.scale = scale_setting(options);
    std::shared_ptr<Budget> budget = budget_for(options);
    Level level = read_level(input.bytes, *budget);
    return std::make_unique<LevelDocument>(std::move(level), conv, std::move(budget));
}

}  // namespace ripkit::tr_level
