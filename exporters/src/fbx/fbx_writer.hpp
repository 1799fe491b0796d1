// The pieces of ripkit's FBX writer (fbx_export.cpp puts them together):
// an FBX document is a flat list of objects with int64 ids, joined by
// connections (child -> parent, "OO"; child -> parent's property, "OP").
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <glm/glm.hpp>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ripkit/fbx_binary.hpp"
#include "ripkit/limits.hpp"
#include "ripkit/scene.hpp"

namespace ripkit::fbxw {

// What the writer makes beyond the export's estimate (keys added where a
// rotation is split, baked keys) is charged to this as it is made.
inline const char* const kWhat = "writing the scene as fbx";

class Doc {
  public:
    explicit Doc(Budget& budget) : budget_(budget) {}
    Budget& budget() { return budget_; }
    int64_t new_id() { return next_id_++; }
    // Appends `Type: id, "name\0\1Class", subclass` to Objects. The reference
    // stays valid while further objects are added.
    fbx::Node& object(const std::string& type, int64_t id, std::string_view name,
                      std::string_view cls, std::string_view subclass);
    void oo(int64_t child, int64_t parent);
    void op(int64_t child, int64_t parent, std::string_view property);

    // Objects per type, for Definitions.
    const std::map<std::string, int>& counts() const { return counts_; }
    fbx::Node take_objects();
    fbx::Node take_connections();

