// The writer's demo levels read back: every structure equals what the spec
// put in, and the bodies stand where the tree offsets, summed by hand, say.
#include <set>
#include <tuple>

#include "ripkit_catch.hpp"
#include "tr_level/document.hpp"
#include "tr_level/level_reader.hpp"
#include "tr_level/mesh_tree.hpp"
#include "tr_level/testkit/demo_level.hpp"

using namespace ripkit;
using namespace ripkit::tr_level;
using namespace ripkit::tr_level::testkit;

namespace {

Level read(const LevelSpec& spec) {
    Budget budget;
    return read_level(write_level(spec), budget);
}

std::unique_ptr<Document> open(const LevelSpec& spec) {
    Input in;
    in.path = "demo";
    in.bytes = write_level(spec);
    return open_level(in, Options{});
}

// The scene meshes of one TR mesh (one per material: `<name>`, `<name>_1`, ...).
std::vector<const Mesh*> mesh_named(const Scene& s, const std::string& name) {
    std::vector<const Mesh*> out;
    for (const Mesh& m : s.meshes)
        if (m.name == name || m.name.rfind(name + "_", 0) == 0) out.push_back(&m);
    REQUIRE_FALSE(out.empty());
    return out;
}

// Whether a mesh `<base>` or `<base>_N` has a vertex at `p` weighted 1 to `joint`.
bool has_vertex(const Scene& s, const std::string& base, glm::vec3 p, int joint) {
    for (const Mesh* m : mesh_named(s, base))
        for (size_t v = 0; v < m->positions.size(); ++v) {
            const Influence in = skin_influence(*m, v);
            if (glm::length(m->positions[v] - p) < 1e-6f && in.weights[0] == 1.0f &&
                in.joints[0] == joint)
                return true;
        }
    return false;
}

}  // namespace

TEST_CASE("tr_level demo levels read back as written, TR4 and TR5") {
    for (Version v : {Version::Tr4, Version::Tr5}) {
        INFO(version_name(v));
        const LevelSpec spec = demo_level(v);
        const Level l = read(spec);
        CHECK(l.version == v);
        CHECK(l.pages == spec.pages);
        REQUIRE(l.rooms.size() == spec.rooms.size());
        for (size_t k = 0; k < l.rooms.size(); ++k) {
            const Room& got = l.rooms[k];
            const Room& want = spec.rooms[k];
            INFO("room " << k);
            REQUIRE_FALSE(got.error);
            CHECK(got.x == want.x);
            CHECK(got.z == want.z);
            CHECK(got.y_top == want.y_top);
            REQUIRE(got.vertices.size() == want.vertices.size());
            for (size_t i = 0; i < got.vertices.size(); ++i) {
                CHECK(got.vertices[i].x == want.vertices[i].x);
                CHECK(got.vertices[i].y == want.vertices[i].y);
                CHECK(got.vertices[i].colour == want.vertices[i].colour);
            }
            REQUIRE(got.faces.size() == want.faces.size());
            for (size_t i = 0; i < got.faces.size(); ++i) {
                CHECK(got.faces[i].v == want.faces[i].v);
                CHECK(got.faces[i].texture == want.faces[i].texture);
            }
        }
        CHECK(l.mesh_pointers == spec.mesh_pointers);
        // 61 pointers, the dummy mesh shared by two of them
        CHECK(l.meshes.size() == 60);
        CHECK(l.mesh_of_pointer[0] == l.mesh_of_pointer[31]);
        CHECK(l.mesh_tree == spec.mesh_tree);
        REQUIRE(l.moveables.size() == spec.moveables.size());
        for (size_t i = 0; i < l.moveables.size(); ++i) {
            CHECK(l.moveables[i].slot == spec.moveables[i].slot);
            CHECK(l.moveables[i].starting_mesh == spec.moveables[i].starting_mesh);
            CHECK(l.moveables[i].mesh_tree == spec.moveables[i].mesh_tree);
            CHECK(l.moveables[i].tr5_filler == spec.moveables[i].tr5_filler);
            CHECK_FALSE(l.moveables[i].error);
        }
        REQUIRE(l.object_textures.size() == spec.object_textures.size());
        for (size_t i = 0; i < l.object_textures.size(); ++i) {
            CHECK(l.object_textures[i].uv == spec.object_textures[i].uv);
            CHECK(l.object_textures[i].tile == spec.object_textures[i].tile);
        }
        // The animation sections as written: the writer packs each keyframe,
        // the reader unpacks the same angles (multiples of 64, kept exactly).
        CHECK(l.counts.animations == spec.anims.size());
        CHECK(l.frames == spec.frames);
        CHECK(l.anim_commands == spec.anim_commands);
        REQUIRE(l.anims.size() == 4);
        CHECK(l.anims[1].frame_end == 16);
        for (const Moveable& m : l.moveables)
            for (const MoveableAnim& a : m.anims) CHECK_FALSE(a.error);
        const std::vector<MoveableAnim>& lara = l.moveables[0].anims;
        REQUIRE(lara.size() == 2);
        REQUIRE(lara[1].keys.size() == 4);  // span 5 at rate 2: frames 0, 2, 4, 5
        CHECK(lara[1].keys[1].rotations[8] == std::array<uint16_t, 3>{45056, 0, 0});
        CHECK(lara[1].keys[1].packing[8] == Packing::X);
        CHECK(lara[1].keys[2].rotations[9] == std::array<uint16_t, 3>{0, 0, 57344});
        CHECK(lara[0].keys[2].rotations[0] == std::array<uint16_t, 3>{0, 8192, 0});
        CHECK(l.moveables[4].anims.at(0).keys.at(3).rotations[0][1] == 65472);
        // The sections walked past, as counted.
        CHECK(l.counts.boxes == 2);
        CHECK(l.counts.flyby_cameras == 1);
        // Meshes: the head (LARA mesh 14) has lights, the others normals.
        const TrMesh& head = *l.meshes[size_t(l.mesh_of_pointer[15])].mesh;
        CHECK(head.normal_count == -8);
        CHECK(head.lights[7] == 7000);
        CHECK(head.vertices[7].x == 34);
    }
}

