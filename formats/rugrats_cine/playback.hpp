// Which XA sectors the console actually plays. The game's cinematics depend
// on it: the encoder repeats every audio piece in all the audio slots of its
// 8-sector window (4 slots in 5 carry sound, one stereo 37.8 kHz channel
// needs one in 8), and the CD controller, which has no flow control, decodes
// only what its output can take (DuckStation's AUDIO_FIFO_LOW_WATERMARK rule).
// This reading gives the seed's OPEN.BIN figures (882 of 5643, no gaps);
// docs/formats/rugrats_cine.md compares it with DuckStation's literal one.
//
// The model, in the drive's own clock (double speed: one sector every
// 1/150 s, 294 output frames of 44.1 kHz):
// - the output FIFO drains one 44.1 kHz frame per sound-chip sample;
// - once per sector time (data sectors and other channels' sectors included)
//   the decoder looks at the FIFO: if it holds no more than 10 frames it
//   decodes the newest XA sector of the filtered file/channel read since it
//   last decoded one - the sector read just now, or, when that was a data
//   sector, the audio sector read before it, still in the controller's
//   buffer;
// - every other XA sector is never decoded: it is dropped, and the ADPCM
//   history is left alone.
// When the FIFO runs dry before the next decode the console outputs
// silence, which is kept so the track stays in step with the picture.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ripkit::rugrats_cine {

constexpr uint32_t kFifoLowWatermark = 10;  // 44.1 kHz frames
constexpr uint32_t kFramesPerSlot = 294;    // 44100 / 150

// Frames a sector adds to the 44.1 kHz FIFO after resampling.
uint32_t fifo_frames(bool stereo, uint32_t rate);

struct PlaybackSlot {
    size_t position = 0;  // sector index in the stream (read at position / 150 s)
    uint32_t frames = 0;  // fifo_frames of the sector
};

struct Playback {
    std::vector<bool> played;  // per slot
    // Per slot: dry-FIFO frames (44.1 kHz) before its sound starts. For the
    // first played slot that is the silence from the stream's first sector.
    std::vector<uint64_t> gap_before;
    size_t played_count = 0;
    size_t gaps = 0;            // played slots after the first with silence before them
    uint64_t total_frames = 0;  // 44.1 kHz frames of output incl. the silence
};

// Slots must be in strictly increasing position order. The drive reads
// sector times 0 .. end-1 (0: up to the last slot); nothing is decoded after
// that, so a sector still waiting then is not played.
Playback simulate_playback(const std::vector<PlaybackSlot>& slots, size_t end = 0);

}  // namespace ripkit::rugrats_cine
