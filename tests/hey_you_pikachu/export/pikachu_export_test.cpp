// End to end: a model of the synthetic ROM exported to .glb passes the Khronos
// validator with no errors and loads in three.js as skinned meshes whose
// skeleton has one bone per hierarchy node.
#include "../../export/gltf_reader.hpp"
#include "clients.hpp"
#include "pikachu_test_util.hpp"
#include "ripkit/export.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;

TEST_CASE("a Pikachu model exports to a valid skinned glTF") {
    const auto doc =
        pktest::open_rom(hey_you_pikachu::build_rom(hey_you_pikachu::sample_rom_spec()));
    const auto dir = test::fresh_temp_dir("pikachu_export");
    for (int64_t item : {0, 2, 4}) {
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

TEST_CASE("a Pikachu model's faces export as switchable textures with STEP tracks") {
    const auto doc =
        pktest::open_rom(hey_you_pikachu::build_rom(hey_you_pikachu::sample_rom_spec()));
    const auto dir = test::fresh_temp_dir("pikachu_face_export");
    const Scene scene = doc->scene(1);  // eyes and mouth slots
    const auto out = dir / "model1.glb";
    ExportOptions o;
    o.format = OutputFormat::Glb;
    export_scene(scene, out, o);
    const auto report = test::validate_gltf(out);
    CHECK(report["numErrors"] == 0);
    const nlohmann::json j = test::read_glb(out).json;
    int switching = 0;
    for (const auto& m : j["materials"]) {
        if (!m.contains("extras") || !m["extras"].contains("ripkit_texture_switch")) continue;
        ++switching;
        const auto& sw = m["extras"]["ripkit_texture_switch"];
        const std::string track = sw["track_node_name"];
        CHECK(track.rfind("model_1_face", 0) == 0);
        CHECK(j["nodes"][sw["track_node"].get<size_t>()]["name"] == track);
        CHECK(sw["textures"].size() >= 3);
    }
    CHECK(switching == 2);
    // Every animation drives both face tracks with STEP samplers.
    for (const auto& a : j["animations"]) {
        int steps = 0;
        for (const auto& c : a["channels"]) {
            const std::string name = j["nodes"][c["target"]["node"].get<size_t>()]["name"];
            if (name.rfind("model_1_face", 0) != 0) continue;
            CHECK(a["samplers"][c["sampler"].get<size_t>()]["interpolation"] == "STEP");
            ++steps;
        }
        CHECK(steps == 2);
    }
}
