// Collada and FBX: what Assimp reads back, and the FBX NULL-record repair
// checked with a strict reader written here from Blender's rules.
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <catch2/catch.hpp>
#include <cmath>

#include "clients.hpp"
#include "gltf_reader.hpp"
#include "ripkit/assimp/scene_to_assimp.hpp"
#include "ripkit/export.hpp"
#include "ripkit/fbx_binary.hpp"
#include "test_scene.hpp"

using namespace ripkit;
namespace fs = std::filesystem;

namespace {

uint64_t le64(const std::vector<uint8_t>& b, size_t at) {
    return uint64_t(test::le32(b, at)) | uint64_t(test::le32(b, at + 4)) << 32;
}

// Blender 3.4's io_scene_fbx parse rule (7.5, 64-bit records): a node whose
// properties end before its end offset has children followed by a 25-byte
// zero sentinel. Returns false where Blender raises.
bool strict_node(const std::vector<uint8_t>& b, size_t& pos, int depth) {
    if (depth > 64 || pos + 25 > b.size()) return false;
    const uint64_t end = le64(b, pos), prop_len = le64(b, pos + 16);
    const size_t name_len = b[pos + 24];
    size_t p = pos + 25 + name_len + prop_len;
    if (end > b.size() || p > end) return false;
    if (p < end) {
        while (p + 25 < end)
            if (!strict_node(b, p, depth + 1)) return false;
        if (p + 25 != end) return false;
        for (size_t i = 0; i < 25; ++i)
            if (b[p + i] != 0) return false;
    }
    pos = end;
    return true;
}

bool strict_fbx(const std::vector<uint8_t>& b) {
    if (b.size() < 27 || std::string(b.begin(), b.begin() + 18) != "Kaydara FBX Binary")
        return false;
    size_t pos = 27;
    while (pos + 25 <= b.size() && le64(b, pos) != 0)
        if (!strict_node(b, pos, 0)) return false;
    return pos + 25 <= b.size();
}

const aiNodeAnim* channel(const aiAnimation* a, const char* name) {
    for (unsigned i = 0; i < a->mNumChannels; ++i)
        if (std::string(a->mChannels[i]->mNodeName.C_Str()) == name) return a->mChannels[i];
    return nullptr;
}

}  // namespace

TEST_CASE("FBX: Assimp 5.2.5's raw output fails the strict reader, ours passes", "[fbx]") {
    const Scene s = test::make_full_scene();
    std::unique_ptr<aiScene> ai = to_aiscene(s);
    Assimp::Exporter e;
    const aiExportDataBlob* raw = e.ExportToBlob(ai.get(), "fbx", 0);
    REQUIRE(raw);
    const auto* d = static_cast<const uint8_t*>(raw->data);
    CHECK_FALSE(strict_fbx(std::vector<uint8_t>(d, d + raw->size)));

    const fs::path dir = test::fresh_temp_dir("fbx");
    ExportOptions o;
    o.format = OutputFormat::Fbx;
    export_scene(s, dir / "full.fbx", o);
    CHECK(strict_fbx(test::read_file_bytes(dir / "full.fbx")));
}

TEST_CASE("FBX: Assimp reads back nodes, skin and a 2 s animation", "[fbx]") {
    const Scene s = test::make_full_scene();
    const fs::path dir = test::fresh_temp_dir("fbx_read");
    ExportOptions o;
    o.format = OutputFormat::Fbx;
    export_scene(s, dir / "full.fbx", o);
    Assimp::Importer imp;
    const aiScene* ai = imp.ReadFile((dir / "full.fbx").string(), aiProcess_ValidateDataStructure);
    INFO(imp.GetErrorString());
    REQUIRE(ai);
    for (const char* n : {"mover", "bone_a", "bone_b", "face", "face_track", "cam"}) {
        INFO(n);
        CHECK(ai->mRootNode->FindNode(n));
    }
    REQUIRE(ai->mNumAnimations == 1);
    const aiAnimation* a = ai->mAnimations[0];
    const double tps = a->mTicksPerSecond > 0 ? a->mTicksPerSecond : 1.0;
    CHECK(a->mDuration / tps == Approx(2.0).margin(0.05));
    const aiNodeAnim* mover = channel(a, "mover");
    REQUIRE(mover);
    REQUIRE(mover->mNumPositionKeys >= 3);
    // The STEP key of 0.5 s -> (4,5,6) must be at 0.5 s, held until just before 1.5 s.
    bool found = false;
    for (unsigned i = 0; i < mover->mNumPositionKeys; ++i)
        if (std::abs(mover->mPositionKeys[i].mTime / tps - 0.5) < 1e-3) {
            found = true;
            CHECK(mover->mPositionKeys[i].mValue.x == Approx(4.0f));
        }
    CHECK(found);
    bool has_bones = false;
    for (unsigned m = 0; m < ai->mNumMeshes; ++m) has_bones |= ai->mMeshes[m]->mNumBones == 2;
    CHECK(has_bones);
}

