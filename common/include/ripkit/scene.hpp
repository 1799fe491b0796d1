// The format-agnostic scene every importer builds and every exporter reads.
//
// It says what the game data says and nothing less: per-channel interpolation
// (STEP where the game steps, CUBICSPLINE with exact tangents), cameras with
// their field of view, rigid or weighted skins, embedded PNG textures, texture switching
// driven by STEP tracks, audio, and JSON extras for everything a target format
// has no field for. Assimp's aiScene cannot hold all of this (no per-key
// interpolation, no tangents, 1024-byte strings), so the exporter receives
// this Scene as side data next to the aiScene built from it (see
// scene_to_assimp.hpp); nothing downstream re-parses the game file.
//
// Conventions (the same as glTF 2.0, so the exporter maps them 1:1):
//  - times in seconds, strictly increasing within a channel;
//  - rotations are unit quaternions stored as glm::vec4 (x, y, z, w);
//  - cameras look down their node's local -Z with +Y up;
//  - node 0 is the single root; every other node has parent < its index;
//  - node names are unique (exporters and Assimp bind channels by name).
#pragma once

#include <cstdint>
#include <glm/ext/vector_uint4_sized.hpp>
#include <glm/glm.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ripkit/byte_reader.hpp"
#include "ripkit/json_text.hpp"
#include "ripkit/limits.hpp"

namespace ripkit {

enum class Interp { Step, Linear, CubicSpline };
enum class AnimPath { Translation, Rotation, Scale };

const char* interp_name(Interp i);       // "STEP", "LINEAR", "CUBICSPLINE" (glTF spelling)
const char* anim_path_name(AnimPath p);  // "translation", "rotation", "scale"

struct Node {
    std::string name;
    int parent = -1;
    glm::vec3 translation{0.0f};
    glm::vec4 rotation{0.0f, 0.0f, 0.0f, 1.0f};  // x, y, z, w
    glm::vec3 scale{1.0f};
    std::vector<int> meshes;  // indices into Scene::meshes drawn at this node
    int camera = -1;          // index into Scene::cameras
    nlohmann::json extras = nlohmann::json::object();  // game metadata (slot, offsets, ...)
};

// One animated property of one node.
struct Channel {
    int node = -1;
    AnimPath path = AnimPath::Translation;
    Interp interp = Interp::Linear;
    std::vector<double> times;
    // xyz used for translation/scale, xyzw for rotation.
    std::vector<glm::vec4> values;
    // CubicSpline only, glTF convention: derivatives per second; in_tangents[k]
    // is used on the segment ending at key k, out_tangents[k] on the one
    // starting at key k. Same length as values.
    std::vector<glm::vec4> in_tangents, out_tangents;
};

struct Animation {
    std::string name;
    std::vector<Channel> channels;
    double duration = 0.0;     // seconds; >= every key time
    double frame_rate = 30.0;  // the rate the game plays it at (for DCC frame ranges)
    // Held as text: thousands of animations' extras as trees were most of a
    // scene's memory (json_text.hpp); read them with extras.tree().
    JsonText extras;
};

struct Camera {
    std::string name;
    int node = -1;      // the node carrying this camera (exactly one)
    float yfov = 1.0f;  // radians
    float aspect = 4.0f / 3.0f;
    float znear = 0.01f;
    float zfar = 10000.0f;
    // Field of view changes (STEP) the target format may not animate; glTF keeps
    // them in the camera's extras, the Blender add-on turns them into lens keys.
    std::vector<double> yfov_times;
    std::vector<float> yfov_values;
    nlohmann::json extras = nlohmann::json::object();
};

struct Texture {
    std::string name;
    Bytes png;  // a complete PNG file
    int width = 0, height = 0;
};

enum class Wrap { Repeat, Mirror, Clamp };
enum class AlphaMode { Opaque, Mask, Blend };

struct Material {
    std::string name;
    glm::vec4 base_color{1.0f};
    int texture = -1;  // index into Scene::textures
    Wrap wrap_s = Wrap::Repeat, wrap_t = Wrap::Repeat;
    bool nearest = false;  // point sampling
    bool double_sided = false;
    bool unlit = false;
    AlphaMode alpha_mode = AlphaMode::Opaque;
    float alpha_cutoff = 0.5f;
    // Texture switching (faces): the textures this material can show and the
    // node whose STEP translation.x track holds the index into that list.
    std::vector<int> switch_textures;
    std::string switch_track_node;
    nlohmann::json extras = nlohmann::json::object();
};

struct Mesh {
    std::string name;
    int material = -1;
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;  // empty or one per position
    std::vector<glm::vec2> uv0;      // empty or one per position (glTF: v down)
    std::vector<glm::vec4> colors;   // empty or one per position, linear 0..1
    std::vector<uint32_t> indices;   // triangle list
    // Skinning (skin >= 0), one of two forms, joints being indices into Skin::joints:
    //  - rigid: `joints`, one joint per vertex with weight 1 (`weighted_joints` empty);
    //  - weighted: `weighted_joints` + `weights`, up to four joints per vertex,
    //    weights >= 0 summing to 1, a joint at most once with a weight > 0,
    //    unused slots joint 0 weight 0 (`joints` empty).
    // Exporters read both through skin_influence().
    int skin = -1;
    std::vector<uint16_t> joints;
    std::vector<glm::u16vec4> weighted_joints;
    std::vector<glm::vec4> weights;
};

// The joints and weights of vertex `v` of a skinned mesh; a rigid vertex is
// {joint, 0, 0, 0} with weights {1, 0, 0, 0}.
struct Influence {
    glm::u16vec4 joints{0};
    glm::vec4 weights{0.0f};
};
Influence skin_influence(const Mesh& mesh, size_t v);

struct Skin {
    std::string name;
    std::vector<int> joints;              // node indices
    std::vector<glm::mat4> inverse_bind;  // one per joint
    int skeleton = -1;                    // common root node, or -1
};

struct Audio {
    uint32_t sample_rate = 0;
    uint16_t channels = 0;
    std::vector<int16_t> samples;  // interleaved
    nlohmann::json extras = nlohmann::json::object();
};

struct Scene {
    std::string name;
    std::vector<Node> nodes;
    std::vector<Mesh> meshes;
    std::vector<Material> materials;
    std::vector<Texture> textures;
    std::vector<Skin> skins;
    std::vector<Camera> cameras;
    std::vector<Animation> animations;
    std::optional<Audio> audio;
    // Scene metadata: format, variant, item, units, axes, assumptions, ...
    nlohmann::json extras = nlohmann::json::object();
    // What the conversion tells its user, one line each (what the game data
    // holds and the scene leaves out); `ripkit convert` prints them as notes.
    std::vector<std::string> notes;
    // The budget of the document the scene was built from (Document::scene
    // sets it): the hand-over to Assimp, the baking and the export charge it
    // too, so a caller's limits reach every stage. Null for a scene made
    // otherwise: scene_budget() then gives one of the default limits; a
    // library caller with other limits sets it.
    std::shared_ptr<Budget> budget;
    // What building this scene charged to that budget, given back when the
    // last copy of the scene goes; null otherwise.
    std::shared_ptr<const void> budget_hold;

