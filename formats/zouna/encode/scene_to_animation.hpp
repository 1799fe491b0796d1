// The direction back: a scene as anim_scene.cpp lays out an Animation_Z (bones by
// name or bone_crc, helper nodes for material/mesh/morph tracks and messages,
// docs/formats/zouna.md) -> the Animation_Z structs the writer takes.
#pragma once

#include <string>
#include <vector>

#include "ripkit/scene.hpp"
#include "zouna/container/names.hpp"
#include "zouna/keyframes/animation.hpp"

namespace ripkit::zouna {

struct FromSceneOptions {
    Variants v;
    bool native = false;             // the scene is in Zouna axes (as --native wrote it)
    const NameMap* names = nullptr;  // crc -> name: names are looked up here first
    std::string animation;           // default: the first
    double start = 0;  // scene time of the engine's time 0 (subtracted from every key time)
    // The --base file's animation: its layout (modifier order, ids, flags,
    // keyframer flags) and header values stand in when the scene carries no
    // extras (FBX).
    const Animation* base = nullptr;
};

struct SceneAnimation {
    Animation anim;
    uint32_t name_crc = 0;  // the animation's own (extras zouna_crc), 0 when unknown
};

// Throws Error(BadValue) naming the node, key and value for what the format
// cannot hold (an s16 overflow, STEP mixed with other interpolations in one
// keyframer, a rotation that is not LINEAR); `warnings` gets one line listing
// the animated nodes that were ignored. `budget` (the encoding's) takes the
// re-baked rotations that check a BezierRot keyframer against the scene.
SceneAnimation animation_from_scene(const Scene& scene, const FromSceneOptions& options,
                                    Budget& budget, std::vector<std::string>& warnings);

// The crc a node binds to: extras bone_crc, else crc_of_name(its name).
uint32_t node_crc(const Node& node, const NameMap* names);

// The names file's crc for `name`, else the name read as a decimal crc, else
// the Asobo crc32 of it.
uint32_t crc_of_name(const std::string& name, const NameMap* names);

}  // namespace ripkit::zouna
