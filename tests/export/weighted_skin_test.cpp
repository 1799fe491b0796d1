// Weighted skins (up to four joints per vertex) through the aiScene hand-over
// and the glTF / FBX exporters: the weights in the file, the validator, and
// three.js' own skinning against positions worked out by hand.
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#include <cmath>
#include <functional>
#include <map>

#include "clients.hpp"
#include "gltf_reader.hpp"
#include "ripkit/assimp/scene_to_assimp.hpp"
#include "ripkit/export.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// root -> bone_a (origin) -> bone_b (0, 1, 0); root -> bone_c (2, 0, 0);
// root -> body (the mesh). bone_b turns 90 degrees about +Z over 1 s.
Scene weighted_scene() {
    Scene s;
    s.add_node("root", -1);
    const int a = s.add_node("bone_a", 0);
    const int b = s.add_node("bone_b", a);
    s.nodes[b].translation = {0, 1, 0};
    const int c = s.add_node("bone_c", 0);
    s.nodes[c].translation = {2, 0, 0};
    const int body = s.add_node("body", 0);
    Mesh m;
    m.name = "body_mesh";
    m.positions = {{1, 0, 0}, {0, 1, 0}, {0, 2, 0}, {1, 1, 0}, {2, 0, 0}, {0, 0, 1}};
    m.indices = {0, 1, 2, 1, 3, 2, 0, 4, 5};
    m.skin = 0;
    // Joint slots: a = 0, b = 1, c = 2.
    m.weighted_joints = {{0, 0, 0, 0}, {0, 1, 0, 0}, {1, 0, 0, 0},
                         {1, 0, 0, 0}, {0, 1, 2, 0}, {2, 1, 0, 0}};
    m.weights = {{1, 0, 0, 0},         {0.5f, 0.5f, 0, 0},    {1, 0, 0, 0},
                 {0.75f, 0.25f, 0, 0}, {0.2f, 0.3f, 0.5f, 0}, {0.5f, 0.25f, 0.25f, 0}};
    s.meshes.push_back(m);
    s.nodes[body].meshes = {0};
    Skin skin;
    skin.name = "skin";
    skin.joints = {a, b, c};
    skin.inverse_bind = {glm::mat4(1.0f), glm::mat4(1.0f), glm::mat4(1.0f)};
    skin.inverse_bind[1][3] = glm::vec4(0, -1, 0, 1);
    skin.inverse_bind[2][3] = glm::vec4(-2, 0, 0, 1);
    s.skins.push_back(skin);
    Animation an;
    an.name = "bend";
    an.duration = 1.0;
    Channel r;
    r.node = b;
    r.path = AnimPath::Rotation;
    r.times = {0.0, 1.0};
    const float h = std::sqrt(0.5f);
    r.values = {{0, 0, 0, 1}, {0, 0, h, h}};
    an.channels = {r};
    s.animations.push_back(an);
    return s;
}

// Hand values at t = 1: bone_b's skinning matrix is T(0,1,0) Rz(90) T(0,-1,0),
// so (x, y) -> (1 - y, x + 1) ... written out per vertex:
//  v0 (1,0,0) a only                    -> (1, 0, 0)
//  v1 (0,1,0) half a, half b (pivot)    -> (0, 1, 0)
//  v2 (0,2,0) b only: (0,1) about pivot -> (-1, 1, 0)
//  v3 (1,1,0) 0.75 b (0,2,0) + 0.25 a   -> (0.25, 1.75, 0)
//  v4 (2,0,0) 0.2 a + 0.3 b (1,3,0) + 0.5 c -> (0.4 + 0.3 + 1.0, 0.9, 0)
//  v5 (0,0,1) 0.5 c + 0.25 b (1,1,1) + 0.25 a -> (0.25, 0.25, 1)
const float kBent[6][3] = {{1, 0, 0},         {0, 1, 0},       {-1, 1, 0},
                           {0.25f, 1.75f, 0}, {1.7f, 0.9f, 0}, {0.25f, 0.25f, 1}};

