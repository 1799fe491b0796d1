// The reader and the scene on levels laid out by hand (hand_level.hpp), with
// every expected value worked out from the layout, not from the program.
#include <string_view>

#include "hand_level.hpp"
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"
#include "tr_level/document.hpp"
#include "tr_level/level_reader.hpp"

using namespace ripkit;
using namespace ripkit::tr_level;

namespace {

Level read(bool tr5) {
    Budget budget;
    return read_level(hand::minimal_level(tr5), budget);
}

std::unique_ptr<Document> open(bool tr5, Options o = {}) {
    Input in;
    in.path = tr5 ? "hand.trc" : "hand.tr4";
    in.bytes = hand::minimal_level(tr5);
    return open_level(in, o);
}

// The name as a view: GCC 14 takes a reference returned from a call given a
// temporary std::string for a dangling one.
const Mesh& mesh_named(const Scene& s, std::string_view name) {
    for (const Mesh& m : s.meshes)
        if (m.name == name) return m;
    FAIL("no mesh " << name);
    throw 0;
}

void check_vec(const glm::vec3& got, glm::vec3 want) {
    CHECK(got.x == Approx(want.x).margin(1e-6));
    CHECK(got.y == Approx(want.y).margin(1e-6));
    CHECK(got.z == Approx(want.z).margin(1e-6));
}

}  // namespace

TEST_CASE("tr_level hand-laid TR4: every decoded value") {
    const Level l = read(false);
    CHECK(l.version == Version::Tr4);
    CHECK(l.object_pages == 1);
    REQUIRE(l.pages.size() == 1);
    // texel (3, 5) is stored B, G, R, A = 5, 3, 200, 255
    const size_t t = (5 * 256 + 3) * 4;
    CHECK(l.pages[0][t] == 5);
    CHECK(l.pages[0][t + 1] == 3);
    CHECK(l.pages[0][t + 2] == 200);
    CHECK(l.pages[0][t + 3] == 255);

    REQUIRE(l.rooms.size() == 1);
    const Room& r = l.rooms[0];
    CHECK_FALSE(r.error);
    CHECK(r.x == 1024);
    CHECK(r.z == 2048);
    CHECK(r.y_top == -1024);
    REQUIRE(r.vertices.size() == 3);
    CHECK(r.vertices[2].y == -512);
    CHECK(r.vertices[2].z == 1024);
    CHECK(r.vertices[1].colour == 0x03E0);
    CHECK(r.vertices[0].attributes == 0x4000);
    REQUIRE(r.faces.size() == 1);
    CHECK_FALSE(r.faces[0].quad);
    CHECK(r.faces[0].texture == 0x8000);
    CHECK(r.sectors_z == 1);
    CHECK(r.ambient == 0xFF808080);
    CHECK(r.alt_room == -1);

    REQUIRE(l.mesh_pointers == std::vector<uint32_t>{0, 64});
    REQUIRE(l.meshes.size() == 2);
    const TrMesh& a = *l.meshes[0].mesh;
    CHECK(a.radius == 100);
    REQUIRE(a.vertices.size() == 3);
    CHECK(a.vertices[1].x == 100);
    CHECK(a.normal_count == 3);
    CHECK(a.normals[2].z == -16384);
    const TrMesh& b = *l.meshes[1].mesh;
    CHECK(b.centre.x == 32);
    CHECK(b.normal_count == -4);
    CHECK(b.lights == std::vector<int16_t>{0, 2048, 4096, 8191});
    REQUIRE(b.faces.size() == 1);
    CHECK(b.faces[0].quad);
    CHECK(b.faces[0].effects == 1);

    CHECK(l.mesh_tree == std::vector<int32_t>{0, 0, -256, 0});
    REQUIRE(l.moveables.size() == 1);
    CHECK(l.moveables[0].mesh_count == 2);
    CHECK(l.moveables[0].animation == -1);
    CHECK_FALSE(l.moveables[0].error);
    REQUIRE(l.object_textures.size() == 1);
    CHECK(l.object_textures[0].attribute == 1);
    CHECK(l.object_textures[0].uv[2] == 0x4080);
}

TEST_CASE("tr_level hand-laid TR5: XELA room, floats, BGRA, 20-byte moveable, markers with 0") {
    const Level l = read(true);
    CHECK(l.version == Version::Tr5);
    CHECK(l.lara_type == 2);
    CHECK(l.weather == 1);
    REQUIRE(l.rooms.size() == 1);
    const Room& r = l.rooms[0];
    INFO((r.error ? r.error->what() : ""));
    REQUIRE_FALSE(r.error);
    CHECK(r.x == 1024);
    CHECK(r.z == 2048);
    CHECK(r.layers == 1);
    REQUIRE(r.vertices.size() == 3);
    CHECK(r.vertices[2].y == -512.0f);
    CHECK(r.vertices[1].x == 1024.0f);
    CHECK(r.vertices[0].normal[1] == -1.0f);
    CHECK(r.vertices[0].colour == 0xFFFF0000);
    REQUIRE(r.faces.size() == 1);
    CHECK(r.faces[0].texture == 0x8000);
    CHECK(l.moveables.at(0).tr5_filler == 0xFFEF);
    CHECK(l.object_textures.at(0).uv[5] == 0x4000);
    CHECK(l.meshes.size() == 2);
}

