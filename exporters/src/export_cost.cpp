#include "ripkit/export_cost.hpp"

#include <cmath>
#include <map>
#include <string>

#include "ripkit/anim_bake.hpp"
#include "ripkit/error.hpp"

namespace ripkit {

namespace {

// Peak bytes held per element while a writer runs, from measuring each writer
// on scenes of one kind of element at a time (RSS high-water mark growth over
// the Scene; see docs/architecture.md), rounded up. They cover every copy:
// the aiScene, Assimp's own structures and output (glTF, Collada), ripkit's
// FBX document, and the final file bytes.
struct PerElement {
    double key;           // a key of a STEP/LINEAR channel (glTF: written as it is)
    double cubic_key;     // a key of a CUBICSPLINE channel (glTF: with its tangents)
    double baked_key;     // a key bake_animations makes (Collada)
    double vertex;        // a mesh vertex (position, normal, UV, colour)
    double triangle;      // a triangle (3 indices)
    double texture_byte;  // a byte of embedded PNG
    double node;          // a node with its JSON
    double channel;       // a channel's own structures (sampler, accessors, curve nodes)
};

PerElement per_element(OutputFormat f) {
    switch (f) {
        case OutputFormat::Glb:
        case OutputFormat::Gltf:
            return {64, 160, 0, 280, 120, 6, 2048, 2048};
        case OutputFormat::Fbx:
            // ripkit's writer (Release, ripkit-export-calibrate): 65 B a key
            // whether linear or cubic, 237 B a vertex with its triangle,
            // 4.5 B a PNG byte, 2983 B a node.
            return {96, 96, 0, 260, 100, 6, 4096, 8192};
        case OutputFormat::Dae:
            return {0, 0, 900, 900, 400, 8, 8192, 8192};
    }
    return {};
}

double mul(double count, double each) { return count * each; }

}  // namespace

uint64_t baked_key_bound(const Scene& scene, double rate) {
    double total = 0;
    for (const Animation& a : scene.animations) {
        std::map<int, double> per_node;
        for (const Channel& ch : a.channels) {
            double n = double(ch.times.size());
            if (ch.interp == Interp::Step) n += double(ch.times.size());
            if (ch.interp == Interp::CubicSpline && ch.times.size() > 1 && rate > 0)
                n += (ch.times.back() - ch.times.front()) * rate + double(ch.times.size());
            per_node[ch.node] += n;
        }
        for (const auto& [node, n] : per_node) total += n;
    }
    return total < 1.8e19 ? uint64_t(total) : UINT64_MAX;
}

ExportCost estimate_export(const Scene& scene, OutputFormat f, bool wav) {
    const PerElement pe = per_element(f);
    double bytes = 0, steps = 0;
    double keys = 0, cubic = 0, channels = 0;
    for (const Animation& a : scene.animations)
        for (const Channel& ch : a.channels) {
            (ch.interp == Interp::CubicSpline ? cubic : keys) += double(ch.times.size());
            channels += 1;
        }
    if (f == OutputFormat::Dae) {
        const double baked = double(baked_key_bound(scene, BakeOptions{}.cubic_sample_rate));
        bytes += mul(baked, pe.baked_key);
        steps += baked;
    } else {
        bytes += mul(keys, pe.key) + mul(cubic, pe.cubic_key);
        steps += keys + cubic;
    }
    bytes += mul(channels, pe.channel) + mul(double(scene.nodes.size()), pe.node);
    for (const Mesh& m : scene.meshes) {
        bytes += mul(double(m.positions.size()), pe.vertex) +
                 mul(double(m.indices.size() / 3), pe.triangle);
        steps += double(m.positions.size() + m.indices.size());
    }
    for (const Texture& t : scene.textures) bytes += mul(double(t.png.size()), pe.texture_byte);
    if (wav && scene.audio) bytes += 2.0 * double(scene.audio->samples.size()) * 2;
    ExportCost c;
    c.bytes = bytes < 1.8e19 ? uint64_t(bytes) : UINT64_MAX;
    c.steps = steps < 1.8e19 ? uint64_t(steps) : UINT64_MAX;
    return c;
}

void charge_export(Budget& budget, const Scene& scene, OutputFormat f, bool wav) {
    const ExportCost c = estimate_export(scene, f, wav);
    const std::string what = std::string("writing the scene as ") + output_format_extension(f);
    budget.charge_bytes(c.bytes, what);
    budget.charge_steps(c.steps, what);
}

}  // namespace ripkit