    // Appends a node and returns its index; parent must already exist.
    int add_node(std::string name, int parent);
    // -1 when absent. Scans every node: for tests and single lookups; builders
    // that look names up per record use NodeNames (node_names.hpp).
    int find_node(const std::string& name) const;
};

// The budget the stages after a scene's build charge: scene.budget, or a new
// one of the default limits when the scene has none.
std::shared_ptr<Budget> scene_budget(const Scene& scene);

// The metadata contract (docs/architecture.md): every animation plays at `rate`;
// scene extras frame_rate and frame_count span the longest one, frames from 0 to
// its end inclusive (as TR's numframes: a 2 s animation at 30 fps has 61 frames).
// Throws Error(BadValue) for a duration of 2^31 frames or more.
void set_frame_range(Scene& scene, double rate);

// The largest magnitude any Scene float may have: far above every real
// file's coordinates, scales and tangents, and low enough that its square
// (an exporter decomposing a matrix, normalising a quaternion) stays finite in float.
inline constexpr double kMaxSceneMagnitude = 1e18;

// Checks the invariants above (unique names, parent order, key counts, sorted
// times, tangent lengths, indices in range, one node per camera, one channel
// per node and path in an animation) and that every float - node TRS and
// world transforms, vertices, inverse binds, keys, tangents, camera and
// material values - is finite and within kMaxSceneMagnitude. Throws
// ripkit::Error(BadValue) naming the first violation (object and key): a
// scene builder bug or a hostile file that slipped through must not reach an
// exporter. O(size of the scene).
void validate_scene(const Scene& scene);

}  // namespace ripkit
