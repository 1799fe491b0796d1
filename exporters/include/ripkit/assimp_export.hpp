// FBX and Collada through Assimp's own exporters (with the repairs 5.2.5 needs).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "ripkit/export_detail.hpp"
#include "ripkit/limits.hpp"
#include "ripkit/scene.hpp"

namespace ripkit {

// Parses Assimp 5.2.5's binary FBX and writes it back repaired (NULL
// records, exact animation stack times); exposed for tests.
Bytes repair_assimp_fbx(const Scene& scene, ByteSpan assimp_fbx);

// The repaired binary FBX of `scene`, in memory (the fuzz targets export
// through it); `notes` receives what FBX cannot carry. `budget` takes what the
// handover and the bake charge on their way (stage_fbx's caller has charged
// the whole export's estimate already).
Bytes fbx_bytes(const Scene& scene, std::vector<std::string>& notes, Budget& budget);

void stage_fbx(const Scene& scene, const std::filesystem::path& out, detail::Staging& st,
               std::vector<std::string>& notes, Budget& budget);
void stage_collada(const Scene& scene, const std::filesystem::path& out, detail::Staging& st,
                   std::vector<std::string>& notes, Budget& budget);

}  // namespace ripkit
