// FBX written by ripkit, read back with the strict reader of fbx_reader.hpp
// (Blender's and Assimp's parse rules, ufbx's curve rules) and compared with
// the hand-chosen values of scene_fixture.cpp and with the glb of the same scene.
#include <assimp/scene.h>

#include <assimp/Exporter.hpp>
#include <cmath>
#include <string_view>

#include "clients.hpp"
#include "fbx_reader.hpp"
#include "fbx_vs_gltf.hpp"
#include "gltf_reader.hpp"
#include "hand_math.hpp"
#include "ripkit/assimp/assimp_compat.hpp"
#include "ripkit/assimp/scene_to_assimp.hpp"
#include "ripkit/export.hpp"
#include "ripkit_catch.hpp"
#include "scene_fixture.hpp"

using namespace ripkit;
namespace fs = std::filesystem;
namespace fbxr = ripkit::test::fbxr;

namespace {

std::vector<uint8_t> export_bytes(const Scene& s, const std::string& name, bool bake = false) {
    const fs::path dir = test::fresh_temp_dir("fbx_" + name);
    ExportOptions o;
    o.format = output_format_from_name(name).value();
    o.fbx_bake_keys = bake;
    o.write_audio = false;
    export_scene(s, dir / name, o);
    return test::read_file_bytes(dir / name);
}

test::Glb export_glb(const Scene& s) {
    const fs::path dir = test::fresh_temp_dir("fbx_glb");
    ExportOptions o;
    o.write_audio = false;
    export_scene(s, dir / "s.glb", o);
    return test::read_glb(dir / "s.glb");
}

// The name as a view: GCC 14 takes a reference returned from a call given a
// temporary std::string for a dangling one.
const fbxr::Prop& prop(const fbxr::Node& object, std::string_view name) {
    static std::map<std::string, fbxr::Prop> keep;
    keep = fbxr::properties(object);
    INFO("property " << name);
    REQUIRE(keep.count(std::string(name)));
    return keep.at(std::string(name));
}

double number(const fbxr::Node& object, const std::string& name) {
    const fbxr::Prop& p = prop(object, name);
    REQUIRE(p.values.size() == 1);
    return p.values[0].type == 'D' ? p.values[0].d : double(p.values[0].i);
}

// A root and one node `name` with an empty LINEAR rotation channel on it.
Channel rotation_of(Scene& s, const char* name) {
    s.add_node("root", -1);
    Channel r;
    r.node = s.add_node(name, 0);
    r.path = AnimPath::Rotation;
    r.interp = Interp::Linear;
    return r;
}

Animation one_channel(const char* name, const Channel& c, double duration) {
    Animation a;
    a.name = name;
    a.duration = duration;
    a.channels.push_back(c);
    return a;
}

}  // namespace

TEST_CASE("FBX: the strict reader takes ripkit's file, and Assimp's from 5.4 only", "[fbx]") {
    const Scene s = test::make_full_scene();
    CHECK_NOTHROW(fbxr::parse(export_bytes(s, "full.fbx")));
    // Assimp's binary writer before 5.4 leaves out the NULL records closing
    // child lists: the rule Blender ("failed to read nested block sentinel") and
    // Assimp's own reader ("block offset is out of range") enforce.
    std::unique_ptr<aiScene> ai = to_aiscene(s);
    Assimp::Exporter e;
    const aiExportDataBlob* raw = e.ExportToBlob(ai.get(), "fbx", 0);
    REQUIRE(raw);
    const auto* d = static_cast<const uint8_t*>(raw->data);
    const std::vector<uint8_t> assimp_fbx(d, d + raw->size);
    if (assimp_compat::kFbxWriterClosesLists)
        CHECK_NOTHROW(fbxr::parse(assimp_fbx));
    else
        CHECK_THROWS_WITH(fbxr::parse(assimp_fbx),
                          Catch::Matchers::ContainsSubstring("NULL record") ||
                              Catch::Matchers::ContainsSubstring("enclosing list"));
}

