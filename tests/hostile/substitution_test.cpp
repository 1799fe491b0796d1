// Nothing dropped silently: where a decoder substitutes a value the game data
// cannot mean - an all-zero quaternion shown unrotated, a TR camera on its
// target's vertical holding its last orientation - the document says so in a
// warning naming what and how many.
#include "../../formats/rugrats_cine/testkit/demo.hpp"
#include "../../formats/tr_cutseq/cutseq_writer.hpp"
#include "../../formats/tr_cutseq/testkit/demo_cutscenes.hpp"
#include "../../formats/zouna/container/container.hpp"
#include "../../formats/zouna/container/crc32.hpp"
#include "../../formats/zouna/encode/animation_writer.hpp"
#include "../../formats/zouna/testkit/kit_writer.hpp"
#include "../../formats/zouna/testkit/sample_objects.hpp"
#include "ripkit/format.hpp"
#include "ripkit/registry.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;

namespace {

// The warnings of `bytes` opened as `format_id` that contain `part`.
size_t warnings_with(const std::string& format_id, const std::string& name, const Bytes& bytes,
                     const std::string& part) {
    const Format* f = find_format(format_id);
    REQUIRE(f);
    const auto doc = f->open(Input{name, bytes}, Options{});
    (void)doc->items();  // the findings of every item, as `info` and `list` see them
    size_t n = 0;
    for (const std::string& w : doc->warnings()) {
        INFO(w);
        n += w.find(part) != std::string::npos;
    }
    return n;
}

}  // namespace

TEST_CASE("Rugrats: all-zero quaternions are counted in a warning") {
    using namespace rugrats_cine;
    StreamSpec s = make_demo_stream({.frames = 6, .sound = false, .channel = 1});
    const std::string part = "all-zero quaternions";
    const auto file = [&] {
        return cd::write_sectors(interleave({stream_sectors(s)}), cd::SectorShape::Raw2352);
    };
    CHECK(warnings_with("rugrats_cine", "OK.BIN", file(), part) == 0);
    s.frames.at(2).camera_q = {0, 0, 0, 0};
    s.frames.at(4).camera_q = {0, 0, 0, 0};
    s.frames.at(4).actors.at(0).q = {0, 0, 0, 0};
    CHECK(warnings_with("rugrats_cine", "ZERO.BIN", file(), "3 " + part) == 1);
}

TEST_CASE("Zouna: all-zero rest and key rotations are counted in a warning") {
    using namespace zouna;
    const Variants v;
    Skel skel = sample_skel();
    const std::string part = "all-zero rotations";
    const auto object = [&] {
        return write_object(asobo_crc32(kSkelClass), asobo_crc32("SKEL"), {},
                            write_skel(skel, Endian::Little, v), Endian::Little, false);
    };
    CHECK(warnings_with("zouna", "SKEL.Skel_Z", object(), part) == 0);
    skel.bones.at(1).rotation = glm::vec4(0.0f);
    skel.bones.at(2).rotation = glm::vec4(0.0f);
    CHECK(warnings_with("zouna", "SKEL.Skel_Z", object(), "2 " + part) == 1);
}

TEST_CASE("TR: a camera on its target's vertical is a warning naming the frames") {
    using namespace tr_cutseq;
    DemoSpec d;
    d.frames = 10;
    d.actors = 1;
    Cutscene c = make_demo_cutscene(d);
    const std::string part = "target on the camera's vertical";
    CHECK(warnings_with("tr_cutseq", "OK.BIN", write_bin({c}, 44), part) == 0);
    // Frames 3 and 7: the position (node 1) right above the target (node 0).
    for (int f : {3, 7}) {
        c.camera.at(f, 1, 0) = c.camera.at(f, 0, 0);
        c.camera.at(f, 1, 2) = c.camera.at(f, 0, 2);
    }
    CHECK(warnings_with("tr_cutseq", "HELD.BIN", write_bin({c}, 44), "2 frames with the " + part) ==
          1);
}
