// File-level behaviour: protected paths, all-or-nothing writes, WAV bytes,
// Collada and FBX through Assimp with the 5.2.5 repairs.
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include "clients.hpp"
#include "gltf_reader.hpp"
#include "ripkit/assimp/scene_to_assimp.hpp"
#include "ripkit/error.hpp"
#include "ripkit/export.hpp"
#include "ripkit_catch.hpp"
#include "scene_fixture.hpp"

using namespace ripkit;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> listing(const fs::path& dir) {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

void write_text(const fs::path& p, const std::string& s) {
    std::ofstream(p, std::ios::binary) << s;
}

uint16_t le16(const std::vector<uint8_t>& b, size_t at) {
    return uint16_t(b.at(at) | b.at(at + 1) << 8);
}

}  // namespace

TEST_CASE("protected paths are refused and nothing is left behind", "[files]") {
    const Scene s = test::make_full_scene();
    const fs::path dir = test::fresh_temp_dir("protected");
    const fs::path input = dir / "game.bin";
    write_text(input, "original game data");
    ExportOptions o;
    o.protected_paths = {input};

    // Usage errors wherever they are found (docs/cli.md "Exit status": 2).
    const auto usage = [](auto&& fn) {
        try {
            fn();
        } catch (const Error& e) {
            return e.kind() == ErrorKind::Usage;
        }
        return false;
    };
    SECTION(".gltf whose <stem>.bin is the input") {
        o.format = OutputFormat::Gltf;
        CHECK(usage([&] { export_scene(s, dir / "game.gltf", o); }));
    }
    SECTION("the output itself is the input (through another spelling)") {
        o.format = OutputFormat::Glb;
        CHECK(usage([&] { export_scene(s, dir / "sub" / ".." / "game.bin", o); }));
    }
    SECTION("write_json and write_wav refuse it too") {
        CHECK(usage([&] { write_json(nlohmann::json::object(), input, {input}); }));
        CHECK(usage([&] { write_wav(*s.audio, input, {input}); }));
    }
    SECTION("the .wav beside the output is the input") {
        const fs::path wav_input = dir / "game.wav";
        write_text(wav_input, "RIFF but not ours");
        o.protected_paths.push_back(wav_input);
        o.format = OutputFormat::Glb;
        CHECK(usage([&] { export_scene(s, dir / "game.glb", o); }));
        CHECK(listing(dir) == std::vector<std::string>{"game.bin", "game.wav"});
    }
    CHECK(test::read_file_bytes(input) == std::vector<uint8_t>{'o', 'r', 'i', 'g', 'i', 'n', 'a',
                                                               'l', ' ', 'g', 'a', 'm', 'e', ' ',
                                                               'd', 'a', 't', 'a'});
    for (const std::string& f : listing(dir)) CHECK((f == "game.bin" || f == "game.wav"));
}

TEST_CASE("an invalid scene writes nothing", "[files]") {
    Scene s = test::make_full_scene();
    s.animations[0].channels[0].times[1] = 5.0;  // past the duration and out of order
    const fs::path dir = test::fresh_temp_dir("invalid");
    ExportOptions o;
    CHECK_THROWS_AS(export_scene(s, dir / "x.glb", o), Error);
    CHECK(listing(dir).empty());
}

TEST_CASE("glb export writes the glb and the wav, atomically replacing old files", "[files]") {
    const Scene s = test::make_full_scene();
    const fs::path dir = test::fresh_temp_dir("atomic");
    write_text(dir / "out.glb", "old");
    ExportOptions o;
    const ExportResult r = export_scene(s, dir / "out.glb", o);
    CHECK(r.written.size() == 2);
    CHECK(listing(dir) == std::vector<std::string>{"out.glb", "out.wav"});
    CHECK(test::read_glb(dir / "out.glb").json["asset"]["version"] == "2.0");
    o.write_audio = false;
    fs::remove(dir / "out.wav");
    export_scene(s, dir / "out.glb", o);
    CHECK(listing(dir) == std::vector<std::string>{"out.glb"});
}

TEST_CASE("WAV header fields and samples", "[files][wav]") {
    Audio a;
    a.sample_rate = 22050;
    a.channels = 2;
    a.samples = {0, -1, 32767, -32768, 258, -258};
    const fs::path dir = test::fresh_temp_dir("wav");
    write_wav(a, dir / "a.wav");
    const std::vector<uint8_t> b = test::read_file_bytes(dir / "a.wav");
    REQUIRE(b.size() == 44 + 12);
    CHECK(std::string(b.begin(), b.begin() + 4) == "RIFF");
    CHECK(test::le32(b, 4) == 36 + 12);
    CHECK(std::string(b.begin() + 8, b.begin() + 16) == "WAVEfmt ");
    CHECK(test::le32(b, 16) == 16);
    CHECK(le16(b, 20) == 1);  // PCM
    CHECK(le16(b, 22) == 2);
    CHECK(test::le32(b, 24) == 22050);
    CHECK(test::le32(b, 28) == 22050 * 4);
    CHECK(le16(b, 32) == 4);
    CHECK(le16(b, 34) == 16);
    CHECK(std::string(b.begin() + 36, b.begin() + 40) == "data");
    CHECK(test::le32(b, 40) == 12);
    // -1 = FF FF, 32767 = FF 7F, -32768 = 00 80, 258 = 02 01, -258 = FE FE
    CHECK(std::vector<uint8_t>(b.begin() + 44, b.end()) ==
          std::vector<uint8_t>{0, 0, 0xFF, 0xFF, 0xFF, 0x7F, 0x00, 0x80, 0x02, 0x01, 0xFE, 0xFE});
    Audio bad = a;
    bad.samples.pop_back();  // half a frame
    CHECK_THROWS_AS(write_wav(bad, dir / "b.wav"), Error);
    CHECK_FALSE(fs::exists(dir / "b.wav"));
}

