// The converted moveables and rooms as glb, read back by clients outside the
// project: the Khronos validator, libpng's own simplified API for the
// embedded pages, and a GLB reader written from the spec for UVs, positions.
#include "ripkit/export.hpp"

#include <png.h>

#include <cmath>
#include <set>
#include <string_view>

#include "clients.hpp"
#include "glb_read.hpp"
#include "ripkit_catch.hpp"
#include "tr_level/document.hpp"
#include "tr_level/testkit/demo_level.hpp"

using namespace ripkit;
using namespace ripkit::tr_level;
using namespace ripkit::tr_level::testkit;

namespace {

std::filesystem::path convert(Version v, int64_t item, const std::string& name,
                              const Options& o = {}) {
    Input in;
    in.path = name;
    in.bytes = write_level(demo_level(v));
    const Scene scene = open_level(in, o)->scene(item);
    const auto out = test::fresh_temp_dir("tr_level_export_" + name) / (name + ".glb");
    ExportOptions eo;
    eo.format = OutputFormat::Glb;
    export_scene(scene, out, eo);
    return out;
}

// RGBA8 of a PNG, decoded by libpng's simplified API.
std::vector<uint8_t> decode(const std::vector<uint8_t>& png, int& w, int& h) {
    png_image img;
    std::memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    REQUIRE(png_image_begin_read_from_memory(&img, png.data(), png.size()));
    img.format = PNG_FORMAT_RGBA;
    std::vector<uint8_t> out(PNG_IMAGE_SIZE(img));
    REQUIRE(png_image_finish_read(&img, nullptr, out.data(), 0, nullptr));
    w = int(img.width);
    h = int(img.height);
    return out;
}

// The name as a view: GCC 14 takes a reference returned from a call given a
// temporary std::string for a dangling one.
const nlohmann::json& mesh(const glb::File& f, std::string_view name) {
    for (const auto& m : f.json["meshes"])
        if (m.value("name", "") == name) return m;
    FAIL("no glTF mesh " << name);
    throw 0;
}

}  // namespace

TEST_CASE("tr_level moveables and rooms pass the Khronos validator, TR4 and TR5") {
    for (Version v : {Version::Tr4, Version::Tr5})
        for (int64_t item : {int64_t(0), int64_t(kDemoActorSlot), kRoomsItem}) {
            const std::string name = std::string(version_name(v)) + "_" + std::to_string(item);
            INFO(name);
            const auto report = test::validate_gltf(convert(v, item, name));
            INFO(report.dump());
            CHECK(report["numErrors"] == 0);
            CHECK(report["numWarnings"] == 0);
        }
    Options parts;
    parts.settings["body"] = "parts";
    for (int64_t item : {int64_t(0), int64_t(427)}) {
        const std::string name = "parts_" + std::to_string(item);
        INFO(name);
        const auto report = test::validate_gltf(convert(Version::Tr4, item, name, parts));
        INFO(report.dump());
        CHECK(report["numErrors"] == 0);
        CHECK(report["numWarnings"] == 0);
    }
}

TEST_CASE("tr_level every embedded page decodes to the level's texels") {
    for (Version v : {Version::Tr4, Version::Tr5}) {
        INFO(version_name(v));
        const glb::File f =
            glb::read(convert(v, kDemoActorSlot, std::string("pages_") + version_name(v)));
        std::set<int> pages;
        for (const auto& mat : f.json["materials"]) {
            const int page = mat["extras"]["page"];
            pages.insert(page);
            const size_t tex = mat["pbrMetallicRoughness"]["baseColorTexture"]["index"];
            const size_t image = f.json["textures"][tex]["source"];
            CHECK(f.json["images"][image]["name"] == "page" + std::to_string(page));
            int w = 0, h = 0;
            const auto rgba = decode(f.view(f.json["images"][image]["bufferView"]), w, h);
            REQUIRE(w == 256);
            REQUIRE(h == 256);
            for (auto [x, y] :
                 {std::pair{0, 0}, {5, 9}, {200, 17}, {255, 255}, {15, 15}, {16, 3}}) {
                INFO("page " << page << " texel " << x << "," << y);
                const uint8_t* t = &rgba[size_t(y * 256 + x) * 4];
                CHECK(std::vector<uint8_t>(t, t + 4) ==
                      std::vector<uint8_t>({uint8_t(x & 0xF8), uint8_t(y & 0xF8),
                                            uint8_t(40 + 60 * page),
                                            uint8_t(page == 2 && x < 16 && y < 16 ? 0 : 255)}));
            }
        }
        // the second actor draws from both object pages (1 and 2)
        CHECK(pages == std::set<int>{1, 2});
    }
}

