// The export budget: what writing a scene costs is charged before anything is
// built (so a scene past the budget never reaches Assimp), each writer stops
// with one AllocationLimit naming itself, and the bake bound holds.
#include "ripkit/export_cost.hpp"

#include <assimp/anim.h>
#include <assimp/scene.h>

#include <algorithm>
#include <filesystem>

#include "ripkit/anim_bake.hpp"
#include "ripkit/assimp/scene_to_assimp.hpp"
#include "ripkit/error.hpp"
#include "ripkit/export.hpp"
#include "ripkit_catch.hpp"
#include "scene_fixture.hpp"

using namespace ripkit;
namespace fs = std::filesystem;

namespace {

fs::path temp_dir(const std::string& name) {
    const fs::path d = fs::temp_directory_path() / ("ripkit_cost_" + name);
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

bool empty_dir(const fs::path& d) { return fs::directory_iterator(d) == fs::directory_iterator(); }

// A root and one node "mover" whose translation `c` animates.
Scene mover_scene(Channel c) {
    Scene s;
    s.add_node("root", -1);
    c.node = s.add_node("mover", 0);
    c.path = AnimPath::Translation;
    Animation a;
    a.name = "a";
    a.duration = c.times.back();
    a.channels.push_back(std::move(c));
    s.animations.push_back(std::move(a));
    return s;
}

// `n` LINEAR translation keys over n/30 s.
Scene keys_scene(size_t n) {
    Channel c;
    for (size_t k = 0; k < n; ++k) {
        c.times.push_back(double(k) / 30.0);
        c.values.push_back(glm::vec4(float(k), 0, 0, 0));
    }
    return mover_scene(std::move(c));
}

}  // namespace

TEST_CASE("each writer stops at the budget with one AllocationLimit naming it, writing nothing",
          "[cost]") {
    Scene s = test::make_full_scene();
    for (OutputFormat f :
         {OutputFormat::Glb, OutputFormat::Gltf, OutputFormat::Fbx, OutputFormat::Dae}) {
        const std::string ext = output_format_extension(f);
        INFO(ext);
        const fs::path dir = temp_dir(ext);
        const uint64_t need = estimate_export(s, f, true).bytes;
        CHECK(need > 0);
        Limits l;
        l.max_total_bytes = need - 1;
        const auto tight = std::make_shared<Budget>(l);
        s.budget = tight;  // the scene's budget is the export's
        ExportOptions o;
        o.format = f;
        try {
            export_scene(s, dir / ("out." + ext), o);
            FAIL("no error");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::AllocationLimit);
            CHECK(std::string(e.what()).find("writing the scene as " + ext) != std::string::npos);
            CHECK(std::string(e.what()).find("--limit total_bytes=N") != std::string::npos);
        }
        CHECK(tight->bytes_held() == 0);  // the refused charge is not kept
        CHECK(empty_dir(dir));
        // Exactly enough: the export runs and its charge stays with the caller's scope.
        l.max_total_bytes = need;
        const auto room = std::make_shared<Budget>(l);
        s.budget = room;
        {
            Budget::Scope item(*room);
            CHECK_FALSE(export_scene(s, dir / ("out." + ext), o).written.empty());
            CHECK(room->bytes_held() == need);
        }
        CHECK(room->bytes_held() == 0);
        fs::remove_all(dir);
    }
}

TEST_CASE("the estimate grows with what is written", "[cost]") {
    for (OutputFormat f : {OutputFormat::Glb, OutputFormat::Fbx, OutputFormat::Dae}) {
        const uint64_t small = estimate_export(keys_scene(1000), f, false).bytes;
        const uint64_t big = estimate_export(keys_scene(100000), f, false).bytes;
        CHECK(big > small * 50);
        // At least the bytes of the key data itself (time + value as floats).
        CHECK(big > 100000ull * 16);
    }
}

TEST_CASE("the baked key bound covers what bake_animations makes", "[cost]") {
    Scene s = test::make_full_scene();
    std::unique_ptr<aiScene> ai = to_aiscene(s);
    BakeOptions b;
    Budget budget;
    bake_animations(s, ai.get(), b, budget);
    uint64_t keys = 0;
    for (unsigned a = 0; a < ai->mNumAnimations; ++a)
        for (unsigned c = 0; c < ai->mAnimations[a]->mNumChannels; ++c)
            keys += ai->mAnimations[a]->mChannels[c]->mNumPositionKeys;
    CHECK(keys > 0);
    CHECK(baked_key_bound(s, b.cubic_sample_rate) >= keys);
}