TEST_CASE("tr_level hand-laid: the moveable's scene from the layout by hand") {
    for (bool tr5 : {false, true}) {
        INFO((tr5 ? "tr5" : "tr4"));
        const auto doc = open(tr5);
        const Scene s = doc->scene(0);
        validate_scene(s);
        REQUIRE(s.nodes.size() == 3);
        CHECK(s.nodes[0].name == "slot0");
        CHECK(s.nodes[2].name == "slot0_mesh1");
        CHECK(s.nodes[2].parent == 1);
        // tree node {0, 0, -256, 0}: 256 units up = 0.5 m up (Y up)
        check_vec(s.nodes[2].translation, {0.0f, 0.5f, 0.0f});
        REQUIRE(s.skins.size() == 1);
        CHECK(s.skins[0].inverse_bind[1][3][1] == Approx(-0.5f));

        // One body mesh per material and vertex kind: mesh A's triangle
        // (alpha-tested, normals) is slot0_geo, mesh B's quad (additive,
        // vertex lights) slot0_geo_1.
        REQUIRE(s.meshes.size() == 2);
        // Mesh B (the quad) at rest: (x, y - 256, z) / 512, then (x, -y, -z).
        const Mesh& q = mesh_named(s, "slot0_geo_1");
        REQUIRE(q.positions.size() == 4);
        check_vec(q.positions[0], {0.0f, 0.5f, 0.0f});
        check_vec(q.positions[1], {64.0f / 512, 0.5f, 0.0f});
        check_vec(q.positions[2], {64.0f / 512, 0.5f, -64.0f / 512});
        check_vec(q.positions[3], {0.0f, 0.5f, -64.0f / 512});
        // quad (0,1,2,3) -> (0,1,2) + (0,2,3), each reversed
        CHECK(q.indices == std::vector<uint32_t>{2, 1, 0, 3, 2, 0});
        CHECK(q.joints == std::vector<uint16_t>{1, 1, 1, 1});
        // corner i = object texture corner i / 65536
        CHECK(q.uv0[0].x == Approx(0x0100 / 65536.0));
        CHECK(q.uv0[0].y == Approx(0x0200 / 65536.0));
        CHECK(q.uv0[1].x == Approx(0x4080 / 65536.0));
        CHECK(q.uv0[2].y == Approx(0x4000 / 65536.0));
        CHECK(q.uv0[3].x == Approx(0x0100 / 65536.0));
        // lights 0, 2048, 4096, 8191 -> (255 - L/32) / 255
        REQUIRE(q.colors.size() == 4);
        CHECK(q.colors[0].r == Approx(1.0));
        CHECK(q.colors[1].g == Approx(191.0 / 255));
        CHECK(q.colors[2].b == Approx(127.0 / 255));
        CHECK(q.colors[3].r == Approx(0.0));
        CHECK(q.normals.empty());
        // effects bit 0: additive although the texture is alpha-tested
        const Material& qm = s.materials.at(size_t(q.material));
        CHECK(qm.alpha_mode == AlphaMode::Blend);
        CHECK(qm.extras["blend"] == "additive");
        CHECK_FALSE(qm.double_sided);

        const Mesh& t = mesh_named(s, "slot0_geo");
        REQUIRE(t.normals.size() == 3);
        check_vec(t.normals[0], {0.0f, 0.0f, 1.0f});  // (0, 0, -16384) turned to +Z
        CHECK(s.materials.at(size_t(t.material)).alpha_mode == AlphaMode::Mask);
        REQUIRE(s.textures.size() == 1);
        CHECK(s.textures[0].width == 256);
    }
}

