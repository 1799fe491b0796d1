// glTF 2.0 -> ripkit::Scene through tinygltf (parsing, buffers, data URIs);
// accessors are read here with their bounds checked.
#include <tiny_gltf.h>

#include <algorithm>
#include <cstring>
#include <glm/gtc/quaternion.hpp>
// glm 1.0 refuses a gtx header unless experimental extensions are asked for;
// 0.9.9 does not ask. matrix_decompose is this project's only gtx use.
#define GLM_ENABLE_EXPERIMENTAL
#include <glm/gtx/matrix_decompose.hpp>

#include "ripkit/error.hpp"
#include "ripkit/scene_import.hpp"

namespace ripkit {

namespace {

// Images are never needed; tinygltf must not decode them.
bool skip_image(tinygltf::Image*, const int, std::string*, std::string*, int, int,
                const unsigned char*, int, void*) {
    return true;
}

nlohmann::json extras_of(const std::string& json_text) {
    if (json_text.empty()) return nlohmann::json::object();
    nlohmann::json j = nlohmann::json::parse(json_text, nullptr, false);
    return j.is_discarded() ? nlohmann::json::object() : j;
}

size_t components(int type) {
    switch (type) {
        case TINYGLTF_TYPE_SCALAR:
            return 1;
        case TINYGLTF_TYPE_VEC2:
            return 2;
        case TINYGLTF_TYPE_VEC3:
            return 3;
        case TINYGLTF_TYPE_VEC4:
            return 4;
        default:
            return 0;
    }
}

double component(const uint8_t* p, int type, bool normalized) {
    switch (type) {
        case TINYGLTF_COMPONENT_TYPE_FLOAT: {
            float f;
            std::memcpy(&f, p, 4);
            return f;
        }
        case TINYGLTF_COMPONENT_TYPE_BYTE: {
            const double v = int8_t(p[0]);
            return normalized ? std::max(v / 127.0, -1.0) : v;
        }
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
            return normalized ? p[0] / 255.0 : p[0];
        case TINYGLTF_COMPONENT_TYPE_SHORT: {
            int16_t s;
            std::memcpy(&s, p, 2);
            return normalized ? std::max(s / 32767.0, -1.0) : s;
        }
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
            uint16_t s;
            std::memcpy(&s, p, 2);
            return normalized ? s / 65535.0 : s;
        }
        default:
            return 0;
    }
}

// Every element of accessor `index` as doubles, `n` components each.
std::vector<double> read_accessor(const tinygltf::Model& m, int index, size_t& n,
                                  const std::string& what) {
    if (index < 0 || size_t(index) >= m.accessors.size())
        fail_no_offset(ErrorKind::BadIndex,
                       what + ": an accessor index below " + std::to_string(m.accessors.size()));
    const tinygltf::Accessor& a = m.accessors[size_t(index)];
    n = components(a.type);
    const int csize = tinygltf::GetComponentSizeInBytes(uint32_t(a.componentType));
    if (!n || csize <= 0 || (a.componentType != TINYGLTF_COMPONENT_TYPE_FLOAT && csize > 2))
        fail_no_offset(
            ErrorKind::Unsupported,
            what + ": a SCALAR/VEC2/VEC3/VEC4 accessor of floats or normalized integers");
    if (a.sparse.isSparse)
        fail_no_offset(ErrorKind::Unsupported, what + ": an accessor without sparse storage");
    std::vector<double> out;
    if (a.bufferView < 0) {  // all zeros, as the spec says
        out.assign(a.count * n, 0.0);
        return out;
    }
    if (size_t(a.bufferView) >= m.bufferViews.size())
        fail_no_offset(ErrorKind::BadIndex, what + ": a bufferView index in range");
    const tinygltf::BufferView& v = m.bufferViews[size_t(a.bufferView)];
    if (v.buffer < 0 || size_t(v.buffer) >= m.buffers.size())
        fail_no_offset(ErrorKind::BadIndex, what + ": a buffer index in range");
    const std::vector<unsigned char>& buf = m.buffers[size_t(v.buffer)].data;
    const size_t elem = n * size_t(csize);
    const size_t stride = v.byteStride ? v.byteStride : elem;
    const uint64_t start = uint64_t(v.byteOffset) + a.byteOffset;
    const uint64_t need = a.count ? start + uint64_t(a.count - 1) * stride + elem : start;
    if (v.byteOffset + v.byteLength > buf.size() || need > uint64_t(v.byteOffset) + v.byteLength)
        fail_no_offset(ErrorKind::Truncated,
                       what + ": accessor " + std::to_string(index) + " inside its buffer (" +
                           std::to_string(a.count) + " elements of " + std::to_string(elem) +
                           " bytes from byte " + std::to_string(start) + ", view ends at " +
                           std::to_string(v.byteOffset + v.byteLength) + ")");
    out.resize(a.count * n);
    for (size_t i = 0; i < a.count; ++i)
        for (size_t c = 0; c < n; ++c)
            out[i * n + c] = component(buf.data() + start + i * stride + c * size_t(csize),
                                       a.componentType, a.normalized);
    return out;
}

void set_trs(Node& out, const tinygltf::Node& n) {
    if (n.matrix.size() == 16) {
        glm::dmat4 m;
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r) m[c][r] = n.matrix[size_t(c * 4 + r)];
        glm::dvec3 s, t, skew;
        glm::dvec4 persp;
        glm::dquat q;
        if (glm::decompose(m, s, q, t, skew, persp)) {
            out.translation = glm::vec3(t);
            out.rotation = glm::vec4(q.x, q.y, q.z, q.w);
            out.scale = glm::vec3(s);
        }
        return;
    }
    if (n.translation.size() == 3)
        out.translation = glm::vec3(n.translation[0], n.translation[1], n.translation[2]);
    if (n.rotation.size() == 4)
        out.rotation = glm::vec4(n.rotation[0], n.rotation[1], n.rotation[2], n.rotation[3]);
    if (n.scale.size() == 3) out.scale = glm::vec3(n.scale[0], n.scale[1], n.scale[2]);
}

