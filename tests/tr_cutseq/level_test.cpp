// Cutscenes with a level (--level): the actors' bodies from the level's
// trees and meshes, Lara from LARA_SKIN and LARA_SKIN_JOINTS, the rooms, and
// posed vertices in the exported glb (three.js' skinning) equal to positions
// worked out by hand from the tree offsets and the cutscene's 10-bit angles.
#include <assimp/scene.h>

#include <algorithm>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <tuple>

#include "clients.hpp"
#include "hand_math.hpp"
#include "memory_io.hpp"
#include "ripkit/assimp/format_importer.hpp"
#include "ripkit/export.hpp"
#include "ripkit_catch.hpp"
#include "tr_cutseq/cutseq_writer.hpp"
#include "tr_cutseq/document.hpp"
#include "tr_cutseq/format.hpp"
#include "tr_cutseq/testkit/demo_cutscenes.hpp"
#include "tr_level/testkit/demo_level.hpp"

using namespace ripkit;
using namespace ripkit::tr_cutseq;
namespace tk = ripkit::tr_level::testkit;

namespace {

constexpr double kPi = 3.14159265358979323846;

// Companion files held in memory: the level reaches the format only through
// the Options' FileSource.
class MemoryFiles : public FileSource {
  public:
    std::map<std::string, Bytes> files;
    std::optional<Bytes> read(const std::string& path, const Limits&) const override {
        auto it = files.find(path);
        if (it == files.end()) return std::nullopt;
        return it->second;
    }
};

Cutscene demo(int frames, uint32_t seed) {
    DemoSpec d;
    d.index = 1;
    d.frames = frames;
    d.actors = 2;
    d.seed = seed;
    return make_demo_cutscene(d);
}

struct Fixture {
    MemoryFiles files;
    Cutscene cut = demo(40, 1);
    bool bin = false;     // a TR5 CUTSEQ.BIN instead of TR4's PAK
    bool native = false;  // --native
    std::unique_ptr<Document> open(const std::string& rooms = "",
                                   tr_level::Version v = tr_level::Version::Tr4) {
        files.files["CUT.TR4"] = tk::write_level(tk::demo_level(v));
        Input in;
        in.path = bin ? "CUTSEQ.BIN" : "CUTSEQ.PAK";
        in.bytes = bin ? write_bin({cut}) : write_pak({cut});
        Options o;
        o.format_options["level"] = {"CUT.TR4"};
        o.files = &files;
        o.native = native;
        if (!rooms.empty()) o.settings["rooms"] = rooms;
        return open_cutseq(in, o);
    }
};

// The JSON chunk of a .glb (header 12 bytes, then u32 length, u32 type, JSON).
nlohmann::json glb_json(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    REQUIRE(bytes.size() >= 20);
    uint32_t length = 0;
    std::memcpy(&length, bytes.data() + 12, 4);
    REQUIRE(bytes.size() >= 20 + size_t(length));
    return nlohmann::json::parse(bytes.substr(20, length));
}

int node(const Scene& s, const std::string& name) {
    const int n = s.find_node(name);
    REQUIRE(n >= 0);
    return n;
}

// Every vertex of a body's meshes `<base>`, `<base>_1`, ... with its influence.
struct BodyVertex {
    glm::vec3 p;
    Influence in;
};
std::vector<BodyVertex> body_vertices(const Scene& s, const std::string& base) {
    std::vector<BodyVertex> out;
    for (const Mesh& m : s.meshes) {
        if (m.name != base && m.name.rfind(base + "_", 0) != 0) continue;
        for (size_t v = 0; v < m.positions.size(); ++v)
            out.push_back({m.positions[v], skin_influence(m, v)});
    }
    return out;
}

bool rigid_on(const BodyVertex& v, int joint) {
    return v.in.weights[0] == 1.0f && v.in.joints[0] == joint;
}

// --- the engine's pose, longhand ----------------------------------------
const std::vector<int> kLaraParents = {-1, 0, 1, 2, 0, 4, 5, 0, 7, 8, 9, 7, 11, 12, 7};
const std::vector<int> kActorParents = {-1, 0, 1, 2, 3, 2, 5, 6, 7, 6, 9, 10, 11, 12, 13};

struct Pose {
    std::vector<hand::M3> r;
    std::vector<hand::V3> t;  // TR world units
};

// M0 = T(org + s16(3 run0)) R0; Mj = M(parent) T(offset j) Rj, R = Ry Rx Rz of
// the 10-bit angles (1024 = one turn).
Pose engine_pose(const Cutscene& c, const Actor& a, const std::vector<int>& parent,
                 const std::vector<tr_level::TreeNode>& tree, int f) {
    Pose p;
    for (int j = 0; j < a.meshes; ++j) {
        const double turn = 2 * kPi / 1024;
        const hand::M3 r = hand::mul(hand::mul(hand::rot_y(a.tracks.at(f, j + 1, 1) * turn),
                                               hand::rot_x(a.tracks.at(f, j + 1, 0) * turn)),
                                     hand::rot_z(a.tracks.at(f, j + 1, 2) * turn));
        if (j == 0) {
            hand::V3 t;
            for (int k = 0; k < 3; ++k)
                t[size_t(k)] = c.origin[size_t(k)] + int16_t(3 * a.tracks.at(f, 0, k));
            p.t.push_back(t);
            p.r.push_back(r);
            continue;
        }
        const size_t q = size_t(parent[size_t(j)]);
        const tr_level::TreeNode& n = tree[size_t(j - 1)];
        const hand::V3 off = hand::mul(p.r[q], hand::V3{double(n.dx), double(n.dy), double(n.dz)});
        p.t.push_back({p.t[q][0] + off[0], p.t[q][1] + off[1], p.t[q][2] + off[2]});
        p.r.push_back(hand::mul(p.r[q], r));
    }
    return p;
}

hand::V3 apply(const Pose& p, int j, const hand::V3& v) {
    const hand::V3 w = hand::mul(p.r[size_t(j)], v);
    return {p.t[size_t(j)][0] + w[0], p.t[size_t(j)][1] + w[1], p.t[size_t(j)][2] + w[2]};
}

hand::V3 gltf(const hand::V3& tr) { return {tr[0] / 512, -tr[1] / 512, -tr[2] / 512}; }

// Corner k of the demo's boxes: (+-h, y0 or y1, +-h).
hand::V3 corner(int k, int h, int y0, int y1) {
    return {double(k & 1 ? h : -h), double(k & 2 ? y1 : y0), double(k & 4 ? h : -h)};
}

// Rest origins of the demo trees: offsets summed along the parents.
std::vector<hand::V3> origins(const std::vector<int>& parent,
                              const std::vector<tr_level::TreeNode>& tree) {
    std::vector<hand::V3> o(parent.size(), hand::V3{0, 0, 0});
    for (size_t j = 1; j < parent.size(); ++j) {
        const auto& n = tree[j - 1];
        o[j] = {o[size_t(parent[j])][0] + n.dx, o[size_t(parent[j])][1] + n.dy,
                o[size_t(parent[j])][2] + n.dz};
    }
    return o;
}

bool near(const nlohmann::json& p, const hand::V3& want, double eps = 2e-5) {
    return std::abs(p[0].get<double>() - want[0]) < eps &&
           std::abs(p[1].get<double>() - want[1]) < eps &&
           std::abs(p[2].get<double>() - want[2]) < eps;
}

}  // namespace

