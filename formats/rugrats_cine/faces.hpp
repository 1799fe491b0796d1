// Mouth and eye frame numbers as the engine shows them, record by record.
//
// An actor record resets both to frame 0, then a nonzero mouth field sets
// that frame and a nonzero eyes field sets frame eyes - 1. A pose record
// first blinks, then applies the same fields without the reset. A mouth
// frame past the bank's count wraps back once (10 frames; 12 for id 88; 13
// for id 112, the opening's milk effects).
#pragma once

#include <cstdint>

namespace ripkit::rugrats_cine {

// The blink's own rand (0x800c4c48), seeded with the cinematic's number.
class BlinkRand {
  public:
    explicit BlinkRand(uint32_t seed) : x_(seed) {}
    uint32_t next() {
        x_ = x_ * 214013u + 2531011u;
        return x_;
    }
    uint32_t state() const { return x_; }

  private:
    uint32_t x_;
};

struct FaceState {
    int mouth = 0;
    int eyes = 0;
    int blink = 0;  // 0 open; 1..5: the record's place in a running blink
};

int mouth_frame_count(int id);
int wrap_mouth(int frame, int id);

void apply_actor_face(FaceState& s, int id, int mouth_field, int eyes_field);
void apply_pose_face(FaceState& s, BlinkRand& rand, int id, int mouth_field, int eyes_field);

// The blink step alone (exposed for tests).
void blink(FaceState& s, BlinkRand& rand);

}  // namespace ripkit::rugrats_cine
