// Cross-references checked once the whole geometry block is read (object
// textures come after the meshes and rooms that use them): every face's
// object texture and its page, every moveable's mesh pointers and tree nodes.
// A failure becomes the room's, mesh's or moveable's own error.
#pragma once

#include "level_types.hpp"

namespace ripkit::tr_level {

inline uint16_t room_face_texture(const Face& f) { return f.texture & 0x3FFF; }
// ASSUMPTION(sidedness): a room face is double-sided where texture bit 15 is set.
inline bool room_face_double_sided(const Face& f) { return (f.texture & 0x8000) != 0; }
inline uint16_t mesh_face_texture(const Face& f) { return f.texture & 0x7FFF; }
inline uint16_t texture_page(const ObjectTexture& t) { return t.tile & 0x7FFF; }

// Throws BadValue for a moveable slot outside 0..9999 or repeated (slots are
// the item ids); stores every other finding in the structure it concerns.
void check_level(Level& level);

// Index into Level::mesh_tree of the node that places mesh j (j >= 1).
inline size_t tree_node_index(const Moveable& m, int j) {
    return size_t(m.mesh_tree) + 4 * size_t(j - 1);
}

}  // namespace ripkit::tr_level
