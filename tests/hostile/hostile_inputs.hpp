// Small inputs built to the public layouts that ask for unbounded work
// downstream of the decoder: each one is valid as far as its decoder can tell,
// and only the document-wide budget stops what the scene builder or an exporter
// would make of it. Tests run them through the tool; `ripkit-make-hostile DIR`
// writes them out for measuring by hand.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ripkit/byte_reader.hpp"

namespace ripkit::hostile {

// TR5 CUTSEQ.BIN of about 9 KB: 32767 frames, 2 camera nodes + 330 actor
// nodes, the camera moving 600 units (a cut) on every frame.
Bytes tr_cut_every_frame();

// Animation_Z of about 8.6 KB: 300 bones whose BezierRot slices share two keys
// 16000 s apart, so baking at 60 Hz asks for 300 x 960k samples.
Bytes zouna_bezier_bake();

// Animation_Z of about 3 KB: 100 bones whose Hermite translation slices share
// two keys 300000 s apart (18M samples each wherever cubics are sampled).
Bytes zouna_hermite_span();

// The Pikachu sample ROM with face bank 0 grown to 4096 descriptors that all
// name one 1024x1024 RGBA16 image (4096 x 4 MiB of RGBA when decoded apart).
Bytes pikachu_face_bank();

// The Pikachu sample ROM whose model 1 draws 2 x quads x calls triangles: a
// `quads`-quad list called `calls` times (6M by default).
Bytes pikachu_triangles(uint32_t calls = 3000, uint32_t quads = 1000);
// The sample's models and more, 32 in all, each drawing through a display
// list that fans out into about calls^levels commands and draws nothing more.
Bytes pikachu_fan_out(uint32_t levels = 8, uint32_t calls = 6);

struct HostileInput {
    std::string file_name;  // with the extension its format is probed by
    std::string what;       // one line for reports
    Bytes bytes;
};

std::vector<HostileInput> all_hostile_inputs();

}  // namespace ripkit::hostile
