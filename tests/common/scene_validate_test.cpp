// validate_scene: a minimal valid scene passes; breaking each invariant the
// header lists makes it throw BadValue naming that invariant.
#include <cmath>
#include <functional>
#include <limits>
#include <string>

#include "expect_error.hpp"
#include "ripkit/scene.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;
using ripkit::test::expect_error;

namespace {

// root -> body -> cam; one textured skinned triangle; one animation; audio.
Scene valid_scene() {
    Scene s;
    s.add_node("root", -1);
    s.add_node("body", 0);
    const int cam_node = s.add_node("cam", 0);
    s.nodes[1].meshes = {0};
    Camera c;
    c.name = "cam";
    c.node = cam_node;
    c.yfov = 0.8f;
    c.yfov_times = {0.0, 0.5};
    c.yfov_values = {0.8f, 0.6f};
    s.cameras.push_back(c);
    s.nodes[cam_node].camera = 0;
    Texture t;
    t.name = "tex";
    s.textures.push_back(t);
    Material m;
    m.name = "mat";
    m.texture = 0;
    m.switch_textures = {0};
    m.switch_track_node = "body";
    s.materials.push_back(m);
    Mesh mesh;
    mesh.name = "tri";
    mesh.material = 0;
    mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    mesh.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
    mesh.uv0 = {{0, 0}, {1, 0}, {0, 1}};
    mesh.colors = {glm::vec4(1), glm::vec4(1), glm::vec4(1)};
    mesh.indices = {0, 1, 2};
    mesh.skin = 0;
    mesh.joints = {0, 0, 0};
    s.meshes.push_back(mesh);
    Skin skin;
    skin.name = "skin";
    skin.joints = {1};
    skin.inverse_bind = {glm::mat4(1.0f)};
    s.skins.push_back(skin);
    Animation a;
    a.name = "anim";
    a.duration = 1.0;
    Channel lin;
    lin.node = 1;
    lin.path = AnimPath::Translation;
    lin.times = {0.0, 0.5, 1.0};
    lin.values = {glm::vec4(0), glm::vec4(1), glm::vec4(2)};
    Channel cub = lin;
    cub.path = AnimPath::Rotation;
    cub.interp = Interp::CubicSpline;
    cub.values = {glm::vec4(0, 0, 0, 1), glm::vec4(0, 0, 0, 1), glm::vec4(0, 0, 0, 1)};
    cub.in_tangents = cub.out_tangents = {glm::vec4(0), glm::vec4(0), glm::vec4(0)};
    a.channels = {lin, cub};
    s.animations.push_back(a);
    Audio au;
    au.sample_rate = 22050;
    au.channels = 2;
    au.samples = {1, 2, 3, 4};
    s.audio = au;
    return s;
}

struct Breakage {
    const char* name;
    std::function<void(Scene&)> apply;
    const char* message;  // a piece of the invariant the error must name
};

const float kNaN = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();

const Breakage kBreakages[] = {
    {"no nodes", [](Scene& s) { s = Scene{}; }, "at least one node"},
    {"unnamed node", [](Scene& s) { s.nodes[2].name.clear(); }, "has a name"},
    {"duplicate name", [](Scene& s) { s.nodes[2].name = "body"; }, "unique"},
    {"root with a parent", [](Scene& s) { s.nodes[0].parent = 0; }, "parent before it"},
    {"second root", [](Scene& s) { s.nodes[1].parent = -1; }, "parent before it"},
    {"parent after child", [](Scene& s) { s.nodes[1].parent = 2; }, "parent before it"},
    {"mesh index", [](Scene& s) { s.nodes[1].meshes = {1}; }, "mesh index in range"},
    {"camera index", [](Scene& s) { s.nodes[1].camera = 5; }, "camera index in range"},
    {"camera carried by another node", [](Scene& s) { s.cameras[0].node = 1; },
     "carried by exactly"},
    {"camera node missing", [](Scene& s) { s.cameras[0].node = 9; }, "carried by exactly"},
    {"camera yfov zero", [](Scene& s) { s.cameras[0].yfov = 0.0f; }, "yfov in (0, pi)"},
    {"camera yfov above pi", [](Scene& s) { s.cameras[0].yfov = 3.2f; }, "yfov in (0, pi)"},
    {"camera yfov track", [](Scene& s) { s.cameras[0].yfov_values.pop_back(); }, "yfov track"},
    {"normals per vertex", [](Scene& s) { s.meshes[0].normals.pop_back(); }, "normals per vertex"},
    {"uvs per vertex", [](Scene& s) { s.meshes[0].uv0.pop_back(); }, "uvs per vertex"},
    {"colours per vertex", [](Scene& s) { s.meshes[0].colors.pop_back(); }, "colours per vertex"},
    {"triangle list", [](Scene& s) { s.meshes[0].indices.push_back(0); }, "triangle list"},
    {"vertex index", [](Scene& s) { s.meshes[0].indices[2] = 3; }, "index in range"},
    {"mesh material", [](Scene& s) { s.meshes[0].material = 1; }, "material"},
    {"mesh skin", [](Scene& s) { s.meshes[0].skin = 1; }, "skin"},
    {"joint per vertex", [](Scene& s) { s.meshes[0].joints.pop_back(); }, "joint per vertex"},
    {"joint in range", [](Scene& s) { s.meshes[0].joints[0] = 1; }, "joint in range"},
    {"bind per joint", [](Scene& s) { s.skins[0].inverse_bind.clear(); }, "bind per joint"},
    {"skin joint node", [](Scene& s) { s.skins[0].joints[0] = 3; }, "joint node"},
    {"material texture", [](Scene& s) { s.materials[0].texture = 1; }, "texture"},
    {"switch texture",
     [](Scene& s) {
         s.materials[0].switch_textures = {0, -1};
     },
     "switch texture"},
    {"switch track node", [](Scene& s) { s.materials[0].switch_track_node = "nobody"; },
     "switch track node"},
    {"animation without channels", [](Scene& s) { s.animations[0].channels.clear(); },
     "has channels"},
    {"channel node", [](Scene& s) { s.animations[0].channels[0].node = 3; }, "exists"},
    {"no keys",
     [](Scene& s) {
         s.animations[0].channels[0].times.clear();
         s.animations[0].channels[0].values.clear();
     },
     "keys"},
    {"keys and values differ", [](Scene& s) { s.animations[0].channels[0].values.pop_back(); },
     "keys"},
    {"negative time", [](Scene& s) { s.animations[0].channels[0].times[0] = -0.1; }, "time >= 0"},
    {"times not increasing", [](Scene& s) { s.animations[0].channels[0].times[1] = 0.0; },
     "times increase"},
    {"time past duration", [](Scene& s) { s.animations[0].duration = 0.9; }, "within duration"},
    {"non-finite value", [](Scene& s) { s.animations[0].channels[0].values[1].y = kNaN; },
     "finite values"},
    {"NaN in a key's last number", [](Scene& s) { s.animations[0].channels[0].values[0].w = kNaN; },
     "finite values"},
    {"negative value past the bound",
     [](Scene& s) { s.animations[0].channels[0].values[1].z = -2e18f; }, "finite and within"},
    {"infinite time", [](Scene& s) { s.animations[0].channels[0].times[2] = double(kInf); },
     "time >= 0"},
    {"NaN time", [](Scene& s) { s.animations[0].channels[0].times[1] = double(kNaN); },
     "time >= 0"},
    {"cubic without tangents",
     [](Scene& s) { s.animations[0].channels[1].out_tangents.pop_back(); }, "tangents per key"},
    {"tangents on linear",
     [](Scene& s) {
         s.animations[0].channels[0].in_tangents = s.animations[0].channels[1].in_tangents;
     },
     "tangents only on CUBICSPLINE"},
    {"NaN node translation", [](Scene& s) { s.nodes[1].translation.x = kNaN; },
     "node 'body' translation finite"},
    {"infinite node rotation", [](Scene& s) { s.nodes[1].rotation.w = kInf; },
     "node 'body' rotation finite"},
    {"node scale whose square overflows", [](Scene& s) { s.nodes[2].scale.y = 1e38f; },
     "node 'cam' scale finite and within +-1e+18 (got 1e+38)"},
    {"world transform overflow",
     [](Scene& s) {
         // Twelve nodes of scale 1e4 in a chain: 1e48, though each is in range.
         for (int i = 0; i < 12; ++i) {
             const int n = s.add_node("chain" + std::to_string(i), i ? int(s.nodes.size()) - 1 : 0);
             s.nodes[size_t(n)].scale = glm::vec3(1e4f);
         }
     },
     "node 'chain4' world transform"},
    {"NaN vertex", [](Scene& s) { s.meshes[0].positions[1].z = kNaN; },
     "mesh 'tri' position finite"},
    {"NaN normal", [](Scene& s) { s.meshes[0].normals[0].x = kNaN; }, "mesh 'tri' normal finite"},
    {"infinite uv", [](Scene& s) { s.meshes[0].uv0[2].y = -kInf; }, "mesh 'tri' uv finite"},
    {"NaN colour", [](Scene& s) { s.meshes[0].colors[0].a = kNaN; }, "mesh 'tri' colour finite"},
    {"infinite inverse bind", [](Scene& s) { s.skins[0].inverse_bind[0][3][0] = kInf; },
     "skin 'skin' inverse bind finite"},
    {"NaN camera aspect", [](Scene& s) { s.cameras[0].aspect = kNaN; }, "camera 'cam' aspect"},
    {"NaN camera yfov key", [](Scene& s) { s.cameras[0].yfov_values[1] = kNaN; },
     "camera 'cam' yfov key in (0, pi)"},
    {"NaN base colour", [](Scene& s) { s.materials[0].base_color.g = kNaN; },
     "material 'mat' base colour finite"},
    {"value past the magnitude bound",
     [](Scene& s) { s.animations[0].channels[0].values[2].x = 2e18f; },
     "animation 'anim' translation of node 'body' key 2 value finite and within"},
    {"infinite out-tangent", [](Scene& s) { s.animations[0].channels[1].out_tangents[0].z = kInf; },
     "animation 'anim' rotation of node 'body' key 0 out-tangent finite"},
    {"NaN in-tangent", [](Scene& s) { s.animations[0].channels[1].in_tangents[2].w = kNaN; },
     "key 2 in-tangent finite"},
    {"NaN duration", [](Scene& s) { s.animations[0].duration = double(kNaN); },
     "animation 'anim' duration finite"},
    {"two channels on one node and path",
     [](Scene& s) { s.animations[0].channels.push_back(s.animations[0].channels[0]); },
     "one channel per node and path (node 'body', translation)"},
    {"audio rate", [](Scene& s) { s.audio->sample_rate = 0; }, "audio rate and channels"},
    {"audio channels", [](Scene& s) { s.audio->channels = 0; }, "audio rate and channels"},
    {"audio partial frame", [](Scene& s) { s.audio->samples.push_back(5); }, "audio whole frames"},
};

}  // namespace

