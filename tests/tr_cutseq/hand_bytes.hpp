// Independent helpers for hand-built CUTSEQ bytes: a bit-by-bit packer and
// little-endian appenders. Deliberately not the importer's writer.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace hand {

using Bytes = std::vector<uint8_t>;

// Words LSB-first, `bits` each, then the 4 slack bytes the format requires:
// ((n*bits) >> 3) + 4 bytes in all.
inline Bytes pack(const std::vector<int>& words, unsigned bits) {
    Bytes out(((words.size() * bits) >> 3) + 4, 0);
    for (size_t i = 0; i < words.size(); ++i)
        for (unsigned b = 0; b < bits; ++b)
            if ((static_cast<unsigned>(words[i]) >> b) & 1u) {
                const size_t bit = i * bits + b;
                out[bit / 8] = static_cast<uint8_t>(out[bit / 8] | (1u << (bit % 8)));
            }
    return out;
}

inline void u16(Bytes& b, int v) {
    b.push_back(static_cast<uint8_t>(v & 0xFF));
    b.push_back(static_cast<uint8_t>((v >> 8) & 0xFF));
}
inline void u32(Bytes& b, int64_t v) {
    for (int i = 0; i < 4; ++i) b.push_back(static_cast<uint8_t>((v >> (8 * i)) & 0xFF));
}
inline void put32(Bytes& b, size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + i] = static_cast<uint8_t>(v >> (8 * i));
}
inline void append(Bytes& b, const Bytes& more) { b.insert(b.end(), more.begin(), more.end()); }

// One axis track: width and words.
struct Track {
    unsigned bits = 6;
    std::vector<int> words;
};
// One node: start values and its X, Y, Z tracks.
struct NodeSpec {
    int key[3] = {0, 0, 0};
    Track t[3];
};

// A node block: 14-byte headers, then each node's X, Y, Z tracks.
inline Bytes node_block(const std::vector<NodeSpec>& nodes) {
    Bytes b;
    for (const NodeSpec& n : nodes) {
        for (int a = 0; a < 3; ++a) u16(b, n.key[a]);
        u16(b, static_cast<int>((n.t[0].bits << 10) | (n.t[1].bits << 5) | n.t[2].bits));
        for (int a = 0; a < 3; ++a) u16(b, static_cast<int>(n.t[a].words.size()));
    }
    for (const NodeSpec& n : nodes)
        for (int a = 0; a < 3; ++a) append(b, pack(n.t[a].words, n.t[a].bits));
    return b;
}

struct ActorSpec {
    int slot = 0;
    std::vector<NodeSpec> nodes;  // root + one per mesh
};

// A cutscene block: header, actor table, camera block, actor blocks.
inline Bytes block(int frames, const int org[3], int audio, const std::vector<NodeSpec>& camera,
                   const std::vector<ActorSpec>& actors) {
    Bytes b;
    u16(b, static_cast<int>(actors.size()));
    u16(b, frames);
    for (int a = 0; a < 3; ++a) u32(b, org[a]);
    u32(b, audio);
    u32(b, 0);  // camera offset, patched
    for (const ActorSpec& a : actors) {
        u32(b, 0);
        u16(b, a.slot);
        u16(b, static_cast<int>(a.nodes.size()) - 1);
    }
    put32(b, 20, static_cast<uint32_t>(b.size()));
    append(b, node_block(camera));
    for (size_t i = 0; i < actors.size(); ++i) {
        put32(b, 24 + 8 * i, static_cast<uint32_t>(b.size()));
        append(b, node_block(actors[i].nodes));
    }
    return b;
}

// "(C) DEL!" + `entries` table entries + `padding` + blocks at the given indices.
inline Bytes bin(int entries, const std::vector<std::pair<int, Bytes>>& blocks,
                 const Bytes& padding = {}) {
    // Sized once (growing the 8-byte signature gets a bogus GCC 12 -O2 -Warray-bounds).
    Bytes b(8 + 8 * static_cast<size_t>(entries), 0);
    std::memcpy(b.data(), "(C) DEL!", 8);
    append(b, padding);
    for (const auto& [index, data] : blocks) {
        put32(b, 8 * static_cast<size_t>(index), static_cast<uint32_t>(b.size()));
        put32(b, 8 * static_cast<size_t>(index) + 4, static_cast<uint32_t>(data.size()));
        append(b, data);
    }
    return b;
}

}  // namespace hand