TEST_CASE("tr_cutseq --level: actors become skins on the level's trees, Lara from her skin") {
    Fixture fx;
    const auto doc = fx.open();
    const Scene s = doc->scene(1);
    validate_scene(s);
    // joints keep their names; the tree's push/pop places them
    CHECK(s.nodes[size_t(node(s, "actor0_mesh14"))].parent == node(s, "actor0_mesh7"));
    CHECK(s.nodes[size_t(node(s, "actor0_mesh11"))].parent == node(s, "actor0_mesh7"));
    CHECK(s.nodes[size_t(node(s, "actor1_mesh5"))].parent == node(s, "actor1_mesh2"));
    CHECK(s.nodes[size_t(node(s, "actor0_mesh14"))].translation.y == Approx(230.0 / 512));
    REQUIRE(s.skins.size() == 2);
    CHECK(s.skins[0].joints.size() == 15);
    CHECK(s.skins[0].joints[3] == node(s, "actor0_mesh3"));
    // bodies hang off identity nodes under the root
    const int body = node(s, "actor0_body");
    CHECK(s.nodes[size_t(body)].parent == 0);
    CHECK(s.nodes[size_t(body)].translation == glm::vec3(0.0f));
    // Lara's body is LARA_SKIN's (box h = 30 + j), not LARA's own (20 + j):
    // a left-foot vertex (origin x 60) at x 60 + 33
    const std::vector<BodyVertex> lara = body_vertices(s, "actor0_geo");
    CHECK(std::any_of(lara.begin(), lara.end(), [](const BodyVertex& v) {
        return rigid_on(v, 3) && std::abs(v.p.x - (60.0f + 33.0f) / 512) < 1e-6f;
    }));
    // Every face corner once: LARA_SKIN's 15 boxes and LARA_SKIN_JOINTS'
    // meshes 1..14, each a box of 6 quads and 1 triangle (demo_level box).
    CHECK(lara.size() == (15 + 14) * (6 * 4 + 3));
    // LARA_SKIN_JOINTS' vertices that no body vertex binds: 0.5 / 0.5 on the
    // two bones they join, e.g. the left knee (joint 2) on (1, 2)
    size_t left_knee = 0;
    for (const BodyVertex& v : lara) {
        const bool one = v.in.weights == glm::vec4(1, 0, 0, 0);
        const bool half = v.in.weights == glm::vec4(0.5f, 0.5f, 0, 0);
        CHECK((one || half));
        left_knee += half && v.in.joints == glm::u16vec4(1, 2, 0, 0);
    }
    CHECK(left_knee > 0);
    // the second actor is its own slot's body: rigid, 15 boxes
    const std::vector<BodyVertex> actor = body_vertices(s, "actor1_geo");
    CHECK(actor.size() == 15 * (6 * 4 + 3));
    CHECK(std::all_of(actor.begin(), actor.end(),
                      [](const BodyVertex& v) { return v.in.weights[0] == 1.0f; }));
    // One mesh per material and vertex kind per body (an engine's draw call each)
    for (const char* base : {"actor0_geo", "actor1_geo"}) {
        std::set<std::tuple<int, bool, bool>> kinds;
        size_t meshes = 0;
        for (const Mesh& m : s.meshes)
            if (m.name == base || m.name.rfind(std::string(base) + "_", 0) == 0) {
                ++meshes;
                kinds.insert({m.material, m.normals.empty(), m.colors.empty()});
            }
        CHECK(meshes == kinds.size());
    }
    CHECK(s.extras["level"]["bodies"] == nlohmann::json({"lara_skin", "slot"}));
}