TEST_CASE("tr_level TR5 room layers: indices local to each layer become room-wide") {
    const Level l = read(demo_level(Version::Tr5));
    const Room& r = l.rooms[1];
    CHECK(r.layers == 2);
    // spec faces (4,5,6) and (4,6,7) lie in layer 1 (vertices 4..7): stored
    // as (0,1,2) and (0,2,3), read back room-wide
    REQUIRE(r.faces.size() == 3);
    CHECK(r.faces[1].v[0] == 4);
    CHECK(r.faces[2].v[2] == 7);
    CHECK(r.quad_count == 1);
    CHECK(r.triangle_count == 2);
    CHECK(r.vertices[5].normal[1] == -1.0f);
}

TEST_CASE("tr_level the mesh tree walk needs push and pop: Lara's parents by hand") {
    const Level l = read(demo_level(Version::Tr4));
    const Skeleton s = walk_tree(tree_nodes(l, l.moveables[0]));
    // thighs and torso off the hips, arms and head off the torso
    CHECK(s.parent == std::vector<int>{-1, 0, 1, 2, 0, 4, 5, 0, 7, 8, 9, 7, 11, 12, 7});
    CHECK(s.warnings.empty());
    const Skeleton a = walk_tree(tree_nodes(l, l.moveables[3]));
    CHECK(a.parent == std::vector<int>{-1, 0, 1, 2, 3, 2, 5, 6, 7, 6, 9, 10, 11, 12, 13});
}

