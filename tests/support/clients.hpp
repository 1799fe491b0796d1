// Test helpers: locations, scratch folders and the real glTF clients
// (Khronos validator, three.js) run through Node from tests/clients.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ripkit::test {

// From RIPKIT_SOURCE_DIR / RIPKIT_BINARY_DIR (ctest sets them), else the
// source tree and build this binary was configured from, so a test started
// by hand never writes its test-tmp/ where it happened to be started.
std::filesystem::path source_dir();
std::filesystem::path binary_dir();

// An empty folder under the binary dir (removed and recreated).
std::filesystem::path fresh_temp_dir(const std::string& name);

// Runs `node <script> <args...>` in tests/clients and parses its stdout as
// JSON. FAILs the current test when node or node_modules is missing (never skips).
nlohmann::json run_node_client(const std::string& script, const std::vector<std::string>& args);

// {"files":[{"file","numErrors","numWarnings","messages":[...]}]} reduced to one file.
nlohmann::json validate_gltf(const std::filesystem::path& file);
// See tests/clients/three_inspect.mjs for the shape.
nlohmann::json three_inspect(const std::filesystem::path& file);
// {"nodes":{name:[{"t","position":[3],"quaternion":[4],"scale":[3]}...]}}
nlohmann::json three_sample(const std::filesystem::path& file, const std::string& anim,
                            const std::vector<double>& times);

// {"meshes":[{"name","bones","times":[{"t","positions":[[x,y,z]...]}]}]}: every
// skinned mesh's vertices in world space after three.js' skinning, animation
// `anim` ("-" = rest pose) at each time (tests/clients/three_skinned.mjs).
nlohmann::json three_skinned(const std::filesystem::path& file, const std::string& anim,
                             const std::vector<double>& times);

}  // namespace ripkit::test