TEST_CASE("Collada: Assimp reads back the camera and animation in seconds", "[dae]") {
    const Scene s = test::make_full_scene();
    const fs::path dir = test::fresh_temp_dir("dae");
    ExportOptions o;
    o.format = OutputFormat::Dae;
    o.write_audio = false;
    const ExportResult r = export_scene(s, dir / "full.dae", o);
    CHECK(r.written.size() == 4);  // .dae + 3 textures
    for (const auto& e : fs::directory_iterator(dir)) CHECK(e.path().filename().string()[0] != '.');
    Assimp::Importer imp;
    const aiScene* ai = imp.ReadFile((dir / "full.dae").string(), aiProcess_ValidateDataStructure);
    INFO(imp.GetErrorString());
    REQUIRE(ai);
    REQUIRE(ai->mNumCameras == 1);
    CHECK(std::string(ai->mCameras[0]->mName.C_Str()) == "cam");
    REQUIRE(ai->mNumAnimations >= 1);
    const aiNodeAnim* mover = nullptr;
    double tps = 1.0;
    for (unsigned i = 0; i < ai->mNumAnimations && !mover; ++i) {
        mover = channel(ai->mAnimations[i], "mover");
        tps = ai->mAnimations[i]->mTicksPerSecond > 0 ? ai->mAnimations[i]->mTicksPerSecond : 1.0;
    }
    REQUIRE(mover);
    CHECK(mover->mPositionKeys[mover->mNumPositionKeys - 1].mTime / tps ==
          Approx(2.0).margin(1e-3));
}

TEST_CASE("FBX: a full turn about Y stays continuous in the Euler curves", "[fbx]") {
    Scene s;
    s.add_node("root", -1);
    const int spin = s.add_node("spin", 0);
    Animation a;
    a.name = "turn";
    a.duration = 3.5;
    Channel r;
    r.node = spin;
    r.path = AnimPath::Rotation;
    r.interp = Interp::Linear;
    for (int k = 0; k <= 35; ++k) {  // 0, 10, ..., 350 degrees about +Y, one key per 0.1 s
        const double half = k * 10.0 * M_PI / 360.0;
        r.times.push_back(k * 0.1);
        r.values.push_back({0.0f, float(std::sin(half)), 0.0f, float(std::cos(half))});
    }
    a.channels.push_back(r);
    s.animations.push_back(a);
    const fs::path dir = test::fresh_temp_dir("fbx_spin");
    ExportOptions o;
    o.format = OutputFormat::Fbx;
    export_scene(s, dir / "spin.fbx", o);

    const std::vector<uint8_t> bytes = test::read_file_bytes(dir / "spin.fbx");
    fbx::File f = fbx::parse(bytes);
    std::vector<std::vector<float>> rot_curves;  // every AnimationCurve's KeyValueFloat
    for (fbx::Node& n : f.nodes)
        if (n.name == "Objects")
            for (fbx::Node& c : n.children)
                if (c.name == "AnimationCurve")
                    for (fbx::Node& kv : c.children)
                        if (kv.name == "KeyValueFloat")
                            rot_curves.push_back(fbx::get_floats(kv, fbx::parse_props(kv)[0]));
    // Curves are T.x T.y T.z R.x R.y R.z S.x S.y S.z (Assimp's order).
    REQUIRE(rot_curves.size() == 9);
    const std::vector<float>& rx = rot_curves[3];
    const std::vector<float>& ry = rot_curves[4];
    const std::vector<float>& rz = rot_curves[5];
    REQUIRE(ry.size() == 36);
    for (size_t i = 0; i < ry.size(); ++i) {
        INFO("key " << i << ": " << rx[i] << " " << ry[i] << " " << rz[i]);
        CHECK(ry[i] == Approx(10.0 * double(i)).margin(1e-2));
        CHECK(rx[i] == Approx(0.0).margin(1e-2));
        CHECK(rz[i] == Approx(0.0).margin(1e-2));
    }
}

