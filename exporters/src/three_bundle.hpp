// The three.js files the preview page inlines, embedded into the binary at
// build time from exporters/viewer's npm `three` (exporters/CMakeLists.txt).
#pragma once

#include <optional>
#include <string_view>

namespace ripkit::detail {

struct ThreeSources {
    std::string_view module;        // build/three.module.min.js
    std::string_view gltf_loader;   // examples/jsm/loaders/GLTFLoader.js
    std::string_view buffer_utils;  // examples/jsm/utils/BufferGeometryUtils.js
};

// The embedded copy, or nullopt when the build found no npm `three` package.
std::optional<ThreeSources> bundled_three();

}  // namespace ripkit::detail
