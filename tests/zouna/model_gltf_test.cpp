// The test kit's model exported to .glb and read back with the tests' own
// glTF reader (tests/export/gltf_reader.hpp, written from the glTF spec):
// vertex weights on 3 and 4 bones not summing to 1 land normalised in
// JOINTS_0 / WEIGHTS_0, zero weights skipped; Material_Z render flags become
// alphaMode, alphaCutoff, doubleSided, clamp samplers and the additive /
// invisible extras as docs/formats/zouna.md ("Materials") says, per game.
#include "../export/gltf_reader.hpp"
#include "clients.hpp"
#include "kit_document.hpp"
#include "ripkit/export.hpp"
#include "ripkit_catch.hpp"
#include "test_util.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/format.hpp"
#include "zouna/testkit/body_kit.hpp"

using namespace ripkit;
using namespace ripkit::zouna;
using namespace zouna_test;
namespace fs = std::filesystem;

namespace {

constexpr Game kGames[] = {Game::Ratatouille, Game::WallE, Game::Fuel};

// SKIN of the kit (in a BigFile) as a .glb, read back.
test::Glb kit_glb(const KitSet& k, const std::string& tag) {
    const Scene s = open_kit(k)->scene(asobo_crc32("SKIN"));
    const fs::path out =
        test::fresh_temp_dir("zouna_gltf_" + tag + "_" + game_name(k.game)) / "kit.glb";
    ExportOptions eo;
    eo.format = OutputFormat::Glb;
    export_scene(s, out, eo);
    return test::read_glb(out);
}

// Attribute `name` of the first primitive of mesh `mesh`, as doubles.
std::vector<double> attribute(const test::Glb& g, const std::string& mesh,
                              const std::string& name) {
    for (const nlohmann::json& m : g.json["meshes"])
        if (m["name"] == mesh)
            return test::accessor_values(g, m["primitives"][0]["attributes"][name].get<int>());
    FAIL("no mesh " << mesh);
    throw;
}

Bone extra_bone(const char* name, glm::vec3 at) {
    Bone b;
    b.name = asobo_crc32(name);
    b.parent = 0;
    b.translation = at;
    b.transform[3] = glm::vec4(at, 1);
    return b;
}

}  // namespace

TEST_CASE("weights on 3 and 4 bones not summing to 1: glTF JOINTS_0 / WEIGHTS_0 normalised",
          "[clients]") {
    for (Game g : kGames) {
        INFO(game_name(g));
        KitSet k = kit_set(g);
        // Bones 2 and 3 under ROOT, palette slots 2 and 3.
        k.skel.bones.push_back(extra_bone("B2", {1, 0, 0}));
        k.skel.bones.push_back(extra_bone("B3", {-1, 0, 0}));
        std::vector<uint32_t>& pal = k.skin.sections[0].subsections[0].palette;
        pal[2] = asobo_crc32("B2");
        pal[3] = asobo_crc32("B3");
        std::vector<Vertex>& v = k.body.vertex_buffers[0].vertices;
        // Slot s is stored as 6 s; 180 (slot 30, past the palette) only under zero weights.
        v[4].blend_index = {0, 6, 12, 18};
        v[4].blend_weight = {0.2f, 0.4f, 0.6f, 0.8f};  // sum 2
        v[5].blend_index = {0, 6, 12, 180};
        v[5].blend_weight = {1, 1, 2, 0};  // sum 4, the last skipped
        v[6].blend_index = {180, 6, 12, 18};
        v[6].blend_weight = {0, 0.5f, 0.5f, 0.5f};  // sum 1.5, the first skipped
        const test::Glb glb = kit_glb(k, "weights");
        const std::vector<double> joints = attribute(glb, "BODY", "JOINTS_0");
        const std::vector<double> weights = attribute(glb, "BODY", "WEIGHTS_0");
        const std::vector<double> pos = attribute(glb, "BODY", "POSITION");
        REQUIRE(joints.size() == 32);
        REQUIRE(weights.size() == 32);
        REQUIRE(pos.size() == 24);
        // The glb keeps the vertex order: v4 is (0, 1, -0.5) mirrored.
        CHECK(pos[12] == 0.0);
        CHECK(pos[13] == 1.0);
        CHECK(pos[14] == 0.5);
        // The skin's joints are the bones in bone order: joint j = bone j.
        const std::vector<std::vector<double>> want_joints = {{0, 1, 2, 3}, {0, 1, 2}, {1, 2, 3}},
                                               want_weights = {{0.1, 0.2, 0.3, 0.4},
                                                               {0.25, 0.25, 0.5},
                                                               {1.0 / 3, 1.0 / 3, 1.0 / 3}};
        for (size_t i = 0; i < 3; ++i) {
            const size_t at = (4 + i) * 4;
            INFO("vertex " << 4 + i);
            double sum = 0;
            for (size_t c = 0; c < 4; ++c) {
                const double w = c < want_weights[i].size() ? want_weights[i][c] : 0.0;
                CHECK(weights[at + c] == Approx(w).margin(1e-6));
                if (w > 0) CHECK(joints[at + c] == want_joints[i][c]);
                sum += weights[at + c];
            }
            CHECK(sum == Approx(1.0).margin(1e-6));
        }
        CHECK(joints[7 * 4 + 1] == 1);  // v7 unchanged: ROOT, CHILD 0.5 / 0.5
        CHECK(weights[7 * 4 + 1] == Approx(0.5).margin(1e-6));
    }
}

