// Whole files through the Format: every sector shape, channels as items,
// dump, scene (camera, actors, poses, faces, ids 510/511, ending, audio),
// errors, and the decoder against ffmpeg's adpcm_xa.
#include "rugrats_cine/document.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "ripkit/codec/xa_adpcm.hpp"
#include "ripkit_catch.hpp"
#include "rugrats_cine/cine_scene.hpp"
#include "rugrats_cine/ending.hpp"
#include "rugrats_cine/testkit/cine_writer.hpp"
#include "rugrats_cine/testkit/demo.hpp"
#include "rugrats_cine/testkit/rugrats_cine_samples.hpp"

using namespace ripkit;
using namespace ripkit::rugrats_cine;

namespace {

std::unique_ptr<CineDocument> open(const Bytes& b, Options o = {}) {
    return std::make_unique<CineDocument>(b, o);
}

const Channel* find_channel(const Scene& s, const std::string& node, AnimPath path) {
    const int n = s.find_node(node);
    for (const Channel& c : s.animations.at(0).channels)
        if (c.node == n && c.path == path) return &c;
    return nullptr;
}

// The file's error, or - when it opens and a cinematic is broken - that
// cinematic's (listed with it, thrown by scene()).
Error expect_error(const Bytes& b, Options o = {}) {
    try {
        CineDocument d(b, o);
        for (const ItemSummary& s : d.items())
            if (s.error) {
                CHECK_FALSE(s.empty);
                CHECK_THROWS_AS(d.scene(s.id), Error);
                return *s.error;
            }
    } catch (const Error& e) {
        return e;
    }
    FAIL("no error");
    return Error(ErrorKind::Usage, std::nullopt, "");
}

StreamSpec small_stream(uint16_t frames, bool sound) {
    return make_demo_stream({.frames = frames, .sound = sound});
}

}  // namespace

TEST_CASE("every shape decodes to the same records; 2048 copies say there is no audio") {
    const StreamSpec spec = small_stream(12, true);
    for (cd::SectorShape shape : {cd::SectorShape::Raw2352, cd::SectorShape::Riff,
                                  cd::SectorShape::Mode2_2336, cd::SectorShape::Data2048}) {
        const Bytes file = write_stream(spec, shape);
        CHECK(probe_stream(ByteSpan(file.data(), std::min<size_t>(file.size(), 65536))) > 0);
        const auto doc = open(file);
        const nlohmann::json info = doc->info();
        CHECK(info["shape"] == cd::shape_name(shape));
        const nlohmann::json d = doc->dump(std::nullopt);
        CHECK(d["shape"] == cd::shape_name(shape));
        CHECK(d["header"]["frames"] == 12);
        CHECK(d["header"]["setup_size"] == 64);
        CHECK(d["header"]["magic"] == 0xf00dbabeu);
        REQUIRE(d["frames"].size() == 12);
        CHECK(d["end"] == "count");
        const nlohmann::json& f2 = d["frames"][1];
        CHECK(f2["frame"] == 2);
        CHECK(f2["camera"]["quaternion"] ==
              nlohmann::json(std::vector<int>(spec.frames[1].camera_q.begin(),
                                              spec.frames[1].camera_q.end())));
        CHECK(f2["actors"][0]["id"] == 5);
        CHECK(f2["poses"][1]["keys"][2]["channel"] == 2);
        if (shape == cd::SectorShape::Data2048) {
            CHECK(d["audio"].is_null());
            CHECK(f2["sector"] == 2);
            bool said = false;
            for (const auto& w : info["warnings"])
                said |= w.get<std::string>().find("2048-byte copy: no audio") != std::string::npos;
            CHECK(said);
        } else {
            // Frame 1 at sector 2, then every 5.
            CHECK(d["frames"][0]["sector"] == 2);
            CHECK(f2["sector"] == 7);
            CHECK(d["audio"]["channels"] == 2);
            CHECK(d["audio"]["rate"] == 37800);
            CHECK(d["audio"]["sectors"].get<int>() > 0);
        }
    }
}

