// Writes the scene fbx_test.py opens in Blender: scene_fixture.cpp's full scene
// (camera field of view 0.8 -> 0.6 rad at 1 s, STEP/LINEAR/CUBICSPLINE
// channels, skin, extras) with its camera also moving and turning, plus a
// face track in the docs/architecture.md convention, as
//   OUT/scene.glb, OUT/scene.fbx, OUT/scene_baked.fbx (--fbx-bake).
//   ripkit_fbx_fixture OUT
#include <cmath>
#include <cstdio>
#include <exception>

#include "ripkit/export.hpp"
#include "scene_fixture.hpp"

using namespace ripkit;

namespace {

Scene fixture_scene() {
    Scene s = test::make_full_scene();
    s.extras["frame_rate"] = 30.0;
    const int cam = s.find_node("cam");
    Channel t;
    t.node = cam;
    t.path = AnimPath::Translation;
    t.times = {0.0, 0.5, 1.0, 1.5, 2.0};
    t.values = {{0, 1, 5, 0}, {1, 1.5f, 4, 0}, {2, 2, 3, 0}, {2, 2.5f, 1, 0}, {1, 2, 0, 0}};
    s.animations[0].channels.push_back(t);
    Channel r;
    r.node = cam;
    r.path = AnimPath::Rotation;
    r.times = {0.0, 1.0, 2.0};
    // Turning 60 degrees about Y, then tilting 20 degrees about the turned X.
    const float c30 = float(std::cos(M_PI / 6)), s30 = float(std::sin(M_PI / 6));
    const float c10 = float(std::cos(M_PI / 18)), s10 = float(std::sin(M_PI / 18));
    r.values = {{0, 0, 0, 1}, {0, s30, 0, c30}, {c30 * s10, s30 * c10, -s30 * s10, c30 * c10}};
    s.animations[0].channels.push_back(r);
    test::add_mouth_track(s, 3.0f);  // at rest: the first key's value
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: ripkit_fbx_fixture OUT_FOLDER\n");
        return 2;
    }
    try {
        const std::filesystem::path dir = argv[1];
        std::filesystem::create_directories(dir);
        const Scene s = fixture_scene();
        ExportOptions o;
        o.write_audio = false;
        export_scene(s, dir / "scene.glb", o);
        o.format = OutputFormat::Fbx;
        export_scene(s, dir / "scene.fbx", o);
        o.fbx_bake_keys = true;
        export_scene(s, dir / "scene_baked.fbx", o);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "ripkit_fbx_fixture: %s\n", e.what());
        return 1;
    }
    return 0;
}
