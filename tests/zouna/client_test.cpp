// The exported glb read by the real clients: Khronos validator (zero errors)
// and three.js, whose sampled local TRS must equal the engine's evaluation
// (curves::evaluate, itself checked against hand values in curves_test).
#include <assimp/scene.h>

#include <assimp/Importer.hpp>

#include "clients.hpp"
#include "ripkit/assimp/format_importer.hpp"
#include "ripkit/export.hpp"
#include "ripkit_catch.hpp"
#include "test_util.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/encode/animation_writer.hpp"
#include "zouna/format.hpp"
#include "zouna/keyframes/tracks.hpp"
#include "zouna/testkit/kit_writer.hpp"
#include "zouna/testkit/sample_objects.hpp"
#include "zouna/testkit/zouna_samples.hpp"

using namespace ripkit;
using namespace ripkit::zouna;
using namespace zouna_test;
using Catch::Approx;

namespace {

Scene sample_scene(bool native, Endian e) {
    const Variants v;
    MemFiles files;
    files.files["walk"] = write_object(asobo_crc32("Animation_Z"), asobo_crc32("WALK"), {},
                                       write_animation(sample_walk(), e, v), e, true);
    files.files["wave"] = write_object(asobo_crc32("Animation_Z"), asobo_crc32("WAVE"), {},
                                       write_animation(sample_wave(), e, v), e, false);
    files.files["names"] = text_bytes(sample_names());
    Options o;
    o.files = &files;
    o.native = native;
    o.format_options["anim"] = {"walk", "wave"};
    o.format_options["names"] = {"names"};
    Input in;
    in.path = "SKEL_SAMPLE.Skel_Z";
    in.bytes = write_object(asobo_crc32("Skel_Z"), asobo_crc32("SKEL_SAMPLE"), {},
                            write_skel(sample_skel(), e, v), e, false);
    return formats::zouna_format().open(in, o)->scene(asobo_crc32("SKEL_SAMPLE"));
}

}  // namespace

TEST_CASE("zouna glb: valid, and three.js samples equal the engine's curves at interior times") {
    for (bool native : {false, true}) {
        INFO("native " << native);
        const auto dir = test::fresh_temp_dir(native ? "zouna_client_native" : "zouna_client");
        const Scene scene = sample_scene(native, native ? Endian::Big : Endian::Little);
        const auto glb = dir / "skel.glb";
        ExportOptions eo;
        eo.format = OutputFormat::Glb;
        export_scene(scene, glb, eo);
        const auto report = test::validate_gltf(glb);
        INFO(report.dump());
        CHECK(report["numErrors"] == 0);

        const std::vector<double> times = {0.1, 0.35, 0.5, 0.8, 1.25, 1.6, 1.9};
        const auto sampled = test::three_sample(glb, "WALK", times);
        const zouna::Animation walk = sample_walk();
        const auto k_t = to_curve(walk.translation, 0, 3);
        const auto k_r = to_curve(walk.rot, 0, 3);
        const auto k_s = to_curve(walk.scale, 0, 2);
        const auto& root = sampled["nodes"]["ROOT"];
        const auto& spine = sampled["nodes"]["SPINE"];
        const auto& arm = sampled["nodes"]["ARM_L"];
        REQUIRE(root.size() == times.size());
        REQUIRE(spine.size() == times.size());
        REQUIRE(arm.size() == times.size());
        for (size_t i = 0; i < times.size(); ++i) {
            INFO("t = " << times[i]);
            const glm::vec4 t =
                convert_value(glm::vec4(curves::evaluate(k_t, curves::Mode::Hermite, times[i])),
                              ValueKind::Vector, native);
            const glm::vec4 q = convert_value(
                glm::vec4(curves::evaluate_rotation(k_r, curves::Mode::Linear, times[i])),
                ValueKind::Rotation, native);
            const glm::dvec4 s = curves::evaluate(k_s, curves::Mode::Linear, times[i]);
            for (int a = 0; a < 3; ++a) {
                CHECK(root[i]["position"][a].get<double>() == Approx(t[a]).margin(1e-5));
                CHECK(arm[i]["scale"][a].get<double>() == Approx(s[a]).margin(1e-5));
            }
            // Rot keys are rounded to Quati16 and normalised on export: compare
            // against the normalised engine value.
            const glm::vec4 qn = q / glm::length(q);
            for (int a = 0; a < 4; ++a)
                CHECK(spine[i]["quaternion"][a].get<double>() == Approx(qn[a]).margin(1e-5));
        }
    }
}

TEST_CASE("Assimp picks the importer for multi-dot names like walk.Animation_Z") {
    const auto dir = test::fresh_temp_dir("zouna_assimp");
    formats::zouna_write_samples(dir);
    Assimp::Importer imp;
    imp.RegisterLoader(new FormatImporter(formats::zouna_format()));
    const aiScene* s = imp.ReadFile((dir / "little" / "WALK.Animation_Z").string(), 0);
    INFO(imp.GetErrorString());
    REQUIRE(s);
    CHECK(s->mNumAnimations == 1);
    CHECK(s->mRootNode->FindNode(std::to_string(asobo_crc32("ROOT")).c_str()) != nullptr);
    const aiScene* b = imp.ReadFile((dir / "big" / "SKEL_SAMPLE.Skel_Z").string(), 0);
    INFO(imp.GetErrorString());
    REQUIRE(b);
    CHECK(b->mRootNode->FindNode(std::to_string(asobo_crc32("TETE")).c_str()) != nullptr);
}
