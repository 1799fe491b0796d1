#include "room_scene.hpp"

#include <string>

#include "face_emit.hpp"
#include "level_checks.hpp"

namespace ripkit::tr_level {

glm::vec4 room_colour(Version version, uint32_t c) {
    if (version == Version::Tr4)
        return {float((c >> 10) & 31) / 31.0f, float((c >> 5) & 31) / 31.0f, float(c & 31) / 31.0f,
                1.0f};
    return {float((c >> 16) & 255) / 255.0f, float((c >> 8) & 255) / 255.0f,
            float(c & 255) / 255.0f, 1.0f};
}

namespace {

bool usable_normals(const Room& room) {
    for (const RoomVertex& v : room.vertices)
        if (v.normal[0] == 0 && v.normal[1] == 0 && v.normal[2] == 0) return false;
    return !room.vertices.empty();
}

void add_room(Scene& scene, int parent, const Level& level, size_t k, MaterialTable& materials,
              const Conversion& conv) {
    const Room& room = level.rooms[k];
    const std::string name = "room" + std::to_string(k);
    const int node = scene.add_node(name, parent);
    scene.nodes[size_t(node)].translation = conv.point(room.x, 0, room.z);
    scene.nodes[size_t(node)].extras = {
        {"room", k}, {"y_bottom", room.y_bottom}, {"y_top", room.y_top}, {"flags", room.flags}};
    const bool normals = level.version == Version::Tr5 && usable_normals(room);
    MeshByMaterial meshes(scene, node, name + "_geo");
    for (const Face& f : room.faces) {
        const uint16_t tex = room_face_texture(f);
        // Rooms are lit by their vertex colours: unlit materials.
        Mesh& out = meshes[materials.material(tex, false, room_face_double_sided(f), true)];
        emit_face(out, f, level.object_textures[tex], [&](uint16_t v) {
            const RoomVertex& rv = room.vertices[v];
            out.positions.push_back(conv.point(rv.x, rv.y, rv.z));
            out.colors.push_back(room_colour(level.version, rv.colour));
            if (normals)
                out.normals.push_back(
                    glm::normalize(conv.direction(rv.normal[0], rv.normal[1], rv.normal[2])));
        });
    }
}

}  // namespace

void add_rooms(Scene& scene, int parent, const Level& level, const std::vector<size_t>& rooms,
               MaterialTable& materials, const Conversion& conv) {
    for (size_t k : rooms) add_room(scene, parent, level, k, materials, conv);
}

Scene rooms_scene(const Level& level, const Conversion& conv) {
    Scene scene;
    scene.name = "rooms";
    const int root = scene.add_node("rooms", -1);
    MaterialTable materials(level, scene);
    std::vector<size_t> all(level.rooms.size());
    for (size_t k = 0; k < all.size(); ++k) all[k] = k;
    add_rooms(scene, root, level, all, materials, conv);
    return scene;
}

}  // namespace ripkit::tr_level