TEST_CASE("FBX: the output is the same bytes every time", "[fbx]") {
    const Scene s = test::make_full_scene();
    CHECK(export_bytes(s, "a.fbx") == export_bytes(s, "b.fbx"));
}

TEST_CASE("FBX: keys as the game has them, equal to the glb between keys", "[fbx]") {
    const Scene s = test::make_full_scene();
    const fbxr::Document d(export_bytes(s, "full.fbx"));
    const test::FbxGltfCounts n = test::check_fbx_against_gltf(export_glb(s), d);
    CHECK(n.channels == 5);
    CHECK(n.extra_rotation_keys == 0);  // both rotations turn about one axis: Euler lines are exact

    const int64_t mover = d.id(*d.model("mover"));
    // STEP translation: three constant keys, no hold keys.
    std::map<std::string, fbxr::Curve> t = fbxr::curves_of(d, mover, "Lcl Translation");
    REQUIRE(t["d|X"].keys.size() == 3);
    CHECK(t["d|X"].keys[1].time == Approx(0.5));
    CHECK(t["d|Y"].keys[1].value == 5.0);
    CHECK(t["d|Z"].evaluate(1.49) == 6.0);
    CHECK(t["d|Z"].evaluate(1.5) == 9.0);
    CHECK(t["d|X"].keys[0].flags == 0x2);
    // LINEAR rotation 0 -> 90 degrees about Y in 2 s: two Euler keys, leaving
    // and entering at 45 degrees per second.
    std::map<std::string, fbxr::Curve> r = fbxr::curves_of(d, mover, "Lcl Rotation");
    REQUIRE(r["d|Y"].keys.size() == 2);
    CHECK(r["d|Y"].keys[1].value == Approx(90.0).margin(1e-4));
    CHECK(r["d|Y"].keys[0].right_slope == Approx(45.0).margin(1e-3));
    CHECK(r["d|Y"].keys[0].next_left_slope == Approx(45.0).margin(1e-3));
    CHECK(r["d|Y"].evaluate(0.7) == Approx(31.5).margin(1e-4));
    CHECK((r["d|Y"].keys[0].flags & 0x40E) == 0x408);
    // CUBICSPLINE scale: cubic keys with the glTF tangents as slopes (per second).
    std::map<std::string, fbxr::Curve> sc = fbxr::curves_of(d, mover, "Lcl Scaling");
    const Channel& cubic = test::cubic_channel(s);
    const char* axes[] = {"d|X", "d|Y", "d|Z"};
    for (int c = 0; c < 3; ++c) {
        const fbxr::Curve& curve = sc[axes[c]];
        INFO(axes[c]);
        REQUIRE(curve.keys.size() == 3);
        CHECK(curve.keys[0].right_slope == Approx(cubic.out_tangents[0][c]));
        CHECK(curve.keys[0].next_left_slope == Approx(cubic.in_tangents[1][c]));
        CHECK(curve.keys[1].right_slope == Approx(cubic.out_tangents[1][c]));
        CHECK((curve.keys[1].flags & 0x800) != 0);  // in != out at key 1: broken tangents
        for (double time : {0.1, 0.25, 0.5, 0.8, 1.2, 1.5, 1.9}) {
            const size_t k = time < 1.0 ? 0 : 1;
            const glm::vec4 want = test::hermite_reference(
                double(k), double(k + 1), cubic.values[k], cubic.out_tangents[k],
                cubic.values[k + 1], cubic.in_tangents[k + 1], time);
            CHECK(curve.evaluate(time) == Approx(want[c]).margin(1e-4));
        }
    }
}