fs::path export_to(const Scene& s, const fs::path& out, OutputFormat f) {
    ExportOptions o;
    o.format = f;
    export_scene(s, out, o);
    return out;
}

// vertex -> {joint node name: weight} with the zero weights left out.
using Influences = std::vector<std::map<std::string, double>>;

Influences expected_influences(const Scene& s) {
    const Mesh& m = s.meshes[0];
    Influences out(m.positions.size());
    for (size_t v = 0; v < out.size(); ++v)
        for (int k = 0; k < 4; ++k)
            if (m.weights[v][k] > 0)
                out[v][s.nodes[size_t(s.skins[0].joints[m.weighted_joints[v][k]])].name] +=
                    m.weights[v][k];
    return out;
}

}  // namespace

TEST_CASE("validate_scene: weighted skins", "[skin]") {
    Scene s = weighted_scene();
    CHECK_NOTHROW(validate_scene(s));
    const Influence in = skin_influence(s.meshes[0], 4);
    CHECK(in.joints == glm::u16vec4(0, 1, 2, 0));
    CHECK(in.weights == glm::vec4(0.2f, 0.3f, 0.5f, 0));
    auto broken = [](std::function<void(Mesh&)> f, const char* what) {
        Scene t = weighted_scene();
        f(t.meshes[0]);
        INFO(what);
        try {
            validate_scene(t);
            FAIL("accepted");
        } catch (const Error& e) {
            CHECK(std::string(e.what()).find(what) != std::string::npos);
        }
    };
    broken([](Mesh& m) { m.weights[3] = {0.5f, 0.25f, 0, 0}; }, "summing to 1");
    broken([](Mesh& m) { m.weights[3] = {1.25f, -0.25f, 0, 0}; }, ">= 0");
    broken([](Mesh& m) { m.weights[1].y = std::nanf(""); }, "finite");
    broken([](Mesh& m) { m.weighted_joints[4].z = 3; }, "joint in range");
    broken([](Mesh& m) { m.weighted_joints[1] = {1, 1, 0, 0}; }, "joint once");
    broken([](Mesh& m) { m.weights.pop_back(); }, "joint per vertex");
    broken([](Mesh& m) { m.joints.assign(m.positions.size(), 0); }, "not both");
}

TEST_CASE("aiScene: one aiBone per joint with every vertex's weight", "[skin]") {
    const Scene s = weighted_scene();
    std::unique_ptr<aiScene> ai = to_aiscene(s);
    REQUIRE(ai->mNumMeshes == 1);
    const aiMesh* m = ai->mMeshes[0];
    REQUIRE(m->mNumBones == 3);
    Influences got(m->mNumVertices);
    for (unsigned b = 0; b < m->mNumBones; ++b)
        for (unsigned w = 0; w < m->mBones[b]->mNumWeights; ++w)
            got.at(m->mBones[b]->mWeights[w].mVertexId)[m->mBones[b]->mName.C_Str()] +=
                m->mBones[b]->mWeights[w].mWeight;
    CHECK(got == expected_influences(s));
}

