// libFuzzer target for the mesh-family classes (Mesh_Z, Skin_Z, Material_Z,
// Bitmap_Z, MeshData_Z, Lod_Z): the test kit's linked model (body_kit.hpp) in
// a BigFile, one of its objects replaced by the input, so the decoders, the
// linking, the skin binding, the data checks and both exports all see it.
//   byte 0: bits 0-1 the game (Ratatouille, WALL-E, FUEL, FUEL), bits 2-4 the
//           object replaced (TEX, MAT, MD, SKEL, BODY, SKIN, LOD, BEND)
//   bytes 1-2: the replaced object's link header length (little-endian u16)
//   then its link header, then its body (stored, not compressed).
#include <cstddef>
#include <cstdint>

#include "exercise_document.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/encode/animation_writer.hpp"
#include "zouna/format.hpp"
#include "zouna/testkit/body_kit.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace ripkit;
    using namespace ripkit::zouna;
    if (size < 3) return 0;
    static const Format& format = formats::zouna_format();
    static const Game games[] = {Game::Ratatouille, Game::WallE, Game::Fuel, Game::Fuel};
    const Game g = games[data[0] & 3];
    std::vector<KitObject> objects = kit_objects(kit_set(g));
    KitObject& target = objects[(data[0] >> 2) & 7];
    const size_t link = std::min<size_t>(size - 3, size_t(data[1]) | size_t(data[2]) << 8);
    const ByteSpan link_header(data + 3, link), body(data + 3 + link, size - 3 - link);
    target.object = write_object(asobo_crc32(target.cls), asobo_crc32(target.name), link_header,
                                 body, Endian::Little, false);
    const Bytes file = kit_bigfile(objects, g);
    fuzz::exercise_format(format, "fuzz.DPC", file.data(), file.size(), fuzz::small_limits());
    return 0;
}
