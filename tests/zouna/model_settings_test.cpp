// The open-question settings of the mesh family (docs/formats/zouna.md,
// "Settings, options and assumptions"): each `--set` override changes the
// test kit's model the way the settings table says - the expected values
// worked out here by hand from the kit's stored numbers (body_kit.hpp) - and
// `info` reports the value in force.
#include <cmath>
#include <string_view>

#include "kit_document.hpp"
#include "ripkit_catch.hpp"
#include "test_util.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/format.hpp"
#include "zouna/testkit/body_kit.hpp"

using namespace ripkit;
using namespace ripkit::zouna;
using namespace zouna_test;

namespace {

constexpr Game kGames[] = {Game::Ratatouille, Game::WallE, Game::Fuel};

Scene skin_scene(const Document& d) { return d.scene(asobo_crc32("SKIN")); }

// The name as a view: GCC 14 takes a reference returned from a call given a
// temporary std::string for a dangling one.
const ItemSummary& item(const std::vector<ItemSummary>& items, std::string_view name) {
    for (const ItemSummary& s : items)
        if (s.fields["name"] == std::string(name)) return s;
    FAIL("no item " << name);
    throw;
}

// SKIN's error: kind and that its text names every one of `parts`.
void check_skin_error(const Document& d, ErrorKind kind, std::initializer_list<std::string> parts) {
    const auto items = d.items();
    const ItemSummary& s = item(items, "SKIN");
    REQUIRE(s.error);
    INFO(s.error->what());
    CHECK(s.error->kind() == kind);
    for (const std::string& p : parts)
        CHECK(std::string(s.error->what()).find(p) != std::string::npos);
}

// The reading `info` reports for `key` (meshes.mesh_reading) and the setting in force.
void check_info(const Document& d, const std::string& key, const std::string& setting,
                const std::string& chosen, const std::string& by_prefix) {
    const nlohmann::json info = d.info();
    INFO(key << ": " << info["meshes"]["mesh_reading"][key].dump());
    CHECK(info["settings"][key] == setting);
    CHECK(info["meshes"]["mesh_reading"][key]["setting"] == setting);
    CHECK(info["meshes"]["mesh_reading"][key]["chosen"] == chosen);
    CHECK(info["meshes"]["mesh_reading"][key]["by"].get<std::string>().rfind(by_prefix, 0) == 0);
}

// The stored triangles 0 1 2, 0 2 3, 4 6 5, 4 7 6 (body_kit.hpp).
const std::vector<uint32_t> kStored = {0, 1, 2, 0, 2, 3, 4, 6, 5, 4, 7, 6};

// Triangle t of `out` is triangle t of `in` with its order reversed (any
// rotation of c b a: the same face, the other way round).
bool reversed_each(const std::vector<uint32_t>& out, const std::vector<uint32_t>& in) {
    if (out.size() != in.size()) return false;
    for (size_t t = 0; t < in.size(); t += 3) {
        const uint32_t a = in[t], b = in[t + 1], c = in[t + 2];
        const std::vector<uint32_t> o(out.begin() + long(t), out.begin() + long(t + 3));
        if (o != std::vector<uint32_t>{c, b, a} && o != std::vector<uint32_t>{b, a, c} &&
            o != std::vector<uint32_t>{a, c, b})
            return false;
    }
    return true;
}

// Every output triangle is counter-clockwise about its vertices' normals
// (the face normal of the output positions points the normals' way).
void check_ccw_about_normals(const Mesh& m) {
    REQUIRE(m.normals.size() == m.positions.size());
    for (size_t t = 0; t + 2 < m.indices.size(); t += 3) {
        const glm::vec3 &p = m.positions[m.indices[t]], &q = m.positions[m.indices[t + 1]],
                        &r = m.positions[m.indices[t + 2]];
        const glm::vec3 n = m.normals[m.indices[t]];
        INFO("triangle " << t / 3);
        CHECK(glm::dot(glm::cross(q - p, r - p), n) > 0.0f);
    }
}

}  // namespace