TEST_CASE("FBX: a rotation no Euler line follows gets keys where it needs them", "[fbx]") {
    Scene s;
    Channel r = rotation_of(s, "tilted");
    // 0 -> 120 -> 240 degrees about (1, 1, 1) / sqrt(3), one key per second.
    const double k = std::sin(60.0 * M_PI / 180.0) / std::sqrt(3.0),
                 w = std::cos(60.0 * M_PI / 180.0);
    r.times = {0.0, 1.0, 2.0};
    r.values = {{0, 0, 0, 1},
                {float(k), float(k), float(k), float(w)},
                {-float(k), -float(k), -float(k), float(w)}};
    s.animations.push_back(one_channel("linear", r, 2.0));
    Channel c = r;
    c.interp = Interp::CubicSpline;
    c.in_tangents = {{0, 0, 0, 0}, {0.3f, 0.3f, 0.3f, -0.5f}, {0, 0, 0, 0}};
    c.out_tangents = {{0.5f, 0.4f, 0.3f, 0}, {0.3f, 0.3f, 0.3f, -0.5f}, {0, 0, 0, 0}};
    s.animations.push_back(one_channel("cubic", c, 2.0));
    const fbxr::Document d(export_bytes(s, "tilted.fbx"));
    const test::FbxGltfCounts counts = test::check_fbx_against_gltf(export_glb(s), d);
    CHECK(counts.channels == 2);
    CHECK(counts.extra_rotation_keys > 0);
    // Bounded: far fewer than a 60 Hz sampling of the 4 s (x 3 axes).
    CHECK(counts.extra_rotation_keys < 3 * 240);

    // A game's 30 fps keys turning 5 degrees a frame about the same axis: the
    // cubic Euler keys follow the slerp without any key of their own.
    Scene f;
    Channel frames = rotation_of(f, "tilted");
    for (int i = 0; i <= 30; ++i) {
        const double half = i * 2.5 * M_PI / 180.0, axis = std::sin(half) / std::sqrt(3.0);
        frames.times.push_back(i / 30.0);
        frames.values.push_back({float(axis), float(axis), float(axis), float(std::cos(half))});
    }
    f.animations.push_back(one_channel("frames", frames, 1.0));
    const fbxr::Document fd(export_bytes(f, "frames.fbx"));
    const test::FbxGltfCounts fc = test::check_fbx_against_gltf(export_glb(f), fd);
    CHECK(fc.channels == 1);
    CHECK(fc.extra_rotation_keys == 0);
}

TEST_CASE("FBX: keys a picosecond apart and a hair-thin camera angle stay finite", "[fbx]") {
    Scene s;
    Channel r = rotation_of(s, "snap");
    // Half a turn in 1e-12 s: slopes of 1.8e14 degrees per second, and the
    // refinement's slopes past what a float holds.
    r.times = {0.0, 1e-12, 1.0};
    r.values = {{0, 0, 0, 1}, {0, 1, 0, 0}, {0, 0.70710678f, 0, 0.70710678f}};
    s.animations.push_back(one_channel("snap", r, 1.0));
    Channel t;
    t.node = r.node;
    t.path = AnimPath::Translation;
    t.interp = Interp::CubicSpline;
    t.times = {0.0, 1e-30};
    t.values = {glm::vec4(0), glm::vec4(1e18f, 0, 0, 0)};
    t.in_tangents = t.out_tangents = {glm::vec4(1e17f, 0, 0, 0), glm::vec4(-1e17f, 0, 0, 0)};
    s.animations[0].channels.push_back(t);
    const int cam = s.add_node("cam", 0);
    Camera c;
    c.name = "narrow";
    c.node = cam;
    c.yfov = 1e-38f;
    c.aspect = 1e17f;
    c.yfov_times = {0.0, 0.5};
    c.yfov_values = {1e-38f, 3.14158f};
    s.nodes[size_t(cam)].camera = 0;
    s.cameras.push_back(c);
    for (bool bake : {false, true}) {
        INFO("bake " << bake);
        const fbxr::Document d(export_bytes(s, bake ? "thin_baked.fbx" : "thin.fbx", bake));
        size_t curves = 0;
        for (const fbxr::Node& o : d.file.top("Objects")->children) {
            for (const fbxr::Value& v : o.props)
                if (v.type == 'D' || v.type == 'F') CHECK(std::isfinite(v.d));
            for (const fbxr::Node& c : o.children)
                for (const fbxr::Value& v : c.props) {
                    if (v.type == 'D' || v.type == 'F') CHECK(std::isfinite(v.d));
                    for (double x : v.reals) CHECK(std::isfinite(x));
                }
            if (o.name == "AnimationCurve") ++curves;
        }
        CHECK(curves >= 6);
    }
}

