// The kit model's glb read by independent clients: three.js' own skinning
// puts every vertex where the hand arithmetic below does at interior
// animation times; the Khronos validator reports no errors; Pillow's DDS
// decoder gives the same pixels as the PNG ripkit embedded (DXT1 in both
// modes, DXT3, DXT5 in both alpha modes, BGRA8888, BGR888, A8L8).
#include <cmath>
#include <cstdio>
#include <fstream>

#include "../export/gltf_reader.hpp"
#include "clients.hpp"
#include "ripkit/export.hpp"
#include "ripkit_catch.hpp"
#include "test_util.hpp"
#include "three_skin_check.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/format.hpp"
#include "zouna/testkit/body_kit.hpp"

using namespace ripkit;
using namespace ripkit::zouna;
using namespace zouna_test;
namespace fs = std::filesystem;

namespace {

Bytes read_bytes(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    return Bytes(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

void write_bytes(const fs::path& p, ByteSpan b) {
    std::ofstream f(p, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
}

fs::path export_glb(const Scene& s, const fs::path& out) {
    ExportOptions eo;
    eo.format = OutputFormat::Glb;
    export_scene(s, out, eo);
    return out;
}

// The kit's files in a folder, SKIN opened with --anim BEND and the names.
Scene kit_skin_scene(Game g, const fs::path& dir) {
    write_kit_files(dir, kit_objects(kit_set(g)), g);
    std::ofstream(dir / "names.txt") << kit_names();
    Options o;
    o.format_options["names"] = {(dir / "names.txt").string()};
    o.format_options["anim"] = {(dir / "BEND.Animation_Z").string()};
    Input in;
    in.path = (dir / "SKIN.Skin_Z").string();
    in.bytes = read_bytes(in.path);
    const auto doc = formats::zouna_format().open(in, o);
    return doc->scene(asobo_crc32("SKIN"));
}

// Engine-space skinning by hand: ROOT stays put; CHILD (rest at (0, 1, 0))
// turns about +Z by 90 degrees x t (slerp between identity and the key
// (0, 0, 1414, 1414) / 2000, whose normalised form is exactly 90 degrees);
// then the Z mirror of the glTF axes.
glm::dvec3 hand_position(const glm::dvec3 p, double w_child, double t) {
    const double a = 3.14159265358979323846 / 2.0 * t;
    const glm::dvec3 rel = p - glm::dvec3(0, 1, 0);
    const glm::dvec3 turned(rel.x * std::cos(a) - rel.y * std::sin(a),
                            rel.x * std::sin(a) + rel.y * std::cos(a), rel.z);
    const glm::dvec3 child = turned + glm::dvec3(0, 1, 0);
    const glm::dvec3 engine = (1.0 - w_child) * p + w_child * child;
    return {engine.x, engine.y, -engine.z};
}

// /usr/bin/python3 (Debian's, with python3-pil) when present.
std::string python() { return fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3"; }

nlohmann::json run_python(const std::vector<std::string>& args) {
    std::string cmd =
        python() + " " + (test::source_dir() / "tests" / "zouna" / "dds_png_compare.py").string();
    for (const std::string& a : args) cmd += " '" + a + "'";
    cmd += " 2>&1";
    std::string out;
    if (FILE* p = popen(cmd.c_str(), "r")) {
        char buf[4096];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
        const int rc = pclose(p);
        INFO(cmd << "\n" << out);
        REQUIRE(rc == 0);
    }
    const auto j = nlohmann::json::parse(out, nullptr, false);
    INFO(out << "\n(install python3-pil: apt-get install python3-pil)");
    REQUIRE(j.is_object());
    return j;
}

// Deterministic bytes (a 32-bit LCG), so the blocks cover many colour pairs.
Bytes noise(size_t n, uint32_t seed) {
    Bytes b(n);
    for (uint8_t& x : b) {
        seed = seed * 1664525u + 1013904223u;
        x = uint8_t(seed >> 24);
    }
    return b;
}

struct TextureCase {
    const char* name;
    image::PixelFormat pixel;
    uint8_t fuel_format;  // FUEL link header code, 0: Ratatouille DDS file
};

}  // namespace

TEST_CASE("three.js skins the kit's vertices where the hand arithmetic does, per game",
          "[clients]") {
    const double kids[8] = {0, 0, 0, 0, 0.5, 0.5, 0.5, 0.5};  // CHILD weight per vertex
    const KitSet kit = kit_set(Game::Fuel);
    for (Game g : {Game::Ratatouille, Game::WallE, Game::Fuel}) {
        INFO(game_name(g));
        const fs::path dir = test::fresh_temp_dir(std::string("zouna_skin_") + game_name(g));
        const fs::path glb = export_glb(kit_skin_scene(g, dir / "kit"), dir / "skin.glb");
        const nlohmann::json mesh =
            check_three_skinning(glb, "BEND", {0.0, 0.25, 0.5, 1.0}, 8, [&](size_t v, double t) {
                return hand_position(glm::dvec3(kit.body.vertex_buffers[0].vertices[v].position),
                                     kids[v], t);
            });
        CHECK(mesh["bones"] == 2);
        const nlohmann::json& got = mesh["times"];
        // The split vertices moved at 1 s, the ROOT-only ones did not.
        CHECK(got[3]["positions"][0] == got[0]["positions"][0]);
        CHECK(got[3]["positions"][6] != got[0]["positions"][6]);
    }
}

TEST_CASE("Bitmap_Z pixels: Pillow's DDS decoder equals ripkit's embedded PNG", "[clients]") {
    image::PixelFormat bgra, bgr, a8l8;
    bgr.bits = 24;
    bgr.a_mask = 0;
    bgr.r_mask = 0xFF0000;
    bgr.g_mask = 0xFF00;
    bgr.b_mask = 0xFF;
    a8l8.bits = 16;
    a8l8.luminance = true;
    a8l8.r_mask = 0x00FF;
    a8l8.g_mask = a8l8.b_mask = 0;
    a8l8.a_mask = 0xFF00;
    const TextureCase cases[] = {{"dxt1", image::dxt_format(1), 0},
                                 {"dxt3", image::dxt_format(3), 0},
                                 {"dxt5", image::dxt_format(5), 0},
                                 {"bgra8888", bgra, 0},
                                 {"bgr888", bgr, 0},
                                 {"fuel_dxt1", image::dxt_format(1), 14},
                                 {"fuel_dxt5", image::dxt_format(5), 16},
                                 {"fuel_a8l8", a8l8, 7}};
    const fs::path dir = test::fresh_temp_dir("zouna_dds");
    std::vector<std::string> args;
    uint32_t seed = 1;
    for (const TextureCase& c : cases) {
        INFO(c.name);
        const Game g = c.fuel_format ? Game::Fuel : Game::Ratatouille;
        KitSet kit = kit_set(g);
        // 12 x 8 with one more level (6 x 4): whole and partial blocks.
        const uint32_t w = 12, h = 8, levels = 2;
        kit.tex.width = w;
        kit.tex.height = h;
        kit.tex.pixel = c.pixel;
        kit.tex.levels = levels;
        kit.tex.mips = levels - 1;
        if (c.fuel_format) kit.tex.format = kit.tex.format_copy = c.fuel_format;
        kit.tex_surfaces = noise(image::mip_chain_size(c.pixel, w, h, levels), seed++);
        if (c.pixel.kind == image::PixelFormat::Kind::Dxt1)
            for (size_t b = 0; b + 8 <= kit.tex_surfaces.size(); b += 16)  // colour 0 <= colour 1
                std::swap(kit.tex_surfaces[b], kit.tex_surfaces[b + 2]),
                    kit.tex_surfaces[b + 1] = 0, kit.tex_surfaces[b + 3] = 0xFF;
        if (c.pixel.kind == image::PixelFormat::Kind::Dxt5)
            for (size_t b = 0; b + 16 <= kit.tex_surfaces.size(); b += 32)  // alpha 0 <= alpha 1
                kit.tex_surfaces[b] = 10, kit.tex_surfaces[b + 1] = 200;
        MemFiles files;
        files.files["T.NPC"] = text_bytes(kit_names());
        Options o;
        o.files = &files;
        Input in;
        in.path = "T.DPC";
        in.bytes = kit_bigfile(kit_objects(kit), g);
        const Scene s = formats::zouna_format().open(in, o)->scene(asobo_crc32("BODY"));
        const fs::path glb = export_glb(s, dir / (std::string(c.name) + ".glb"));
        const test::Glb gl = test::read_glb(glb);
        REQUIRE(gl.json["images"].size() == 1);
        const Bytes png = test::view_bytes(gl, gl.json["images"][0]["bufferView"]);
        const fs::path png_path = dir / (std::string(c.name) + ".png");
        const fs::path dds_path = dir / (std::string(c.name) + ".dds");
        write_bytes(png_path, png);
        write_bytes(dds_path, write_dds_file(c.pixel, w, h, levels, kit.tex_surfaces));
        args.push_back(dds_path.string());
        args.push_back(png_path.string());
    }
    const nlohmann::json r = run_python(args);
    REQUIRE(r["pairs"].size() == std::size(cases));
    for (const nlohmann::json& p : r["pairs"]) {
        INFO(p.dump());
        CHECK(p["size"] == nlohmann::json({12, 8}));
        CHECK(p["mismatches"] == 0);
    }
}
