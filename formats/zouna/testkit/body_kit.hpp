// The test kit's synthetic model: zouna-meshes.md section 5's minimal object
// set, per game layout, as decoded structs (tests change them for negative
// cases) and as complete objects, bff BFF0 files or a BigFile.
//
//   TEX   Bitmap_Z 4 x 4 DXT1, one level (Ratatouille / WALL-E: a 136-byte DDS
//         file; FUEL: 8 bytes of surface, format 14, class2 3). The block:
//         colour 0 = 0xF800 (red), colour 1 = 0x001F (blue), rows of indices
//         0, 1, 2, 3 (red, blue, 2/3 red + 1/3 blue, 1/3 red + 2/3 blue).
//   MAT   Material_Z, white, diffuse bitmap TEX.
//   MD    MeshData_Z.
//   SKEL  Skel_Z: ROOT at the origin, CHILD at (0, 1, 0) under ROOT, rest
//         rotations identity, Mat4f = the model matrix.
//   BODY  Mesh_Z: one 60-byte buffer of 8 vertices, 12 indices, one group.
//         v0-v3: the quad x in [-0.5, 0.5], y in [0, 1], z = 0, normal
//         (0, 0, -1), blend index 0.0 weight 1 (ROOT);
//         v4-v7: the quad x = 0, y in [1, 2], z in [-0.5, 0.5], normal
//         (-1, 0, 0), blend indices 0.0 and 6.0, weights 0.5 / 0.5 (ROOT, CHILD).
//         Normals stored in D3DCOLOR order (x = byte 2, y = byte 1, z = byte 0);
//         triangles clockwise about their normals in the file's numbers (the
//         FMTK wiki's convention): 0 1 2, 0 2 3, 4 6 5, 4 7 6.
//   SKIN  Skin_Z: skeleton SKEL, meshes [BODY], one section, one subsection,
//         palette [ROOT, CHILD, then 0xFFFFFFFF] (Ratatouille / WALL-E 7 slots,
//         material MAT; FUEL 21 slots, 4 zero animation node names, 1.5).
//   LOD   Lod_Z: components [SKIN].
//   BEND  Animation_Z: CHILD's KeyframerRot, identity at 0 s, 90 degrees about
//         +Z at 1 s (Quati16: (0, 0, 1414, 1414) / 2000).
#pragma once

#include <filesystem>

#include "body_writer.hpp"
#include "zouna/keyframes/animation.hpp"
#include "zouna/keyframes/skel.hpp"

namespace ripkit::zouna {

struct KitSet {
    Game game = Game::Fuel;
    BodyLayout layout = BodyLayout::Fuel;
    BitmapZ tex;
    Bytes tex_surfaces;  // the DXT1 block
    MaterialZ mat;
    MeshDataZ md;
    Skel skel;
    MeshZ body;
    SkinZ skin;
    LodZ lod;
    Animation bend;
};

// The set for Ratatouille, WALL-E or FUEL.
KitSet kit_set(Game g);
// The set with BODY in two draw groups (v0-v3 / indices 0-5, v4-v7 / 6-11)
// and SKIN in two subsections: subsection 0's palette [ROOT, CHILD, then
// 0xFFFFFFFF]; subsection 1's [0xFFFFFFFF, CHILD, then 0xFFFFFFFF], so its
// slot 0 takes subsection 0's bone in that slot (palette_sentinel=previous:
// ROOT). v4-v7 weigh 0.25 on index 0.0 (slot 0) and 0.75 on 6.0 (slot 1).
KitSet kit_set_two_groups(Game g);
// The set with the other readings' data: BODY's normals stored in
// SamuraiOndo's order (x, y, z = bytes 1, 2, 0) and its triangles
// counter-clockwise about them in the file's numbers (0 2 1, 0 3 2, 4 5 6,
// 4 6 7), for normal_order=auto / winding=auto to pick b120 / reverse.
KitSet kit_set_ccw_b120(Game g);
// Ratatouille v1.06.63.02, WALL-E v1.291.03.06 or FUEL v1.381.67.09 (+ " - Asobo Studio ...").
std::string kit_version(Game g);
// The Variants a file of that game gets (for write_skel / write_animation).
Variants kit_variants(Game g);

struct KitObject {
    std::string name;  // "BODY"
    std::string cls;   // "Mesh_Z"
    Bytes object;      // 24-byte header, link header, body
};
// TEX, MAT, MD, SKEL, BODY, SKIN, LOD, BEND (LZRS bodies when `compress`).
std::vector<KitObject> kit_objects(const KitSet& k, bool compress = false);
// Each object as bff writes it: `<dir>/<name>.<Class>`, BFF0 with the game's version.
void write_kit_files(const std::filesystem::path& dir, const std::vector<KitObject>& objects,
                     Game g);
// All objects in one little-endian BigFile (names in a sibling .NPC: kit_names()).
Bytes kit_bigfile(const std::vector<KitObject>& objects, Game g);
std::string kit_names();  // "crc name" lines

// The 8-byte DXT1 block TEX holds.
Bytes kit_dxt1_block();

}  // namespace ripkit::zouna