TEST_CASE("tr_cutseq --level TR5: a CUTSEQ.BIN with a .TRC, no game warning, Lara's skin") {
    Fixture fx;
    fx.bin = true;
    const auto doc = fx.open("", tr_level::Version::Tr5);
    for (const std::string& w : doc->warnings()) CHECK(w.rfind("level:", 0) != 0);
    const Scene s = doc->scene(1);
    validate_scene(s);
    CHECK(s.skins.size() == 2);
    const std::vector<BodyVertex> lara = body_vertices(s, "actor0_geo");
    CHECK(std::any_of(lara.begin(), lara.end(), [](const BodyVertex& v) {
        return v.in.weights == glm::vec4(0.5f, 0.5f, 0, 0);
    }));
    CHECK(s.extras["level"]["version"] == "tr5");
    CHECK(s.extras["level"]["bodies"] == nlohmann::json({"lara_skin", "slot"}));
    CHECK(s.nodes[size_t(node(s, "actor1_mesh5"))].parent == node(s, "actor1_mesh2"));
}

TEST_CASE("tr_cutseq --level --native: TR units and axes, rest vertices = tree origin + vertex") {
    Fixture fx;
    fx.native = true;
    const Scene s = fx.open()->scene(1);
    // LARA_SKIN mesh 13 (left hand, box h 43, y 0..102), corner 3, at the
    // origin of mesh 13 on LARA's tree: offsets summed by hand, Y down kept.
    const auto o = origins(kLaraParents, tk::lara_tree());
    const hand::V3 c = corner(3, 43, 0, 102);
    const glm::vec3 want(float(o[13][0] + c[0]), float(o[13][1] + c[1]), float(o[13][2] + c[2]));
    const std::vector<BodyVertex> lara = body_vertices(s, "actor0_geo");
    CHECK(std::any_of(lara.begin(), lara.end(),
                      [&](const BodyVertex& v) { return rigid_on(v, 13) && v.p == want; }));
    const tr_level::TreeNode head = tk::lara_tree()[13];  // places mesh 14
    CHECK(s.nodes[size_t(node(s, "actor0_mesh14"))].translation ==
          glm::vec3(float(head.dx), float(head.dy), float(head.dz)));
}

