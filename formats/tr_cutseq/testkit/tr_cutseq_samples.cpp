// tr_cutseq_write_samples (the test kit's contract, cmake/RipkitFormat.cmake):
// samples/tr_cutseq/.
#include "tr_cutseq_samples.hpp"

#include <filesystem>
#include <string>
#include <vector>

#include "demo_cutscenes.hpp"
#include "ripkit/testkit/sample_file.hpp"
#include "tr_cutseq/cutseq_writer.hpp"

namespace ripkit::formats {

namespace {

tr_cutseq::DemoSpec demo(int index, int frames, int actors, std::vector<int> cuts, int32_t audio,
                         bool no_lara, uint32_t seed) {
    tr_cutseq::DemoSpec d;
    d.index = index;
    d.frames = frames;
    d.actors = actors;
    d.cuts = std::move(cuts);
    d.audio_track = audio;
    d.no_lara = no_lara;
    d.seed = seed;
    return d;
}

}  // namespace

void tr_cutseq_write_samples(const std::filesystem::path& dir) {
    using namespace tr_cutseq;
    using testkit::write_sample;
    // TR4: cutscene 1 a 240-frame flight around Lara and a second actor,
    // 2 empty, 3 a 120-frame scene with a camera cut at frame 60.
    std::vector<Cutscene> tr4;
    tr4.push_back(make_demo_cutscene(demo(1, 240, 2, {}, 3, false, 1)));
    Cutscene empty;
    empty.index = 2;
    tr4.push_back(empty);
    tr4.push_back(make_demo_cutscene(demo(3, 120, 1, {60}, -1, false, 2)));
    write_sample(dir / "CUTSEQ.PAK", write_pak(tr4));

    // TR5: 1 two actors with a cut, 2 and 3 empty, 4 "no Lara" (slot -1).
    std::vector<Cutscene> tr5;
    tr5.push_back(make_demo_cutscene(demo(1, 150, 2, {90}, 7, false, 3)));
    tr5.push_back(make_demo_cutscene(demo(4, 60, 2, {}, -1, true, 4)));
    write_sample(dir / "CUTSEQ.BIN", write_bin(tr5));

    // ./run.sh converts them with the bundled levels, whose moveables are
    // these actors (slots 0 and 101) and whose rooms are where they play.
    const std::string tr4_args = "--level ../tr_level/DEMO.TR4\n",
                      tr5_args = "--level ../tr_level/DEMO.TRC\n";
    write_sample(dir / "CUTSEQ.PAK.args", tr4_args);
    write_sample(dir / "CUTSEQ.BIN.args", tr5_args);
}

}  // namespace ripkit::formats
