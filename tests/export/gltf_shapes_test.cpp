// Scene shapes beyond the full test scene: no meshes, several meshes on one
// node, cubic rotations, unlit/alpha materials. Each must validate.
#include <fstream>
#include <set>

#include "clients.hpp"
#include "gltf_reader.hpp"
#include "ripkit/export.hpp"
#include "ripkit/gltf_doc.hpp"
#include "ripkit_catch.hpp"
#include "scene_fixture.hpp"

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

// The direct writer's geometry, byte for byte against the mesh: positions,
// normals, uvs, colours and indices as given, POSITION min/max the bounds.
TEST_CASE("a primitive's accessors hold the mesh's own numbers, POSITION bounded", "[gltf]") {
    Scene s;
    s.add_node("root", -1);
    const int n = s.add_node("quad", 0);
    Mesh m;
    m.name = "quad_mesh";
    m.positions = {{-1, 0, 2}, {3, 0, 2}, {3, 5, -4}, {-1, 5, -4}};
    m.normals = {{0, 0, 1}, {0, 1, 0}, {1, 0, 0}, {0, 0, -1}};
    m.uv0 = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    m.colors = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 1, 0.5f}};
    m.indices = {0, 1, 2, 0, 2, 3};
    s.meshes.push_back(m);
    s.nodes[size_t(n)].meshes = {0};
    const fs::path dir = test::fresh_temp_dir("shapes_numbers");
    export_scene(s, dir / "q.glb", ExportOptions{});
    const test::Glb g = test::read_glb(dir / "q.glb");
    const json& node = g.json["nodes"][test::node_index(g, "quad")];
    const json& prim = g.json["meshes"][node["mesh"].get<size_t>()]["primitives"][0];
    const json& attrs = prim["attributes"];
    std::vector<float> want;
    for (const glm::vec3& p : m.positions) want.insert(want.end(), {p.x, p.y, p.z});
    CHECK(test::accessor_floats(g, attrs["POSITION"]) == want);
    const json& pos = g.json["accessors"][attrs["POSITION"].get<size_t>()];
    CHECK(pos["min"] == json({-1.0, 0.0, -4.0}));
    CHECK(pos["max"] == json({3.0, 5.0, 2.0}));
    want.clear();
    for (const glm::vec3& v : m.normals) want.insert(want.end(), {v.x, v.y, v.z});
    CHECK(test::accessor_floats(g, attrs["NORMAL"]) == want);
    want.clear();
    for (const glm::vec2& v : m.uv0) want.insert(want.end(), {v.x, v.y});
    CHECK(test::accessor_floats(g, attrs["TEXCOORD_0"]) == want);
    want.clear();
    for (const glm::vec4& v : m.colors) want.insert(want.end(), {v.x, v.y, v.z, v.w});
    CHECK(test::accessor_floats(g, attrs["COLOR_0"]) == want);
    CHECK(test::accessor_values(g, prim["indices"]) == std::vector<double>{0, 1, 2, 0, 2, 3});
    // ARRAY_BUFFER / ELEMENT_ARRAY_BUFFER targets on the views.
    const auto target = [&](const json& acc) {
        return g
            .json["bufferViews"][g.json["accessors"][acc.get<size_t>()]["bufferView"].get<size_t>()]
            .value("target", 0);
    };
    CHECK(target(attrs["POSITION"]) == 34962);
    CHECK(target(prim["indices"]) == 34963);
}

// glTF gives a node one skin; a node whose meshes use two is refused by name
// rather than exported with one skin's joints driving the other's vertices.
TEST_CASE("a node drawing meshes of two skins is an error naming the node", "[gltf]") {
    Scene s;
    s.add_node("root", -1);
    const int a = s.add_node("bone_a", 0), b = s.add_node("bone_b", 0);
    const int body = s.add_node("body", 0);
    for (int joint : {a, b}) {
        Skin k;
        k.name = "skin_" + std::to_string(joint);
        k.joints = {joint};
        k.inverse_bind = {glm::mat4(1.0f)};
        s.skins.push_back(k);
        Mesh m = triangle("part_" + std::to_string(joint), -1);
        m.skin = int(s.skins.size()) - 1;
        m.joints = {0, 0, 0};
        s.meshes.push_back(m);
    }
    s.nodes[size_t(body)].meshes = {0, 1};
    const fs::path dir = test::fresh_temp_dir("shapes_two_skins");
    try {
        export_scene(s, dir / "two.glb", ExportOptions{});
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::BadValue);
        CHECK(std::string(e.what()).find("node 'body'") != std::string::npos);
    }
    CHECK_FALSE(fs::exists(dir / "two.glb"));
}