TEST_CASE("tr_level UVs in the glb are the object texture corners over the page size") {
    const glb::File f = glb::read(convert(Version::Tr4, 0, "uv"));
    // mesh 0's first material holds the quads with texture 2, whose corners
    // are (10.5, 20.25) (74.5, 20.25) (74.5, 84.75) (10.5, 84.75) pixels
    const auto& prim = mesh(f, "slot0_geo")["primitives"][0];
    const auto uv = f.floats(prim["attributes"]["TEXCOORD_0"]);
    REQUIRE(uv.size() >= 4);
    const float want[4][2] = {{10.5f, 20.25f}, {74.5f, 20.25f}, {74.5f, 84.75f}, {10.5f, 84.75f}};
    for (int k = 0; k < 4; ++k) {
        CHECK(uv[size_t(k)][0] == Approx(want[k][0] / 256).epsilon(1e-6));
        CHECK(uv[size_t(k)][1] == Approx(want[k][1] / 256).epsilon(1e-6));
    }
    // Slot 0 is drawn from LARA_SKIN, whose mesh 0 is a 30-unit box: quad 0 =
    // corners (0, 2, 6, 4), vertex 0 = (-30, 0, -30)
    const auto pos = f.floats(prim["attributes"]["POSITION"]);
    CHECK(pos[0][0] == Approx(-30.0 / 512));
    CHECK(pos[0][1] == Approx(0.0).margin(1e-7));
    CHECK(pos[0][2] == Approx(30.0 / 512));
    CHECK(f.json["skins"].size() >= 1);
}

TEST_CASE("tr_level a skinned body is one glTF primitive per material") {
    // The demo's Lara (LARA_SKIN and its joints) and second actor draw with
    // three materials each, every vertex with a normal: three primitives each,
    // where a primitive per body part and material made 87 and 45.
    for (int64_t item : {int64_t(0), int64_t(kDemoActorSlot)}) {
        INFO(item);
        const glb::File f = glb::read(convert(Version::Tr4, item, "draws" + std::to_string(item)));
        REQUIRE(f.json["meshes"].size() == 1);
        const auto& prims = f.json["meshes"][0]["primitives"];
        std::set<int> materials;
        for (const auto& p : prims) {
            materials.insert(p["material"].get<int>());
            CHECK(p["attributes"].contains("NORMAL"));
            CHECK(p["attributes"].contains("JOINTS_0"));
        }
        CHECK(prims.size() == 3);
        CHECK(materials.size() == prims.size());
    }
}

namespace {

// TR (x, y, z) at rest or posed -> the glb's metres, Y up.
glm::dvec3 out_space(glm::dvec3 p) { return {p.x / 512, -p.y / 512, -p.z / 512}; }

// Ry(deg) of a TR point: (x cos + z sin, y, -x sin + z cos).
glm::dvec3 turn_y(glm::dvec3 p, double deg) {
    const double a = deg * 3.14159265358979323846 / 180, c = std::cos(a), s = std::sin(a);
    return {p.x * c + p.z * s, p.y, -p.x * s + p.z * c};
}

bool near3(const nlohmann::json& got, glm::dvec3 want) {
    return std::abs(got[0].get<double>() - want.x) < 2e-5 &&
           std::abs(got[1].get<double>() - want.y) < 2e-5 &&
           std::abs(got[2].get<double>() - want.z) < 2e-5;
}

// Checks, in three.js' skinning of `anim`, that the vertices at want(times[0])
// are at want(times[k]) at each later time; returns how many it followed.
template <class Want>
size_t follow(const nlohmann::json& three, const std::vector<double>& times, Want&& want) {
    size_t found = 0;
    for (const auto& m : three["meshes"]) {
        const auto& t0 = m["times"][0]["positions"];
        for (size_t v = 0; v < t0.size(); ++v) {
            if (!near3(t0[v], want(0))) continue;
            ++found;
            for (size_t k = 1; k < times.size(); ++k) {
                INFO("t = " << times[k] << " got " << m["times"][k]["positions"][v].dump());
                CHECK(near3(m["times"][k]["positions"][v], want(k)));
            }
        }
    }
    return found;
}

}  // namespace

