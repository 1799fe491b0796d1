#include "faces.hpp"

namespace ripkit::rugrats_cine {

int mouth_frame_count(int id) {
    if (id == 88) return 12;
    if (id == 112) return 13;
    return 10;
}

int wrap_mouth(int frame, int id) {
    const int count = mouth_frame_count(id);
    // ASSUMPTION(mouth_wrap): "past the count" means frame >= count (frames run 0..count-1).
    return frame >= count ? frame - count : frame;
}

void apply_actor_face(FaceState& s, int id, int mouth_field, int eyes_field) {
    s.mouth = 0;
    s.eyes = 0;
    if (mouth_field) s.mouth = wrap_mouth(mouth_field, id);
    if (eyes_field) s.eyes = eyes_field - 1;
}

// ASSUMPTION(blink): the seed gives the rule, not the code. The record that
// wins the 1-in-32 draw shows eye frame 1; the blink shows 1, 1, 1, 2, 2 over
// five records and the sixth reopens the eyes (frame 0) without a draw.
// While a blink runs no rand is drawn for that object.
void blink(FaceState& s, BlinkRand& rand) {
    if (s.blink == 0) {
        if (((rand.next() >> 16) & 31) != 0) return;
        s.blink = 1;
    } else if (++s.blink > 5) {
        s.blink = 0;
        s.eyes = 0;
        return;
    }
    s.eyes = s.blink <= 3 ? 1 : 2;
}

void apply_pose_face(FaceState& s, BlinkRand& rand, int id, int mouth_field, int eyes_field) {
    blink(s, rand);
    if (mouth_field) s.mouth = wrap_mouth(mouth_field, id);
    if (eyes_field) s.eyes = eyes_field - 1;
}

}  // namespace ripkit::rugrats_cine