// Two nodes drawing one mesh share one glTF mesh (its data written once); a
// mesh without a triangle is left out of the file with a note, not silently.
TEST_CASE("nodes drawing the same mesh share it; a mesh without a triangle is a note", "[gltf]") {
    Scene s;
    s.add_node("root", -1);
    const int left = s.add_node("left", 0), right = s.add_node("right", 0);
    const int empty = s.add_node("holder", 0);
    s.meshes.push_back(triangle("shared_tri", -1));
    Mesh dots = triangle("just_points", -1);
    dots.indices.clear();
    s.meshes.push_back(dots);
    s.nodes[size_t(left)].meshes = {0};
    s.nodes[size_t(right)].meshes = {0};
    s.nodes[size_t(empty)].meshes = {1};
    const fs::path dir = test::fresh_temp_dir("shapes_shared");
    const ExportResult r = export_scene(s, dir / "s.glb", ExportOptions{});
    const json report = test::validate_gltf(dir / "s.glb");
    INFO(report.dump(1));
    CHECK(report["numErrors"] == 0);
    const test::Glb g = test::read_glb(dir / "s.glb");
    REQUIRE(g.json["meshes"].size() == 1);
    const json& l = g.json["nodes"][test::node_index(g, "left")];
    const json& rt = g.json["nodes"][test::node_index(g, "right")];
    CHECK(l["mesh"] == 0);
    CHECK(rt["mesh"] == 0);
    CHECK_FALSE(g.json["nodes"][test::node_index(g, "holder")].contains("mesh"));
    // POSITION and indices of one triangle, once.
    CHECK(g.json["accessors"].size() == 2);
    bool noted = false;
    for (const std::string& n : r.notes)
        noted |= n.find("1 mesh(es) without a triangle not written (first: 'just_points')") !=
                 std::string::npos;
    CHECK(noted);
}

// Channels keyed on the same times share one input accessor (glTF allows it);
// each sampler still reads its own channel's times and values.
TEST_CASE("channels on the same key times share one input accessor", "[gltf]") {
    Scene s;
    s.add_node("root", -1);
    const int a = s.add_node("a", 0), b = s.add_node("b", 0);
    Animation first, second;
    first.name = "first";
    second.name = "second";
    first.duration = second.duration = 2.0;
    auto channel = [](int node, AnimPath path, std::vector<double> times) {
        Channel c;
        c.node = node;
        c.path = path;
        c.times = std::move(times);
        for (size_t k = 0; k < c.times.size(); ++k)
            c.values.push_back(path == AnimPath::Rotation ? glm::vec4(0, 0, 0, 1)
                                                          : glm::vec4(float(k), 0, 0, 0));
        return c;
    };
    const std::vector<double> frames = {0.0, 1.0, 2.0};
    first.channels = {channel(a, AnimPath::Translation, frames),
                      channel(a, AnimPath::Rotation, frames),
                      channel(b, AnimPath::Translation, {0.0, 0.5})};
    // Another animation on the same frames shares them too.
    second.channels = {channel(b, AnimPath::Scale, frames)};
    s.animations = {first, second};
    const fs::path dir = test::fresh_temp_dir("shapes_shared_inputs");
    export_scene(s, dir / "s.glb", ExportOptions{});
    const json report = test::validate_gltf(dir / "s.glb");
    INFO(report.dump(1));
    CHECK(report["numErrors"] == 0);
    const test::Glb g = test::read_glb(dir / "s.glb");
    std::set<int> inputs;
    size_t samplers = 0;
    for (size_t k = 0; k < 2; ++k) {
        const json& anim = g.json["animations"][k];
        const Animation& src = s.animations[k];
        REQUIRE(anim["samplers"].size() == src.channels.size());
        for (size_t c = 0; c < src.channels.size(); ++c) {
            const int in = anim["samplers"][c]["input"].get<int>();
            inputs.insert(in);
            ++samplers;
            const std::vector<float> times = test::accessor_floats(g, in);
            REQUIRE(times.size() == src.channels[c].times.size());
            for (size_t t = 0; t < times.size(); ++t)
                CHECK(times[t] == float(src.channels[c].times[t]));
            const std::vector<float> out =
                test::accessor_floats(g, anim["samplers"][c]["output"].get<int>());
            const bool rot = src.channels[c].path == AnimPath::Rotation;
            REQUIRE(out.size() == times.size() * (rot ? 4 : 3));
            for (size_t t = 0; t < times.size(); ++t)  // x = key index, rotations identity
                CHECK(out[t * (rot ? 4 : 3) + (rot ? 3 : 0)] == (rot ? 1.0f : float(t)));
        }
    }
    CHECK(samplers == 4);
    CHECK(inputs.size() == 2);  // {0, 1, 2} once, {0, 0.5} once
    CHECK(g.json["accessors"].size() == 2 + 4);
    // One bufferView per animation, every accessor inside its view.
    CHECK(g.json["bufferViews"].size() == 2);
    for (const json& acc : g.json["accessors"]) {
        const json& view = g.json["bufferViews"][acc["bufferView"].get<size_t>()];
        const size_t n = acc["count"].get<size_t>() * (acc["type"] == "SCALAR" ? 1
                                                       : acc["type"] == "VEC3" ? 3
                                                                               : 4);
        CHECK(acc.value("byteOffset", size_t(0)) + n * 4 <= view["byteLength"].get<size_t>());
    }
}