TEST_CASE("tr_level animations in three.js: posed vertices between keyframes, by hand") {
    {
        // ANIMATING1 (its mesh: LARA's box h 20, y 0..40) turns about Y with
        // keyframes every 10 frames at 0, 21824, 43648, 65472 (65536 a turn);
        // frame 5 is halfway through the first step (slerp: 59.94 degrees),
        // frame 25 halfway through the last.
        const auto glb = convert(Version::Tr4, 427, "spin");
        CHECK(test::validate_gltf(glb)["numErrors"] == 0);
        const std::vector<double> times = {0, 5.0 / 30, 10.0 / 30, 25.0 / 30};
        const double deg[4] = {0, 21824 * 360.0 / 65536 / 2, 21824 * 360.0 / 65536,
                               (43648 + 65472) / 2.0 * 360 / 65536};
        const nlohmann::json three = test::three_skinned(glb, "anim_0_state_1", times);
        const glm::dvec3 corner(20, 40, 20);
        CHECK(follow(three, times, [&](size_t k) { return out_space(turn_y(corner, deg[k])); }) >
              0);
    }
    {
        // Lara's turn: root offset (0, -470, 0) -> (0, -480, 20) over frames
        // 0..5, hips about Y 0 -> 4096 (22.5 degrees): at frame 2, 2/5 of both.
        // A hips vertex (LARA_SKIN mesh 0, box h 30, y 0..50): corner (30, 50, 30).
        const auto glb = convert(Version::Tr4, 0, "turn");
        CHECK(test::validate_gltf(glb)["numErrors"] == 0);
        const std::vector<double> times = {0, 2.0 / 30, 5.0 / 30};
        const glm::dvec3 offset[3] = {{0, -470, 0}, {0, -474, 8}, {0, -480, 20}};
        const double deg[3] = {0, 9, 22.5};
        const nlohmann::json three = test::three_skinned(glb, "anim_0_state_2", times);
        CHECK(follow(three, times, [&](size_t k) {
                  return out_space(offset[k] + turn_y({30, 50, 30}, deg[k]));
              }) > 0);
    }
}

TEST_CASE("tr_level materials: alpha test, additive, double-sided rooms") {
    const glb::File actor = glb::read(convert(Version::Tr4, kDemoActorSlot, "modes"));
    std::set<std::string> modes;
    for (const auto& m : actor.json["materials"]) {
        const std::string blend = m["extras"]["blend"];
        modes.insert(blend);
        if (blend == "alpha") CHECK(m["alphaMode"] == "MASK");
        if (blend == "additive") CHECK(m["alphaMode"] == "BLEND");
        if (blend == "opaque") CHECK_FALSE(m.contains("alphaMode"));
        CHECK_FALSE(m.contains("doubleSided"));
    }
    CHECK(modes == std::set<std::string>{"opaque", "alpha", "additive"});
    const glb::File rooms = glb::read(convert(Version::Tr4, kRoomsItem, "room_modes"));
    bool two_sided = false;
    for (const auto& m : rooms.json["materials"]) two_sided |= m.value("doubleSided", false);
    CHECK(two_sided);
    CHECK(rooms.json["meshes"][0]["primitives"][0]["attributes"].contains("COLOR_0"));
}
