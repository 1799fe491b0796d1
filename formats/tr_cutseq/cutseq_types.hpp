// The decoded contents of CUTSEQ.PAK / CUTSEQ.BIN, as the engine holds them:
// per frame running values after the delta decode (masked where the engine
// masks), before any unit or axis conversion.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ripkit/error.hpp"

namespace ripkit::tr_cutseq {

enum class Variant { Tr4, Tr5, Block };  // PAK, BIN, a bare cutscene data block

const char* variant_name(Variant v);  // "tr4", "tr5", "block"

// One 14-byte node header.
struct NodeHeader {
    std::array<int16_t, 3> key{};      // start values x, y, z
    uint16_t packmethod = 0;           // widths: x (p>>10)&15, y (p>>5)&15, z p&15
    std::array<uint16_t, 3> length{};  // packed words per track, command words included

    unsigned bits(int axis) const {
        return axis == 0   ? (packmethod >> 10) & 15u
               : axis == 1 ? (packmethod >> 5) & 15u
                           : packmethod & 15u;
    }
};

// Running values of `nodes` nodes over `frames` frames, a track (node and
// axis) after another: values[(n*3+axis)*frames+f]. The decoder writes a
// track at a time and the builder and writer read one down its frames, so
// neither strides across the nodes.
struct NodeTracks {
    int nodes = 0;
    int frames = 0;
    std::vector<int16_t> values;

    // The `frames` values of one node's axis.
    const int16_t* track(int node, int axis) const {
        return values.data() + (static_cast<size_t>(node) * 3 + axis) * frames;
    }
    int16_t* track(int node, int axis) {
        return values.data() + (static_cast<size_t>(node) * 3 + axis) * frames;
    }
    int16_t at(int frame, int node, int axis) const { return track(node, axis)[frame]; }
    int16_t& at(int frame, int node, int axis) { return track(node, axis)[frame]; }
    // `n` nodes over `f` frames, every value 0.
    void reset(int n, int f) {
        nodes = n;
        frames = f;
        values.assign(static_cast<size_t>(n) * static_cast<size_t>(f) * 3, 0);
    }
};

struct Actor {
    int16_t slot = 0;   // moveable slot in the level (0 = Lara; TR5 -1 on actor 0 = no Lara)
    int meshes = 0;     // nodes field: rotation nodes, one per mesh
    NodeTracks tracks;  // node 0 = root (unmasked), 1..meshes = rotations & 1023
    std::vector<NodeHeader> headers;
};

struct Cutscene {
    int index = 0;  // 1-based table index
    bool empty = true;
    std::optional<Error> error;     // the entry's data could not be decoded
    uint32_t offset = 0, size = 0;  // table entry (offset from the file start)
    int frames = 0;
    std::array<int32_t, 3> origin{};
    int32_t audio_track = -1;
    uint32_t camera_offset = 0;
    NodeTracks camera;  // node 0 = target, node 1 = position (s16 running values)
    std::vector<NodeHeader> camera_headers;
    std::vector<Actor> actors;
};

struct CutseqFile {
    Variant variant = Variant::Tr5;
    uint64_t file_size = 0;          // bytes as given
    uint64_t decompressed_size = 0;  // after zlib (== file_size for BIN/block)
    int table_entries = 0;
    bool entries_set = false;  // table_entries came from --set entries, not from the data
    int inferred_entries = 0;  // what the data gives (0: no table without the setting)
    std::vector<Cutscene> cutscenes;
    std::vector<std::string> warnings;
};

}  // namespace ripkit::tr_cutseq
