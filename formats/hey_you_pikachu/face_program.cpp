#include "face_program.hpp"

#include <cmath>
#include <string>

#include "ripkit/error.hpp"
#include "ripkit/number_text.hpp"
#include "rom_layout.hpp"

namespace ripkit::hey_you_pikachu {

namespace {

class Runner {
  public:
    Runner(ByteSpan table, uint32_t table_offset, int32_t selector, uint32_t image_count,
           double limit)
        : table_(table),
          base_(table_offset),
          selector_(selector),
          images_(image_count),
          limit_(limit),
          count_(uint32_t(table.size() / kFaceInstructionSize)),
          seen_(count_, 0) {}

    FaceInstruction fetch(int64_t pc) const {
        const int64_t abs = int64_t(selector_) + pc;
        const uint64_t at = uint64_t(base_) + uint64_t(abs) * kFaceInstructionSize;
        if (abs < 0 || abs >= int64_t(count_))
            fail(ErrorKind::BadIndex, at,
                 "selector instruction " + std::to_string(pc) + " of program " +
                     std::to_string(selector_) + " inside the selector table (" + hex(base_) +
                     ".." + hex(base_ + uint32_t(table_.size())) + ", " + std::to_string(count_) +
                     " instructions)");
        ByteReader r(table_.subspan(size_t(abs) * kFaceInstructionSize, kFaceInstructionSize), at,
                     Endian::Big);
        FaceInstruction in;
        in.offset = uint32_t(at);
        in.op = r.s32("selector op");
        in.duration = r.f32be("selector duration");
        in.first = r.s16("selector first");
        in.last = r.s16("selector last");
        return in;
    }

    void check_image(const FaceInstruction& in, int32_t image) const {
        if (image < 0 || uint32_t(image) >= images_)
            fail(ErrorKind::BadIndex, in.offset,
                 "an image index below the bank's " + std::to_string(images_) + " images (op " +
                     std::to_string(in.op) + " names " + std::to_string(image) + ")");
    }

    // Time has reached the limit (and the first image is known).
    bool past() const { return t_ >= limit_ && !out_.keys.empty(); }

    // Shows `image` from now (nothing past the limit).
    void show(uint32_t image) {
        if (past()) return;
        if (out_.keys.empty() || out_.keys.back().time < t_) {
            // A key only where the image changes (STEP keys holding the same value
            // add nothing).
            if (out_.keys.empty() || out_.keys.back().image != image)
                out_.keys.push_back({t_, image});
        } else {
            out_.keys.back().image = image;  // several images at one time: the last wins
            if (out_.keys.size() > 1 && out_.keys[out_.keys.size() - 2].image == image)
                out_.keys.pop_back();
        }
        if (out_.keys.size() > kMaxFaceKeys)
            fail(ErrorKind::AllocationLimit, cur_.offset,
                 "at most " + std::to_string(kMaxFaceKeys) + " face keys before " +
                     std::to_string(limit_) + " s");
    }

    // Lets `d` seconds pass; false once the limit is reached.
    bool wait(float d) {
        if (!std::isfinite(d) || d <= 0.0f)
            fail(ErrorKind::BadValue, cur_.offset + 4,
                 "a positive finite duration for op " + std::to_string(cur_.op) +
                     " (zero durations would never let time pass; got " + std::to_string(d) + ")");
        const double next = t_ + double(d);
        if (!(next > t_))
            fail(ErrorKind::BadValue, cur_.offset + 4,
                 "a duration that advances time at " + std::to_string(t_) + " s (got " +
                     std::to_string(d) + ")");
        t_ = next;
        ++epoch_;  // time passed: revisiting an instruction is a legitimate loop
        return t_ < limit_;
    }

