// Scene shapes beyond the full test scene: no meshes, several meshes on one
// node, cubic rotations, unlit/alpha materials. Each must validate.
#include <catch2/catch.hpp>

#include "clients.hpp"
#include "gltf_reader.hpp"
#include "ripkit/export.hpp"
#include "test_scene.hpp"

using namespace ripkit;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

Mesh triangle(const std::string& name, int material) {
    Mesh m;
    m.name = name;
    m.material = material;
    m.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    m.indices = {0, 1, 2};
    return m;
}

json export_and_validate(const Scene& s, const std::string& name) {
    const fs::path dir = test::fresh_temp_dir("shapes_" + name);
    ExportOptions o;
    export_scene(s, dir / (name + ".glb"), o);
    const json report = test::validate_gltf(dir / (name + ".glb"));
    INFO(report.dump(1));
    CHECK(report["numErrors"] == 0);
    return test::read_glb(dir / (name + ".glb")).json;
}

}  // namespace

TEST_CASE("a root-only scene exports and validates", "[gltf][clients]") {
    Scene s;
    s.add_node("only_root", -1);
    const json j = export_and_validate(s, "root_only");
    REQUIRE(j["nodes"].size() == 1);
    CHECK(j["nodes"][0]["name"] == "only_root");
}

TEST_CASE("a camera-only animated scene exports and validates", "[gltf][clients]") {
    Scene s;
    s.add_node("root", -1);
    const int cam = s.add_node("shot_cam", 0);
    Camera c;
    c.node = cam;
    c.yfov = 0.5f;
    s.cameras.push_back(c);
    s.nodes[cam].camera = 0;
    Animation a;
    a.name = "shot";
    a.duration = 1.0;
    Channel r;
    r.node = cam;
    r.path = AnimPath::Rotation;
    r.interp = Interp::CubicSpline;
    r.times = {0.0, 1.0};
    r.values = {{0, 0, 0, 1}, {0, 0, 0, 2}};  // not unit: the exporter normalises values
    r.in_tangents = {{0, 0, 0, 0}, {0, 0.1f, 0, 0}};
    r.out_tangents = {{0, 0.1f, 0, 0}, {0, 0, 0, 0}};
    a.channels.push_back(r);
    s.animations.push_back(a);
    const json j = export_and_validate(s, "camera_only");
    REQUIRE(j["cameras"].size() == 1);
    CHECK(j["animations"][0]["samplers"][0]["interpolation"] == "CUBICSPLINE");
}

TEST_CASE("several meshes on one node, default and unlit/alpha materials", "[gltf][clients]") {
    Scene s;
    s.add_node("root", -1);
    const int n = s.add_node("multi", 0);
    Material unlit;
    unlit.name = "unlit_mask";
    unlit.unlit = true;
    unlit.alpha_mode = AlphaMode::Mask;
    unlit.alpha_cutoff = 0.25f;
    s.materials.push_back(unlit);
    // A textured material on a mesh without UVs (games do this for untextured faces).
    Material textured;
    textured.name = "textured_no_uv";
    textured.texture = 0;
    s.materials.push_back(textured);
    s.textures.push_back({"t", test::make_png(1, 1, 9, 9, 9), 1, 1});
    s.meshes.push_back(triangle("a", 0));
    s.meshes.push_back(triangle("b", -1));
    s.meshes.push_back(triangle("c", 1));
    s.nodes[n].meshes = {0, 1, 2};
    const json j = export_and_validate(s, "multi");
    const json& node =
        j["nodes"][size_t(std::find_if(j["nodes"].begin(), j["nodes"].end(),
                                       [](const json& x) { return x["name"] == "multi"; }) -
                          j["nodes"].begin())];
    REQUIRE(node.contains("mesh"));
    CHECK(j["meshes"][node["mesh"].get<size_t>()]["primitives"].size() == 3);
    // The UV-less primitive "c" is drawn with an untextured copy of its material.
    const json& prim_c = j["meshes"][node["mesh"].get<size_t>()]["primitives"][2];
    const json& mat_c = j["materials"][prim_c["material"].get<size_t>()];
    CHECK(mat_c["name"] == "textured_no_uv_untextured");
    CHECK_FALSE(mat_c["pbrMetallicRoughness"].contains("baseColorTexture"));
    CHECK(j["materials"][0]["alphaMode"] == "MASK");
    CHECK(j["materials"][0]["alphaCutoff"].get<double>() == Approx(0.25));
    CHECK(j["materials"][0]["extensions"].contains("KHR_materials_unlit"));
    CHECK(std::find(j["extensionsUsed"].begin(), j["extensionsUsed"].end(),
                    "KHR_materials_unlit") != j["extensionsUsed"].end());
}

TEST_CASE("times closer than a float step and non-unit node rotations still validate",
          "[gltf][clients]") {
    Scene s;
    s.add_node("root", -1);
    const int n = s.add_node("n", 0);
    s.nodes[n].rotation = {0, 0, 0, 2};  // normalised to identity on export
    Animation a;
    a.name = "tight";
    a.duration = 2.0;
    Channel t;
    t.node = n;
    t.path = AnimPath::Translation;
    t.interp = Interp::Linear;
    t.times = {1.0, 1.0 + 1e-12, 2.0};  // the first two are the same float
    t.values = {{0, 0, 0, 0}, {1, 0, 0, 0}, {2, 0, 0, 0}};
    a.channels.push_back(t);
    s.animations.push_back(a);
    const json j = export_and_validate(s, "tight");
    CHECK_FALSE(j["nodes"][1].contains("rotation"));
}