TEST_CASE("validate_scene accepts a scene that keeps every invariant") {
    CHECK_NOTHROW(validate_scene(valid_scene()));
    Scene minimal;
    minimal.add_node("only", -1);
    CHECK_NOTHROW(validate_scene(minimal));
}

TEST_CASE("validate_scene catches each broken invariant") {
    for (const Breakage& b : kBreakages) {
        INFO(b.name);
        Scene s = valid_scene();
        b.apply(s);
        Error e = expect_error([&] { validate_scene(s); });
        CHECK(e.kind() == ErrorKind::BadValue);
        CHECK(e.expected().find(b.message) != std::string::npos);
    }
}

TEST_CASE("animation values up to the magnitude bound pass, the next float does not") {
    // The largest float not above 1e18, found here by stepping down from the
    // float nearest 1e18.
    float top = float(kMaxSceneMagnitude);
    while (double(top) > kMaxSceneMagnitude) top = std::nextafter(top, 0.0f);
    REQUIRE(double(std::nextafter(top, kInf)) > kMaxSceneMagnitude);
    for (int lane = 0; lane < 4; ++lane) {
        INFO(lane);
        Scene s = valid_scene();
        s.animations[0].channels[0].values[1][lane] = -top;
        CHECK_NOTHROW(validate_scene(s));
        s.animations[0].channels[0].values[1][lane] = -std::nextafter(top, kInf);
        CHECK_THROWS_AS(validate_scene(s), Error);
    }
}

