#include "level_checks.hpp"

#include <set>
#include <string>

namespace ripkit::tr_level {

namespace {

std::string n(uint64_t v) { return std::to_string(v); }

void check_texture(const Level& level, const Face& f, uint16_t index) {
    const uint64_t word = f.at + (f.quad ? 8 : 6);
    if (index >= level.object_textures.size())
        fail(ErrorKind::BadIndex, word,
             "an object texture index below the " + n(level.object_textures.size()) +
                 " object textures (got " + n(index) + ")");
    const ObjectTexture& t = level.object_textures[index];
    if (texture_page(t) >= level.pages.size())
        with_context("object texture " + n(index), [&] {
            fail(ErrorKind::BadIndex, t.at + 2,
                 "a texture page index below the " + n(level.pages.size()) + " 32-bit pages (got " +
                     n(texture_page(t)) + ")");
        });
}

template <class Fn>
void check_faces(const std::vector<Face>& faces, Fn&& texture_of, const Level& level) {
    for (size_t i = 0; i < faces.size(); ++i)
        with_context(faces[i].quad ? "quad" : "triangle", i,
                     [&] { check_texture(level, faces[i], texture_of(faces[i])); });
}

void check_moveable(const Level& level, const Moveable& m) {
    if (size_t(m.starting_mesh) + m.mesh_count > level.mesh_pointers.size())
        fail(ErrorKind::BadIndex, m.at + 6,
             "meshes " + n(m.starting_mesh) + ".." + n(size_t(m.starting_mesh) + m.mesh_count) +
                 " within the " + n(level.mesh_pointers.size()) + " mesh pointers");
    if (m.mesh_count > 1 &&
        (m.mesh_tree < 0 || tree_node_index(m, m.mesh_count) > level.mesh_tree.size()))
        fail(ErrorKind::BadIndex, m.at + 8,
             "mesh tree values " + std::to_string(m.mesh_tree) + ".." +
                 std::to_string(int64_t(m.mesh_tree) + 4 * (m.mesh_count - 1)) + " within the " +
                 n(level.mesh_tree.size()) + " mesh tree values");
    for (int j = 0; j < m.mesh_count; ++j) {
        const size_t p = size_t(m.starting_mesh) + size_t(j);
        const MeshRecord& rec = level.meshes[size_t(level.mesh_of_pointer[p])];
        if (rec.error) {
            Error e = *rec.error;
            e.push_where("mesh " + n(size_t(j)) + " (mesh pointer " + n(p) + ")");
            throw e;
        }
    }
}

}  // namespace

void check_level(Level& level) {
    std::set<int32_t> slots;
    for (const Moveable& m : level.moveables) {
        // The engine has 465 (TR4) or 460 (TR5) slots; ids from 10000 name the rooms.
        if (m.slot < 0 || m.slot >= 10000)
            fail(ErrorKind::BadValue, m.at,
                 "a moveable slot in 0..9999, got " + std::to_string(m.slot));
        if (!slots.insert(m.slot).second)
            fail(ErrorKind::BadValue, m.at,
                 "one moveable per slot (slot " + std::to_string(m.slot) + " repeats)");
    }
    for (size_t i = 0; i < level.rooms.size(); ++i) {
        Room& room = level.rooms[i];
        if (room.error) continue;
        try {
            with_context("room " + n(i),
                         [&] { check_faces(room.faces, room_face_texture, level); });
        } catch (Error& e) {
            room.error = e;
        }
    }
    for (MeshRecord& rec : level.meshes) {
        if (!rec.mesh) continue;
        try {
            with_context("mesh at pointer " + n(rec.pointer),
                         [&] { check_faces(rec.mesh->faces, mesh_face_texture, level); });
        } catch (Error& e) {
            rec.error = e;
        }
    }
    for (size_t i = 0; i < level.moveables.size(); ++i) {
        Moveable& m = level.moveables[i];
        try {
            with_context("moveable " + n(i) + " (slot " + std::to_string(m.slot) + ")",
                         [&] { check_moveable(level, m); });
        } catch (Error& e) {
            m.error = e;
        }
    }
}

}  // namespace ripkit::tr_level