TEST_CASE("FBX: a full turn about Y stays continuous in the Euler curves", "[fbx]") {
    Scene s;
    Channel r = rotation_of(s, "spin");
    for (int k = 0; k <= 35; ++k) {  // 0, 10, ..., 350 degrees about +Y, one key per 0.1 s
        const double half = k * 10.0 * M_PI / 360.0;
        r.times.push_back(k * 0.1);
        r.values.push_back({0.0f, float(std::sin(half)), 0.0f, float(std::cos(half))});
    }
    s.animations.push_back(one_channel("turn", r, 3.5));
    const fbxr::Document d(export_bytes(s, "spin.fbx"));
    std::map<std::string, fbxr::Curve> rot =
        fbxr::curves_of(d, d.id(*d.model("spin")), "Lcl Rotation");
    REQUIRE(rot["d|Y"].keys.size() == 36);
    for (size_t i = 0; i < 36; ++i) {
        INFO("key " << i);
        CHECK(rot["d|Y"].keys[i].value == Approx(10.0 * double(i)).margin(1e-3));
        CHECK(rot["d|X"].keys[i].value == Approx(0.0).margin(1e-3));
        CHECK(rot["d|Z"].keys[i].value == Approx(0.0).margin(1e-3));
    }
}

TEST_CASE("FBX: cameras with the game's lens, film, clip planes and FOV changes", "[fbx]") {
    const Scene s = test::make_full_scene();
    const fbxr::Document d(export_bytes(s, "cam.fbx"));
    const fbxr::Node* model = d.model("cam");
    CHECK(model->props.at(2).s == "Camera");
    const std::vector<const fbxr::Node*> attrs = d.children_of(d.id(*model), "NodeAttribute");
    REQUIRE(attrs.size() == 1);
    const fbxr::Node& a = *attrs[0];
    CHECK(fbxr::split_name(a.props.at(1).s).first == "main camera");
    CHECK(a.props.at(2).s == "Camera");
    // yfov 0.8 rad, aspect 1.5: lens 12 / tan(0.4) mm on a 24 mm x 36 mm film (in inches).
    CHECK(number(a, "FocalLength") == Approx(12.0 / std::tan(0.4)));
    CHECK(number(a, "FilmHeight") == Approx(24.0 / 25.4));
    CHECK(number(a, "FilmWidth") == Approx(36.0 / 25.4));
    CHECK(number(a, "ApertureMode") == 3);
    const double hfov = 2 * std::atan(std::tan(0.4) * 1.5) * 180 / M_PI;
    CHECK(number(a, "FieldOfView") == Approx(hfov));
    CHECK(number(a, "FieldOfViewY") == Approx(0.8 * 180 / M_PI));
    CHECK(number(a, "AspectWidth") / number(a, "AspectHeight") == Approx(1.5));
    CHECK(number(a, "NearPlane") == Approx(0.1));
    CHECK(number(a, "FarPlane") == Approx(500.0));
    CHECK(prop(a, "lens").values.at(0).s == "zoom");       // camera extras
    CHECK(prop(*model, "lens").values.at(0).s == "zoom");  // and on its Model, for Blender
    // FOV changes (STEP, 0.8 -> 0.6 rad at 1 s) as constant FocalLength keys.
    std::map<std::string, fbxr::Curve> f = fbxr::curves_of(d, d.id(a), "FocalLength", "take");
    REQUIRE(f["d|FocalLength"].keys.size() == 2);
    CHECK(f["d|FocalLength"].evaluate(0.99) == Approx(12.0 / std::tan(0.4)).epsilon(1e-6));
    CHECK(f["d|FocalLength"].evaluate(1.0) == Approx(12.0 / std::tan(0.3)).epsilon(1e-6));
    CHECK(f["d|FocalLength"].keys[0].flags == 0x2);
    // Looking where the Scene camera looks: FBX cameras look down local +X, so
    // the Model's rotation carries the glTF node's (identity here) turned
    // 90 degrees about Y: +X -> -Z.
    const std::vector<fbxr::Value>& rot = prop(*model, "Lcl Rotation").values;
    const hand::M3 m = hand::mul(
        hand::rot_z(rot[2].d * M_PI / 180),
        hand::mul(hand::rot_y(rot[1].d * M_PI / 180), hand::rot_x(rot[0].d * M_PI / 180)));
    const hand::V3 look = hand::mul(m, hand::V3{1, 0, 0}), up = hand::mul(m, hand::V3{0, 1, 0});
    CHECK(look[0] == Approx(0).margin(1e-9));
    CHECK(look[2] == Approx(-1).margin(1e-9));
    CHECK(up[1] == Approx(1).margin(1e-9));
}