TEST_CASE("winding override: reverse turns every triangle round, keep keeps the stored order") {
    for (Game g : kGames) {
        INFO(game_name(g));
        const KitSet k = kit_set(g);
        {
            const auto d = open_kit(k, {{"winding", "reverse"}});
            const Scene s = skin_scene(*d);
            REQUIRE(s.meshes.size() == 1);
            CHECK(reversed_each(s.meshes[0].indices, kStored));
            check_info(*d, "winding", "reverse", "reverse", "setting");
        }
        {
            const auto d = open_kit(k, {{"winding", "keep"}});
            CHECK(skin_scene(*d).meshes.at(0).indices == kStored);
            check_info(*d, "winding", "keep", "keep", "setting");
        }
    }
}

TEST_CASE("handedness=right: nothing mirrored, and auto winding reverses the clockwise faces") {
    for (Game g : kGames) {
        INFO(game_name(g));
        const auto d = open_kit(kit_set(g), {{"handedness", "right"}});
        CHECK(d->info()["settings"]["handedness"] == "right");
        const Scene s = skin_scene(*d);
        REQUIRE(s.meshes.size() == 1);
        const Mesh& m = s.meshes[0];
        REQUIRE(m.positions.size() == 8);
        // The stored numbers as they are (left: z negated).
        CHECK(m.positions[4] == glm::vec3(0, 1, -0.5f));
        CHECK(m.positions[6] == glm::vec3(0, 2, 0.5f));
        // Stored normal (0, 0, -1): bytes 128, 128, 0 in D3DCOLOR order, z kept.
        REQUIRE(m.normals.size() == 8);
        CHECK(m.normals[0].z == Approx(-1.0f).margin(1e-4));
        CHECK(m.normals[4].x == Approx(-1.0f).margin(1e-4));
        // Triangle 0 1 2 runs (-0.5,0,0) (0.5,0,0) (0.5,1,0): counter-clockwise
        // about +Z, so clockwise about its normal -Z; without a mirror the
        // output must turn every triangle round.
        CHECK(reversed_each(m.indices, kStored));
        check_ccw_about_normals(m);
        check_info(*d, "winding", "auto", "reverse", "data");
        // The inverse binds: CHILD at (0, 1, 0), no mirror involved.
        REQUIRE(s.skins.size() == 1);
        CHECK(s.skins[0].inverse_bind[1][3] == glm::vec4(0, -1, 0, 1));
    }
}

TEST_CASE("handedness=left (the default): Z mirrored, stored order kept, faces counter-clockwise") {
    for (Game g : kGames) {
        INFO(game_name(g));
        const auto d = open_kit(kit_set(g), {{"handedness", "left"}});
        CHECK(d->info()["settings"]["handedness"] == "left");
        const Mesh m = skin_scene(*d).meshes.at(0);
        CHECK(m.positions[4] == glm::vec3(0, 1, 0.5f));
        CHECK(m.normals[0].z == Approx(1.0f).margin(1e-4));
        CHECK(m.indices == kStored);
        check_ccw_about_normals(m);
    }
}

TEST_CASE("blend_divisor: the stored index / the divisor is the palette slot") {
    for (Game g : kGames) {
        INFO(game_name(g));
        KitSet k = kit_set(g);
        // v4-v7's second index 3.0: slot 1 (CHILD) when divided by 3, slot 3
        // (a sentinel, subsection 0) by 1, not a whole slot by 6.
        for (size_t v = 4; v < 8; ++v) k.body.vertex_buffers[0].vertices[v].blend_index[1] = 3.0f;
        check_skin_error(*open_kit(k), ErrorKind::BadValue, {"multiple of 6", "got 3"});
        {
            const auto d = open_kit(k, {{"blend_divisor", "3"}});
            CHECK(d->info()["settings"]["blend_divisor"] == 3.0);
            const Mesh m = skin_scene(*d).meshes.at(0);
            REQUIRE(m.weighted_joints.size() == 8);
            for (size_t v = 4; v < 8; ++v) {
                CHECK(m.weighted_joints[v] == glm::u16vec4(0, 1, 0, 0));
                CHECK(m.weights[v] == glm::vec4(0.5f, 0.5f, 0, 0));
            }
            CHECK(m.weighted_joints[0] == glm::u16vec4(0, 0, 0, 0));  // index 0: slot 0 always
        }
        {
            const auto d = open_kit(k, {{"blend_divisor", "1"}});
            CHECK(d->info()["settings"]["blend_divisor"] == 1.0);
            check_skin_error(*d, ErrorKind::BadValue, {"palette slot 3", "sentinel"});
        }
    }
}

