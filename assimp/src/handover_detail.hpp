// Internal pieces of the Scene -> aiScene hand-over shared by its two source
// files (structure in scene_to_assimp.cpp, animation in anim_to_assimp.cpp).
#pragma once

#include <assimp/types.h>

#include <string>

#include "ripkit/assimp/scene_to_assimp.hpp"

struct aiAnimation;

namespace ripkit::detail {

// aiString silently keeps an empty string when given more than 1023 bytes and
// ValidateDataStructure rejects embedded NULs, so names that do not fit are an
// error instead of a quietly broken binding.
aiString checked_ai_string(const std::string& s, const char* what);

// Builds aiAnimation `index` of `scene` (mTicksPerSecond 1000, times in ms),
// charging its keys to `budget`. With `consume` (the same animation, given
// up), each channel's keys are freed once handed over.
aiAnimation* make_animation(const Scene& scene, size_t index, const AssimpHandoverOptions& opt,
                            Budget& budget, Animation* consume = nullptr);

// "T=STEP;R=LINEAR" per node of animation `index`, in node order of first use.
std::vector<std::pair<std::string, std::string>> interp_summary(const Scene& scene, size_t index);

}  // namespace ripkit::detail
