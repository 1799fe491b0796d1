// The direction back: cutscenes -> glb/FBX -> scene reader -> encoder ->
// CUTSEQ, decoded again and compared with the values they were made from.
#include <array>
#include <cmath>
#include <random>

#include "clients.hpp"
#include "fresh_budget.hpp"
#include "ripkit/codec/zlib.hpp"
#include "ripkit/encode/scene_encoder.hpp"
#include "ripkit/export.hpp"
#include "ripkit/scene_import.hpp"
#include "ripkit_catch.hpp"
#include "tr_cutseq/cutscene_scene.hpp"
#include "tr_cutseq/cutseq_reader.hpp"
#include "tr_cutseq/cutseq_writer.hpp"
#include "tr_cutseq/format.hpp"
#include "tr_cutseq/testkit/demo_cutscenes.hpp"
#include "tr_cutseq/testkit/tr_cutseq_samples.hpp"

using namespace ripkit;
using namespace ripkit::tr_cutseq;
namespace fs = std::filesystem;

namespace {

const Cutscene& item(const CutseqFile& f, int index) {
    for (const Cutscene& c : f.cutscenes)
        if (c.index == index) return c;
    FAIL("no cutscene " << index);
    throw 0;
}

// "frame f node n axis a: x vs y" at the first difference, "" when equal.
std::string first_difference(const NodeTracks& a, const NodeTracks& b) {
    if (a.values.size() != b.values.size() || a.frames != b.frames || a.nodes != b.nodes)
        return "different sizes";
    for (int f = 0; f < a.frames; ++f)
        for (int n = 0; n < a.nodes; ++n)
            for (int x = 0; x < 3; ++x)
                if (a.at(f, n, x) != b.at(f, n, x))
                    return "frame " + std::to_string(f) + " node " + std::to_string(n) + " axis " +
                           std::to_string(x) + ": " + std::to_string(a.at(f, n, x)) + " vs " +
                           std::to_string(b.at(f, n, x));
    return "";
}

// Every engine value of two cutscenes: frames, origin, audio, the camera's
// running values, each actor's slot, mesh count and every run of every frame.
void require_same(const Cutscene& a, const Cutscene& b) {
    REQUIRE_FALSE(b.empty);
    REQUIRE(a.frames == b.frames);
    CHECK(a.origin == b.origin);
    CHECK(a.audio_track == b.audio_track);
    CHECK(first_difference(a.camera, b.camera) == "");
    REQUIRE(a.actors.size() == b.actors.size());
    for (size_t i = 0; i < a.actors.size(); ++i) {
        INFO("actor " << i);
        CHECK(a.actors[i].slot == b.actors[i].slot);
        REQUIRE(a.actors[i].meshes == b.actors[i].meshes);
        CHECK(first_difference(a.actors[i].tracks, b.actors[i].tracks) == "");
    }
}

Scene through_file(const Scene& s, const fs::path& path) {
    ExportOptions eo;
    eo.format = *output_format_from_name(path.extension().string());
    export_scene(s, path, eo);
    return import_scene(path, Limits{});
}

EncodeResult encode(const Scene& s, const std::string& out, int64_t item_id,
                    const Input* base = nullptr) {
    EncodeOptions o;
    o.item = item_id;
    o.out_path = out;
    o.base = base;
    return formats::tr_cutseq_encoder().encode(s, o);
}

Input sample(const fs::path& dir, const std::string& name) {
    Input in;
    in.path = (dir / name).string();
    in.bytes = read_file(in.path, Limits{});
    return in;
}

Bytes inflate_pak(const Bytes& pak) {
    ByteReader r(pak);
    return codec::zlib_inflate(ByteSpan(pak).subspan(4), r.u32("size"), Limits{});
}

// Smooth random motion: X angles on the principal branch and clear of
// gimbal lock (|x| <= 240 of 256, where only y -+ z would be defined),
// per-frame angle steps under 64 units, camera jumps of up to 16000 units and
// root offsets that include the engine's wrapped ones (3 * run over s16).
Cutscene random_cutscene(std::mt19937& rng, int index) {
    std::uniform_int_distribution<int> u(-1000000, 1000000);
    const auto r = [&](int lo, int hi) {
        return lo + int(unsigned(u(rng) + 1000000) % unsigned(hi - lo + 1));
    };
    Cutscene c;
    c.index = index;
    c.empty = false;
    c.frames = r(1, 200);
    c.origin = {r(-200000, 200000), r(-20000, 20000), r(-200000, 200000)};
    c.audio_track = r(-1, 40);
    c.camera.nodes = 2;
    c.camera.frames = c.frames;
    c.camera.values.resize(size_t(c.frames) * 6);
    for (int n = 0; n < 2; ++n)
        for (int a = 0; a < 3; ++a) {
            int v = r(-30000, 30000);
            for (int f = 0; f < c.frames; ++f) {
                if (f)
                    v = std::clamp(v + (r(0, 20) == 0 ? r(-8000, 8000) : r(-40, 40)), -32768,
                                   32767);
                c.camera.at(f, n, a) = int16_t(v);
            }
        }
    const int actors = r(0, 3);
    for (int i = 0; i < actors; ++i) {
        Actor act;
        act.slot = int16_t(i == 0 ? r(-1, 0) : r(1, 400));
        act.meshes = r(1, 16);
        NodeTracks& t = act.tracks;
        t.nodes = act.meshes + 1;
        t.frames = c.frames;
        t.values.resize(size_t(t.nodes) * size_t(c.frames) * 3);
        for (int a = 0; a < 3; ++a) {
            int v = r(-32768, 32767);  // 3 * v wraps for |v| > 10922
            for (int f = 0; f < c.frames; ++f) {
                if (f) v = std::clamp(v + r(-30, 30), -32768, 32767);
                t.at(f, 0, a) = int16_t(v);
            }
        }
        for (int m = 1; m <= act.meshes; ++m) {
            int x = r(-239, 239), y = r(0, 1023), z = r(0, 1023);
            for (int f = 0; f < c.frames; ++f) {
                if (f) {
                    x = std::clamp(x + r(-63, 63), -240, 240);
                    y += r(-63, 63);
                    z += r(-63, 63);
                }
                t.at(f, m, 0) = int16_t(x & 1023), t.at(f, m, 1) = int16_t(y & 1023);
                t.at(f, m, 2) = int16_t(z & 1023);
            }
        }
        c.actors.push_back(std::move(act));
    }
    return c;
}

// Every non-empty cutscene of both bundled files, with its file as the base.
template <typename Fn>
void each_sample(const fs::path& dir, Fn fn) {
    formats::tr_cutseq_write_samples(dir);
    for (const char* name : {"CUTSEQ.PAK", "CUTSEQ.BIN"}) {
        const Input base = sample(dir, name);
        const CutseqFile file = read_cutseq(base.bytes, ReadOptions{}, test::fresh_budget());
        for (const Cutscene& c : file.cutscenes) {
            if (c.empty) continue;
            INFO(name << " cutscene " << c.index);
            fn(name, base, file, c);
        }
    }
}

}  // namespace