namespace {

// GlobalSettings' Properties70 decoded with a reader written here from the
// binary FBX 7.5 layout (node: u64 end, u64 property count, u64 property
// bytes, u8 name length, name; P properties: 'S' u32 length + bytes, 'I' s32,
// 'D' f64, 'L' s64), independent of ripkit::fbx.
struct TimeSettings {
    int32_t time_mode = -1;
    double custom_frame_rate = 0;
    int64_t span_start = -1, span_stop = -1;
};

TimeSettings fbx_time_settings(const std::vector<uint8_t>& b) {
    TimeSettings t;
    auto name_at = [&](size_t pos) {
        return std::string(b.begin() + long(pos) + 25, b.begin() + long(pos) + 25 + b.at(pos + 24));
    };
    auto children = [&](size_t pos) {
        std::vector<size_t> out;
        const uint64_t end = le64(b, pos);
        size_t p = pos + 25 + b.at(pos + 24) + le64(b, pos + 16);
        while (p + 25 <= end && le64(b, p) != 0) {
            out.push_back(p);
            p = size_t(le64(b, p));
        }
        return out;
    };
    size_t pos = 27;
    while (le64(b, pos) != 0 && name_at(pos) != "GlobalSettings") pos = size_t(le64(b, pos));
    REQUIRE(le64(b, pos) != 0);
    for (size_t p70 : children(pos)) {
        if (name_at(p70) != "Properties70") continue;
        for (size_t p : children(p70)) {
            size_t at = p + 25 + b.at(p + 24);
            std::string key;
            for (uint64_t i = 0; i < le64(b, p + 8); ++i) {
                const char type = char(b.at(at++));
                if (type == 'S') {
                    const uint32_t len = test::le32(b, at);
                    if (i == 0)
                        key.assign(b.begin() + long(at) + 4, b.begin() + long(at) + 4 + len);
                    at += 4 + len;
                } else if (type == 'I') {
                    if (key == "TimeMode") t.time_mode = int32_t(test::le32(b, at));
                    at += 4;
                } else if (type == 'D') {
                    uint64_t u = le64(b, at);
                    double d;
                    std::memcpy(&d, &u, 8);
                    if (key == "CustomFrameRate") t.custom_frame_rate = d;
                    at += 8;
                } else if (type == 'L') {
                    if (key == "TimeSpanStart") t.span_start = int64_t(le64(b, at));
                    if (key == "TimeSpanStop") t.span_stop = int64_t(le64(b, at));
                    at += 8;
                } else {
                    break;  // other kinds do not occur in the keys read here
                }
            }
        }
    }
    return t;
}

// One node turning for `duration` s at `anim_rate`; `scene_rate` in the scene
// extras when positive.
TimeSettings export_timed(double scene_rate, double anim_rate, double duration) {
    Scene s;
    s.add_node("root", -1);
    const int n = s.add_node("n", 0);
    if (scene_rate > 0) s.extras["frame_rate"] = scene_rate;
    Animation a;
    a.name = "take";
    a.duration = duration;
    a.frame_rate = anim_rate;
    Channel c;
    c.node = n;
    c.path = AnimPath::Translation;
    c.times = {0.0, duration};
    c.values = {{0, 0, 0, 0}, {1, 0, 0, 0}};
    a.channels.push_back(c);
    s.animations.push_back(a);
    const fs::path dir = test::fresh_temp_dir("fbx_time");
    ExportOptions o;
    o.format = OutputFormat::Fbx;
    export_scene(s, dir / "t.fbx", o);
    return fbx_time_settings(test::read_file_bytes(dir / "t.fbx"));
}

}  // namespace

TEST_CASE("FBX: GlobalSettings carry the scene's frame rate and duration", "[fbx]") {
    // Assimp's own output says 24 fps (TimeMode 11) and a 1 s span whatever the scene.
    {
        const Scene s = test::make_full_scene();
        std::unique_ptr<aiScene> ai = to_aiscene(s);
        Assimp::Exporter e;
        const aiExportDataBlob* raw = e.ExportToBlob(ai.get(), "fbx", 0);
        REQUIRE(raw);
        const auto* d = static_cast<const uint8_t*>(raw->data);
        const TimeSettings t = fbx_time_settings(std::vector<uint8_t>(d, d + raw->size));
        CHECK(t.time_mode == 11);
        CHECK(t.span_stop == 46186158000);
    }
    // FBX time: 46186158000 ticks per second. 2 s = 92372316000; 3.25 s = 150105013500.
    const TimeSettings thirty = export_timed(30.0, 30.0, 2.0);
    CHECK(thirty.time_mode == 6);
    CHECK(thirty.custom_frame_rate == -1.0);  // only read for TimeMode 14
    CHECK(thirty.span_start == 0);
    CHECK(thirty.span_stop == 92372316000);
    CHECK(export_timed(0.0, 25.0, 3.25).span_stop == 150105013500);
    // Scene extras frame_rate wins over the animation's; without it the animation's.
    CHECK(export_timed(24.0, 30.0, 1.0).time_mode == 11);
    CHECK(export_timed(0.0, 25.0, 1.0).time_mode == 10);
    const std::pair<double, int> named[] = {{60, 3},  {50, 4},  {48, 5}, {120, 1},
                                            {100, 2}, {96, 15}, {72, 16}};
    for (const auto& [rate, mode] : named) {
        INFO(rate);
        CHECK(export_timed(rate, 30.0, 1.0).time_mode == mode);
    }
    // Any other rate is custom (14) with the rate itself.
    const TimeSettings custom = export_timed(12.5, 30.0, 0.5);
    CHECK(custom.time_mode == 14);
    CHECK(custom.custom_frame_rate == 12.5);
    CHECK(custom.span_stop == 23093079000);  // 0.5 s
}