TEST_CASE("tr_cutseq --level rooms: none, near (where the actors are), all") {
    Fixture fx;
    auto count_rooms = [](const Scene& s) {
        int n = 0;
        for (const Node& nd : s.nodes) n += nd.name.rfind("room", 0) == 0;
        return n;
    };
    CHECK(count_rooms(fx.open("none")->scene(1)) == 0);
    CHECK(count_rooms(fx.open("all")->scene(1)) == 2);
    // the actors walk inside room 0 (x 40960..45056, z 34816..38912)
    const Scene near = fx.open()->scene(1);
    CHECK(near.find_node("room0") >= 0);
    CHECK(near.extras["level"]["rooms"] == "near");
    // far from every room: nothing near
    fx.cut.origin[0] += 100000;
    CHECK(count_rooms(fx.open("near")->scene(1)) == 0);
    CHECK_THROWS_AS(fx.open("some"), Error);
}

TEST_CASE("tr_cutseq --level: an actor the level cannot body stays empties, with a warning") {
    Fixture fx;
    fx.cut.actors[1].slot = 77;
    auto doc = fx.open();
    // The findings of the cutscenes decoded so far: cutscene 1's once it is built.
    Scene s = doc->scene(1);
    bool named = false;
    for (const std::string& w : doc->warnings())
        named |= w.find("actor 1: slot 77 is not in the level") != std::string::npos;
    CHECK(named);
    CHECK(s.skins.size() == 1);
    CHECK(s.find_node("actor1_body") < 0);
    CHECK(s.nodes[size_t(node(s, "actor1_mesh5"))].parent == node(s, "actor1_mesh0"));

    Fixture other;  // mesh counts that differ: both numbers named
    other.cut = demo(10, 2);
    DemoSpec d;
    d.frames = 10;
    d.actors = 2;
    d.meshes = 12;
    other.cut = make_demo_cutscene(d);
    doc = other.open();
    CHECK_NOTHROW(doc->scene(1));
    bool both = false;
    for (const std::string& w : doc->warnings())
        both |= w.find("slot 101 has 15 meshes in the level, the cutscene animates 12") !=
                std::string::npos;
    CHECK(both);

    Fixture mixed;  // a TR4 cutscene with a TR5 level
    bool game = false;
    for (const std::string& w : mixed.open("", tr_level::Version::Tr5)->warnings())
        game |= w.find("tr4 cutscene file with a tr5 level") != std::string::npos;
    CHECK(game);
}

TEST_CASE("tr_cutseq --level: a bad or missing level is one clear error naming it") {
    Fixture fx;
    fx.files.files["CUT.TR4"] = Bytes(100, 0x41);
    Input in;
    in.path = "CUTSEQ.PAK";
    in.bytes = write_pak({fx.cut});
    Options o;
    o.format_options["level"] = {"CUT.TR4"};
    o.files = &fx.files;
    try {
        open_cutseq(in, o);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::WrongFormat);
        CHECK(e.file() == "CUT.TR4");
    }
    o.format_options["level"] = {"MISSING.TR4"};
    CHECK_THROWS_AS(open_cutseq(in, o), Error);
}