// The two-subsection kit: subsection 1's slot 0 is 0xFFFFFFFF.
TEST_CASE("palette_sentinel=previous: the sentinel slot takes the previous subsection's bone") {
    for (Game g : kGames) {
        INFO(game_name(g));
        const auto d = open_kit(kit_set_two_groups(g));
        CHECK(d->info()["settings"]["palette_sentinel"] == "previous");
        const Scene s = skin_scene(*d);
        REQUIRE(s.meshes.size() == 2);
        const Mesh &a = s.meshes[0], &b = s.meshes[1];
        // Both groups carry the Mesh_Z's name (one glTF mesh, a primitive each).
        CHECK(a.name == "BODY");
        CHECK(b.name == "BODY");
        REQUIRE(a.positions.size() == 4);
        REQUIRE(b.positions.size() == 4);
        CHECK(b.positions[0] == glm::vec3(0, 1, 0.5f));  // v4, mirrored
        // 4 6 5, 4 7 6 in the group's own vertex numbering (v4 = 0).
        CHECK(b.indices == std::vector<uint32_t>{0, 2, 1, 0, 3, 2});
        for (size_t v = 0; v < 4; ++v) {
            CHECK(a.weighted_joints[v].x == 0);  // subsection 0 slot 0: ROOT
            CHECK(a.weights[v] == glm::vec4(1, 0, 0, 0));
            // Slot 0 (sentinel) -> subsection 0's slot 0, ROOT, 0.25; slot 1 CHILD, 0.75.
            CHECK(b.weighted_joints[v] == glm::u16vec4(0, 1, 0, 0));
            CHECK(b.weights[v] == glm::vec4(0.25f, 0.75f, 0, 0));
        }
        CHECK(s.extras["skin_binding"]["sentinel_slots_used"] == 4);
    }
}

TEST_CASE("palette_sentinel=error: a vertex using a sentinel slot is an error") {
    for (Game g : kGames) {
        INFO(game_name(g));
        const auto d = open_kit(kit_set_two_groups(g), {{"palette_sentinel", "error"}});
        CHECK(d->info()["settings"]["palette_sentinel"] == "error");
        check_skin_error(*d, ErrorKind::BadValue,
                         {"skin section 0 draw group 1 vertex 4", "palette slot 0",
                          std::to_string(kPaletteSentinel), "palette_sentinel=error"});
        // The kit itself uses no sentinel slot: unaffected.
        const auto plain = open_kit(kit_set(g), {{"palette_sentinel", "error"}});
        CHECK(skin_scene(*plain).meshes.at(0).weights[4] == glm::vec4(0.5f, 0.5f, 0, 0));
    }
}

TEST_CASE("normal_order override: the bytes are read in the order named") {
    for (Game g : kGames) {
        INFO(game_name(g));
        const auto d = open_kit(kit_set(g), {{"normal_order", "b012"}});
        check_info(*d, "normal_order", "b012", "b012", "setting");
        const Mesh m = skin_scene(*d).meshes.at(0);
        REQUIRE(m.normals.size() == 8);
        // Byte b decodes to b / 255 * 2 - 1: 0 -> -1, 128 -> 1/255 (= e).
        const float e = 1.0f / 255.0f, len = std::sqrt(1.0f + 2.0f * e * e);
        // v0 stores (0, 0, -1) as bytes 0, 128, 128 (z, y, x): read x, y, z =
        // bytes 0, 1, 2 -> (-1, e, e), normalised, then Z mirrored.
        CHECK(m.normals[0].x == Approx(-1.0f / len).margin(1e-6));
        CHECK(m.normals[0].y == Approx(e / len).margin(1e-6));
        CHECK(m.normals[0].z == Approx(-e / len).margin(1e-6));
        // v4 stores (-1, 0, 0) as bytes 128, 128, 0: (e, e, -1) -> z mirrored +1.
        CHECK(m.normals[4].x == Approx(e / len).margin(1e-6));
        CHECK(m.normals[4].y == Approx(e / len).margin(1e-6));
        CHECK(m.normals[4].z == Approx(1.0f / len).margin(1e-6));
    }
}

namespace {

// The kit with 48-byte vertices: bff's three -1 pads (or zeros), v4-v7's one
// blend index 6.0 (slot 1, CHILD).
KitSet kit_48(Game g, int32_t pad) {
    KitSet k = kit_set(g);
    VertexBuffer& b = k.body.vertex_buffers[0];
    b.stride = 48;
    k.body.groups[0].stride = 48;
    for (size_t v = 0; v < 8; ++v) {
        b.vertices[v].pad48 = {pad, pad, pad};
        b.vertices[v].blend_index[0] = v < 4 ? 0.0f : 6.0f;
    }
    return k;
}

}  // namespace