TEST_CASE("FBX: extras, value tracks and scene metadata as user properties", "[fbx]") {
    Scene s = test::make_full_scene();
    test::add_mouth_track(s, 2.5f);
    s.nodes[size_t(s.find_node("mover"))].extras["big"] = 3338892134LL;
    s.nodes[size_t(s.find_node("mover"))].extras["origin"] = {1, 2, 3};
    const fs::path dir = test::fresh_temp_dir("fbx_props");
    ExportOptions o;
    o.format = OutputFormat::Fbx;
    export_scene(s, dir / "p.fbx", o);
    const fbxr::Document d(test::read_file_bytes(dir / "p.fbx"));
    const fbxr::Node& mover = *d.model("mover");
    CHECK(prop(mover, "slot").type == "Integer");
    CHECK(prop(mover, "slot").flags == "A+U");
    CHECK(prop(mover, "slot").values.at(0).i == 7);
    CHECK(prop(mover, "label").type == "KString");
    CHECK(prop(mover, "label").values.at(0).s == "mover node");
    CHECK(prop(mover, "flag").type == "Bool");
    CHECK(prop(mover, "flag").values.at(0).i == 1);
    CHECK(prop(mover, "ratio").values.at(0).d == 0.25);
    CHECK(prop(mover, "big").type == "ULongLong");  // past int32: a crc32 id
    CHECK(prop(mover, "big").values.at(0).type == 'L');
    CHECK(prop(mover, "big").values.at(0).i == 3338892134LL);
    CHECK(prop(mover, "origin_json").values.at(0).s == "[1,2,3]");
    // The track: the helper node keeps its translation curve, and "mouth" on
    // mover is an animated user property with the same constant keys.
    CHECK(prop(mover, "mouth").type == "Number");
    CHECK(prop(mover, "mouth").flags == "A+U");
    CHECK(prop(mover, "mouth").values.at(0).d == 2.5);  // the helper's rest value
    std::map<std::string, fbxr::Curve> m = fbxr::curves_of(d, d.id(mover), "mouth");
    REQUIRE(m["d|mouth"].keys.size() == 3);
    CHECK(m["d|mouth"].evaluate(0.39) == 3.0);
    CHECK(m["d|mouth"].evaluate(0.4) == 5.0);
    CHECK(m["d|mouth"].evaluate(2.0) == 4.0);
    CHECK(fbxr::curves_of(d, d.id(*d.model("mover_mouth")), "Lcl Translation")["d|X"].keys.size() ==
          3);
    // Scene metadata: SceneInfo, the document-level object.
    const fbxr::Node* info = d.file.top("FBXHeaderExtension")->child("SceneInfo");
    REQUIRE(info);
    CHECK(info->child("MetaData")->child("Title")->props.at(0).s == "full");
    CHECK(prop(*info, "format").values.at(0).s == "testfmt");
    CHECK(prop(*info, "item").values.at(0).i == 3);
    CHECK(prop(*info, "assumptions_json").values.at(0).s == "[\"a\",\"b\"]");
    const std::string audio = prop(*info, "audio_json").values.at(0).s;
    CHECK(nlohmann::json::parse(audio)["file"] == "p.wav");
    CHECK(nlohmann::json::parse(audio)["rate"] == 8000);
    // Material extras and what FBX materials have no field for.
    const fbxr::Node& face = *d.named("Material", "face_mat").at(0);
    CHECK(prop(face, "note").values.at(0).s == "face");
    const nlohmann::json sw =
        nlohmann::json::parse(prop(face, "ripkit_texture_switch_json").values.at(0).s);
    CHECK(sw["textures"] == nlohmann::json({"tex_red.png", "tex_green.png", "tex_blue.png"}));
    CHECK(sw["track_node_name"] == "face_track");
    CHECK(prop(*d.named("Material", "plain").at(0), "ripkit_double_sided").values.at(0).i == 1);
    // Animation extras on the stack.
    CHECK(prop(*d.named("AnimationStack", "take").at(0), "source").values.at(0).s == "cutscene 1");
}

