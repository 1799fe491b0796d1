// The inputs scale_bench converts, built with each format's own writer.
#pragma once

#include <cstddef>

#include "ripkit/byte_reader.hpp"
#include "ripkit/format.hpp"

namespace scale {

// A Skel_Z of `bones` bones all called BONE (names BONE, BONE#2, ...).
ripkit::Bytes zouna_same_name_skeleton(size_t bones);
const ripkit::Format& zouna();

// A cinematic stream of 63 new actors a frame until `channels` channels
// (4 an actor: translation, rotation, mouth, eyes), each keyed once.
ripkit::Bytes rugrats_many_actors(size_t channels);
const ripkit::Format& rugrats();

// A ROM whose one model has `nodes` sibling nodes under its root, each
// drawing a quad.
ripkit::Bytes pikachu_siblings(size_t nodes);
const ripkit::Format& pikachu();

}  // namespace scale