Channel read_channel(const tinygltf::Model& m, const tinygltf::Animation& a,
                     const tinygltf::AnimationChannel& ch, int node, AnimPath path) {
    const std::string what =
        "animation '" + a.name + "' channel on node " + std::to_string(ch.target_node);
    if (ch.sampler < 0 || size_t(ch.sampler) >= a.samplers.size())
        fail_no_offset(ErrorKind::BadIndex, what + ": a sampler index in range");
    const tinygltf::AnimationSampler& s = a.samplers[size_t(ch.sampler)];
    Channel c;
    c.node = node;
    c.path = path;
    c.interp = s.interpolation == "STEP"          ? Interp::Step
               : s.interpolation == "CUBICSPLINE" ? Interp::CubicSpline
                                                  : Interp::Linear;
    size_t tn = 0, vn = 0;
    const std::vector<double> times = read_accessor(m, s.input, tn, what + " input");
    const std::vector<double> values = read_accessor(m, s.output, vn, what + " output");
    const size_t want = path == AnimPath::Rotation ? 4 : 3;
    const size_t per_key = c.interp == Interp::CubicSpline ? 3 : 1;
    if (tn != 1 || vn != want || values.size() != times.size() * want * per_key)
        fail_no_offset(ErrorKind::BadValue, what + ": " + std::to_string(times.size()) +
                                                " key times and " +
                                                std::to_string(times.size() * per_key) + " " +
                                                (want == 4 ? "VEC4" : "VEC3") + " outputs");
    for (size_t k = 0; k < times.size(); ++k) {
        if (!std::isfinite(times[k]) || (k && !(times[k] > times[k - 1])))
            fail_no_offset(ErrorKind::BadValue,
                           what + ": strictly increasing key times, key " + std::to_string(k));
        c.times.push_back(times[k]);
        const auto vec = [&](size_t e) {
            glm::vec4 v(0.0f);
            for (size_t i = 0; i < want; ++i) v[int(i)] = float(values[e * want + i]);
            return v;
        };
        if (per_key == 3) {
            c.in_tangents.push_back(vec(3 * k));
            c.values.push_back(vec(3 * k + 1));
            c.out_tangents.push_back(vec(3 * k + 2));
        } else {
            c.values.push_back(vec(k));
        }
    }
    return c;
}

}  // namespace