TEST_CASE("end marker sector and frame count") {
    StreamSpec spec = small_stream(4, false);
    spec.header.frames = 10;
    spec.end_marker = true;
    const auto doc = open(write_stream(spec, cd::SectorShape::Raw2352));
    const nlohmann::json d = doc->dump(std::nullopt);
    CHECK(d["end"] == "marker");
    CHECK(d["frames"].size() == 4);
    // Stopping at the count: later data sectors are not read.
    StreamSpec more = small_stream(6, false);
    more.header.frames = 3;
    const auto doc2 = open(write_stream(more, cd::SectorShape::Mode2_2336));
    CHECK(doc2->dump(std::nullopt)["frames"].size() == 3);
}

TEST_CASE("cinematics on different channels are separate items; +4 payloads") {
    StreamSpec a = small_stream(5, true);
    a.channel = 1;
    StreamSpec b = small_stream(7, true);
    b.channel = 2;
    b.channel_prefix = true;
    b.header.magic = kMagicAlt;
    const Bytes file = cd::write_sectors(interleave({stream_sectors(a), stream_sectors(b)}),
                                         cd::SectorShape::Raw2352);
    const auto doc = open(file);
    const auto items = doc->items();
    REQUIRE(items.size() == 2);
    CHECK(items[0].id == 1);
    CHECK(items[1].id == 2);
    CHECK(doc->dump(1)["frames"].size() == 5);
    const nlohmann::json d2 = doc->dump(2);
    CHECK(d2["frames"].size() == 7);
    CHECK(d2["header"]["magic"] == 0xbabed00du);
    CHECK(doc->info()["cinematics"][1]["payload_offset"] == 4);
    CHECK_THROWS_AS(doc->scene(3), Error);
}

TEST_CASE("bad input gives clear errors") {
    const Bytes good = write_stream(small_stream(3, false), cd::SectorShape::Raw2352);
    SECTION("no header: wrong magic") {
        Bytes b = good;
        b[24] ^= 0xFF;
        const Error e = expect_error(b);
        CHECK(e.kind() == ErrorKind::WrongFormat);
        CHECK(*e.offset() == 24);
    }
    SECTION("missing 0xdead") {
        StreamSpec s = small_stream(3, false);
        Bytes b = write_stream(s, cd::SectorShape::Raw2352);
        b[24 + 6] = 0;
        CHECK(expect_error(b).kind() == ErrorKind::WrongFormat);
    }
    SECTION("broken sync") {
        Bytes b = good;
        b[2352 * 2 + 3] = 0;
        const Error e = expect_error(b);
        CHECK(*e.offset() == 2352 * 2);
    }
    SECTION("truncated sector") {
        Bytes b = good;
        b.resize(b.size() - 1);
        CHECK(expect_error(b).kind() == ErrorKind::Truncated);
    }
    SECTION("fewer frames than the header says") {
        StreamSpec s = small_stream(3, false);
        s.header.frames = 9;
        const Error e = expect_error(write_stream(s, cd::SectorShape::Raw2352));
        CHECK(e.kind() == ErrorKind::Truncated);
        CHECK(std::string(e.what()).find("frame 4 of 9") != std::string::npos);
    }
    SECTION("counts that overrun a sector") {
        Bytes b = good;
        // Frame 1 (sector 2): pose 0 (after 1 actor, at record +48) gets 255 keys.
        b[2352 * 2 + 24 + 48 + 14] = 0xFF;
        const Error e = expect_error(b);
        CHECK(e.kind() == ErrorKind::Truncated);
        CHECK(std::string(e.what()).find("sector 2") != std::string::npos);
    }
    SECTION("a 2048 file with garbage") {
        Bytes b(4096, 0x41);
        CHECK(expect_error(b).kind() == ErrorKind::WrongFormat);
        CHECK(probe_stream(b) == 0);
    }
}

