// Reading helpers shared by the mesh-family decoders (Mesh_Z, Skin_Z,
// Material_Z, Bitmap_Z, MeshData_Z, Lod_Z): DynArray counts checked against
// the bytes left and the limits before anything is allocated, and the game
// layouts those classes come in.
#pragma once

#include <string>
#include <vector>

#include "ripkit/byte_reader.hpp"
#include "ripkit/limits.hpp"
#include "zouna/variants.hpp"

namespace ripkit::zouna {

// The three PC layouts the public sources document for these classes.
enum class BodyLayout { Ratatouille, WallE, Fuel };
const char* body_layout_name(BodyLayout l);  // "ratatouille", "walle", "fuel"

// The layout of `cls` ("Mesh_Z", ...) for the detected game: Ratatouille and
// WALL-E their own, FUEL and unknown files (raw objects carry no version)
// FUEL's; Material_Z and Bitmap_Z of Up as FUEL, of Toy Story 3 as WALL-E
// (bff, the TS3 templates). Anything else - big-endian (console) data, Up or
// TS3 meshes and skins - is Error(Unsupported) at `offset`.
BodyLayout body_layout(const Variants& v, const std::string& cls, Endian e, uint64_t offset);

// A DynArray count: u32, then at least count * min_elem_size bytes must
// remain (Truncated otherwise) and count elements of `elem_bytes` in memory
// must fit the limits (AllocationLimit). Returns the count.
uint32_t array_count(ByteReader& r, size_t min_elem_size, size_t elem_bytes, const Limits& limits,
                     const std::string& what);
// Skips a DynArray of fixed-size elements; returns its count.
uint32_t skip_array(ByteReader& r, size_t elem_size, const std::string& what);
// DynArray<Name>.
std::vector<uint32_t> read_names(ByteReader& r, const Limits& limits, const std::string& what);
// A fixed count of Names.
std::vector<uint32_t> read_name_list(ByteReader& r, size_t n, const std::string& what);

// The whole body must be consumed (the sources agree on every size, so a
// leftover byte means the layout guess is wrong): BadValue naming the rest.
void expect_end(const ByteReader& r, const std::string& what);

}  // namespace ripkit::zouna
