// ripkit-export-calibrate KIND FORMAT N K: exports a scene of one kind of
// element and prints how much memory the writer held at its peak, per
// element - how the figures in exporters/src/export_cost.cpp were measured.
// Run it from a Release build (sanitizers change the figures):
//   anim  N nodes x K LINEAR keys on translation and rotation (per key)
//   cubic the same, CUBICSPLINE (per key)
//   mesh  N meshes x K vertices (position, normal, UV, colour), K-2 triangles (per vertex)
//   tex   N embedded PNGs of K x K texels (per PNG byte)
//   nodes N nodes, K ignored (per node)
// The high-water mark is read from /proc/self/status after resetting it
// (/proc/self/clear_refs) once the scene is built.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "ripkit/export.hpp"
#include "ripkit/image/png.hpp"

using namespace ripkit;

namespace {

long hwm_kb() {
    std::ifstream f("/proc/self/status");
    for (std::string l; std::getline(f, l);)
        if (l.rfind("VmHWM:", 0) == 0) return std::atol(l.c_str() + 6);
    return 0;
}

void reset_hwm() { std::ofstream("/proc/self/clear_refs") << "5"; }

void add_animation(Scene& s, long n, long k, Interp interp) {
    Animation a;
    a.name = "a";
    a.duration = double(k) / 30.0;
    for (long i = 0; i < n; ++i) {
        const int node = s.add_node("n" + std::to_string(i), 0);
        for (AnimPath p : {AnimPath::Translation, AnimPath::Rotation}) {
            Channel c;
            c.node = node;
            c.path = p;
            c.interp = interp;
            for (long j = 0; j < k; ++j) {
                const float h = float(j) * 0.005f;
                c.times.push_back(double(j) / 30.0);
                c.values.push_back(p == AnimPath::Rotation
                                       ? glm::vec4(0, 0, std::sin(h), std::cos(h))
                                       : glm::vec4(float(j), 1, 2, 0));
                if (interp == Interp::CubicSpline) {
                    c.in_tangents.push_back(glm::vec4(0));
                    c.out_tangents.push_back(glm::vec4(0));
                }
            }
            a.channels.push_back(std::move(c));
        }
    }
    s.animations.push_back(std::move(a));
}

void add_meshes(Scene& s, long n, long k) {
    for (long m = 0; m < n; ++m) {
        Mesh me;
        me.name = "m" + std::to_string(m);
        for (long i = 0; i < k; ++i) {
            me.positions.push_back(glm::vec3(float(i % 1000), float(i / 1000), float(m)));
            me.normals.push_back(glm::vec3(0, 0, 1));
            me.uv0.push_back(glm::vec2(0.5f, 0.5f));
            me.colors.push_back(glm::vec4(1));
        }
        for (long i = 0; i + 2 < k; ++i)
            for (long v : {i, i + 1, i + 2}) me.indices.push_back(uint32_t(v));
        s.meshes.push_back(std::move(me));
        s.nodes[0].meshes.push_back(int(m));
    }
}

void add_textures(Scene& s, long n, long k) {
    std::vector<uint8_t> rgba(size_t(k * k * 4));
    for (size_t i = 0; i < rgba.size(); ++i) rgba[i] = uint8_t((i * 2654435761u) >> 13);
    Mesh quad;
    quad.name = "quad";
    quad.material = 0;
    quad.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}};
    quad.uv0 = {{0, 0}, {1, 0}, {1, 1}};
    quad.indices = {0, 1, 2};
    s.meshes.push_back(quad);
    s.nodes[0].meshes.push_back(0);
    Material mat;
    mat.name = "m";
    for (long i = 0; i < n; ++i) {
        Texture t;
        t.name = "t" + std::to_string(i);
        t.width = t.height = int(k);
        rgba[0] = uint8_t(i), rgba[1] = uint8_t(i >> 8);  // distinct images
        t.png = image::encode_png_rgba(int(k), int(k), rgba);
        s.textures.push_back(std::move(t));
        mat.switch_textures.push_back(int(i));
    }
    mat.texture = 0;
    s.materials.push_back(mat);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 5 || !output_format_from_name(argv[2])) {
        std::fprintf(stderr,
                     "usage: ripkit-export-calibrate anim|cubic|mesh|tex|nodes glb|fbx|dae N K\n");
        return 2;
    }
    const std::string kind = argv[1], fmt = argv[2];
    const long n = std::atol(argv[3]), k = std::atol(argv[4]);
    Scene s;
    s.add_node("root", -1);
    if (kind == "anim") add_animation(s, n, k, Interp::Linear);
    if (kind == "cubic") add_animation(s, n, k, Interp::CubicSpline);
    if (kind == "mesh") add_meshes(s, n, k);
    if (kind == "tex") add_textures(s, n, k);
    if (kind == "nodes")
        for (long i = 0; i < n; ++i) s.add_node("n" + std::to_string(i), 0);
    reset_hwm();
    const long base = hwm_kb();
    ExportOptions eo;
    eo.format = *output_format_from_name(fmt);
    Limits huge;
    huge.max_total_bytes = huge.max_total_steps = ~0ull >> 1;
    s.budget = std::make_shared<Budget>(huge);
    const auto t0 = std::chrono::steady_clock::now();
    export_scene(s, "/tmp/ripkit_calibrate_out." + fmt, eo);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const long peak = hwm_kb();
    // Per key (two channels a node), vertex, PNG byte or node.
    double elements = double(n * k);
    if (kind == "anim" || kind == "cubic") elements = 2.0 * double(n * k);
    if (kind == "nodes") elements = double(n);
    if (kind == "tex") {
        elements = 0;
        for (const Texture& t : s.textures) elements += double(t.png.size());
    }
    std::printf("%s %s n=%ld k=%ld peak_over_scene=%ldKB per_element=%.1fB charged=%.1fB %.2fs\n",
                kind.c_str(), fmt.c_str(), n, k, peak - base,
                double(peak - base) * 1024.0 / elements, double(s.budget->peak_bytes()) / elements,
                secs);
    return 0;
}