TEST_CASE("scene: camera, objects, STEP keys, conversions") {
    StreamSpec spec = small_stream(3, false);
    // Frame 1: a hand-set camera and an id 510 actor.
    spec.frames[0].camera_position = {10, 20, 30};
    spec.frames[0].camera_q = {0, 0, 0, 2000};  // any scale
    ActorRecord special;
    special.id = 510;
    special.position = {1, 2, 3};
    special.q = {0, 1000, 0, 0};  // half turn about engine Y
    spec.frames[0].actors.push_back(special);
    const Bytes file = write_stream(spec, cd::SectorShape::Raw2352);
    const auto doc = open(file);
    const Scene s = doc->scene(1);
    validate_scene(s);
    REQUIRE(s.cameras.size() == 1);  // 3 frames: no ending
    // yfov from H 178 on 240 lines: 2 atan(120/178); aspect (256/1.6)/120 = 4/3.
    CHECK(s.cameras[0].yfov == Approx(2 * std::atan(120.0 / 178.0)));
    CHECK(s.cameras[0].aspect == Approx(4.0 / 3.0));
    const Channel* cam_t = find_channel(s, "camera", AnimPath::Translation);
    REQUIRE(cam_t);
    CHECK(cam_t->interp == Interp::Step);
    CHECK(cam_t->times[1] == Approx(1.0 / 30.0));
    CHECK(cam_t->values[0].x == 10);
    CHECK(cam_t->values[0].y == -20);  // Y down -> Y up
    CHECK(cam_t->values[0].z == -30);
    const Channel* cam_r = find_channel(s, "camera", AnimPath::Rotation);
    CHECK(cam_r->values[0] == glm::vec4(0, 0, 0, 1));
    // 510: moved 0x2000 down (engine +Y, so output -Y), 602 takes the record.
    const Channel* a510 = find_channel(s, "actor_510", AnimPath::Translation);
    REQUIRE(a510);
    CHECK(a510->values[0].y == Approx(-(2.0 + 8192.0)));
    const Channel* a602 = find_channel(s, "actor_602", AnimPath::Translation);
    REQUIRE(a602);
    CHECK(a602->values[0] == glm::vec4(1, -2, -3, 0));
    const Channel* r602 = find_channel(s, "actor_602", AnimPath::Rotation);
    // (0, 1, 0, 0) -> (x, -y, -z, w) = (0, -1, 0, 0)
    CHECK(r602->values[0].y == Approx(-1.0f));
    // Pose children per channel, face tracks.
    CHECK(s.find_node("pose_7_ch2") >= 0);
    CHECK(s.nodes[size_t(s.find_node("pose_7_ch2"))].parent == s.find_node("pose_7"));
    const Channel* mouth = find_channel(s, "actor_5_mouth", AnimPath::Translation);
    REQUIRE(mouth);
    CHECK(mouth->interp == Interp::Step);
    // Demo: actor 5 mouth field = n % 16 -> frames 1, 2, 3.
    CHECK(mouth->values[2].x == 3);
    CHECK(s.extras["backdrop_rgb"] == nlohmann::json({217, 175, 141}));
    // Metadata contract (docs/architecture.md): 3 records at 30 per second, no sound.
    CHECK(s.extras["frame_rate"] == 30.0);
    CHECK(s.extras["frame_count"] == 3);
    CHECK_FALSE(s.extras.contains("fps"));
    CHECK_FALSE(s.extras.contains("audio"));
    CHECK_FALSE(s.audio);
    // Face tracks are value-track nodes: {"ripkit_track", "target", "component"}.
    const nlohmann::json& face = s.nodes[size_t(s.find_node("actor_5_mouth"))].extras;
    CHECK(face["ripkit_track"] == "mouth");
    CHECK(face["target"] == "actor_5");
    CHECK(face["component"] == "x");
    CHECK(s.nodes[size_t(s.find_node("actor_5_eyes"))].extras["ripkit_track"] == "eyes");

    Options native;
    native.native = true;
    const Scene n = open(file, native)->scene(1);
    CHECK(find_channel(n, "camera", AnimPath::Translation)->values[0].y == 20);
}

