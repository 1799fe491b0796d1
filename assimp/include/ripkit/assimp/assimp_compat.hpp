// What differs between the Assimp releases ripkit builds against (5.2 to 6.0,
// the versions Debian 12, 13 and sid ship), in one place. RIPKIT_ASSIMP_VERSION
// (major * 10000 + minor * 100 + patch) comes from the Assimp package CMake found
// (cmake/RipkitAssimp.cmake); Assimp's headers carry no version macro of their own.
#pragma once

#include <assimp/anim.h>
#include <assimp/types.h>

#include <cstddef>
#include <optional>

#ifndef RIPKIT_ASSIMP_VERSION
#error "RIPKIT_ASSIMP_VERSION is set by cmake/RipkitAssimp.cmake from the Assimp package found"
#endif

namespace ripkit::assimp_compat {

// aiString's capacity, NUL included: the macro MAXLEN until 5.2, a C++
// constant AI_MAXLEN from 5.3.
#if RIPKIT_ASSIMP_VERSION >= 50300
inline constexpr std::size_t kStringCapacity = AI_MAXLEN;
#else
inline constexpr std::size_t kStringCapacity = MAXLEN;
#endif

// Assimp 5.4 gave aiVectorKey and aiQuatKey an mInterpolation; before it a key
// has none and hosts interpolate linearly (slerp for rotations).
inline constexpr bool kKeyInterpolation = RIPKIT_ASSIMP_VERSION >= 50400;

// How a key reaches the next one, as the host should interpolate it.
enum class KeyMode { Step, Linear };

template <class Key>
void set_key_mode(Key& key, KeyMode mode, bool rotation) {
#if RIPKIT_ASSIMP_VERSION >= 50400
    if (mode == KeyMode::Step)
        key.mInterpolation = aiAnimInterpolation_Step;
    else
        key.mInterpolation =
            rotation ? aiAnimInterpolation_Spherical_Linear : aiAnimInterpolation_Linear;
#else
    (void)key, (void)mode, (void)rotation;
#endif
}

// What Assimp's own readers, writers and tool do with ripkit's files, by
// version (5.3 untested; docs/exporters.md, "Assimp quirks"):
// - its FBX reader fills aiCamera::mHorizontalFOV with the file's whole
//   FieldOfView before 5.4, with half of it (as aiCamera documents) from 5.4;
inline constexpr bool kFbxReaderHalfFov = RIPKIT_ASSIMP_VERSION >= 50400;
// - its binary FBX writer leaves out the NULL records that close nested node
//   lists before 5.4, and writes them from 5.4;
inline constexpr bool kFbxWriterClosesLists = RIPKIT_ASSIMP_VERSION >= 50400;
// - `assimp info` (the TargetRealtime_MaxQuality preset) throws "No materials
//   remaining" on a scene without meshes before 5.4.
inline constexpr bool kInfoTakesMeshlessScenes = RIPKIT_ASSIMP_VERSION >= 50400;

// - its glb2 writer throws "two objects with the same ID" on an animation named
//   like a node before 6.0, and writes the file from 6.0;
inline constexpr bool kGlb2WriterTakesSharedNames = RIPKIT_ASSIMP_VERSION >= 60000;
// - its glTF2 reader hands a CUBICSPLINE channel over as three keys a key (in
//   tangent, value, out tangent) from 6.0, as one key a key before.
inline constexpr bool kGltfReaderCubicTriplets = RIPKIT_ASSIMP_VERSION >= 60000;

// The mode a key carries, or none where Assimp has no such field (before 5.4)
// or the key is cubic.
template <class Key>
std::optional<KeyMode> key_mode(const Key& key) {
#if RIPKIT_ASSIMP_VERSION >= 50400
    switch (key.mInterpolation) {
        case aiAnimInterpolation_Step:
            return KeyMode::Step;
        case aiAnimInterpolation_Linear:
        case aiAnimInterpolation_Spherical_Linear:
            return KeyMode::Linear;
        default:
            return std::nullopt;
    }
#else
    (void)key;
    return std::nullopt;
#endif
}

}  // namespace ripkit::assimp_compat
