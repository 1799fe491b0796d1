// Shared by the skinned-kit client tests: the glb passes the Khronos
// validator, and three.js' own skinning puts each of the kit's vertices where
// the test's hand arithmetic (`want`) does at every time.
#pragma once

#include <filesystem>
#include <functional>
#include <glm/glm.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "clients.hpp"
#include "ripkit_catch.hpp"

namespace zouna_test {

// Returns three.js' report of the one skinned mesh ("times": positions per time).
inline nlohmann::json check_three_skinning(
    const std::filesystem::path& glb, const std::string& anim, const std::vector<double>& times,
    size_t vertices, const std::function<glm::dvec3(size_t vertex, double t)>& want) {
    const nlohmann::json report = ripkit::test::validate_gltf(glb);
    INFO(report.dump(1));
    CHECK(report["numErrors"] == 0);
    const nlohmann::json r = ripkit::test::three_skinned(glb, anim, times);
    REQUIRE(r["meshes"].size() == 1);
    const nlohmann::json& got = r["meshes"][0]["times"];
    REQUIRE(got.size() == times.size());
    for (size_t ti = 0; ti < times.size(); ++ti)
        for (size_t v = 0; v < vertices; ++v) {
            const glm::dvec3 w = want(v, times[ti]);
            INFO("t " << times[ti] << " vertex " << v);
            for (int c = 0; c < 3; ++c)
                CHECK(got[ti]["positions"][v][c].get<double>() == Approx(w[c]).margin(2e-4));
        }
    return r["meshes"][0];
}

}  // namespace zouna_test