    FaceTimeline run(bool natural) {
        int64_t pc = 0;
        for (;;) {
            cur_ = fetch(pc);
            if (++steps_ > kMaxFaceSteps)
                fail(ErrorKind::StepLimit, cur_.offset,
                     "a selector program reaching " + std::to_string(limit_) + " s within " +
                         std::to_string(kMaxFaceSteps) + " instructions (at " + std::to_string(t_) +
                         " s)");
            const size_t abs = size_t(int64_t(selector_) + pc);
            if (seen_[abs] == epoch_ + 1)
                fail(ErrorKind::StepLimit, cur_.offset,
                     "a selector program that lets time pass (program " +
                         std::to_string(selector_) + " jumps forever through instruction " +
                         std::to_string(pc) + " without showing an image for any time)");
            seen_[abs] = epoch_ + 1;
            if (uint64_t(pc) + 1 > out_.program.size())
                for (int64_t k = int64_t(out_.program.size()); k <= pc; ++k)
                    out_.program.push_back(fetch(k));
            switch (cur_.op) {
                case 0:
                    check_image(cur_, cur_.first);
                    if (past()) return finish();
                    show(uint32_t(cur_.first));
                    if (!wait(cur_.duration)) return finish();
                    ++pc;
                    break;
                case 1: {
                    check_image(cur_, cur_.first);
                    check_image(cur_, cur_.last);
                    const int step = cur_.last >= cur_.first ? 1 : -1;
                    if (past()) return finish();
                    for (int32_t i = cur_.first;; i += step) {
                        show(uint32_t(i));
                        if (!wait(cur_.duration)) return finish();
                        if (i == cur_.last) break;
                    }
                    ++pc;
                    break;
                }
                case 2:
                    // No time passes: past the limit it is still run, so a
                    // jump cycle through it is caught.
                    check_image(cur_, cur_.first);
                    show(uint32_t(cur_.first));
                    ++pc;
                    break;
                case 3:
                    if (std::isnan(cur_.duration))
                        fail(ErrorKind::BadValue, cur_.offset + 4,
                             "an op 3 duration that is a number (< 0 jump, >= 0 end)");
                    if (cur_.duration >= 0.0f) {
                        out_.ends = true;
                        if (!out_.loops) out_.natural_length = t_;
                        return finish();
                    }
                    if (cur_.first < 0)
                        fail(ErrorKind::BadIndex, cur_.offset + 8,
                             "a jump target at or after the program start (got " +
                                 std::to_string(cur_.first) + ")");
                    if (!out_.loops) {
                        out_.loops = true;
                        out_.natural_length = t_;
                        // The natural length ends here, but the jump is still
                        // followed until time would pass: a cycle that never
                        // lets it pass is caught, not cut short.
                        if (natural) limit_ = t_;
                    }
                    pc = cur_.first;
                    fetch(pc);  // a target outside the table is this jump's error
                    break;
                default:
                    fail(ErrorKind::BadValue, cur_.offset,
                         "a selector op 0..3 (got " + std::to_string(cur_.op) + ")");
            }
        }
    }

  private:
    FaceTimeline finish() {
        if (out_.keys.empty()) fail(ErrorKind::BadValue, cur_.offset, "a program showing an image");
        out_.horizon = std::min(t_, limit_);
        if (!out_.ends && !out_.loops) out_.natural_length = out_.horizon;
        return std::move(out_);
    }

    ByteSpan table_;
    uint32_t base_;
    int32_t selector_;
    uint32_t images_;
    double limit_;
    uint32_t count_;
    std::vector<uint32_t> seen_;  // epoch + 1 of the last visit
    uint32_t epoch_ = 0;
    uint64_t steps_ = 0;
    double t_ = 0.0;
    FaceInstruction cur_;
    FaceTimeline out_;
};

}  // namespace

FaceTimeline run_face_program(ByteSpan table, uint32_t table_offset, int32_t selector,
                              uint32_t image_count, std::optional<double> horizon) {
    if (horizon && !(*horizon >= 0.0))
        fail_no_offset(ErrorKind::Usage, "a face horizon >= 0 seconds");
    if (selector < 0)
        fail_no_offset(ErrorKind::BadIndex,
                       "a selector >= 0 (got " + std::to_string(selector) + ")");
    const double limit = horizon ? std::min(*horizon, kMaxFaceSeconds) : kMaxFaceSeconds;
    Runner r(table, table_offset, selector, image_count, limit);
    FaceTimeline t = r.run(!horizon);
    if (horizon) t.horizon = limit;
    return t;
}

std::vector<uint32_t> face_frames(const FaceTimeline& t, double fps) {
    std::vector<uint32_t> out;
    size_t k = 0;
    // Key times are sums of single-precision durations: a key within a
    // microsecond after a frame's time counts for that frame.
    constexpr double kSlack = 1e-6;
    do {
        const double at = double(out.size()) / fps;
        while (k + 1 < t.keys.size() && t.keys[k + 1].time <= at + kSlack) ++k;
        out.push_back(t.keys.empty() ? 0 : t.keys[k].image);
    } while (double(out.size()) / fps < t.horizon - kSlack &&
             out.size() < size_t(kMaxFaceSeconds * fps) + 1);
    return out;
}

}  // namespace ripkit::hey_you_pikachu
