#include "scene_fixture.hpp"

#include <png.h>

#include <stdexcept>

namespace ripkit::test {

Bytes make_png(int width, int height, uint8_t r, uint8_t g, uint8_t b) {
    png_image img{};
    img.version = PNG_IMAGE_VERSION;
    img.width = png_uint_32(width);
    img.height = png_uint_32(height);
    img.format = PNG_FORMAT_RGBA;
    std::vector<uint8_t> pixels(size_t(width) * size_t(height) * 4);
    for (size_t i = 0; i < pixels.size(); i += 4) {
        pixels[i] = r;
        pixels[i + 1] = g;
        pixels[i + 2] = b;
        pixels[i + 3] = 255;
    }
    png_alloc_size_t size = 0;
    if (!png_image_write_to_memory(&img, nullptr, &size, 0, pixels.data(), 0, nullptr))
        throw std::runtime_error("png size");
    Bytes out(size);
    if (!png_image_write_to_memory(&img, out.data(), &size, 0, pixels.data(), 0, nullptr))
        throw std::runtime_error("png write");
    out.resize(size);
    return out;
}

glm::vec4 hermite_reference(double t0, double t1, glm::vec4 v0, glm::vec4 out0, glm::vec4 v1,
                            glm::vec4 in1, double t) {
    const double dt = t1 - t0, s = (t - t0) / dt;
    const double a = 2 * s * s * s - 3 * s * s + 1;
    const double bb = s * s * s - 2 * s * s + s;
    const double c = -2 * s * s * s + 3 * s * s;
    const double d = s * s * s - s * s;
    glm::vec4 r;
    for (int i = 0; i < 4; ++i)
        r[i] = float(a * v0[i] + dt * bb * out0[i] + c * v1[i] + dt * d * in1[i]);
    return r;
}

namespace {

void add_quad(Mesh& m, float x0, float x1) {
    const uint32_t base = uint32_t(m.positions.size());
    m.positions.insert(m.positions.end(), {{x0, 0, 0}, {x1, 0, 0}, {x1, 1, 0}, {x0, 1, 0}});
    m.normals.insert(m.normals.end(), 4, glm::vec3(0, 0, 1));
    m.indices.insert(m.indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
}

}  // namespace

Scene make_full_scene() {
    Scene s;
    s.name = "full";
    s.extras = {
        {"format", "testfmt"}, {"item", 3}, {"units", "metres"}, {"assumptions", {"a", "b"}}};
    s.add_node("root", -1);
    const int cam = s.add_node("cam", 0);
    const int mover = s.add_node("mover", 0);
    const int bone_a = s.add_node("bone_a", 0);
    const int bone_b = s.add_node("bone_b", bone_a);
    const int skinned = s.add_node("skinned", 0);
    const int face = s.add_node("face", 0);
    const int face_track = s.add_node("face_track", 0);
    s.nodes[cam].translation = {0, 1, 5};
    s.nodes[mover].translation = {1, 2, 3};
    s.nodes[mover].extras = {{"slot", 7}, {"label", "mover node"}, {"flag", true}, {"ratio", 0.25}};
    s.nodes[bone_b].translation = {0, 1, 0};

    Camera c;
    c.name = "main camera";
    c.node = cam;
    c.yfov = 0.8f;
    c.aspect = 1.5f;
    c.znear = 0.1f;
    c.zfar = 500.0f;
    c.yfov_times = {0.0, 1.0};
    c.yfov_values = {0.8f, 0.6f};
    c.extras = {{"lens", "zoom"}};
    s.cameras.push_back(c);
    s.nodes[cam].camera = 0;

    s.textures.push_back({"tex_red", make_png(2, 2, 255, 0, 0), 2, 2});
    s.textures.push_back({"tex_green", make_png(2, 2, 0, 255, 0), 2, 2});
    s.textures.push_back({"tex_blue", make_png(2, 2, 0, 0, 255), 2, 2});

    Material plain;
    plain.name = "plain";
    plain.base_color = {0.5f, 0.25f, 1.0f, 1.0f};
    plain.double_sided = true;
    s.materials.push_back(plain);
    Material facemat;
    facemat.name = "face_mat";
    facemat.texture = 0;
    facemat.wrap_s = Wrap::Clamp;
    facemat.wrap_t = Wrap::Mirror;
    facemat.switch_textures = {0, 1, 2};
    facemat.switch_track_node = "face_track";
    facemat.extras = {{"note", "face"}};
    s.materials.push_back(facemat);

    Mesh sk;
    sk.name = "skinned_mesh";
    sk.material = 0;
    add_quad(sk, 0, 1);
    add_quad(sk, 1, 2);
    sk.skin = 0;
    sk.joints = {0, 0, 0, 0, 1, 1, 1, 1};
    s.meshes.push_back(sk);
    s.nodes[skinned].meshes = {0};
    Skin skin;
    skin.name = "skin";
    skin.joints = {bone_a, bone_b};
    skin.inverse_bind = {glm::mat4(1.0f), glm::mat4(1.0f)};
    skin.inverse_bind[1][3] = glm::vec4(0, -1, 0, 1);  // bone_b sits at y = 1
    skin.skeleton = bone_a;
    s.skins.push_back(skin);

    Mesh fm;
    fm.name = "face_mesh";
    fm.material = 1;
    add_quad(fm, 0, 1);
    fm.uv0 = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    fm.colors.assign(4, glm::vec4(1, 1, 1, 1));
    s.meshes.push_back(fm);
    s.nodes[face].meshes = {1};

    Animation a;
    a.name = "take";
    a.duration = 2.0;
    a.extras = {{"source", "cutscene 1"}};
    Channel t;
    t.node = mover;
    t.path = AnimPath::Translation;
    t.interp = Interp::Step;
    t.times = {0.0, 0.5, 1.5};
    t.values = {{1, 2, 3, 0}, {4, 5, 6, 0}, {7, 8, 9, 0}};
    a.channels.push_back(t);
    Channel r;
    r.node = mover;
    r.path = AnimPath::Rotation;
    r.interp = Interp::Linear;
    r.times = {0.0, 2.0};
    r.values = {{0, 0, 0, 1}, {0, 0.70710678f, 0, 0.70710678f}};
    a.channels.push_back(r);
    Channel sc;
    sc.node = mover;
    sc.path = AnimPath::Scale;
    sc.interp = Interp::CubicSpline;
    sc.times = {0.0, 1.0, 2.0};
    sc.values = {{1, 1, 1, 0}, {2, 3, 4, 0}, {1, 1, 1, 0}};
    sc.in_tangents = {{0, 0, 0, 0}, {0.5f, -1, 2, 0}, {0, 0, 0, 0}};
    sc.out_tangents = {{3, 1, -2, 0}, {-1, 0.25f, 1, 0}, {0, 0, 0, 0}};
    a.channels.push_back(sc);
    Channel ft;
    ft.node = face_track;
    ft.path = AnimPath::Translation;
    ft.interp = Interp::Step;
    ft.times = {0.0, 1.0, 1.5};
    ft.values = {{0, 0, 0, 0}, {2, 0, 0, 0}, {1, 0, 0, 0}};
    a.channels.push_back(ft);
    Channel br;
    br.node = bone_b;
    br.path = AnimPath::Rotation;
    br.interp = Interp::Linear;
    br.times = {0.0, 1.0};
    br.values = {{0, 0, 0, 1}, {0.38268343f, 0, 0, 0.92387953f}};
    a.channels.push_back(br);
    s.animations.push_back(a);

    Audio au;
    au.sample_rate = 8000;
    au.channels = 2;
    au.samples = {0, 1, -1, 32767, -32768, 1234};
    s.audio = au;
    return s;
}

const Channel& cubic_channel(const Scene& s) { return s.animations.at(0).channels.at(2); }

int add_mouth_track(Scene& s, float rest) {
    const int track = s.add_node("mover_mouth", s.find_node("mover"));
    s.nodes[size_t(track)].translation = {rest, 0, 0};
    s.nodes[size_t(track)].extras = {
        {"ripkit_track", "mouth"}, {"target", "mover"}, {"component", "x"}};
    Channel c;
    c.node = track;
    c.path = AnimPath::Translation;
    c.interp = Interp::Step;
    c.times = {0.0, 0.4, 1.2};
    c.values = {{3, 0, 0, 0}, {5, 0, 0, 0}, {4, 0, 0, 0}};
    s.animations.at(0).channels.push_back(c);
    return track;
}

}  // namespace ripkit::test
