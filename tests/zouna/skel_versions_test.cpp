// Skel_Z of each version laid out by hand from bff's structs
// (skel/v1_06_63_02_pc.rs, v1_291_03_06_pc.rs, v1_381_67_09_pc.rs): a 16-byte
// BFF0 header (Asobo tag and four u16), the 24-byte object header, then the
// body - flags and bounding sphere (20 bytes), Ratatouille's 16-byte
// quaternion, the bone count, 248-byte bones with their four s32 indices at
// 228 (Ratatouille and WALL-E: child, parent, next, previous; FUEL: parent
// first) and seven empty arrays.
#include "ripkit_catch.hpp"
#include "test_util.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/format.hpp"

using namespace ripkit;
using namespace zouna_test;

namespace {

struct HandBone {
    float rotation[4];
    float translation[3];
    int32_t indices[4];
    const char* name;
};

// ROOT, then TETE under it; `parent_at` is the index holding the parent, the
// others hold values that would make a different (valid) hierarchy.
std::vector<HandBone> bones(int parent_at) {
    std::vector<HandBone> b = {
        {{0, 0, 0.6f, 0.8f}, {0, 1, 0}, {1, 1, 1, 1}, "ROOT"},
        {{0, 0.6f, 0, 0.8f}, {0.25f, 0.5f, 0.75f}, {-1, -1, -1, -1}, "TETE"}};
    b[0].indices[parent_at] = -1;
    b[1].indices[parent_at] = 0;
    return b;
}

Bytes body(const std::vector<HandBone>& bones, bool rotation) {
    Hand h{false, {}};
    h.u32(1);                                           // flags
    for (float f : {0.5f, 1.0f, 0.0f, 2.0f}) h.f32(f);  // bounding sphere
    if (rotation)
        for (float f : {0.6f, 0.0f, 0.0f, 0.8f}) h.f32(f);  // Ratatouille's quaternion
    h.u32(uint32_t(bones.size()));
    for (const HandBone& b : bones) {
        const size_t at = h.b.size();
        h.u32(0);                                                     // 0 user define
        for (float f : b.rotation) h.f32(f);                          // 4
        for (float f : {1.0f, 1.0f, 1.0f}) h.f32(f);                  // 20 scale
        h.u32(0);                                                     // 32 flags
        for (float f : b.translation) h.f32(f);                       // 36
        h.b.resize(at + 228, 0);                                      // runtime fields, Mat4f
        for (int32_t i : b.indices) h.u32(static_cast<uint32_t>(i));  // 228
        h.u32(zouna::asobo_crc32(b.name));                            // 244
    }
    h.zeros(7);  // material, mesh data names, groups, names, collision bones
    return h.b;
}

Bytes file(const uint16_t version[4], const Bytes& body) {
    Hand h{false, {}};
    h.b = {'B', 'F', 'F', '0', 10, 0, 0, 0};  // size 10, PC, Asobo
    for (int i = 0; i < 4; ++i) h.u16(version[i]);
    h.u32(uint32_t(body.size())), h.u32(0), h.u32(uint32_t(body.size())), h.u32(0);
    h.u32(zouna::asobo_crc32("Skel_Z")), h.u32(zouna::asobo_crc32("HAND_SKEL"));
    h.b.insert(h.b.end(), body.begin(), body.end());
    return h.b;
}

std::unique_ptr<Document> open(const Bytes& bytes, Options o = {}) {
    return open_zouna(bytes, "HAND_SKEL.Skel_Z", std::move(o));
}

const uint16_t kRat[4] = {1, 6, 63, 2}, kWallE[4] = {1, 291, 3, 6}, kFuel[4] = {1, 381, 67, 9};
const uint32_t kItem = zouna::asobo_crc32("HAND_SKEL");

// Parents of ROOT and TETE as read.
std::pair<int, int> parents(const Document& d) {
    const nlohmann::json j = d.dump(kItem);
    return {j["bones"][0]["parent"].get<int>(), j["bones"][1]["parent"].get<int>()};
}

}  // namespace

TEST_CASE("Skel_Z parent index per version: Rat and WALL-E the second, FUEL the first") {
    struct Case {
        const uint16_t* version;
        bool rotation;
        int parent_at;
        const char* game;
    };
    for (const Case& c : {Case{kRat, true, 1, "ratatouille"}, Case{kWallE, false, 1, "walle"},
                          Case{kFuel, false, 0, "fuel"}}) {
        INFO(c.game);
        const Bytes f = file(c.version, body(bones(c.parent_at), c.rotation));
        const auto d = open(f);
        CHECK(d->info()["game"] == c.game);
        CHECK(d->info()["settings"]["parent_index"] == c.parent_at);
        CHECK(parents(*d) == std::pair<int, int>{-1, 0});
        // TETE's rest translation lands on the node under ROOT (Z mirrored).
        const Scene s = d->scene(kItem);
        const int tete = s.find_node(std::to_string(zouna::asobo_crc32("TETE")));
        REQUIRE(tete > 0);
        CHECK(s.nodes[size_t(tete)].parent ==
              s.find_node(std::to_string(zouna::asobo_crc32("ROOT"))));
        CHECK(s.nodes[size_t(tete)].translation == glm::vec3(0.25f, 0.5f, -0.75f));
        // --set parent_index still decides: the other index holds ROOT -> TETE.
        Options o;
        o.settings["parent_index"] = std::to_string(1 - c.parent_at);
        CHECK(parents(*open(f, o)) == std::pair<int, int>{1, -1});
    }
}

TEST_CASE("WALL-E Skel_Z: bff's 20-byte header by default, Ratatouille's 36 by --set skel") {
    const Bytes short_form = file(kWallE, body(bones(1), false));
    const Bytes long_form = file(kWallE, body(bones(1), true));
    const std::string item = std::to_string(kItem);
    {
        const auto d = open(short_form);
        const nlohmann::json info = d->info();
        CHECK(info["settings"]["skel"] == "fuel");
        CHECK(info["skeleton_checks"]["HAND_SKEL"]["layout"] ==
              nlohmann::json({{"in_use", "fuel"}, {"reads_whole_body", {"fuel"}}}));
        CHECK(warning_with(*d, "--set skel").empty());
        CHECK(parents(*d) == std::pair<int, int>{-1, 0});
    }
    {
        // The quaternion's 16 bytes read as the bone count and bones: an error,
        // and info's check names the layout that reads the body whole.
        const auto d = open(long_form);
        CHECK(d->info()["objects_not_decodable"] == 1);
        CHECK_THROWS_AS(d->dump(kItem), Error);
        CHECK(d->info()["skeleton_checks"]["HAND_SKEL"]["layout"] ==
              nlohmann::json({{"in_use", "fuel"}, {"reads_whole_body", {"ratatouille"}}}));
        const std::string w = warning_with(*d, "--set skel=ratatouille reads it that way");
        CHECK(w.find("HAND_SKEL") != std::string::npos);
        CHECK(w.find("(36 header bytes)") != std::string::npos);
        Options rat;
        rat.settings["skel"] = "ratatouille";
        const auto fixed = open(long_form, rat);
        CHECK(parents(*fixed) == std::pair<int, int>{-1, 0});
        CHECK(warning_with(*fixed, "--set skel").empty());
    }
    {
        // The other way round: bff's form read with Ratatouille's layout.
        Options rat;
        rat.settings["skel"] = "rat";
        const auto d = open(short_form, rat);
        CHECK(d->info()["objects_not_decodable"] == 1);
        CHECK_FALSE(warning_with(*d, "--set skel=fuel reads it that way").empty());
    }
}