  private:
    Budget& budget_;
    int64_t next_id_ = 1000000;
    std::deque<fbx::Node> objects_;
    fbx::Node connections_{"Connections"};
    std::map<std::string, int> counts_;
};

// ---- Properties70 (fbx_props.cpp) -----------------------------------------
// Each appends one `P: name, type, subtype, flags, value...` row.
fbx::Node& properties(fbx::Node& object);  // the object's Properties70 child
void p_int(fbx::Node& p70, std::string_view name, int32_t v);
void p_bool(fbx::Node& p70, std::string_view name, bool v);
void p_enum(fbx::Node& p70, std::string_view name, int32_t v);
void p_double(fbx::Node& p70, std::string_view name, double v);
// Animatable number: "Number", "", "A".
void p_number(fbx::Node& p70, std::string_view name, double v);
void p_vector3(fbx::Node& p70, std::string_view name, std::string_view type,
               std::string_view subtype, std::string_view flags, glm::dvec3 v);
void p_ktime(fbx::Node& p70, std::string_view name, int64_t v);
void p_string(fbx::Node& p70, std::string_view name, std::string_view v,
              std::string_view subtype = "");

// `extras` as user properties (flag "U", which Blender's "Custom Properties"
// import option, Unity's user properties and ufbx read): bool -> Bool, int32
// -> Integer, other numbers -> Number, string -> KString; arrays, objects,
// nulls and integers a double cannot hold -> KString `<key>_json` with the
// JSON text (as in the glTF node extras). Keys in `reserved` (properties the
// object already has) get the prefix "user_". `prefix` goes before every key.
void p_user_extras(fbx::Node& p70, const nlohmann::json& extras,
                   const std::set<std::string>& reserved, std::string_view prefix = "");
// One animatable user number (an animated value track): "Number", "", "A+U".
void p_user_number(fbx::Node& p70, std::string_view name, double v);

// ---- Scene parts -------------------------------------------------------------
// A value-track node (docs/architecture.md: extras `ripkit_track`, `target`,
// `component`): its translation component `component` also animates the
// user property `property` of node `target` (the node named by `target`, else
// its parent). property uniquely names it among the target's properties.
struct ValueTrack {
    int node = -1, target = -1, component = 0;
    std::string property;
};
std::vector<ValueTrack> value_tracks(const Scene& scene);
// Model and camera ids per Scene node / camera (fbx_models.cpp).
struct Models {
    std::vector<int64_t> node;            // Model id of every Scene node
    std::vector<int64_t> camera_attr;     // NodeAttribute id of every Scene camera
    std::vector<int64_t> geometry;        // Geometry id of every node's merged meshes, or 0
    std::vector<int64_t> geometry_model;  // the Model holding it (the node's, or a leaf's)
    std::vector<bool> camera_turned;      // the node's Model is its camera's (camera_turn)
    std::vector<ValueTrack> tracks;       // value tracks, as declared on their targets
};
// Every node as a Model (Null, LimbNode, Mesh or Camera), cameras with their
// attributes, node extras as user properties; the mesh part is written by
// write_meshes afterwards into the ids reserved here.
Models write_models(const Scene& scene, Doc& doc, std::vector<std::string>& notes);

// Every Scene material (Lambert; alpha, sidedness, unlit, texture switching
// and extras as user properties) and every texture as a Video with the PNG
// embedded plus a Texture (fbx_materials.cpp).
struct Materials {
    std::vector<int64_t> material;  // id of every Scene material
};
Materials write_materials(const Scene& scene, Doc& doc, std::vector<std::string>& notes);

// Each node's meshes merged into one Geometry on its Model (a material slot
// per Scene material used), rigid skins as a Skin deformer with a cluster per
// joint, and the bind pose (fbx_geometry.cpp).
void write_meshes(const Scene& scene, Doc& doc, const Models& m, const Materials& mats);

struct AnimOptions {
    bool bake = false;  // linear keys at every frame (readers that ignore tangents)
    double frame_rate = 30.0;
};
// One AnimationStack + AnimationLayer per Scene animation; node channels,
// value tracks (animated user properties), camera field of view (fbx_anim.cpp).
void write_animations(const Scene& scene, Doc& doc, const Models& m, const AnimOptions& opt);

// ---- Curves (fbx_curves.cpp) -------------------------------------------------
// FBX key flags (KeyAttrFlags) as ufbx and the FBX SDK read them.
constexpr int32_t kKeyConstant = 0x2, kKeyLinear = 0x4, kKeyCubic = 0x8, kKeyUserTangent = 0x400,
                  kKeyBroken = 0x800;

// One AnimationCurve. Entry k of flags/slopes governs the segment from key k
// to key k + 1: slopes[2k] leaves key k, slopes[2k + 1] enters key k + 1
// (value per second; cubic keys only).
struct Curve {
    std::vector<double> times;  // seconds
    std::vector<float> values;
    std::vector<int32_t> flags;
    std::vector<float> slopes;
};

// The x, y, z curves of a channel. Translation and scale keep the game's
// keys: STEP as constant keys, LINEAR as linear keys, CUBICSPLINE as cubic
// keys with user tangents equal to the glTF tangents (the Bezier handles at
// a third of each segment then trace the Hermite curve exactly). Rotations
// become Euler XYZ degrees, each key closest to the previous one: STEP keys
// constant (exact); LINEAR and CUBICSPLINE keys cubic, with slopes following
// the glTF quaternion path (slerp / normalised Hermite) out of and into each
// key, and a segment split where the cubic still leaves that path by more
// than 2e-5 (rotation matrix entries) at its quarter points. With `bake`,
// every curve is linear keys at each frame of `frame_rate` between the first
// and last key (plus those two). Rotations are written as q * post (post: a
// fixed turn, x y z w, see camera_turn()).
// Keys beyond the game's (splits, baked frames) are charged to `budget`.
std::array<Curve, 3> channel_curves(const Channel& ch, bool bake, double frame_rate, Budget& budget,
                                    glm::dvec4 post = glm::dvec4(0, 0, 0, 1));
// A STEP sequence (camera field-of-view changes), baked the same way.
Curve step_curve(const std::vector<double>& times, const std::vector<double>& values, bool bake,
                 double frame_rate, Budget& budget);

// The Euler angles (degrees, FBX order XYZ: R = Rz * Ry * Rx) of unit
// quaternion q (x, y, z, w) closest to `near` (whole turns and the second
// solution (x + 180, 180 - y, z + 180) considered) (fbx_curves.cpp).
glm::dvec3 euler_xyz_near(glm::dvec4 q, glm::dvec3 near);

// FBX cameras look down +X with +Y up, the Scene's (glTF's) down -Z: a camera
// Model's rotation is the node's turned by this (90 degrees about Y, x y z w),
// as Blender's exporter writes cameras and its importer undoes. (A
// PostRotation would do it for the FBX SDK, ufbx and Assimp, but Blender 3.4
// applies PostRotation uninverted, turning such a camera backwards.)
glm::dvec4 camera_turn();
// The Euler angles (nearest zero) of q * post.
glm::dvec3 turned_euler(glm::dvec4 q, glm::dvec4 post);

// The lens of the camera written for a vertical field of view, on the 24 mm
// film height ripkit writes (so Blender's lens matches its glTF importer's).
double focal_length_mm(double yfov);
constexpr double kFilmHeightMm = 24.0;

}  // namespace ripkit::fbxw
