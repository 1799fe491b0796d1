// Collada through Assimp's exporter, with the repairs 5.2.5 needs
// (docs/exporters.md); the one writer that uses Assimp (ripkit_export_collada).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "ripkit/export_detail.hpp"
#include "ripkit/limits.hpp"
#include "ripkit/scene.hpp"

namespace ripkit {

void stage_collada(const Scene& scene, const std::filesystem::path& out, detail::Staging& st,
                   std::vector<std::string>& notes, Budget& budget);

}  // namespace ripkit
