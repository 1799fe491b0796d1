// write_preview_html: the page embeds the scene's glb, and headless Chromium
// plays it (frames advance, no console errors, the face texture is drawn).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>

#include "ripkit/image/png.hpp"
#include "ripkit/preview.hpp"
#include "ripkit/registry.hpp"
#include "ripkit/testkit/sample_writers.hpp"
#include "ripkit_catch.hpp"

namespace fs = std::filesystem;
using namespace ripkit;

namespace {

fs::path env_path(const char* name) {
    const char* v = std::getenv(name);
    return v ? fs::path(v) : fs::path();
}

Bytes solid_png(uint8_t r, uint8_t g, uint8_t b) {
    std::vector<uint8_t> rgba;
    for (int i = 0; i < 16; ++i) rgba.insert(rgba.end(), {r, g, b, 255});
    return image::encode_png_rgba(4, 4, rgba);
}

// A camera looking at a quad whose face texture switches from red (0) to
// green (1) at 0.5 s, a field-of-view change at 1 s, one second of sound.
Scene face_scene() {
    Scene s;
    s.add_node("root", -1);
    const int cam = s.add_node("camera", 0);
    s.nodes[size_t(cam)].translation = {0, 0, 3};
    Camera c;
    c.name = "camera";
    c.node = cam;
    c.yfov = 0.9f;
    s.cameras.push_back(c);
    s.cameras[0].yfov_times = {0.0, 1.0};
    s.cameras[0].yfov_values = {0.9f, 0.6f};
    s.nodes[size_t(cam)].camera = 0;
    const int quad = s.add_node("quad", 0);
    const int mouth = s.add_node("quad_mouth", quad);
    s.nodes[size_t(mouth)].extras = {
        {"ripkit_track", "mouth"}, {"target", "quad"}, {"component", "x"}};
    Mesh m;
    m.name = "quad";
    m.material = 0;
    m.positions = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
    m.uv0 = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    m.indices = {0, 1, 2, 0, 2, 3};
    s.meshes.push_back(m);
    s.nodes[size_t(quad)].meshes = {0};
    for (const auto& [name, r, g] : {std::tuple{"red", 255, 0}, std::tuple{"green", 0, 255}}) {
        Texture t;
        t.name = name;
        t.png = solid_png(uint8_t(r), uint8_t(g), 0);
        t.width = t.height = 4;
        s.textures.push_back(t);
    }
    Material mat;
    mat.name = "face";
    mat.texture = 0;
    mat.unlit = true;
    mat.switch_textures = {0, 1};
    mat.switch_track_node = "quad_mouth";
    s.materials.push_back(mat);
    Animation a;
    a.name = "take";
    a.duration = 1.0;
    Channel ch;
    ch.node = mouth;
    ch.path = AnimPath::Translation;
    ch.interp = Interp::Step;
    ch.times = {0.0, 0.5};
    ch.values = {{0, 0, 0, 0}, {1, 0, 0, 0}};
    a.channels.push_back(ch);
    s.animations.push_back(a);
    s.extras = {{"format", "test"}, {"item", 1}, {"frame_rate", 30.0}, {"frame_count", 31}};
    Audio au;
    au.sample_rate = 8000;
    au.channels = 1;
    for (int i = 0; i < 8000; ++i) au.samples.push_back(int16_t(8000 * std::sin(i * 0.05)));
    s.audio = au;
    return s;
}

std::string slurp(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

std::string between(const std::string& s, const std::string& a, const std::string& b) {
    const size_t i = s.find(a);
    if (i == std::string::npos) return "";
    const size_t j = s.find(b, i + a.size());
    return j == std::string::npos ? "" : s.substr(i + a.size(), j - i - a.size());
}

std::string unbase64_prefix(const std::string& in, size_t n) {
    auto val = [](char c) -> int {
        if (c >= 'A' && c <= 'Z') return c - 'A';
        if (c >= 'a' && c <= 'z') return c - 'a' + 26;
        if (c >= '0' && c <= '9') return c - '0' + 52;
        return c == '+' ? 62 : 63;
    };
    std::string out;
    for (size_t i = 0; i + 3 < in.size() && out.size() < n; i += 4) {
        const int v =
            val(in[i]) << 18 | val(in[i + 1]) << 12 | val(in[i + 2]) << 6 | val(in[i + 3]);
        out += {char(v >> 16), char((v >> 8) & 255), char(v & 255)};
    }
    return out.substr(0, n);
}

// A screenshot's RGBA pixels and size.
Bytes read_shot(const std::string& shot, int& w, int& h) {
    INFO("screenshot " << shot);
    REQUIRE(fs::exists(shot));
    const std::string png = slurp(shot);
    return image::decode_png_rgba(
        ByteSpan(reinterpret_cast<const uint8_t*>(png.data()), png.size()), w, h);
}

std::string centre_pixel(const std::string& shot) {
    int w = 0, h = 0;
    const Bytes rgba = read_shot(shot, w, h);
    const size_t mid = (size_t(h / 2) * size_t(w) + size_t(w / 2)) * 4;
    REQUIRE(rgba.size() > mid + 3);
    const int r = rgba[mid], g = rgba[mid + 1], b = rgba[mid + 2];
    if (r > 200 && g < 60 && b < 60) return "red";
    if (g > 200 && r < 60 && b < 60) return "green";
    return std::to_string(r) + "," + std::to_string(g) + "," + std::to_string(b);
}

struct Rgb {
    int r, g, b;
};

// The most frequent colour of the screenshot's canvas (the page's top 446 of
// 480 rows; the bar below has its own colour) and the share of pixels it holds.
std::pair<Rgb, double> canvas_mode(const std::string& shot) {
    int w = 0, h = 0;
    const Bytes rgba = read_shot(shot, w, h);
    std::map<uint32_t, size_t> counts;
    const int rows = std::min(h, 446);
    for (size_t i = 0; i < size_t(rows) * size_t(w); ++i)
        ++counts[uint32_t(rgba[4 * i]) << 16 | uint32_t(rgba[4 * i + 1]) << 8 | rgba[4 * i + 2]];
    REQUIRE(!counts.empty());
    const auto best = std::max_element(counts.begin(), counts.end(),
                                       [](auto& a, auto& b) { return a.second < b.second; });
    const uint32_t c = best->first;
    return {{int(c >> 16), int((c >> 8) & 255), int(c & 255)},
            double(best->second) / (double(rows) * double(w))};
}

bool near(const Rgb& a, const Rgb& b) {
    return std::abs(a.r - b.r) <= 1 && std::abs(a.g - b.g) <= 1 && std::abs(a.b - b.b) <= 1;
}

// Runs tests/preview/drive.mjs on the page: what headless Chromium saw.
nlohmann::json drive(const fs::path& page, const fs::path& work) {
    const fs::path driver = env_path("RIPKIT_SOURCE_DIR") / "tests/preview/drive.mjs";
    INFO("playwright-core is needed: (cd tests/preview && npm install)");
    REQUIRE(fs::exists(driver.parent_path() / "node_modules/playwright-core"));
    const fs::path result_file = work / "drive.json";
    const std::string cmd = "node '" + driver.string() + "' '" + page.string() + "' '" +
                            work.string() + "' > '" + result_file.string() + "'";
    INFO(cmd);
    REQUIRE(std::system(cmd.c_str()) == 0);
    return nlohmann::json::parse(slurp(result_file));
}

}  // namespace

TEST_CASE("preview page embeds the scene and plays in headless Chromium") {
    INFO("Chromium is needed: apt-get install -y chromium");
    REQUIRE(fs::exists("/usr/bin/chromium"));
    const fs::path work = env_path("RIPKIT_BINARY_DIR") / "tests/preview/out";
    fs::create_directories(work);
    const fs::path page = work / "preview.html";
    const Scene scene = face_scene();
    validate_scene(scene);
    // three.js: the copy built into ripkit_export ($RIPKIT_THREE_DIR overrides it).
    INFO(
        "three.js is built in when exporters/viewer has it: (cd exporters/viewer && npm ci), "
        "then build again (./test.sh does both)");
    REQUIRE_NOTHROW(write_preview_html(scene, page));

    const std::string html = slurp(page);
    // The embedded scene is a GLB (magic "glTF", version 2) and the sound a RIFF/WAVE.
    const std::string glb =
        unbase64_prefix(between(html, "type=\"application/octet-stream\">", "<"), 8);
    CHECK(glb.substr(0, 4) == "glTF");
    CHECK(glb[4] == 2);
    const size_t wav_at = html.find("id=\"wav\"");
    REQUIRE(wav_at != std::string::npos);
    CHECK(unbase64_prefix(between(html.substr(wav_at), ">", "<"), 12).substr(8, 4) == "WAVE");
    CHECK(html.find("https://") == std::string::npos);  // nothing fetched from the network

    // Headless Chromium through playwright-core (tests/preview/drive.mjs).
    const nlohmann::json r = drive(page, work);
    INFO(r.dump());

    // Playing: frames advance without errors (page errors and console errors).
    CHECK(r["errors"].empty());
    CHECK(r["playing"]["loaded"] == true);
    CHECK(r["playing"]["errors"].empty());
    CHECK(r["playing"]["frames"].get<int>() >= 10);
    CHECK(r["playing"]["played"].get<double>() > 0.0);  // the clock ran
    CHECK(r["playing"]["camera"] == "camera");

    // Paused at chosen times: the face track (STEP 0 -> 1 at 0.5 s) picks the
    // texture, the field of view follows its keys (0.9 rad, 0.6 rad from 1 s).
    const double deg = 180.0 / 3.14159265358979323846;
    const nlohmann::json& early = r["paused"]["#t=0.25&pause"];
    const nlohmann::json& mid = r["paused"]["#t=0.75&pause"];
    const nlohmann::json& late = r["paused"]["#t=1&pause"];
    CHECK(early["faces"]["face"] == 0);
    CHECK(mid["faces"]["face"] == 1);
    CHECK(late["faces"]["face"] == 1);
    CHECK(std::abs(early["fov"].get<double>() - 0.9 * deg) < 1e-3);
    CHECK(std::abs(mid["fov"].get<double>() - 0.9 * deg) < 1e-3);
    CHECK(std::abs(late["fov"].get<double>() - 0.6 * deg) < 1e-3);

    // Screenshots: the quad in the middle of the game camera's view is red, then green.
    CHECK(centre_pixel(r["screenshots"]["#t=0.25&pause"].get<std::string>()) == "red");
    CHECK(centre_pixel(r["screenshots"]["#t=0.75&pause"].get<std::string>()) == "green");
}

// Scene extras backdrop_rgb is the game's clear colour in sRGB 0-255: the
// Rugrats seed's set_backdrop(view, 217, 175, 141). Chromium's pixels are sRGB,
// so the page's background reads back as those numbers; a scene without one
// keeps the renderer's 0x202020.
TEST_CASE("preview page draws the scene's backdrop colour") {
    REQUIRE(fs::exists("/usr/bin/chromium"));
    const fs::path work = env_path("RIPKIT_BINARY_DIR") / "tests/preview/backdrop";
    fs::remove_all(work);
    fs::create_directories(work / "samples");
    const FormatEntry* rugrats = nullptr;
    for (const FormatEntry& e : format_entries())
        if (std::string(e.id) == "rugrats_cine") rugrats = &e;
    REQUIRE(rugrats != nullptr);
    find_sample_writer("rugrats_cine")->write(work / "samples");
    Input in;
    in.path = (work / "samples/DEMO_RAW.BIN").string();
    in.bytes = read_file(in.path, Limits{});
    const auto doc = rugrats->format().open(in, Options{});
    const Scene rugrats_scene = doc->scene(doc->default_item());

    for (const auto& [name, scene, expected] :
         {std::tuple{"rugrats", rugrats_scene, Rgb{217, 175, 141}},
          std::tuple{"plain", face_scene(), Rgb{32, 32, 32}}}) {
        INFO(name);
        const fs::path dir = work / name;
        fs::create_directories(dir);
        REQUIRE_NOTHROW(write_preview_html(scene, dir / "preview.html"));
        const nlohmann::json r = drive(dir / "preview.html", dir);
        INFO(r.dump());
        CHECK(r["errors"].empty());
        CHECK(r["playing"]["errors"].empty());
        const auto [colour, share] =
            canvas_mode(r["screenshots"]["#t=0.25&pause"].get<std::string>());
        INFO("most frequent canvas colour " << colour.r << "," << colour.g << "," << colour.b
                                            << " on " << share * 100 << "% of the canvas");
        CHECK(near(colour, expected));
        CHECK(share > 0.5);
    }
}

// A cutscene with its level: the page builds every body part the scene skins as
// a three.js SkinnedMesh, and plays without errors.
TEST_CASE("preview page of a TR cutscene with its level shows the bodies") {
    REQUIRE(fs::exists("/usr/bin/chromium"));
    const fs::path work = env_path("RIPKIT_BINARY_DIR") / "tests/preview/level";
    fs::remove_all(work);
    fs::create_directories(work);
    const FormatEntry *cutseq = nullptr, *level = nullptr;
    for (const FormatEntry& e : format_entries()) {
        if (std::string(e.id) == "tr_cutseq") cutseq = &e;
        if (std::string(e.id) == "tr_level") level = &e;
    }
    REQUIRE(cutseq != nullptr);
    REQUIRE(level != nullptr);
    fs::create_directories(work / "tr_cutseq");
    fs::create_directories(work / "tr_level");
    find_sample_writer("tr_cutseq")->write(work / "tr_cutseq");
    find_sample_writer("tr_level")->write(work / "tr_level");
    Input in;
    in.path = (work / "tr_cutseq/CUTSEQ.PAK").string();
    in.bytes = read_file(in.path, Limits{});
    Options o;
    o.format_options["level"] = {(work / "tr_level/DEMO.TR4").string()};
    const Scene scene = cutseq->format().open(in, o)->scene(1);
    size_t skinned = 0;
    for (const Mesh& m : scene.meshes) skinned += m.skin >= 0;
    REQUIRE(skinned > 0);
    REQUIRE_NOTHROW(write_preview_html(scene, work / "preview.html"));
    const nlohmann::json r = drive(work / "preview.html", work);
    INFO(r.dump().substr(0, 2000));
    CHECK(r["errors"].empty());
    CHECK(r["playing"]["errors"].empty());
    CHECK(r["playing"]["skinned"] == skinned);
    CHECK(r["playing"]["meshes"].get<size_t>() == scene.meshes.size());
}