TEST_CASE("tr_cutseq --level glb: posed vertices by hand at several frames; validator") {
    Fixture fx;
    const Scene scene = fx.open()->scene(1);
    const auto glb = test::fresh_temp_dir("tr_cutseq_level") / "cutscene1.glb";
    ExportOptions eo;
    eo.format = OutputFormat::Glb;
    export_scene(scene, glb, eo);
    const auto report = test::validate_gltf(glb);
    INFO(report.dump());
    CHECK(report["numErrors"] == 0);
    // One glTF skin per actor over its own joints (Blender: one armature each).
    const nlohmann::json doc = glb_json(glb);
    REQUIRE(doc["skins"].size() == 2);
    for (int a = 0; a < 2; ++a) {
        const std::string actor = "actor" + std::to_string(a);
        size_t body = 0;
        while (body < doc["nodes"].size() &&
               doc["nodes"][body].value("name", "") != actor + "_body")
            ++body;
        REQUIRE(body < doc["nodes"].size());
        const nlohmann::json& skin = doc["skins"].at(size_t(doc["nodes"][body]["skin"]));
        REQUIRE(skin["joints"].size() == 15);
        for (int j = 0; j < 15; ++j)
            CHECK(doc["nodes"][size_t(skin["joints"][size_t(j)])]["name"] ==
                  actor + "_mesh" + std::to_string(j));
    }

    const std::vector<int> frames = {0, 13, 27, 39};
    std::vector<double> times;
    for (int f : frames) times.push_back(f / 30.0);
    const nlohmann::json three = test::three_skinned(glb, "cutscene1", times);

    const auto lara_tree = tk::lara_tree(), actor_tree = tk::actor_tree();
    struct Probe {
        std::string what;
        int actor, mesh;
        hand::V3 local;   // in the mesh's own space
        int shared = -1;  // a joint vertex split 0.5 / 0.5 between `mesh` and this bone
        hand::V3 rest{};  // its rest place (TR) for the split
    };
    const auto lara_origin = origins(kLaraParents, lara_tree);
    std::vector<Probe> probes = {
        // LARA_SKIN mesh 13 (left hand, box h 43, y 0..102): corner 3
        {"Lara's left hand", 0, 13, corner(3, 43, 0, 102)},
        // LARA_SKIN mesh 3 (left foot, h 33, y 0..62): corner 4
        {"Lara's left foot", 0, 3, corner(4, 33, 0, 62)},
        // the second actor's mesh 8 (h 31, y 0..54), through a push and a pop: corner 7
        {"actor 1 mesh 8", 1, 8, corner(7, 31, 0, 54)},
    };
    // the left knee's bottom corner 2 (h 32, y 0..16 at mesh 2's origin): 0.5 shin, 0.5 thigh
    Probe knee{"Lara's left knee", 0, 2, {}, 1};
    knee.rest = {lara_origin[2][0] - 32, lara_origin[2][1] + 16, lara_origin[2][2] - 32};
    probes.push_back(knee);

    for (const Probe& pr : probes) {
        INFO(pr.what);
        const Actor& a = fx.cut.actors[size_t(pr.actor)];
        const auto& parents = pr.actor == 0 ? kLaraParents : kActorParents;
        const auto& tree = pr.actor == 0 ? lara_tree : actor_tree;
        const auto rest = origins(parents, tree);
        auto expected = [&](int f) {
            const Pose p = engine_pose(fx.cut, a, parents, tree, f);
            if (pr.shared < 0) return gltf(apply(p, pr.mesh, pr.local));
            hand::V3 out{0, 0, 0};
            for (int bone : {pr.mesh, pr.shared}) {
                const hand::V3 l = {pr.rest[0] - rest[size_t(bone)][0],
                                    pr.rest[1] - rest[size_t(bone)][1],
                                    pr.rest[2] - rest[size_t(bone)][2]};
                const hand::V3 w = apply(p, bone, l);
                for (int k = 0; k < 3; ++k) out[size_t(k)] += 0.5 * w[size_t(k)];
            }
            return gltf(out);
        };
        // The vertices at the hand-computed place at frame 0, then the same
        // vertices at the other frames.
        size_t found = 0;
        for (const auto& m : three["meshes"]) {
            const auto& t0 = m["times"][0]["positions"];
            for (size_t v = 0; v < t0.size(); ++v) {
                if (!near(t0[v], expected(0))) continue;
                ++found;
                for (size_t k = 1; k < frames.size(); ++k) {
                    INFO("frame " << frames[k]);
                    const hand::V3 want = expected(frames[k]);
                    const auto& got = m["times"][k]["positions"][v];
                    INFO("got " << got.dump() << " want " << want[0] << "," << want[1] << ","
                                << want[2]);
                    CHECK(near(got, want));
                }
            }
        }
        CHECK(found > 0);
    }
}