TEST_CASE("tr_level Lara at rest: vertex positions from the tree offsets summed by hand") {
    const Scene s = open(demo_level(Version::Tr4))->scene(0);
    validate_scene(s);
    const float u = 1.0f / 512;
    // Slot 0 is drawn as the engine draws Lara: LARA_SKIN's boxes (half width
    // h = 30 + j, y 0..50 + 4j) on LARA's tree, and LARA_SKIN_JOINTS between.
    // head: origin = torso (0,-30,0) + (0,-230,0); h = 44, y 0..106;
    // corner (44, 106, 44) -> (44, -154, 44) TR -> (44, 154, -44) / 512
    CHECK(has_vertex(s, "slot0_geo", {44 * u, 154 * u, -44 * u}, 14));
    // left foot: (60,10,0) + (0,220,0) + (0,200,10) = (60,430,10); h = 33;
    // corner (-33, 0, -33) -> (27, 430, -23)
    CHECK(has_vertex(s, "slot0_geo", {27 * u, -430 * u, 23 * u}, 3));
    // left hand: torso + (90,-200,0) + (0,130,0) + (0,120,0) = (90,20,0);
    // h = 43, y 0..102; corner (43, 102, -43) -> (133, 122, -43)
    CHECK(has_vertex(s, "slot0_geo", {133 * u, -122 * u, 43 * u}, 13));
    // torso at (0,-30,0), h = 37; corner (-37, 0, -37) -> (-37, -30, -37)
    CHECK(has_vertex(s, "slot0_geo", {-37 * u, 30 * u, 37 * u}, 7));
    // One mesh per material and vertex kind for the whole body: 15 boxes and
    // 14 joint boxes, 27 corners each, in as many meshes as (material, kind)s.
    size_t corners = 0;
    std::set<std::tuple<int, bool, bool>> kinds;
    for (const Mesh* m : mesh_named(s, "slot0_geo")) {
        corners += m->positions.size();
        kinds.insert({m->material, m->normals.empty(), m->colors.empty()});
    }
    CHECK(corners == (15 + 14) * 27);
    CHECK(mesh_named(s, "slot0_geo").size() == kinds.size());
    CHECK(s.nodes[0].extras["body"] == "LARA_SKIN and LARA_SKIN_JOINTS on LARA's tree");
    // joints carry the offsets; the head hangs off the torso, not the left hand
    const int head = s.find_node("slot0_mesh14");
    CHECK(s.nodes[size_t(head)].parent == s.find_node("slot0_mesh07"));
    CHECK(s.nodes[size_t(head)].translation.y == Approx(230 * u));
    REQUIRE(s.skins.size() == 1);
    CHECK(s.skins[0].joints.size() == 15);
    // inverse bind of the head: minus its rest origin (0, 260, 0) / 512
    CHECK(s.skins[0].inverse_bind[14][3][1] == Approx(-260 * u));
}

TEST_CASE("tr_level list: one item per moveable with its public name, the rooms as one") {
    const auto doc = open(demo_level(Version::Tr4));
    const auto items = doc->items();
    REQUIRE(items.size() == 6);
    CHECK(items[0].id == 0);
    CHECK(items[0].fields["name"] == "LARA");
    CHECK(items[1].fields["name"] == "LARA_SKIN");
    CHECK(items[2].fields["name"] == "LARA_SKIN_JOINTS");
    CHECK(items[3].id == kDemoActorSlot);
    CHECK_FALSE(items[3].fields.contains("name"));
    CHECK(items[4].fields["name"] == "ANIMATING1");  // TR4 slot 427
    CHECK(items[4].fields["meshes"] == 1);
    CHECK(items[5].id == kRoomsItem);
    CHECK(items[5].fields["rooms"] == 2);
    CHECK(doc->default_item() == 0);
    const auto tr5 = open(demo_level(Version::Tr5))->items();
    CHECK(tr5[4].id == 416);
    CHECK(tr5[4].fields["name"] == "ANIMATING1");  // TR5 numbers differ
}

TEST_CASE("tr_level dump: values as stored") {
    const auto doc = open(demo_level(Version::Tr4));
    const nlohmann::json d = doc->dump(std::nullopt);
    CHECK(d["format"] == "tr-level");
    CHECK(d["version"] == "tr4");
    CHECK(d["pages"]["count"] == 3);
    CHECK(d["rooms"].size() == 2);
    CHECK(d["rooms"][1]["x"] == 45056);
    CHECK(d["rooms"][0]["quads"][4] == nlohmann::json({9, 10, 11, 12, 0x8000}));
    CHECK(d["mesh_pointers"].size() == 61);
    CHECK(d["meshes"].size() == 60);
    CHECK(d["moveables"][0]["name"] == "LARA");
    CHECK(d["object_textures"][2]["uv"][0] == 10 * 256 + 128);
    CHECK(d["mesh_tree"][0] == 2);  // the first node pushes
    const nlohmann::json one = doc->dump(0);
    CHECK(one["moveable"]["slot"] == 0);
    CHECK(one["meshes"].size() == 15);
    CHECK(one["tree"].size() == 14);
    CHECK(one["tree"][13] == nlohmann::json({1, 0, -230, 0}));
    CHECK(one["meshes"][14]["lights"][1] == 1000);
    const nlohmann::json rooms = doc->dump(kRoomsItem);
    CHECK(rooms["rooms"][0]["vertices"][12] ==
          nlohmann::json({0, -1792, 0, 0, 0, (19 << 10) | (24 << 5) | 16}));
    CHECK_THROWS_AS(doc->dump(77), Error);
}