TEST_CASE("FBX: baked keys at every frame for readers that ignore tangents", "[fbx]") {
    Scene s = test::make_full_scene();
    s.extras["frame_rate"] = 30.0;
    const fbxr::Document d(export_bytes(s, "baked.fbx", true));
    const test::FbxGltfCounts n = test::check_fbx_against_gltf(export_glb(s), d, true);
    CHECK(n.channels == 5);
    // The 0..2 s cubic scale: 61 frame keys.
    std::map<std::string, fbxr::Curve> sc =
        fbxr::curves_of(d, d.id(*d.model("mover")), "Lcl Scaling");
    CHECK(sc["d|X"].keys.size() == 61);
}

TEST_CASE("FBX: embedded textures, materials and the rigid skin with its bind pose", "[fbx]") {
    const Scene s = test::make_full_scene();
    const fbxr::Document d(export_bytes(s, "skin.fbx"));
    // Every texture's PNG is in a Video whose file name its Texture repeats
    // (Blender pairs them by that name).
    for (const Texture& t : s.textures) {
        INFO(t.name);
        const std::vector<const fbxr::Node*> v = d.named("Video", t.name);
        REQUIRE(v.size() == 1);
        CHECK(v[0]->child("Content")->props.at(0).s == std::string(t.png.begin(), t.png.end()));
        const std::vector<const fbxr::Node*> tex = d.named("Texture", t.name);
        REQUIRE(!tex.empty());
        CHECK(tex[0]->child("RelativeFilename")->props.at(0).s ==
              v[0]->child("RelativeFilename")->props.at(0).s);
    }
    const fbxr::Node& face_mat = *d.named("Material", "face_mat").at(0);
    const std::vector<const fbxr::Node*> diffuse =
        d.children_of(d.id(face_mat), "Texture", "DiffuseColor");
    REQUIRE(diffuse.size() == 1);
    CHECK(fbxr::split_name(diffuse[0]->props.at(1).s).first == "tex_red");
    CHECK(number(*diffuse[0], "WrapModeU") == 1);  // clamp
    // The skinned quad pair: one cluster per joint, Transform = inverse bind,
    // TransformLink = the joint's bind matrix (bone_b at y = 1).
    const fbxr::Node& skinned = *d.model("skinned");
    const std::vector<const fbxr::Node*> geom = d.children_of(d.id(skinned), "Geometry");
    REQUIRE(geom.size() == 1);
    CHECK(geom[0]->child("Vertices")->props.at(0).reals.size() == 8 * 3);
    const std::vector<const fbxr::Node*> skins = d.children_of(d.id(*geom[0]), "Deformer");
    REQUIRE(skins.size() == 1);
    const std::vector<const fbxr::Node*> clusters = d.children_of(d.id(*skins[0]), "Deformer");
    REQUIRE(clusters.size() == 2);
    for (const fbxr::Node* cl : clusters) {
        const std::string bone = fbxr::split_name(cl->props.at(1).s).first;
        INFO(bone);
        const std::vector<int64_t> want =
            bone == "bone_a" ? std::vector<int64_t>{0, 1, 2, 3} : std::vector<int64_t>{4, 5, 6, 7};
        CHECK(cl->child("Indexes")->props.at(0).ints == want);
        const std::vector<double>& link = cl->child("TransformLink")->props.at(0).reals;
        const std::vector<double>& tx = cl->child("Transform")->props.at(0).reals;
        CHECK(link.at(13) == Approx(bone == "bone_b" ? 1.0 : 0.0));
        CHECK(tx.at(13) == Approx(bone == "bone_b" ? -1.0 : 0.0));
        // The bone Model hangs below its cluster (OO bone -> cluster).
        const std::vector<const fbxr::Node*> linked = d.children_of(d.id(*cl), "Model");
        REQUIRE(linked.size() == 1);
        CHECK(linked[0] == d.model(bone));
    }
    const std::vector<const fbxr::Node*> poses = d.named("Pose", "skinned");
    REQUIRE(poses.size() == 1);
    CHECK(poses[0]->props.at(2).s == "BindPose");
    CHECK(poses[0]->child("NbPoseNodes")->props.at(0).i == 3);
}