TEST_CASE("tr_cutseq pack: every bundled sample comes back from glb with identical values") {
    const fs::path dir = test::fresh_temp_dir("tr_cutseq_pack_samples");
    each_sample(dir, [&](const char* name, const Input& base, const CutseqFile& file,
                         const Cutscene& c) {
        const Scene scene =
            build_scene(c, variant_name(file.variant), SceneOptions{}, test::fresh_budget());
        const Scene back = through_file(scene, dir / ("c" + std::to_string(c.index) + ".glb"));
        // A new file with the cutscene at its index...
        const EncodeResult fresh = encode(back, name, c.index);
        CHECK(fresh.warnings.empty());
        const CutseqFile f1 = read_cutseq(fresh.bytes, ReadOptions{}, test::fresh_budget());
        CHECK(f1.variant == file.variant);
        require_same(c, item(f1, c.index));
        // ...and the base file with it replaced: unchanged content, same bytes.
        const EncodeResult spliced = encode(back, name, c.index, &base);
        const Bytes a = file.variant == Variant::Tr4 ? inflate_pak(base.bytes) : base.bytes;
        const Bytes b = file.variant == Variant::Tr4 ? inflate_pak(spliced.bytes) : spliced.bytes;
        CHECK(a == b);
    });
}

TEST_CASE("tr_cutseq pack: random cutscenes come back from glb with identical values") {
    const fs::path dir = test::fresh_temp_dir("tr_cutseq_pack_random");
    std::mt19937 rng(20261201);
    for (int round = 0; round < 24; ++round) {
        INFO("round " << round);
        const Cutscene c = random_cutscene(rng, 1 + round % 5);
        // Through the real writer and reader first: what the engine would hold.
        const CutseqFile file = read_cutseq(write_bin({c}), ReadOptions{}, test::fresh_budget());
        const Cutscene& held = item(file, c.index);
        const Scene back = through_file(
            build_scene(held, "tr5", SceneOptions{}, test::fresh_budget()), dir / "random.glb");
        const EncodeResult r = encode(back, "OUT.BIN", c.index);
        require_same(held,
                     item(read_cutseq(r.bytes, ReadOptions{}, test::fresh_budget()), c.index));
    }
}

