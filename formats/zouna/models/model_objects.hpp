// The mesh-family classes as objects: which class crcs they are and one
// decode step per object (link header + body -> struct).
#pragma once

#include <variant>

#include "zouna/container/container.hpp"
#include "zouna/models/bitmap.hpp"
#include "zouna/models/material.hpp"
#include "zouna/models/mesh.hpp"
#include "zouna/models/mesh_data.hpp"
#include "zouna/models/skin.hpp"

namespace ripkit::zouna {

inline constexpr const char* kMeshClass = "Mesh_Z";
inline constexpr const char* kSkinClass = "Skin_Z";
inline constexpr const char* kMaterialClass = "Material_Z";
inline constexpr const char* kBitmapClass = "Bitmap_Z";
inline constexpr const char* kMeshDataClass = "MeshData_Z";
inline constexpr const char* kLodClass = "Lod_Z";

using ModelDecoded = std::variant<MeshZ, SkinZ, MaterialZ, BitmapZ, MeshDataZ, LodZ>;

// Mesh_Z, Skin_Z, Material_Z, Bitmap_Z, MeshData_Z or Lod_Z.
bool is_model_class(uint32_t class_crc);
// Mesh_Z, Skin_Z or Lod_Z: what converts to a model.
bool is_model_item_class(uint32_t class_crc);

// Decodes one object of a model class from the file holding it (`file`):
// its link header (never compressed) and its body (LZRS when compressed).
// The body is charged to `budget` while it is decoded, then what the decoded
// struct keeps (vertices, indices, pixels) for as long as the document lives.
ModelDecoded decode_model_object(ByteSpan file, const ObjectRef& o, const Variants& v,
                                 Budget& budget);

}  // namespace ripkit::zouna