namespace {

tinygltf::Model load_model(ByteSpan bytes, const std::filesystem::path& dir) {
    tinygltf::TinyGLTF loader;
    loader.SetImageLoader(&skip_image, nullptr);
    loader.SetStoreOriginalJSONForExtrasAndExtensions(true);
    tinygltf::Model m;
    std::string err, warn;
    const bool binary = bytes.size() >= 4 && std::memcmp(bytes.data(), "glTF", 4) == 0;
    const bool ok =
        binary ? loader.LoadBinaryFromMemory(&m, &err, &warn, bytes.data(),
                                             static_cast<unsigned>(bytes.size()), dir.string())
               : loader.LoadASCIIFromString(&m, &err, &warn,
                                            reinterpret_cast<const char*>(bytes.data()),
                                            static_cast<unsigned>(bytes.size()), dir.string());
    if (!ok) {
        std::replace(err.begin(), err.end(), '\n', ' ');
        fail(ErrorKind::WrongFormat, 0, "a glTF 2.0 file (tinygltf: " + err + ")");
    }
    return m;
}

Camera camera_of(const tinygltf::Camera& gc, int node) {
    Camera cam;
    cam.name = gc.name;
    cam.node = node;
    if (gc.type == "perspective") {
        cam.yfov = float(gc.perspective.yfov);
        if (gc.perspective.aspectRatio > 0) cam.aspect = float(gc.perspective.aspectRatio);
        cam.znear = float(gc.perspective.znear);
        if (gc.perspective.zfar > 0) cam.zfar = float(gc.perspective.zfar);
    }
    cam.extras = extras_of(gc.extras_json_string);
    return cam;
}

// The default scene's node tree, depth first; returns the Scene node of each
// glTF node (-1 where the scene does not reach it).
std::vector<int> add_nodes(const tinygltf::Model& m, Scene& s) {
    const int scene_index = m.defaultScene >= 0 ? m.defaultScene : 0;
    std::vector<int> roots;
    if (size_t(scene_index) < m.scenes.size()) {
        const tinygltf::Scene& sc = m.scenes[size_t(scene_index)];
        s.name = sc.name;
        s.extras = extras_of(sc.extras_json_string);
        roots = sc.nodes;
    }
    // One root stays node 0; several get a nameless root above them.
    std::vector<int> index_of(m.nodes.size(), -1);
    std::vector<std::pair<int, int>> todo;  // (gltf node, parent in s)
    if (roots.size() != 1) s.add_node("", -1);
    for (auto it = roots.rbegin(); it != roots.rend(); ++it)
        todo.emplace_back(*it, roots.size() == 1 ? -1 : 0);
    while (!todo.empty()) {
        const auto [g, parent] = todo.back();
        todo.pop_back();
        if (g < 0 || size_t(g) >= m.nodes.size() || index_of[size_t(g)] >= 0)
            fail_no_offset(ErrorKind::BadValue, "a node tree (node " + std::to_string(g) +
                                                    " is out of range or has two parents)");
        const tinygltf::Node& gn = m.nodes[size_t(g)];
        const int n = static_cast<int>(s.nodes.size());
        s.nodes.emplace_back();
        s.nodes[size_t(n)].name = gn.name;
        s.nodes[size_t(n)].parent = parent;
        set_trs(s.nodes[size_t(n)], gn);
        s.nodes[size_t(n)].extras = extras_of(gn.extras_json_string);
        index_of[size_t(g)] = n;
        if (gn.camera >= 0 && size_t(gn.camera) < m.cameras.size()) {
            s.nodes[size_t(n)].camera = static_cast<int>(s.cameras.size());
            s.cameras.push_back(camera_of(m.cameras[size_t(gn.camera)], n));
        }
        for (auto c = gn.children.rbegin(); c != gn.children.rend(); ++c) todo.emplace_back(*c, n);
    }
    return index_of;
}

void add_animations(const tinygltf::Model& m, const std::vector<int>& index_of, Scene& s) {
    for (const tinygltf::Animation& ga : m.animations) {
        Animation a;
        a.name = ga.name;
        a.extras = extras_of(ga.extras_json_string);
        for (const tinygltf::AnimationChannel& ch : ga.channels) {
            AnimPath path;
            if (ch.target_path == "translation")
                path = AnimPath::Translation;
            else if (ch.target_path == "rotation")
                path = AnimPath::Rotation;
            else if (ch.target_path == "scale")
                path = AnimPath::Scale;
            else
                continue;  // morph weights: no encoder reads them
            if (ch.target_node < 0 || size_t(ch.target_node) >= m.nodes.size() ||
                index_of[size_t(ch.target_node)] < 0)
                continue;  // a node outside the scene
            a.channels.push_back(read_channel(m, ga, ch, index_of[size_t(ch.target_node)], path));
            a.duration = std::max(a.duration, a.channels.back().times.back());
        }
        s.animations.push_back(std::move(a));
    }
    if (s.extras.is_object() && s.extras.contains("frame_rate") &&
        s.extras["frame_rate"].is_number())
        for (Animation& a : s.animations) a.frame_rate = s.extras["frame_rate"].get<double>();
}

}  // namespace

Scene scene_from_gltf(ByteSpan bytes, const std::filesystem::path& dir, const Limits& limits) {
    if (bytes.size() > limits.max_input_bytes)
        fail_no_offset(
            ErrorKind::AllocationLimit,
            "a glTF file of at most " + std::to_string(limits.max_input_bytes) + " bytes");
    const tinygltf::Model m = load_model(bytes, dir);
    Scene s;
    const std::vector<int> index_of = add_nodes(m, s);
    add_animations(m, index_of, s);
    return s;
}

}  // namespace ripkit