TEST_CASE("vertex48: blend reads one bone per vertex, volume no blend data, auto by the pads") {
    for (Game g : kGames) {
        INFO(game_name(g));
        {
            const auto d = open_kit(kit_48(g, -1));
            check_info(*d, "vertex48", "auto", "blend", "data: 8 of 8");
            const Mesh m = skin_scene(*d).meshes.at(0);
            REQUIRE(m.weighted_joints.size() == 8);
            CHECK(m.normals.size() == 8);
            CHECK(m.uv0.size() == 8);
            CHECK(m.weighted_joints[0] == glm::u16vec4(0, 0, 0, 0));
            CHECK(m.weighted_joints[5] == glm::u16vec4(1, 0, 0, 0));  // one bone, weight 1
            CHECK(m.weights[5] == glm::vec4(1, 0, 0, 0));
        }
        for (const auto& [pad, settings] :
             {std::pair<int32_t, SetList>{-1, {{"vertex48", "volume"}}},
              std::pair<int32_t, SetList>{0, {}}}) {
            const auto d = open_kit(kit_48(g, pad), settings);
            check_info(*d, "vertex48", settings.empty() ? "auto" : "volume", "volume",
                       settings.empty() ? "data: 0 of 8" : "setting");
            const Mesh m = skin_scene(*d).meshes.at(0);
            // Position + 3 x Vec3f: no normals, no uv; every vertex on slot 0 (ROOT).
            CHECK(m.normals.empty());
            CHECK(m.uv0.empty());
            REQUIRE(m.positions.size() == 8);
            CHECK(m.positions[6] == glm::vec3(0, 2, -0.5f));
            REQUIRE(m.weighted_joints.size() == 8);
            for (size_t v = 0; v < 8; ++v) {
                CHECK(m.weighted_joints[v] == glm::u16vec4(0, 0, 0, 0));
                CHECK(m.weights[v] == glm::vec4(1, 0, 0, 0));
            }
        }
        {
            const auto d = open_kit(kit_48(g, 0), {{"vertex48", "blend"}});
            check_info(*d, "vertex48", "blend", "blend", "setting");
            CHECK(skin_scene(*d).meshes.at(0).weighted_joints.at(5) == glm::u16vec4(1, 0, 0, 0));
        }
    }
}

// The kit variant whose data favours the other readings: normals in bytes
// 1, 2, 0 order and faces counter-clockwise about them as stored.
TEST_CASE("normal_order=auto and winding=auto follow the data: b120, reversed under the mirror") {
    for (Game g : kGames) {
        INFO(game_name(g));
        const auto d = open_kit(kit_set_ccw_b120(g));
        check_info(*d, "normal_order", "auto", "b120", "data");
        check_info(*d, "winding", "auto", "reverse", "data");
        const nlohmann::json ev = d->info()["meshes"]["mesh_reading"]["normal_order"];
        // Under b120 all 4 faces agree; D3DCOLOR reads quad 1's bytes 0, 128,
        // 128 as (0, 0, -1) too (2 faces) but quad 2's 128, 0, 128 as (0, -1, 0).
        CHECK(ev["faces"] == 4);
        CHECK(ev["agreement"]["b120"] == 1.0);
        CHECK(ev["agreement"]["d3dcolor"] == 0.5);
        const Mesh m = skin_scene(*d).meshes.at(0);
        REQUIRE(m.normals.size() == 8);
        CHECK(m.normals[0].z == Approx(1.0f).margin(1e-4));   // (0, 0, -1) mirrored
        CHECK(m.normals[4].x == Approx(-1.0f).margin(1e-4));  // (-1, 0, 0)
        CHECK(reversed_each(m.indices, {0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7}));
        check_ccw_about_normals(m);
        // Without the mirror the stored counter-clockwise order is kept.
        const auto right = open_kit(kit_set_ccw_b120(g), {{"handedness", "right"}});
        check_info(*right, "winding", "auto", "keep", "data");
        const Mesh r = skin_scene(*right).meshes.at(0);
        CHECK(r.indices == std::vector<uint32_t>{0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7});
        check_ccw_about_normals(r);
    }
}
