#include "playback.hpp"

#include <cstdint>

namespace ripkit::rugrats_cine {

uint32_t fifo_frames(bool stereo, uint32_t rate) {
    // 4032 values a sector: 2016 stereo or 4032 mono frames at 37.8/18.9 kHz,
    // resampled 6 -> 7 (and 18.9 kHz doubled first): 2352 stereo 37.8 kHz
    // frames = exactly 8 sector times at double speed.
    const uint64_t native = stereo ? 2016 : 4032;
    return uint32_t(native * 44100 / rate);
}

Playback simulate_playback(const std::vector<PlaybackSlot>& slots, size_t end) {
    Playback pb;
    pb.played.assign(slots.size(), false);
    pb.gap_before.assign(slots.size(), 0);
    if (slots.empty()) return pb;
    if (end == 0) end = slots.back().position + 1;

    uint64_t queued = 0;
    uint64_t dry = 0;  // frames the FIFO has been empty since the last decode
    size_t next = 0;   // next slot to be read
    // The slot read and not yet decoded, or none (a sentinel, not std::optional:
    // GCC 12 -O2 reports the optional's value maybe-uninitialized, PR 80635).
    constexpr size_t kNone = SIZE_MAX;
    size_t waiting = kNone;
    for (size_t t = 0; t < end; ++t) {
        if (t > 0) {
            if (queued >= kFramesPerSlot) {
                queued -= kFramesPerSlot;
            } else {
                dry += kFramesPerSlot - queued;
                queued = 0;
            }
        }
        // A newer sector replaces the one waiting: only the newest is decoded.
        while (next < slots.size() && slots[next].position <= t) waiting = next++;
        // ASSUMPTION(drop_rule): the watermark is looked at every sector time, data sectors
        // included, and the decoder takes the newest filtered XA sector read
        // since its last decode. DuckStation looks only when an XA sector
        // arrives (a data sector on the due slot costs a slot of silence and,
        // every 8 such, a skipped piece: 847 of OPEN.BIN's 5643, not the seed's
        // 882); docs/formats/rugrats_cine.md has the numbers.
        if (waiting == kNone || queued > kFifoLowWatermark) continue;
        const size_t i = waiting;
        waiting = kNone;
        pb.played[i] = true;
        pb.gap_before[i] = dry;
        if (pb.played_count > 0 && dry > 0) ++pb.gaps;
        pb.total_frames += dry + slots[i].frames;
        dry = 0;
        queued += slots[i].frames;
        ++pb.played_count;
    }
    return pb;
}

}  // namespace ripkit::rugrats_cine