TEST_CASE("a hostile cubic span is refused by its estimate, before any sample", "[cost]") {
    // Two CUBICSPLINE keys 300000 s apart: 18M samples at 60 Hz for Collada.
    Channel c;
    c.interp = Interp::CubicSpline;
    c.times = {0.0, 300000.0};
    c.values = {glm::vec4(0), glm::vec4(1)};
    c.in_tangents = c.out_tangents = {glm::vec4(0), glm::vec4(0)};
    Scene s = mover_scene(std::move(c));
    CHECK(baked_key_bound(s, 60.0) >= 18000000ull);
    const auto b = std::make_shared<Budget>();  // the default limits
    s.budget = b;
    ExportOptions o;
    o.format = OutputFormat::Dae;
    const fs::path dir = temp_dir("hermite");
    CHECK_THROWS_AS(export_scene(s, dir / "x.dae", o), Error);
    CHECK(b->bytes_held() == 0);
    CHECK(empty_dir(dir));
    // FBX baked at every frame (9M frames at 30 fps): refused while the
    // frames are counted, before any is made.
    o.format = OutputFormat::Fbx;
    o.fbx_bake_keys = true;
    {
        Budget::Scope item(*b);  // gives the export's estimate back
        try {
            export_scene(s, dir / "x.fbx", o);
            FAIL("no error");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::AllocationLimit);
            CHECK(std::string(e.what()).find("writing the scene as fbx") != std::string::npos);
        }
    }
    CHECK(b->bytes_held() == 0);
    CHECK(empty_dir(dir));
    // glTF and FBX write the two keys and their tangents exactly: no samples,
    // no refusal.
    o.fbx_bake_keys = false;
    CHECK_NOTHROW(export_scene(s, dir / "x.fbx", o));
    o.format = OutputFormat::Glb;
    CHECK_NOTHROW(export_scene(s, dir / "x.glb", o));
    fs::remove_all(dir);
}

TEST_CASE("FBX rotation curves count each sample of the path as a step", "[cost]") {
    // n LINEAR keys, each a quarter turn about X from the last: the writer
    // walks 8 samples to each key (one per 10 degrees, at most 8), takes two
    // two-sample slopes and tests the Euler segment at 3 points - at least 15
    // samples a key, where the up-front estimate counts one.
    const size_t n = 200;
    Channel c;
    for (size_t k = 0; k < n; ++k) {
        const double half = 0.25 * M_PI * double(k);
        c.times.push_back(double(k) / 30.0);
        c.values.push_back(glm::vec4(float(std::sin(half)), 0, 0, float(std::cos(half))));
    }
    Scene s = mover_scene(std::move(c));
    s.animations[0].channels[0].path = AnimPath::Rotation;
    const uint64_t estimate = estimate_export(s, OutputFormat::Fbx, false).steps;
    const fs::path dir = temp_dir("fbx_steps");
    ExportOptions o;
    o.format = OutputFormat::Fbx;
    Limits l;
    l.max_total_steps = estimate + 10 * n;
    s.budget = std::make_shared<Budget>(l);
    try {
        export_scene(s, dir / "x.fbx", o);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::StepLimit);
        CHECK(std::string(e.what()).find("writing the scene as fbx") != std::string::npos);
    }
    CHECK(empty_dir(dir));
    l.max_total_steps = estimate + 100 * n;
    s.budget = std::make_shared<Budget>(l);
    CHECK_FALSE(export_scene(s, dir / "x.fbx", o).written.empty());
    fs::remove_all(dir);
}

TEST_CASE("the FBX writer checks its arrays against the scene budget's limits", "[cost]") {
    Scene s = test::make_full_scene();
    uint64_t verts = 0;  // the most vertices one node's meshes merge into
    for (const Node& n : s.nodes) {
        uint64_t v = 0;
        for (int m : n.meshes) v += s.meshes[size_t(m)].positions.size();
        verts = std::max(verts, v);
    }
    REQUIRE(verts > 1);
    Limits l;
    l.max_alloc_bytes = verts * sizeof(double) * 14 - 1;  // one vertex short of the merged node
    s.budget = std::make_shared<Budget>(l);
    const fs::path dir = temp_dir("fbx_arrays");
    ExportOptions o;
    o.format = OutputFormat::Fbx;
    try {
        export_scene(s, dir / "x.fbx", o);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::AllocationLimit);
        CHECK(std::string(e.what()).find("FBX vertices") != std::string::npos);
    }
    CHECK(empty_dir(dir));
    l.max_alloc_bytes = verts * sizeof(double) * 14;
    s.budget = std::make_shared<Budget>(l);
    CHECK_FALSE(export_scene(s, dir / "x.fbx", o).written.empty());
    fs::remove_all(dir);
}
