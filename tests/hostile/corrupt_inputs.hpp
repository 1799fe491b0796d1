// One file per format whose items decode except one, which is corrupt in a way
// its decoder must refuse: `list` must mark it as an error (not empty),
// `convert --all` must fail on it, `--keep-going` must convert the others.
// Built with each format's writer, then broken by hand.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ripkit/byte_reader.hpp"

namespace ripkit::hostile {

struct CorruptInput {
    std::string file_name;
    std::string format_id;
    std::vector<int64_t> good;  // the items that decode
    int64_t bad = 0;            // the item that does not
    std::string why;            // what its error names
    Bytes bytes;
};

// TR5 BIN: cutscenes 1 and 3 fine; cutscene 2's camera offset is past its block.
CorruptInput tr_bad_cutscene();
// The Pikachu sample ROM with a hierarchy cycle in model 1 (RAW resource).
CorruptInput pikachu_cycle();
// A BigFile of three animations; the middle one's node slice runs past its keys.
CorruptInput zouna_bad_slice();
// Two cinematics on channels 1 and 2; channel 2's header promises 9 frames
// and the stream holds 3 with no end marker.
CorruptInput rugrats_short_channel();

// The TR4 demo level with mesh pointer 5 past the mesh data: the one
// moveable drawing that mesh fails; the others and the rooms decode.
CorruptInput tr_level_bad_mesh_pointer();

std::vector<CorruptInput> all_corrupt_inputs();

}  // namespace ripkit::hostile