// Animations, their accessors and views are streamed as text after the tree's
// (a mesh's, a skin's): the .glb and the .gltf of one scene hold the same
// JSON, every index resolving to what it did when the document was a tree.
TEST_CASE("a glb's streamed animations read as the .gltf's, after the mesh's accessors", "[gltf]") {
    Scene s = test::make_full_scene();
    Animation extra;
    extra.name = "extra";
    extra.duration = 1.0;
    Channel c;
    c.node = 0;
    c.path = AnimPath::Scale;
    c.times = {0.0, 0.25, 1.0};
    c.values = {glm::vec4(1), glm::vec4(2), glm::vec4(3)};
    extra.channels.push_back(c);
    s.animations.push_back(extra);
    const fs::path dir = test::fresh_temp_dir("shapes_streamed");
    export_scene(s, dir / "s.glb", ExportOptions{});
    // Its own folder: both write s.wav beside them.
    const fs::path text_dir = test::fresh_temp_dir("shapes_streamed_text");
    ExportOptions text;
    text.format = OutputFormat::Gltf;
    export_scene(s, text_dir / "s.gltf", text);
    for (const fs::path& f : {dir / "s.glb", text_dir / "s.gltf"}) {
        const json report = test::validate_gltf(f);
        INFO(f << report.dump(1));
        CHECK(report["numErrors"] == 0);
    }
    const test::Glb g = test::read_glb(dir / "s.glb");
    std::ifstream in(text_dir / "s.gltf");
    json j = json::parse(in);
    j["buffers"][0].erase("uri");
    CHECK(j == g.json);
    // The mesh's accessors come first; the last animation's scale keys read back.
    const json& anim = g.json["animations"].back();
    CHECK(anim["name"] == "extra");
    const int out = anim["samplers"][0]["output"].get<int>();
    CHECK(size_t(out) == g.json["accessors"].size() - 1);
    CHECK(test::accessor_floats(g, out) == std::vector<float>{1, 1, 1, 2, 2, 2, 3, 3, 3});
    const int input = anim["samplers"][0]["input"].get<int>();
    CHECK(test::accessor_floats(g, input) == std::vector<float>{0.0f, 0.25f, 1.0f});
    CHECK(g.json["accessors"][size_t(input)]["max"][0] == 1.0);
}

TEST_CASE("a glTF document refuses a tree accessor after a streamed one", "[gltf]") {
    GltfDoc doc;
    doc.json = {{"asset", {{"version", "2.0"}}}};
    CHECK(doc.add_float_accessor({1, 2, 3}, "VEC3", 1, false) == 0);
    doc.begin_shared_view();
    CHECK(doc.add_float_accessor({0.5f}, "SCALAR", 1, true) == 1);
    CHECK(doc.view_count() == 2);
    doc.end_shared_view();
    CHECK(doc.accessor_count() == 2);
    CHECK_THROWS_AS(doc.add_float_accessor({1, 2, 3}, "VEC3", 1, false), Error);
    const json j = json::parse(doc.json_text());
    REQUIRE(j["accessors"].size() == 2);
    CHECK(j["accessors"][1]["bufferView"] == 1);
    CHECK(j["accessors"][1]["min"][0] == 0.5);
    CHECK(j["bufferViews"][1]["byteOffset"] == 12);
    CHECK(j["bufferViews"][1]["byteLength"] == 4);
    CHECK(json::parse(doc.json_text(2)) == j);
}
