// Which XA sectors the console actually plays (DuckStation's rule, which the
// game's cinematics depend on): a sector arrives every 1/150 s at double
// speed; the output FIFO drains one 44.1 kHz frame per sample; a sector that
// finds more than 10 frames still queued is dropped before decoding (its
// ADPCM history is left alone). When the FIFO runs dry the console outputs
// silence until the next sector is played.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ripkit::rugrats {

constexpr uint32_t kFifoLowWatermark = 10;  // 44.1 kHz frames
constexpr uint32_t kFramesPerSlot = 294;    // 44100 / 150

// Frames a sector adds to the 44.1 kHz FIFO after resampling.
uint32_t fifo_frames(bool stereo, uint32_t rate);

struct PlaybackSlot {
    size_t position = 0;  // sector index in the stream (arrival time = position / 150 s)
    uint32_t frames = 0;  // fifo_frames of the sector
};

struct Playback {
    std::vector<bool> played;          // per slot
    std::vector<uint64_t> gap_before;  // per slot: dry FIFO frames (44.1 kHz) before it plays
    size_t played_count = 0;
    uint64_t total_frames = 0;  // 44.1 kHz frames of output incl. gaps
};

// Slots must be in increasing position order.
Playback simulate_playback(const std::vector<PlaybackSlot>& slots);

}  // namespace ripkit::rugrats
