// Writers for the mesh-family classes (the inverse of mesh.hpp, skin.hpp,
// material.hpp, bitmap.hpp, mesh_data.hpp): the test kit behind every test,
// sample and fuzz seed of these classes. Nothing the importer decodes with
// includes this file.
#pragma once

#include "zouna/models/bitmap.hpp"
#include "zouna/models/material.hpp"
#include "zouna/models/mesh.hpp"
#include "zouna/models/mesh_data.hpp"
#include "zouna/models/skin.hpp"

namespace ripkit::zouna {

// An object's link header and body, ready for write_object (writer.hpp).
struct ObjectParts {
    Bytes link, body;
};

// Every structure the decoder skips is written empty. Stride-48 vertices are
// written in the FUEL reading (tangent, normal, uv, blend index, pad48,
// weight) unless `volume48`, which writes Vertex::volume at 12 instead.
ObjectParts write_mesh(const MeshZ& m, bool volume48 = false);
ObjectParts write_skin(const SkinZ& s);
ObjectParts write_material(const MaterialZ& m);
ObjectParts write_mesh_data(const MeshDataZ& d);
ObjectParts write_lod(const LodZ& d);
// `surfaces`: the pixel data of every mip level. Ratatouille / WALL-E: a DDS
// file when b.dds_file (its header from b.pixel, b.levels; size field = the
// file's length), else raw (size 0); FUEL: the link header fields and the
// surfaces as the body (size field = their length, 0 for A8L8 as bff writes).
ObjectParts write_bitmap(const BitmapZ& b, ByteSpan surfaces);

// A .dds file: the 128-byte header for `f` (FourCC for DXT, masks otherwise)
// and the surfaces.
Bytes write_dds_file(const image::PixelFormat& f, uint32_t w, uint32_t h, uint32_t levels,
                     ByteSpan surfaces);

}  // namespace ripkit::zouna
