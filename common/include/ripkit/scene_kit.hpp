// The scene kit: what every scene builder needs to say what the game means
// without restating how glTF wants it (docs/architecture.md "Scene kit").
// Nothing here knows a game; the formats pick the pieces their engine uses.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ripkit/node_names.hpp"
#include "ripkit/scene.hpp"

namespace ripkit::kit {

// Engine space with X right, Y down, Z forward (the PlayStation's and Tomb
// Raider's) to glTF's Y up, right-handed, cameras looking down -Z: a half turn
// about X, (x, y, z) -> (x, -y, -z) times `scale`. A proper rotation, so
// handedness and winding are kept; it conjugates rotations,
// (qx, qy, qz, qw) -> (qx, -qy, -qz, qw). `native` keeps the engine's axes and units.
struct HalfTurnX {
    bool native = false;
    double scale = 1.0;

    // Inline: the builders call these once per key.
    glm::vec3 point(double x, double y, double z) const {
        if (native) return glm::vec3(float(x), float(y), float(z));
        return glm::vec3(float(x * scale), float(-y * scale), float(-z * scale));
    }
    glm::vec3 point(const glm::vec3& p) const { return point(p.x, p.y, p.z); }
    glm::vec4 rotation(const glm::vec4& q) const {
        return native ? q : glm::vec4(q.x, -q.y, -q.z, q.w);
    }
    glm::quat rotation(const glm::quat& q) const {
        return native ? q : glm::quat(q.w, q.x, -q.y, -q.z);
    }
    // The world's up in the output space (engine up is -Y).
    glm::vec3 up() const { return native ? glm::vec3(0, -1, 0) : glm::vec3(0, 1, 0); }
    // A length (a clip distance, a bone offset magnitude) in output units.
    float length(double d) const { return float(native ? d : d * scale); }
};

// A quaternion in the Scene's (x, y, z, w) order.
inline glm::vec4 xyzw(const glm::quat& q) { return glm::vec4(q.x, q.y, q.z, q.w); }

// Flips each quaternion that points away from its predecessor: the same
// rotation, but LINEAR (nlerp/slerp) between consecutive keys then takes the
// short way instead of spinning through the far side.
void keep_hemisphere(std::vector<glm::vec4>& quats);

// The orientation of a camera at `eye` looking at `target` with no roll
// (glTF: -Z forward, +Y toward `up`); nullopt when the two points coincide or
// the view is parallel to `up` (the caller holds the previous orientation).
std::optional<glm::quat> look_at(const glm::vec3& eye, const glm::vec3& target,
                                 const glm::vec3& up);

// Attaches `cam` to `node` (one camera per node) and returns its index.
int attach_camera(Scene& s, int node, Camera cam);

// Value tracks (docs/architecture.md "Metadata conventions"): a value no node
// property can hold (a face frame, a material value) is the x of a STEP or
// LINEAR translation on a node named `<target>_<what>`.
std::string value_track_name(const std::string& target, const std::string& what);
// The node's extras: {"ripkit_track": what, "target": target, "component": "x"}.
nlohmann::json value_track_extras(const std::string& target, const std::string& what);
inline glm::vec4 value_key(double v) { return glm::vec4(float(v), 0.0f, 0.0f, 0.0f); }

// Texture switching: `material` shows textures[first] at rest and whichever
// entry of `textures` the value track on `track_node` selects while it plays.
void switch_textures(Material& material, const std::vector<int>& textures, size_t first,
                     const std::string& track_node);

// Keys of an engine that sets values once per record (a frame of a stream)
// and never interpolates: per node, the translation and rotation written in
// each record, the last write of a record winning (the engine's last store),
// turned into STEP channels at record / rate seconds. The first key of each
// channel becomes the node's rest pose.
class StepKeys {
  public:
    StepKeys(Scene& s, int root, double rate) : s_(s), root_(root), rate_(rate), names_(s) {}

    // The node called `name`, else a new one under `parent` (the root when < 0);
    // O(1), so builders may look nodes up once per record.
    int node(const std::string& name, int parent = -1) {
        return names_.find_or_add(name, parent < 0 ? root_ : parent);
    }
    void translate(int node, size_t record, const glm::vec3& v) {
        put(at(node).t, record, glm::vec4(v, 0.0f));
    }
    void rotate(int node, size_t record, const glm::vec4& q) { put(at(node).r, record, q); }
    // A value-track key (see value_track_name).
    void value(int node, size_t record, double v) { put(at(node).t, record, value_key(v)); }

    // The animation of every key written, `records` records long; channels
    // in node order, translation before rotation.
    Animation finish(const std::string& name, size_t records);

  private:
    // (record, value) in record order. Streams write records in order, so a
    // key is appended or replaces the last; one out of order is inserted.
    using Keys = std::vector<std::pair<size_t, glm::vec4>>;
    struct NodeKeys {
        Keys t, r;
    };
    // Inline: called for every key of a stream (the append is the rule).
    static void put(Keys& keys, size_t record, const glm::vec4& v) {
        if (keys.empty() || keys.back().first < record)
            keys.emplace_back(record, v);
        else
            put_back(keys, record, v);
    }
    static void put_back(Keys& keys, size_t record, const glm::vec4& v);
    NodeKeys& at(int node) {
        if (node < 0 || size_t(node) >= keys_.size()) grow(node);
        return keys_[size_t(node)];
    }
    void grow(int node);
    void add_channel(Animation& a, int node, AnimPath path, const Keys& k);

    Scene& s_;
    int root_;
    double rate_;
    NodeNames names_;
    std::vector<NodeKeys> keys_;  // by node index
};

}  // namespace ripkit::kit