TEST_CASE("cinematic 0 reproduces the opening's ending") {
    // The seed's numbers by hand: k = 30 at 1213 puts A at (0, 20, 4600 - 5000 + 200)
    // = (2250 - 2250, -2450 + 2430, -5000 + 4800) = (0, -20, -200).
    const std::vector<EndingState> st = simulate_ending(1412);
    REQUIRE(st.size() == 1412 - 1184 + 1);
    CHECK(st[0].a == std::array<int, 3>{2175, -2369, -4840});  // k = 1
    const EndingState& at1213 = st[1213 - 1184];
    CHECK(at1213.a == std::array<int, 3>{0, -20, -200});
    CHECK(at1213.milk_28 == 8190);
    CHECK_FALSE(at1213.flying);
    CHECK(at1213.b[2] == -17048 + 600);
    // B moves 600 a call from 1213: -17048 + 600 * 27 = -848 at 1239, then
    // -248 >= -500 clamps to -500 at 1240 with A.z = -300 and H 386.
    CHECK(st[1239 - 1184].b[2] == -848);
    CHECK(st[1240 - 1184].b[2] == -500);
    CHECK(st[1240 - 1184].a[2] == -300);
    CHECK(st[1240 - 1184].b_h == 386);
    CHECK_FALSE(st[1240 - 1184].text);
    CHECK(st[1241 - 1184].text);

    StreamSpec spec = small_stream(1250, false);
    const auto doc = open(write_stream(spec, cd::SectorShape::Mode2_2336));
    Options o;
    o.format_options["cine"] = {"0"};
    const Scene s = CineDocument(write_stream(spec, cd::SectorShape::Mode2_2336), o).scene(1);
    validate_scene(s);
    REQUIRE(s.cameras.size() == 3);
    const Camera& b = s.cameras[2];
    CHECK(b.name == "ending_camera_b");
    REQUIRE(b.yfov_times.size() == 2);
    CHECK(b.yfov_times[1] == Approx(1239.0 / 30.0));
    CHECK(b.yfov_values[1] == Approx(2 * std::atan(120.0 / 386.0)));
    const Channel* a = find_channel(s, "ending_camera_a", AnimPath::Translation);
    REQUIRE(a);
    // Record 1212 (counter 1213) at 1212/30 s: (0, -20, -200) -> (0, 20, 200).
    bool found = false;
    for (size_t i = 0; i < a->times.size(); ++i)
        if (std::abs(a->times[i] - 1212.0 / 30.0) < 1e-9) {
            CHECK(a->values[i] == glm::vec4(0, 20, 200, 0));
            found = true;
        }
    CHECK(found);
    Options seven;
    seven.format_options["cine"] = {"7"};
    CHECK(CineDocument(write_stream(spec, cd::SectorShape::Mode2_2336), seven)
              .scene(1)
              .cameras.size() == 1);
}