TEST_CASE("write_json writes pretty JSON", "[files]") {
    const fs::path dir = test::fresh_temp_dir("json");
    write_json({{"a", 1}}, dir / "x.json");
    const std::vector<uint8_t> b = test::read_file_bytes(dir / "x.json");
    CHECK(std::string(b.begin(), b.end()) == "{\n  \"a\": 1\n}\n");
}

TEST_CASE("output format names", "[files]") {
    CHECK(output_format_from_name("glb") == OutputFormat::Glb);
    CHECK(output_format_from_name("out.GLTF") == OutputFormat::Gltf);
    CHECK(output_format_from_name(".fbx") == OutputFormat::Fbx);
    CHECK(output_format_from_name("x.dae") == OutputFormat::Dae);
    CHECK_FALSE(output_format_from_name("obj").has_value());
    CHECK(std::string(output_format_extension(OutputFormat::Dae)) == "dae");
}

TEST_CASE("a missing output folder is an Io error naming the folder", "[files]") {
    const Scene s = test::make_full_scene();
    const fs::path dir = test::fresh_temp_dir("missing");
    ExportOptions o;
    try {
        export_scene(s, dir / "nope" / "x.glb", o);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Io);
        CHECK(std::string(e.what()).find("nope") != std::string::npos);
    }
    CHECK(listing(dir).empty());
}

TEST_CASE("glTF scene extras audio names the wav written beside the output", "[files][wav]") {
    // make_full_scene's audio: 8 kHz stereo, 6 samples = 3 frames.
    Scene s = test::make_full_scene();
    const fs::path dir = test::fresh_temp_dir("audio_file");
    ExportOptions o;
    SECTION("the format's entry is kept and gets the file name") {
        s.extras["audio"] = {{"rate", 8000}, {"channels", 2}, {"frames", 3}, {"start_frame", 12}};
        export_scene(s, dir / "clip.glb", o);
        const nlohmann::json a =
            test::read_glb(dir / "clip.glb").json["scenes"][0]["extras"]["audio"];
        CHECK(a == nlohmann::json({{"rate", 8000},
                                   {"channels", 2},
                                   {"frames", 3},
                                   {"start_frame", 12},
                                   {"file", "clip.wav"}}));
        // The named file is the one written, with the header the entry states.
        const std::vector<uint8_t> wav = test::read_file_bytes(dir / "clip.wav");
        CHECK(le16(wav, 22) == 2);
        CHECK(test::le32(wav, 24) == 8000);
        CHECK(test::le32(wav, 40) == 3 * 2 * 2);
    }
    SECTION("a scene without the entry gets one from the audio itself") {
        export_scene(s, dir / "clip.glb", o);
        const nlohmann::json a =
            test::read_glb(dir / "clip.glb").json["scenes"][0]["extras"]["audio"];
        CHECK(a == nlohmann::json(
                       {{"rate", 8000}, {"channels", 2}, {"frames", 3}, {"file", "clip.wav"}}));
    }
    SECTION(".gltf output: the stem of the .gltf") {
        o.format = OutputFormat::Gltf;
        export_scene(s, dir / "scene.v2.gltf", o);
        std::ifstream f(dir / "scene.v2.gltf");
        const nlohmann::json j = nlohmann::json::parse(f);
        CHECK(j["scenes"][0]["extras"]["audio"]["file"] == "scene.v2.wav");
        CHECK(fs::exists(dir / "scene.v2.wav"));
    }
    SECTION("no wav written: no file named") {
        o.write_audio = false;
        s.extras["audio"] = {{"rate", 8000}, {"channels", 2}, {"frames", 3}, {"start_frame", 0}};
        export_scene(s, dir / "clip.glb", o);
        const nlohmann::json a =
            test::read_glb(dir / "clip.glb").json["scenes"][0]["extras"]["audio"];
        CHECK_FALSE(a.contains("file"));
        CHECK_FALSE(fs::exists(dir / "clip.wav"));
        s.audio.reset();
        s.extras.erase("audio");
        o.write_audio = true;
        export_scene(s, dir / "silent.glb", o);
        CHECK_FALSE(
            test::read_glb(dir / "silent.glb").json["scenes"][0]["extras"].contains("audio"));
    }
}
