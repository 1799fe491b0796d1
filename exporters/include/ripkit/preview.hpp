// A self-contained HTML preview of a Scene: the scene as an embedded .glb,
// three.js (module build + GLTFLoader, inlined through an import map of data:
// URLs, so the page needs no server and no network), a timeline, the game
// camera with its field-of-view keys, face texture switching (material extras
// ripkit_texture_switch driven by the value-track node's x) and the sound.
#pragma once

#include <filesystem>
#include <vector>

#include "ripkit/limits.hpp"
#include "ripkit/scene.hpp"

namespace ripkit {

struct PreviewOptions {
    // three.js package folder (holding build/three.module.min.js and
    // examples/jsm/); empty = $RIPKIT_THREE_DIR, and when that is unset too, the
    // copy the build embedded (exporters/viewer's npm `three`).
    std::filesystem::path three_dir;
    std::vector<std::filesystem::path> protected_paths;
};

// Writes `out` (.html) atomically; the embedded glb is charged to
// scene_budget(scene) as export_scene charges it (the page's base64 copies
// are inside that estimate's margin). Throws ripkit::Error (Io when three.js
// is missing - a named folder without it, or none named and none built in - or
// the file cannot be written; BadValue for an invalid scene).
void write_preview_html(const Scene& scene, const std::filesystem::path& out,
                        const PreviewOptions& options = {});

}  // namespace ripkit