TEST_CASE("audio: played vs all, stereo/mono and rates") {
    const StreamSpec spec = make_demo_stream({.frames = 30});
    const Bytes file = write_stream(spec, cd::SectorShape::Raw2352);
    const auto doc = open(file);
    const Scene s = doc->scene(1);
    REQUIRE(s.audio);
    CHECK(s.audio->channels == 2);
    CHECK(s.audio->sample_rate == 37800);
    // The played track spans the stream: 152 sectors at 1/150 s, minus the
    // tail after the last played sector (under 8 slots).
    const double seconds = double(s.audio->samples.size() / 2) / 37800.0;
    CHECK(seconds == Approx(152.0 / 150.0).margin(8.0 / 150.0));
    Options all;
    all.format_options["audio"] = {"all"};
    const Scene every = open(file, all)->scene(1);
    const size_t sectors = doc->info()["cinematics"][0]["audio"]["sectors"];
    CHECK(every.audio->samples.size() == sectors * 4032);

    const StreamSpec mono = make_demo_stream({.frames = 10, .stereo = false, .rate = 18900});
    const auto mdoc = open(write_stream(mono, cd::SectorShape::Mode2_2336));
    const Scene ms = mdoc->scene(1);
    CHECK(ms.audio->channels == 1);
    CHECK(ms.audio->sample_rate == 18900);

    // Metadata contract: scene extras audio describes the Audio the exporter writes.
    // Played track: 152 sectors of 1/150 s at 37.8 kHz (as above) = ~38304 frames.
    const nlohmann::json& a = s.extras["audio"];
    CHECK(a["rate"] == 37800);
    CHECK(a["channels"] == 2);
    CHECK(a["frames"] == s.audio->samples.size() / 2);
    CHECK(a["frames"].get<double>() ==
          Approx(152.0 / 150.0 * 37800.0).margin(8.0 / 150.0 * 37800.0));
    CHECK(a["start_frame"] == 0);
    // --audio all: every sector's 4032 samples, 2016 stereo frames each.
    CHECK(every.extras["audio"]["frames"] == sectors * 2016);
    CHECK(ms.extras["audio"]["rate"] == 18900);
    CHECK(ms.extras["audio"]["channels"] == 1);
    CHECK(ms.extras["audio"]["frames"] == ms.audio->samples.size());
    CHECK(ms.extras["frame_count"] == 10);
}

TEST_CASE("played audio is the source tone once through, in order (fill layout repeats pieces)") {
    // The demo's 30 frames span 2 + 5 * 30 = 152 sector times; every audio
    // slot holds the piece due at that time (piece k in slots 8k .. 8k + 7).
    // A stereo 37.8 kHz piece is 2016 frames = 2352 at 44.1 kHz = 8 sector
    // times of output, so the console decodes one at sector time 1 (the first
    // audio sector, after the header) and then one every 8: times 1, 9, ...,
    // 145, which is 19 pieces, 0 to 18, each once. Before the first, one
    // sector time of dry output: 294 frames at 44.1 kHz = 252 at 37.8 kHz.
    const StreamSpec spec = make_demo_stream({.frames = 30});
    const auto doc = open(write_stream(spec, cd::SectorShape::Raw2352));
    const nlohmann::json a = doc->info()["cinematics"][0]["audio"];
    CHECK(a["played"] == 19);
    const Scene s = doc->scene(1);
    REQUIRE(s.audio);
    const std::vector<int16_t>& out = s.audio->samples;
    constexpr size_t kLead = 2 * 252, kPiece = 4032;
    REQUIRE(out.size() == kLead + 19 * kPiece);
    for (size_t i = 0; i < kLead; ++i) CHECK(out[i] == 0);
    // Piece j of the output against piece j of the tone the demo encoded
    // (spec.pcm is the encoder's input): only ADPCM's own error remains. A
    // repeated or skipped piece would be a different stretch of the chirp
    // and fall to about 0 dB.
    for (size_t j = 0; j < 19; ++j) {
        double sig = 0, err = 0;
        for (size_t i = 0; i < kPiece; ++i) {
            const double want = spec.pcm[j * kPiece + i], got = out[kLead + j * kPiece + i];
            sig += want * want;
            err += (want - got) * (want - got);
        }
        INFO("piece " << j);
        CHECK(10 * std::log10(sig / std::max(err, 1.0)) > 40.0);
    }
}