namespace {

// What docs/formats/zouna.md ("Materials") makes of one material.
struct MaterialWant {
    uint32_t flags = 0;
    float opacity = 1.0f;
    uint8_t bitmap_transparency = 0;
    std::string alpha_mode = "OPAQUE";
    bool double_sided = false, additive = false, invisible = false, clamp = false;
};

void check_material(Game g, const MaterialWant& w) {
    INFO(game_name(g) << " render flags " << w.flags << " opacity " << w.opacity
                      << " bitmap transparency " << int(w.bitmap_transparency));
    KitSet k = kit_set(g);
    k.mat.render_flags = w.flags;
    k.mat.diffuse.a = w.opacity;
    k.tex.transparency = w.bitmap_transparency;
    const test::Glb glb = kit_glb(k, "material_" + std::to_string(w.flags));
    REQUIRE(glb.json["materials"].size() == 1);
    const nlohmann::json& m = glb.json["materials"][0];
    CHECK(m.value("alphaMode", std::string("OPAQUE")) == w.alpha_mode);
    if (w.alpha_mode == "MASK") CHECK(m.value("alphaCutoff", 0.5) == 0.5);
    CHECK(m.value("doubleSided", false) == w.double_sided);
    CHECK(m["extras"]["render_flags"] == w.flags);
    CHECK(m["extras"]["additive"] == w.additive);
    CHECK(m["extras"]["invisible"] == w.invisible);
    const int tex = m["pbrMetallicRoughness"]["baseColorTexture"]["index"].get<int>();
    const nlohmann::json& sampler =
        glb.json["samplers"][glb.json["textures"][size_t(tex)]["sampler"].get<size_t>()];
    const int wrap = w.clamp ? 33071 : 10497;  // CLAMP_TO_EDGE, REPEAT
    CHECK(sampler.value("wrapS", 10497) == wrap);
    CHECK(sampler.value("wrapT", 10497) == wrap);
}

}  // namespace

TEST_CASE("a Mesh_Z in two draw groups: one glTF mesh named after it, a primitive per group",
          "[clients]") {
    for (Game g : kGames) {
        INFO(game_name(g));
        const test::Glb glb = kit_glb(kit_set_two_groups(g), "groups");
        size_t named = 0;
        for (const nlohmann::json& m : glb.json["meshes"]) named += m["name"] == "BODY";
        REQUIRE(named == 1);
        size_t mesh = 0;
        while (glb.json["meshes"][mesh]["name"] != "BODY") ++mesh;
        const nlohmann::json& prims = glb.json["meshes"][mesh]["primitives"];
        REQUIRE(prims.size() == 2);
        // Group 0 draws v0-v3, group 1 v4-v7: (0, 1, -0.5) first, mirrored in Z.
        const std::vector<double> second =
            test::accessor_values(glb, prims[1]["attributes"]["POSITION"].get<int>());
        REQUIRE(second.size() == 12);
        CHECK(second[0] == 0.0);
        CHECK(second[1] == 1.0);
        CHECK(second[2] == 0.5);
        for (const nlohmann::json& p : prims) {
            CHECK(test::accessor_values(glb, p["indices"].get<int>()).size() == 6);
            CHECK(glb.json["materials"][p["material"].get<size_t>()]["name"] == "MAT");
        }
        // The node BODY draws that mesh, skinned.
        size_t nodes = 0;
        for (const nlohmann::json& n : glb.json["nodes"])
            if (n["name"] == "BODY") {
                ++nodes;
                CHECK(n["mesh"] == mesh);
                CHECK(n.contains("skin"));
            }
        CHECK(nodes == 1);
    }
}

// RatDecomp's bits (0x20 blend, 0x40 alpha test, 0x80 invisible, 0x100 /
// 0x200 clamp U / V, 0x1000 additive, 0x20000 two-sided) hold for
// Ratatouille; FUEL's 0x20 means blend (bff) and nothing else is known;
// WALL-E's bits are unknown: only opacity < 1 blends. A material that says
// nothing about alpha takes its bitmap's transparency (1 MASK, 2 BLEND).
TEST_CASE("Material_Z render flags: alphaMode, doubleSided, clamp, additive extras per game",
          "[clients]") {
    const Game rat = Game::Ratatouille, walle = Game::WallE, fuel = Game::Fuel;
    check_material(rat, {0x20, 1, 0, "BLEND"});
    check_material(rat, {0x40, 1, 0, "MASK"});
    check_material(rat, {0x80, 1, 0, "OPAQUE", false, false, true});
    check_material(rat, {0x300, 1, 0, "OPAQUE", false, false, false, true});
    check_material(rat, {0x1000, 1, 0, "BLEND", false, true});
    check_material(rat, {0x20000, 1, 0, "OPAQUE", true});
    check_material(rat, {0x20000 | 0x40, 1, 0, "MASK", true});
    check_material(rat, {0x800000, 1, 1, "MASK"});
    check_material(rat, {0x0, 1, 2, "BLEND"});
    check_material(
        rat, {0x40, 1, 2,
              "MASK"});  // the material's own bit first  // ZounaBlender's default: no alpha bits
    for (uint32_t f : {0x20u, 0x40u, 0x80u, 0x300u, 0x1000u, 0x20000u})
        check_material(walle, {f, 1, 0, "OPAQUE"});
    check_material(walle, {0x0, 0.5f, 0, "BLEND"});
    // WALL-E's Bitmap_Z header has no transparency byte (zouna-meshes.md section 3).
    check_material(walle, {0x0, 1, 2, "OPAQUE"});
    check_material(fuel, {0x20, 0.5f, 0, "BLEND"});  // bff: 0x20 set when opacity < 1
    check_material(fuel, {0x20, 1, 0, "BLEND"});
    for (uint32_t f : {0x40u, 0x80u, 0x300u, 0x1000u, 0x20000u})
        check_material(fuel, {f, 1, 0, "OPAQUE"});
    check_material(fuel, {0x0, 1, 1, "MASK"});
    for (Game g : kGames) check_material(g, {0x0, 1, 0, "OPAQUE"});
}