TEST_CASE("glb: JOINTS_0/WEIGHTS_0 hold the weights, validator 0 errors", "[skin][clients]") {
    const Scene s = weighted_scene();
    const fs::path dir = test::fresh_temp_dir("weighted_skin");
    const fs::path file = export_to(s, dir / "weighted.glb", OutputFormat::Glb);
    const test::Glb g = test::read_glb(file);
    REQUIRE(g.json["meshes"].size() == 1);
    const json& prim = g.json["meshes"][0]["primitives"][0];
    const std::vector<double> joints = test::accessor_values(g, prim["attributes"]["JOINTS_0"]);
    const std::vector<double> weights = test::accessor_values(g, prim["attributes"]["WEIGHTS_0"]);
    const json& skin =
        g.json["skins"].at(size_t(g.json["nodes"][test::node_index(g, "body")]["skin"]));
    REQUIRE(joints.size() == 24);
    REQUIRE(weights.size() == 24);
    Influences got(6);
    for (size_t v = 0; v < 6; ++v) {
        double sum = 0;
        for (size_t k = 0; k < 4; ++k) {
            sum += weights[v * 4 + k];
            if (weights[v * 4 + k] == 0) continue;
            const size_t node = skin["joints"].at(size_t(joints[v * 4 + k]));
            got[v][g.json["nodes"][node]["name"].get<std::string>()] += weights[v * 4 + k];
        }
        CHECK(sum == Approx(1.0).margin(1e-6));
    }
    CHECK(got == expected_influences(s));
    const json report = test::validate_gltf(file);
    INFO(report.dump(1));
    CHECK(report["numErrors"] == 0);
    for (const json& msg : report["messages"])
        CHECK(msg["code"].get<std::string>().rfind("ACCESSOR_", 0) != 0);
}

TEST_CASE("three.js skins the glb's vertices where the hand arithmetic puts them",
          "[skin][clients]") {
    const fs::path dir = test::fresh_temp_dir("weighted_skin_three");
    const fs::path file = export_to(weighted_scene(), dir / "weighted.glb", OutputFormat::Glb);
    const json r = test::three_skinned(file, "bend", {0.0, 1.0});
    REQUIRE(r["meshes"].size() == 1);
    const json& times = r["meshes"][0]["times"];
    const Scene s = weighted_scene();
    for (size_t v = 0; v < 6; ++v) {
        INFO("vertex " << v);
        for (int c = 0; c < 3; ++c) {
            CHECK(times[0]["positions"][v][c].get<double>() ==
                  Approx(s.meshes[0].positions[v][c]).margin(1e-5));
            CHECK(times[1]["positions"][v][c].get<double>() == Approx(kBent[v][c]).margin(1e-5));
        }
    }
}

// weighted_scene() plus a second body on its own skin over bone_c and bone_b,
// in that order: Assimp's glb2 exporter gathers both skins' bones into one.
Scene two_skin_scene() {
    Scene s = weighted_scene();
    const int b = s.find_node("bone_b"), c = s.find_node("bone_c");
    const int body = s.add_node("body2", 0);
    Mesh m;
    m.name = "body2_mesh";
    m.positions = {{2, 0, 0}, {0, 2, 0}, {1, 1, 0}};
    m.indices = {0, 1, 2};
    m.skin = 1;
    m.weighted_joints = {{0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}};  // c = 0, b = 1
    m.weights = {{1, 0, 0, 0}, {1, 0, 0, 0}, {0.5f, 0.5f, 0, 0}};
    s.meshes.push_back(m);
    s.nodes[size_t(body)].meshes = {1};
    Skin skin;
    skin.name = "skin2";
    skin.joints = {c, b};
    skin.inverse_bind = {s.skins[0].inverse_bind[2], s.skins[0].inverse_bind[1]};
    s.skins.push_back(skin);
    return s;
}