TEST_CASE("FBX: GlobalSettings carry the axes, metres, frame rate and duration", "[fbx]") {
    auto settings = [](double scene_rate, double anim_rate, double duration) {
        Scene s;
        s.add_node("root", -1);
        const int n = s.add_node("n", 0);
        if (scene_rate > 0) s.extras["frame_rate"] = scene_rate;
        Channel c;
        c.node = n;
        c.path = AnimPath::Translation;
        c.times = {0.0, duration};
        c.values = {{0, 0, 0, 0}, {1, 0, 0, 0}};
        Animation a = one_channel("take", c, duration);
        a.frame_rate = anim_rate;
        s.animations.push_back(a);
        const fbxr::Document d(export_bytes(s, "t.fbx"));
        return fbxr::properties(*d.file.top("GlobalSettings"));
    };
    const std::map<std::string, fbxr::Prop> thirty = settings(30.0, 30.0, 2.0);
    CHECK(thirty.at("TimeMode").values.at(0).i == 6);
    CHECK(thirty.at("CustomFrameRate").values.at(0).d == -1.0);  // only read for TimeMode 14
    CHECK(thirty.at("TimeSpanStart").values.at(0).i == 0);
    CHECK(thirty.at("TimeSpanStop").values.at(0).i == 92372316000);  // 2 s x 46186158000
    CHECK(thirty.at("UpAxis").values.at(0).i == 1);
    CHECK(thirty.at("FrontAxis").values.at(0).i == 2);
    CHECK(thirty.at("UnitScaleFactor").values.at(0).d == 100.0);  // 1 unit = 1 m
    CHECK(settings(0.0, 25.0, 3.25).at("TimeSpanStop").values.at(0).i == 150105013500);
    CHECK(settings(24.0, 30.0, 1.0).at("TimeMode").values.at(0).i == 11);
    CHECK(settings(0.0, 25.0, 1.0).at("TimeMode").values.at(0).i == 10);
    const std::pair<double, int> named[] = {{60, 3},  {50, 4},  {48, 5}, {120, 1},
                                            {100, 2}, {96, 15}, {72, 16}};
    for (const auto& [rate, mode] : named) {
        INFO(rate);
        CHECK(settings(rate, 30.0, 1.0).at("TimeMode").values.at(0).i == mode);
    }
    const std::map<std::string, fbxr::Prop> custom = settings(12.5, 30.0, 0.5);
    CHECK(custom.at("TimeMode").values.at(0).i == 14);
    CHECK(custom.at("CustomFrameRate").values.at(0).d == 12.5);
    CHECK(custom.at("TimeSpanStop").values.at(0).i == 23093079000);  // 0.5 s
}