TEST_CASE("Scene::add_node refuses a parent that does not exist yet") {
    Scene s;
    CHECK(s.add_node("root", -1) == 0);
    CHECK(s.add_node("a", 0) == 1);
    Error e = expect_error([&] { s.add_node("b", 2); });
    CHECK(e.kind() == ErrorKind::BadIndex);
    CHECK(s.find_node("a") == 1);
    CHECK(s.find_node("zz") == -1);
}

TEST_CASE("interpolation and path names use glTF spelling") {
    CHECK(std::string(interp_name(Interp::Step)) == "STEP");
    CHECK(std::string(interp_name(Interp::Linear)) == "LINEAR");
    CHECK(std::string(interp_name(Interp::CubicSpline)) == "CUBICSPLINE");
    CHECK(std::string(anim_path_name(AnimPath::Translation)) == "translation");
    CHECK(std::string(anim_path_name(AnimPath::Rotation)) == "rotation");
    CHECK(std::string(anim_path_name(AnimPath::Scale)) == "scale");
}

TEST_CASE("set_frame_range: the longest animation at the rate, frames 0..end inclusive") {
    Scene s;
    s.add_node("root", -1);
    s.animations.resize(2);
    s.animations[0].duration = 2.0;   // 60 frames after frame 0
    s.animations[1].duration = 1.25;  // shorter: does not set the range
    set_frame_range(s, 30.0);
    CHECK(s.extras["frame_rate"] == 30.0);
    CHECK(s.extras["frame_count"] == 61);
    CHECK(s.animations[1].frame_rate == 30.0);
    s.animations[0].duration = 1e300;
    Error e = expect_error([&] { set_frame_range(s, 30.0); });
    CHECK(e.kind() == ErrorKind::BadValue);
}