TEST_CASE(
    "tr_cutseq pack: every sample through FBX (no extras) with --base, within Euler "
    "precision") {
    const fs::path dir = test::fresh_temp_dir("tr_cutseq_pack_fbx");
    each_sample(
        dir, [&](const char* name, const Input& base, const CutseqFile& file, const Cutscene& c) {
            const Scene back = through_file(
                build_scene(c, variant_name(file.variant), SceneOptions{}, test::fresh_budget()),
                dir / ("c" + std::to_string(c.index) + ".fbx"));
            const CutseqFile packed = read_cutseq(encode(back, name, c.index, &base).bytes,
                                                  ReadOptions{}, test::fresh_budget());
            const Cutscene& d = item(packed, c.index);
            REQUIRE(d.frames == c.frames);
            REQUIRE(d.actors.size() == c.actors.size());
            CHECK(d.origin == c.origin);  // from the base: FBX carries no extras
            // Stated bound: one run step (FBX stores float32 Euler degrees).
            for (size_t v = 0; v < c.camera.values.size(); ++v)
                CHECK(std::abs(d.camera.values[v] - c.camera.values[v]) <= 1);
            for (size_t i = 0; i < c.actors.size(); ++i) {
                CHECK(d.actors[i].slot == c.actors[i].slot);
                const auto& x = c.actors[i].tracks.values;
                const auto& y = d.actors[i].tracks.values;
                REQUIRE(x.size() == y.size());
                int worst = 0;
                for (size_t v = 0; v < x.size(); ++v) {
                    const int diff = std::abs(x[v] - y[v]);
                    worst = std::max(worst, v % size_t((c.actors[i].meshes + 1) * 3) < 3
                                                ? diff
                                                : std::min(diff, 1024 - diff));
                }
                CHECK(worst <= 1);
            }
        });
}

namespace {

// (x, y, z) and (512 - x, y + 512, z + 512) are one orientation under
// RotY * RotX * RotZ (a half turn about Y and Z with X mirrored); the form
// with X in -256..256 stands for both.
std::array<int, 3> canonical(const NodeTracks& t, int f, int node) {
    int x = t.at(f, node, 0) & 1023, y = t.at(f, node, 1) & 1023, z = t.at(f, node, 2) & 1023;
    if (x > 256 && x < 768) x = (512 - x) & 1023, y = (y + 512) & 1023, z = (z + 512) & 1023;
    return {x, y, z};
}

}  // namespace

TEST_CASE("tr_cutseq pack: any turn per frame comes back (angles wrap at 10 bits, no overflow)") {
    // The engine masks rotation runs to 10 bits, so every change of angle is a
    // delta within -512..511 and no rotation speed is out of reach: y turns
    // by 300 (105.5 degrees) and z by 511 (179.6 degrees) each frame. Each
    // frame's orientation comes back exactly; the triple may be the other one
    // for that orientation (the one nearer the previous frame).
    const fs::path dir = test::fresh_temp_dir("tr_cutseq_pack_spin");
    std::mt19937 rng(7);
    Cutscene c;
    do c = random_cutscene(rng, 2);
    while (c.actors.empty() || c.frames < 20);
    NodeTracks& t = c.actors[0].tracks;
    for (int f = 0; f < c.frames; ++f) {
        t.at(f, 1, 0) = int16_t((f % 2 ? 100 : 0) & 1023);
        t.at(f, 1, 1) = int16_t((300 * f) & 1023), t.at(f, 1, 2) = int16_t((511 * f) & 1023);
    }
    const CutseqFile file = read_cutseq(write_bin({c}), ReadOptions{}, test::fresh_budget());
    const Cutscene& held = item(file, 2);
    const Scene back = through_file(build_scene(held, "tr5", SceneOptions{}, test::fresh_budget()),
                                    dir / "spin.glb");
    const CutseqFile packed =
        read_cutseq(encode(back, "OUT.BIN", 2).bytes, ReadOptions{}, test::fresh_budget());
    const NodeTracks& a = held.actors[0].tracks;
    const NodeTracks& b = item(packed, 2).actors.at(0).tracks;
    REQUIRE(a.values.size() == b.values.size());
    int other_triple = 0;
    for (int f = 0; f < c.frames; ++f) {
        INFO("frame " << f);
        CHECK(canonical(a, f, 1) == canonical(b, f, 1));
        other_triple += a.at(f, 1, 0) != b.at(f, 1, 0);
    }
    CHECK(other_triple > 0);  // the nearest-previous rule did pick the other form
}