TEST_CASE("decoded samples equal ffmpeg's adpcm_xa on the same sectors") {
    StreamSpec spec = make_demo_stream({.frames = 6});
    spec.fill = false;  // each piece once: ffmpeg decodes every audio sector
    const Bytes file = write_stream(spec, cd::SectorShape::Raw2352);
    const auto dir = std::filesystem::temp_directory_path() / "ripkit_rugrats_ffmpeg";
    std::filesystem::create_directories(dir);
    const auto in = dir / "stream.bin", out = dir / "out.pcm";
    {
        std::ofstream f(in, std::ios::binary);
        f.write(reinterpret_cast<const char*>(file.data()), std::streamsize(file.size()));
    }
    std::filesystem::remove(out);
    const std::string cmd = "ffmpeg -nostdin -v quiet -y -f psxstr -i '" + in.string() +
                            "' -f s16le '" + out.string() + "'";
    REQUIRE(std::system(cmd.c_str()) == 0);
    std::ifstream f(out, std::ios::binary);
    const std::string pcm((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    Options all;
    all.format_options["audio"] = {"all"};
    const Scene s = open(file, all)->scene(1);
    REQUIRE(s.audio);
    REQUIRE(pcm.size() == s.audio->samples.size() * 2);
    size_t diffs = 0;
    for (size_t i = 0; i < s.audio->samples.size(); ++i) {
        const int16_t v = int16_t(uint8_t(pcm[2 * i]) | (uint8_t(pcm[2 * i + 1]) << 8));
        diffs += v != s.audio->samples[i];
    }
    CHECK(diffs == 0);
}

TEST_CASE("the bundled samples are reproduced byte for byte and decode") {
    const auto dir = std::filesystem::temp_directory_path() / "ripkit_rugrats_samples";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    formats::rugrats_cine_write_samples(dir);
    const char* src = std::getenv("RIPKIT_SOURCE_DIR");
    const std::filesystem::path committed =
        std::filesystem::path(src ? src : ".") / "samples" / "rugrats_cine";
    auto slurp = [](const std::filesystem::path& p) {
        std::ifstream f(p, std::ios::binary);
        return Bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    };
    for (const char* name : {"DEMO_RAW.BIN", "DEMO_2336.STR", "DEMO_DATA.BIN"}) {
        const Bytes fresh = slurp(dir / name);
        REQUIRE_FALSE(fresh.empty());
        CHECK(fresh == slurp(committed / name));
        const auto doc = open(fresh);
        CHECK(doc->items().size() == 1);
    }
    CHECK(open(slurp(dir / "DEMO_RAW.BIN"))->info()["shape"] == "raw2352");
    CHECK(open(slurp(dir / "DEMO_2336.STR"))->info()["shape"] == "mode2_2336");
    CHECK(open(slurp(dir / "DEMO_DATA.BIN"))->info()["shape"] == "data2048");
}

TEST_CASE("the XA samples are decoded only for a scene that asks for them") {
    const Bytes file = write_stream(make_demo_stream({.frames = 30}), cd::SectorShape::Raw2352);
    const size_t played_bytes = open(file)->scene(1).audio->samples.size() * sizeof(int16_t);
    // One buffer short of the played track: only decoding the samples needs that much.
    Options o;
    o.limits.max_alloc_bytes = played_bytes - 1;
    const auto doc = open(file, o);
    // info and list still describe the track (the sector scan) and see no error.
    CHECK(doc->info()["cinematics"][0]["audio"]["sectors"].get<int>() > 0);
    CHECK_FALSE(doc->items()[0].error);
    try {
        (void)doc->scene(1);
        FAIL("the audio was decoded within the limit");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::AllocationLimit);
        CHECK_THAT(e.what(), Catch::Matchers::ContainsSubstring("decoded XA samples") &&
                                 Catch::Matchers::ContainsSubstring("the audio of cinematic 1"));
    }
    // --audio none: the scene has no sound and needs no sample buffer.
    o.format_options["audio"] = {"none"};
    const Scene s = open(file, o)->scene(1);
    CHECK_FALSE(s.audio);
    CHECK_FALSE(s.extras.contains("audio"));
    CHECK(s.animations.size() == 1);
}