namespace {

// Files only the Importer's IOSystem knows: the level can come from nowhere else.
using test::MemoryIO;

}  // namespace

TEST_CASE("tr_cutseq --level through Assimp: RIPKIT_LEVEL read via the IOSystem") {
    Fixture fx;
    auto* io = new MemoryIO;  // owned by the importer
    io->files["virtual/CUTSEQ.PAK"] = write_pak({fx.cut});
    io->files["virtual/CUT.TR4"] = tk::write_level(tk::demo_level(tr_level::Version::Tr4));
    Assimp::Importer importer;
    importer.SetIOHandler(io);
    importer.RegisterLoader(new FormatImporter(formats::tr_cutseq_format()));
    importer.SetPropertyString("RIPKIT_LEVEL", "virtual/CUT.TR4");
    const aiScene* s = importer.ReadFile("virtual/CUTSEQ.PAK", 0);
    INFO(importer.GetErrorString());
    REQUIRE(s);
    // both actors' meshes are skinned to their joints; the pages came along
    std::map<std::string, unsigned> bones;
    for (unsigned i = 0; i < s->mNumMeshes; ++i)
        for (unsigned b = 0; b < s->mMeshes[i]->mNumBones; ++b)
            ++bones[s->mMeshes[i]->mBones[b]->mName.C_Str()];
    CHECK(bones.count("actor0_mesh13"));
    CHECK(bones.count("actor1_mesh8"));
    CHECK(s->mNumTextures == 3);
    CHECK(s->mRootNode->FindNode("actor0_mesh14"));
    importer.SetPropertyString("RIPKIT_LEVEL", "virtual/NOPE.TR4");
    CHECK_FALSE(importer.ReadFile("virtual/CUTSEQ.PAK", 0));
    CHECK(std::string(importer.GetErrorString()).find("NOPE.TR4") != std::string::npos);
}

TEST_CASE("tr_cutseq --level: actors of one slot each get their own body and joints") {
    // Retail cutscene 10 (libend.tr4) has three actors of slot 50, 13 and
    // 15 several of 62, 66 and 442: one body each, on its own joints.
    Fixture fx;
    Actor twin = fx.cut.actors.at(1);
    for (int f = 0; f < fx.cut.frames; ++f) twin.tracks.at(f, 0, 0) = int16_t(f * 4);
    fx.cut.actors.push_back(twin);
    const auto doc = fx.open();
    const Scene s = doc->scene(1);
    validate_scene(s);
    REQUIRE(s.skins.size() == 3);
    CHECK(s.skins[1].joints.size() == 15);
    CHECK(s.skins[2].joints.size() == 15);
    CHECK(s.skins[2].joints[0] == node(s, "actor2_mesh0"));
    CHECK(s.skins[1].joints[0] == node(s, "actor1_mesh0"));
    CHECK(body_vertices(s, "actor2_geo").size() == body_vertices(s, "actor1_geo").size());
    // Each actor keeps its own root track: actor 2's x runs 4 a frame, 3 units
    // each (s16(3 * run)), 1/512 m a unit: over the 40 frames 3 * 4 * 39 / 512 m.
    const Animation& a = s.animations.at(0);
    const Channel* root2 = nullptr;
    for (const Channel& c : a.channels)
        if (c.path == AnimPath::Translation && c.node == node(s, "actor2")) root2 = &c;
    REQUIRE(root2);
    CHECK(root2->values.back().x - root2->values.front().x == Approx(3.0 * 4 * 39 / 512));
}
