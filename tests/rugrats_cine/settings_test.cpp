// rugrats-cine's settings and options reach decoding and the scene with their
// typed values: --set scale, --set audio_file/audio_channel, --cine, --audio.
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"
#include "rugrats_cine/document.hpp"
#include "rugrats_cine/testkit/cine_writer.hpp"
#include "rugrats_cine/testkit/demo.hpp"
#include "scene_channels.hpp"

using namespace ripkit;
using namespace ripkit::rugrats_cine;

namespace {

const Bytes& stream() {
    static const Bytes b =
        write_stream(make_demo_stream({.frames = 12, .sound = true}), cd::SectorShape::Raw2352);
    return b;
}

const Channel& camera_translation(const Scene& s) {
    return test::channel_of(s, "camera", AnimPath::Translation);
}

bool has_warning(const CineDocument& d, const std::string& text) {
    for (const std::string& w : d.warnings())
        if (w.find(text) != std::string::npos) return true;
    return false;
}

}  // namespace

TEST_CASE("rugrats --set scale multiplies the converted positions") {
    Options native, o;
    native.native = true;
    o.settings["scale"] = "2";
    const Scene engine = CineDocument(stream(), native).scene(1);
    const Scene two = CineDocument(stream(), o).scene(1);
    const Channel& e = camera_translation(engine);
    const Channel& b = camera_translation(two);
    REQUIRE(e.values.size() == b.values.size());
    // Engine (x, y, z), Y down -> (x, -y, -z) * 2.
    for (size_t k = 0; k < e.values.size(); ++k)
        CHECK(glm::vec3(b.values[k]) ==
              glm::vec3(2 * e.values[k].x, -2 * e.values[k].y, -2 * e.values[k].z));
    o.settings["scale"] = "0";
    CHECK_THROWS_AS(CineDocument(stream(), o), Error);
}

TEST_CASE("rugrats --set audio_channel picks another channel, --audio all every sector") {
    Options other;
    other.settings["audio_channel"] = "5";
    const CineDocument d(stream(), other);
    CHECK(has_warning(d, "no XA audio on file"));
    CHECK(has_warning(d, "channel 5"));
    CHECK_FALSE(d.scene(1).audio);

    const Scene played = CineDocument(stream(), Options{}).scene(1);
    REQUIRE(played.audio);
    CHECK(played.audio->extras["ripkit.audio"] == "XA sectors as the console plays them");
    Options all;
    all.format_options["audio"] = {"all"};
    const Scene every = CineDocument(stream(), all).scene(1);
    REQUIRE(every.audio);
    CHECK(every.audio->extras["ripkit.audio"] == "every XA sector decoded");
}

TEST_CASE("rugrats --cine: given or assumed 0 with a warning") {
    const CineDocument assumed(stream(), Options{});
    CHECK(has_warning(assumed, "cinematic number not given"));
    CHECK(assumed.info()["cine"] == 0);
    CHECK(assumed.info()["assumptions"]["cine"].get<std::string>().find(
              "[cine = 0, the default]") != std::string::npos);
    Options seven;
    seven.format_options["cine"] = {"7"};
    const CineDocument given(stream(), seven);
    CHECK_FALSE(has_warning(given, "cinematic number not given"));
    CHECK(given.scene(1).extras["cine"] == 7);
    seven.format_options["cine"] = {"seven"};
    CHECK_THROWS_AS(CineDocument(stream(), seven), Error);
}
