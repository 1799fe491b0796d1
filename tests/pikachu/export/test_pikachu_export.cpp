// End to end: a model of the synthetic ROM exported to .glb passes the Khronos
// validator with no errors and loads in three.js as skinned meshes whose
// skeleton has one bone per hierarchy node.
#include <catch2/catch.hpp>

#include "clients.hpp"
#include "pikachu_test_util.hpp"
#include "ripkit/export.hpp"

using namespace ripkit;

TEST_CASE("a Pikachu model exports to a valid skinned glTF") {
    const auto doc = pktest::open_rom(pikachu::build_rom(pikachu::sample_rom_spec()));
    const auto dir = test::fresh_temp_dir("pikachu_export");
    for (int64_t item : {0, 2}) {
        INFO("model " << item);
        const Scene scene = doc->scene(item);
        const auto out = dir / ("model" + std::to_string(item) + ".glb");
        ExportOptions o;
        o.format = OutputFormat::Glb;
        export_scene(scene, out, o);
        const auto report = test::validate_gltf(out);
        CHECK(report["numErrors"] == 0);
        const auto three = test::three_inspect(out);
        REQUIRE(!three["skinnedMeshes"].empty());
        const size_t nodes = doc->dump(item)["models"][0]["nodes"].size();
        for (const auto& sm : three["skinnedMeshes"]) CHECK(sm["bones"] == nodes);
    }
}