TEST_CASE("glb: each Scene skin is its own glTF skin, JOINTS_0 within it", "[skin][clients]") {
    const fs::path dir = test::fresh_temp_dir("two_skins");
    const fs::path file = export_to(two_skin_scene(), dir / "two.glb", OutputFormat::Glb);
    const test::Glb g = test::read_glb(file);
    REQUIRE(g.json["skins"].size() == 2);
    const auto names = [&](const json& skin) {
        std::vector<std::string> out;
        for (const json& j : skin["joints"]) out.push_back(g.json["nodes"][size_t(j)]["name"]);
        return out;
    };
    const json& n1 = g.json["nodes"][test::node_index(g, "body")];
    const json& n2 = g.json["nodes"][test::node_index(g, "body2")];
    const json& s1 = g.json["skins"].at(size_t(n1["skin"]));
    const json& s2 = g.json["skins"].at(size_t(n2["skin"]));
    CHECK(names(s1) == std::vector<std::string>{"bone_a", "bone_b", "bone_c"});
    CHECK(names(s2) == std::vector<std::string>{"bone_c", "bone_b"});
    // body2's vertices name their joints within skin2: c, b, then half and half.
    const json& prim = g.json["meshes"].at(size_t(n2["mesh"]))["primitives"][0];
    const std::vector<double> joints = test::accessor_values(g, prim["attributes"]["JOINTS_0"]);
    const std::vector<double> weights = test::accessor_values(g, prim["attributes"]["WEIGHTS_0"]);
    REQUIRE(joints.size() == 12);
    const std::vector<std::map<std::string, double>> want = {
        {{"bone_c", 1.0}}, {{"bone_b", 1.0}}, {{"bone_c", 0.5}, {"bone_b", 0.5}}};
    for (size_t v = 0; v < 3; ++v) {
        std::map<std::string, double> got;
        for (size_t k = 0; k < 4; ++k)
            if (weights[4 * v + k] > 0)
                got[names(s2).at(size_t(joints[4 * v + k]))] += weights[4 * v + k];
        CHECK(got == want[v]);
    }
    const json report = test::validate_gltf(file);
    INFO(report.dump(1));
    CHECK(report["numErrors"] == 0);
    // three.js with two skins: body2 at t = 1 (bone_b turned 90 degrees about
    // its pivot (0, 1, 0)): (2,0,0) stays; (0,2,0) -> (-1,1,0); (1,1,0) half
    // bone_c (stays) and half bone_b ((1,1) -> (0,2)) -> (0.5, 1.5, 0).
    const json r = test::three_skinned(file, "bend", {1.0});
    const float bent2[3][3] = {{2, 0, 0}, {-1, 1, 0}, {0.5f, 1.5f, 0}};
    bool seen = false;
    for (const json& m : r["meshes"]) {
        if (m["times"][0]["positions"].size() != 3) continue;
        seen = true;
        for (size_t v = 0; v < 3; ++v)
            for (int c = 0; c < 3; ++c)
                CHECK(m["times"][0]["positions"][v][c].get<double>() ==
                      Approx(bent2[v][c]).margin(1e-5));
    }
    CHECK(seen);
}

TEST_CASE("FBX: Assimp reads the weights back", "[skin][fbx]") {
    const Scene s = weighted_scene();
    const fs::path dir = test::fresh_temp_dir("weighted_skin_fbx");
    const fs::path file = export_to(s, dir / "weighted.fbx", OutputFormat::Fbx);
    Assimp::Importer imp;
    const aiScene* ai = imp.ReadFile(file.string(), aiProcess_ValidateDataStructure);
    INFO(imp.GetErrorString());
    REQUIRE(ai);
    REQUIRE(ai->mNumMeshes == 1);
    const aiMesh* m = ai->mMeshes[0];
    // The FBX importer may split vertices per face corner: match by position.
    std::vector<std::map<std::string, double>> got(m->mNumVertices);
    for (unsigned b = 0; b < m->mNumBones; ++b)
        for (unsigned w = 0; w < m->mBones[b]->mNumWeights; ++w)
            got.at(m->mBones[b]->mWeights[w].mVertexId)[m->mBones[b]->mName.C_Str()] +=
                m->mBones[b]->mWeights[w].mWeight;
    const Influences want = expected_influences(s);
    size_t matched = 0;
    for (unsigned v = 0; v < m->mNumVertices; ++v)
        for (size_t o = 0; o < 6; ++o) {
            const glm::vec3 p = s.meshes[0].positions[o];
            const aiVector3D q = m->mVertices[v];
            if (std::abs(q.x - p.x) + std::abs(q.y - p.y) + std::abs(q.z - p.z) > 1e-4) continue;
            INFO("vertex " << o);
            REQUIRE(got[v].size() == want[o].size());
            for (const auto& [bone, w] : want[o]) CHECK(got[v][bone] == Approx(w).margin(1e-5));
            ++matched;
        }
    CHECK(matched >= 6);
}
