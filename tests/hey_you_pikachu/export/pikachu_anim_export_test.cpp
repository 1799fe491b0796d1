// End to end: animation banks exported to .glb pass the Khronos validator,
// and three.js, interpolating the file on its own, reproduces the game's
// cubic piece and hold (hand polynomials of anim_test_spec.hpp).
#include "anim_test_spec.hpp"
#include "clients.hpp"
#include "pikachu_test_util.hpp"
#include "ripkit/export.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;

TEST_CASE("Pikachu animation banks export to a valid glTF that three.js plays as the game") {
    const auto doc = pktest::open_rom(hey_you_pikachu::build_rom(pktest::anim_rom_spec()));
    const auto dir = test::fresh_temp_dir("pikachu_anim_export");
    const Scene scene = doc->scene(0);
    REQUIRE(scene.animations.size() == 3);
    const auto out = dir / "model0.glb";
    ExportOptions o;
    o.format = OutputFormat::Glb;
    export_scene(scene, out, o);
    const auto report = test::validate_gltf(out);
    CHECK(report["numErrors"] == 0);
    const std::vector<double> times = {0.3, 1.2, 1.7, 2.5};
    const auto sampled = test::three_sample(out, "bank_5", times);
    const auto& root = sampled["nodes"]["node0_t1"];
    REQUIRE(root.size() == times.size());
    for (size_t i = 0; i < times.size(); ++i) {
        const double t = times[i];
        INFO("t = " << t);
        const double tx = t < 2 ? ((t - 2) * t + 0.5) * t + 3.25 : -0.5;
        CHECK(root[i]["position"][0].get<double>() == Approx(tx).margin(1e-4));
        CHECK(root[i]["position"][1].get<double>() == Approx(0.25 * t * t).margin(1e-4));
        CHECK(root[i]["position"][2].get<double>() == Approx(4.0).margin(1e-4));
    }
}