TEST_CASE("tr_level hand-laid: --set body=parts, each mesh on its own node") {
    Options o;
    o.settings["body"] = "parts";
    const Scene s = open(false, o)->scene(0);
    validate_scene(s);
    CHECK(s.skins.empty());
    REQUIRE(s.nodes.size() == 3);
    CHECK(s.nodes[1].name == "slot0_mesh0");
    CHECK(s.nodes[2].name == "slot0_mesh1");
    check_vec(s.nodes[2].translation, {0.0f, 0.5f, 0.0f});
    // Mesh A on mesh 0's node, mesh B on mesh 1's, each in its own space:
    // B's quad (0,0,0) (64,0,0) (64,0,64) (0,0,64) / 512, then (x, -y, -z).
    REQUIRE(s.nodes[1].meshes.size() == 1);
    REQUIRE(s.nodes[2].meshes.size() == 1);
    const Mesh& a = s.meshes.at(size_t(s.nodes[1].meshes[0]));
    const Mesh& b = s.meshes.at(size_t(s.nodes[2].meshes[0]));
    CHECK(a.name == "slot0_mesh0_geo");
    CHECK(b.name == "slot0_mesh1_geo");
    CHECK(a.skin == -1);
    CHECK(b.skin == -1);
    CHECK(a.joints.empty());
    REQUIRE(a.positions.size() == 3);
    check_vec(a.positions[1], {100.0f / 512, 0.0f, 0.0f});
    check_vec(a.positions[2], {0.0f, -100.0f / 512, 0.0f});
    REQUIRE(b.positions.size() == 4);
    check_vec(b.positions[0], {0.0f, 0.0f, 0.0f});
    check_vec(b.positions[2], {64.0f / 512, 0.0f, -64.0f / 512});
    CHECK(b.indices == std::vector<uint32_t>{2, 1, 0, 3, 2, 0});
    REQUIRE(b.colors.size() == 4);
    CHECK(b.colors[1].g == Approx(191.0 / 255));
}

TEST_CASE("tr_level hand-laid: the rooms item") {
    for (bool tr5 : {false, true}) {
        INFO((tr5 ? "tr5" : "tr4"));
        const auto doc = open(tr5);
        const Scene s = doc->scene(kRoomsItem);
        validate_scene(s);
        const int room = s.find_node("room0");
        REQUIRE(room == 1);
        check_vec(s.nodes[1].translation, {2.0f, 0.0f, -4.0f});
        const Mesh& m = mesh_named(s, "room0_geo");
        REQUIRE(m.positions.size() == 3);
        check_vec(m.positions[1], {2.0f, 0.0f, 0.0f});
        check_vec(m.positions[2], {0.0f, 1.0f, -2.0f});
        // red, green, blue: RGB555 (TR4) and BGRA bytes (TR5) alike
        CHECK(m.colors[0] == glm::vec4(1, 0, 0, 1));
        CHECK(m.colors[1] == glm::vec4(0, 1, 0, 1));
        CHECK(m.colors[2] == glm::vec4(0, 0, 1, 1));
        const Material& mat = s.materials.at(size_t(m.material));
        CHECK(mat.double_sided);
        CHECK(mat.unlit);
        CHECK(mat.alpha_mode == AlphaMode::Mask);
        CHECK(m.normals.size() == (tr5 ? 3u : 0u));
    }
}

TEST_CASE("tr_level hand-laid: --native keeps TR units and axes, --set scale") {
    Options o;
    o.native = true;
    const Scene n = open(false, o)->scene(0);
    check_vec(n.nodes[2].translation, {0.0f, -256.0f, 0.0f});
    Options sc;
    sc.settings["scale"] = "0.001";
    const Scene m = open(false, sc)->scene(0);
    check_vec(m.nodes[2].translation, {0.0f, 0.256f, 0.0f});
}

// --set goes through the schema: a refusal names the key and every key taken.
TEST_CASE("tr_level --set: an unknown key or a bad scale is a usage error naming it") {
    const auto refused = [](std::string key, std::string value) {
        Options o;
        o.settings[key] = value;
        try {
            open(false, o);
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::Usage);
            return std::string(e.what());
        }
        FAIL("--set " << key << "=" << value << " was accepted");
        return std::string();
    };
    CHECK(refused("scael", "2").find("a setting tr-level takes (scale, body), got --set scael=2") !=
          std::string::npos);
    CHECK(refused("body", "rigid").find("--set body=") != std::string::npos);
    for (const char* v : {"2abc", "inf", "nan", "0", "-1", ""}) {
        INFO(v);
        CHECK(refused("scale", v)
                  .find("--set scale=<a number in (0, 1000000000]>, got '" + std::string(v) +
                        "'") != std::string::npos);
    }
}

TEST_CASE("tr_level info: the schema's assumptions with the value in force") {
    const nlohmann::json plain = open(false)->info()["assumptions"];
    CHECK(plain.size() == 12);
    for (const char* key :
         {"scale", "uv_inset", "empty_pop", "sidedness", "blending", "vertex_light", "room_colour",
          "rest_pose", "lara_joints", "anim_rate", "anim_interpolation", "ng_chunk_size"})
        CHECK(plain.contains(key));
    CHECK(plain["scale"].get<std::string>().find("[scale = 0.001953125, the default]") !=
          std::string::npos);
    Options o;
    o.settings["scale"] = "0.01";
    const auto doc = open(false, o);
    CHECK(doc->info()["assumptions"]["scale"].get<std::string>().find(
              "[overridden: --set scale=0.01]") != std::string::npos);
    // The scene extras carry the same texts.
    CHECK(doc->scene(0).extras["assumptions"].size() == 12);
}
