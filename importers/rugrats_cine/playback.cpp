#include "playback.hpp"

namespace ripkit::rugrats {

uint32_t fifo_frames(bool stereo, uint32_t rate) {
    // 4032 values a sector: 2016 stereo or 4032 mono frames at 37.8/18.9 kHz.
    const uint64_t native = stereo ? 2016 : 4032;
    return uint32_t(native * 44100 / rate);
}

Playback simulate_playback(const std::vector<PlaybackSlot>& slots) {
    Playback pb;
    pb.played.assign(slots.size(), false);
    pb.gap_before.assign(slots.size(), 0);
    uint64_t queued = 0;
    size_t clock = 0;  // position whose arrival the queue state refers to
    uint64_t dry = 0;  // frames the FIFO has been empty since the last push
    for (size_t i = 0; i < slots.size(); ++i) {
        const PlaybackSlot& s = slots[i];
        const uint64_t drained = uint64_t(s.position - clock) * kFramesPerSlot;
        clock = s.position;
        if (drained >= queued) {
            dry += drained - queued;
            queued = 0;
        } else {
            queued -= drained;
        }
        if (queued > kFifoLowWatermark) continue;  // dropped, history untouched
        pb.played[i] = true;
        pb.gap_before[i] = dry;
        pb.total_frames += dry + s.frames;
        dry = 0;
        queued += s.frames;
        ++pb.played_count;
    }
    return pb;
}

}  // namespace ripkit::rugrats
