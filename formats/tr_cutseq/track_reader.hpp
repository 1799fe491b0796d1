// The delta-pack track decoder: one call per frame and axis, exactly the
// engine's state machine (literal runs, short and long repeats), except that a
// track whose declared words are spent holds its value instead of reading on.
#pragma once

#include <cstdint>
#include <vector>

#include "cutseq_types.hpp"
#include "ripkit/byte_reader.hpp"
#include "ripkit/limits.hpp"

namespace ripkit::tr_cutseq {

// Bytes a track of `length` words of `bits` bits occupies (4 slack bytes for the
// engine's 32-bit read window).
inline size_t track_bytes(unsigned bits, uint16_t length) {
    return ((static_cast<size_t>(length) * bits) >> 3) + 4;
}

// Word `i` of a track: LSB-first, sign-extended from bit bits-1. Width 0 reads
// as 0. The caller guarantees `track` holds track_bytes(bits, i + 1) bytes.
inline int32_t read_word(const uint8_t* track, unsigned bits, uint32_t i) {
    if (bits == 0) return 0;
    const uint64_t bit = static_cast<uint64_t>(i) * bits;
    const uint32_t window = load_u32le(track + (bit >> 3)) >> (bit & 7);
    return sign_extend(window, bits);
}

class TrackDecoder {
  public:
    TrackDecoder(const uint8_t* track, unsigned bits, uint16_t length)
        : track_(track), bits_(bits), length_(length) {}

    // The next frame's delta (0 once the track is spent).
    int32_t next();
    // Running values for `rows` frames: v[0] = start, v[f] = v[f-1] + next(),
    // each stored masked to 10 bits when `mask` (the sum itself is not). A run
    // at a time: the values of next() per frame without its branches per value.
    void running(int16_t* v, size_t rows, int16_t start, bool mask);
    bool spent() const { return spent_; }
    // A repeat command with count 0 was met (the engine wraps it to 65535).
    bool saw_zero_repeat() const { return zero_repeat_; }

  private:
    template <bool Mask>
    void running_as(int16_t* v, size_t rows, int16_t start);
    // Reads the command at the cursor into type_/counter_/data_; false (and
    // spent) when its words are past the length.
    bool command();
    // Word `i`, or nullopt-like false when i is past the declared length.
    bool word(uint32_t i, int32_t& out) const;
    // ASSUMPTION(spent_track): a track whose declared words are spent holds its
    // value (delta 0) rather than reading past its length.
    int32_t hold() {
        spent_ = true;
        type_ = 0;
        return 0;
    }
    bool spend() {
        hold();
        return false;
    }

    const uint8_t* track_;
    unsigned bits_;
    uint16_t length_;
    uint32_t off_ = 0;
    int type_ = 0;  // 0 needs a command, 1 literal run, 2 repeat run
    uint16_t counter_ = 0;
    int32_t data_ = 0;
    bool spent_ = false;
    bool zero_repeat_ = false;
};

// Inline: called once per frame, node and axis (the decode's inner loop).
inline bool TrackDecoder::word(uint32_t i, int32_t& out) const {
    if (i >= length_) return false;
    out = read_word(track_, bits_, i);
    return true;
}

inline bool TrackDecoder::command() {
    int32_t w;
    if (!word(off_, w)) return spend();
    if (w & 0x20) {
        type_ = 1;
        counter_ = (w & 0xF) ? static_cast<uint16_t>(w & 0xF) : 16;
        off_ += 1;
    } else if (w & 0x10) {
        int32_t low, data;
        if (!word(off_ + 1, low) || !word(off_ + 2, data)) return spend();
        type_ = 2;
        counter_ = static_cast<uint16_t>(((w & 7) << 5) | (low & 0x1F));
        data_ = data;
        off_ += 3;
    } else {
        int32_t data;
        if (!word(off_ + 1, data)) return spend();
        type_ = 2;
        counter_ = static_cast<uint16_t>(w & 7);
        data_ = data;
        off_ += 2;
    }
    if (type_ == 2 && counter_ == 0) zero_repeat_ = true;
    return true;
}

inline int32_t TrackDecoder::next() {
    if (spent_) return 0;
    if (type_ == 0 && !command()) return 0;
    if (type_ == 2) {
        // ASSUMPTION(zero_repeat): a zero repeat count behaves as in the engine (16-bit
        // counter wraps to 65535), so the value repeats for the rest of the scene.
        counter_ = static_cast<uint16_t>(counter_ - 1);
        if (counter_ == 0) type_ = 0;
        return data_;
    }
    int32_t v;
    if (!word(off_, v)) return hold();
    off_ += 1;
    counter_ = static_cast<uint16_t>(counter_ - 1);
    if (counter_ == 0) type_ = 0;
    return v;
}

enum class BlockKind { Camera, Actor };

struct DecodedBlock {
    std::vector<NodeHeader> headers;
    NodeTracks tracks;
    bool zero_repeat = false;
    size_t end = 0;  // local offset one past the block's last track
};

// Decodes the node block at local offset `at` of `data` (one cutscene's data):
// `nodes` 14-byte headers, then each node's X, Y, Z tracks, expanded to
// `frames` running values. Actor rotation nodes (1..) are masked to 10 bits.
DecodedBlock decode_node_block(const ByteReader& data, size_t at, int nodes, int frames,
                               BlockKind kind, const Limits& limits);

}  // namespace ripkit::tr_cutseq
