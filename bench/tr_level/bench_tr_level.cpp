// Reading a TR4-sized level (16 texture pages of noise, 615 meshes, 62 rooms,
// 979 anims over about 11700 keyframes; about 5 MB of zlib) against inflating
// its four chunks alone; every moveable's scene with all its animations from
// the open level; and a 10-actor cutscene with its level against the same
// cutscene without - opened and built, and built alone from an open document.
#include <benchmark/benchmark.h>

#include <map>
#include <memory>

#include "ripkit/byte_reader.hpp"
#include "ripkit/codec/zlib.hpp"
#include "tr_cutseq/cutseq_writer.hpp"
#include "tr_cutseq/document.hpp"
#include "tr_cutseq/testkit/demo_cutscenes.hpp"
#include "tr_level/document.hpp"
#include "tr_level/level_reader.hpp"
#include "tr_level/testkit/anim_writer.hpp"
#include "tr_level/testkit/demo_level.hpp"

using namespace ripkit;
namespace tk = ripkit::tr_level::testkit;

namespace {

constexpr int kExtraPages = 13;      // 16 pages, as a large TR4
constexpr int kExtraMoveables = 39;  // slots 102..140, 15 meshes each
constexpr int kGrid = 10;            // mesh: 10 x 10 vertices, 81 quads
constexpr int kExtraRooms = 60;      // room: 20 x 20 vertices, 361 quads
constexpr int kRoomGrid = 20;
constexpr int kAnimsEach = 25;  // per extra moveable
constexpr int kKeysEach = 12;   // keyframes per anim, at rate 3
constexpr int kActors = 10, kFrames = 1000;

// Texels that compress like real art (poorly), not like the demo's blocks.
Bytes noise_page(uint32_t seed) {
    Bytes p(size_t(256) * 256 * 4);
    uint32_t x = seed * 2654435761u + 1;
    for (size_t i = 0; i < p.size(); i += 4) {
        x = x * 1664525u + 1013904223u;
        p[i] = uint8_t(x >> 24);
        p[i + 1] = uint8_t(x >> 16);
        p[i + 2] = uint8_t((x >> 8) & 0xF0);
        p[i + 3] = 255;
    }
    return p;
}

tr_level::TrMesh grid_mesh(const tr_level::TrMesh& like, int size) {
    tr_level::TrMesh m;
    for (int z = 0; z < kGrid; ++z)
        for (int x = 0; x < kGrid; ++x) {
            m.vertices.push_back({int16_t(x * size), int16_t((x * z) % 7), int16_t(z * size)});
            m.normals.push_back({0, -16384, 0});
        }
    m.normal_count = int16_t(m.vertices.size());
    m.radius = int16_t(kGrid * size);
    for (int z = 0; z + 1 < kGrid; ++z)
        for (int x = 0; x + 1 < kGrid; ++x) {
            tr_level::Face f;
            f.quad = true;
            const auto v = [](int cx, int cz) { return uint16_t(cz * kGrid + cx); };
            f.v = {v(x, z), v(x + 1, z), v(x + 1, z + 1), v(x, z + 1)};
            f.texture = like.faces[0].texture;
            m.faces.push_back(f);
        }
    m.quad_count = uint16_t(m.faces.size());
    return m;
}

tr_level::Room grid_room(const tr_level::Room& like, int k) {
    tr_level::Room r = like;
    r.x = like.x + 1024 * 20 * (k + 2);
    r.vertices.clear();
    r.faces.clear();
    for (int z = 0; z < kRoomGrid; ++z)
        for (int x = 0; x < kRoomGrid; ++x) {
            tr_level::RoomVertex v = like.vertices[0];
            v.x = float(x * 256);
            v.z = float(z * 256);
            r.vertices.push_back(v);
        }
    for (int z = 0; z + 1 < kRoomGrid; ++z)
        for (int x = 0; x + 1 < kRoomGrid; ++x) {
            tr_level::Face f = like.faces[0];
            const auto v = [](int cx, int cz) { return uint16_t(cz * kRoomGrid + cx); };
            f.quad = true;
            f.v = {v(x, z), v(x + 1, z), v(x + 1, z + 1), v(x, z + 1)};
            r.faces.push_back(f);
        }
    return r;
}

// An anim of 15 meshes whose angles move a little every keyframe; every
// fifth mesh on a one-axis word, as Lara's arms often are.
tk::AnimSpec bench_anim(int a, int k) {
    tk::AnimSpec spec;
    spec.rate = 3;
    spec.state = uint16_t(k % 7);
    for (int key = 0; key < kKeysEach; ++key) {
        tr_level::KeyFrame f;
        f.bbox = {-100, 100, -700, 0, -60, 60};
        f.offset = {int16_t(key * 4), int16_t(-470 + key), int16_t(a)};
        for (int j = 0; j < 15; ++j) {
            const uint16_t t = uint16_t((key * 1024 + j * 512 + k * 64) & 0xFFC0);
            f.rotations.push_back({t, uint16_t(t * 3), uint16_t(t * 5)});
            f.packing.push_back(j % 5 == 4 ? tr_level::Packing::X : tr_level::Packing::ThreeAxis);
        }
        spec.keys.push_back(std::move(f));
    }
    return spec;
}

tk::LevelSpec big_level() {
    tk::LevelSpec s = tk::demo_level(tr_level::Version::Tr4);
    for (int p = 0; p < kExtraPages; ++p) s.pages.push_back(noise_page(uint32_t(p)));
    s.object_pages = uint16_t(s.object_pages + kExtraPages);
    const tr_level::TrMesh like = s.meshes[45];  // a demo actor mesh: its textures
    const tr_level::Moveable actor = s.moveables[3];
    // Moveables name their first mesh by its pointer index; the demo's
    // pointers come first, then one per new mesh in order.
    const size_t first_pointer = s.mesh_pointers.size(), first_mesh = s.meshes.size();
    for (int a = 0; a < kExtraMoveables; ++a) {
        tr_level::Moveable m = actor;
        m.slot = tk::kDemoActorSlot + 1 + a;
        m.starting_mesh = uint16_t(first_pointer + 15 * size_t(a));
        for (int j = 0; j < 15; ++j) s.meshes.push_back(grid_mesh(like, 8 + j + a % 5));
        m.animation = int16_t(tk::append_anim(s, bench_anim(a, 0)));
        for (int k = 1; k < kAnimsEach; ++k) tk::append_anim(s, bench_anim(a, k));
        s.moveables.push_back(m);
    }
    const std::vector<uint32_t> off = tk::mesh_offsets(s);
    for (size_t i = first_mesh; i < off.size(); ++i) s.mesh_pointers.push_back(off[i]);
    for (int k = 0; k < kExtraRooms; ++k) s.rooms.push_back(grid_room(s.rooms[0], k));
    return s;
}

class MemoryFiles : public FileSource {
  public:
    std::map<std::string, Bytes> files;
    std::optional<Bytes> read(const std::string& path, const Limits&) const override {
        const auto it = files.find(path);
        if (it == files.end()) return std::nullopt;
        return it->second;
    }
};

struct Data {
    Bytes level;
    tr_level::Level decoded;
    MemoryFiles files;
    Input cutseq;
};

const Data& data() {
    static const Data d = [] {
        Data x;
        x.level = tk::write_level(big_level());
        Budget budget;
        x.decoded = tr_level::read_level(x.level, budget);
        x.files.files["BIG.TR4"] = x.level;
        tr_cutseq::DemoSpec c;
        c.actors = kActors;
        c.frames = kFrames;
        x.cutseq.path = "CUTSEQ.PAK";
        x.cutseq.bytes = tr_cutseq::write_pak({tr_cutseq::make_demo_cutscene(c)});
        return x;
    }();
    return d;
}

// A document's budget for building its scenes over and over: a Budget::Scope
// gives back each scene's bytes, not its steps, which count to the file's
// total (10^8 by default) across every iteration.
std::shared_ptr<Budget> repeatable_budget() {
    Limits l;
    l.max_total_steps = UINT64_MAX;
    return std::make_shared<Budget>(l);
}

Options cutseq_options(bool with_level) {
    Options o;
    o.files = &data().files;
    if (with_level) o.format_options["level"] = {"BIG.TR4"};
    return o;
}

void BM_LevelRead(benchmark::State& st) {
    const Data& d = data();
    for (auto _ : st) {
        Budget budget;
        benchmark::DoNotOptimize(tr_level::read_level(d.level, budget).meshes.size());
    }
    st.SetBytesProcessed(int64_t(st.iterations() * d.level.size()));
    st.counters["file_MB"] = double(d.level.size()) / 1e6;
    st.counters["meshes"] = double(d.decoded.meshes.size());
    st.counters["rooms"] = double(d.decoded.rooms.size());
    st.counters["anims"] = double(d.decoded.anims.size());
    st.counters["frame_words"] = double(d.decoded.frames.size());
}

// Every moveable's scene with all its animations (`--anims all`), or none,
// from a level opened once, as `convert --all` builds them.
void all_moveables(benchmark::State& st, const char* anims) {
    const Data& d = data();
    Input in;
    in.path = "BIG.TR4";
    in.bytes = d.level;
    Options o;
    o.budget = repeatable_budget();
    o.format_options["anims"] = {anims};
    const auto doc = tr_level::open_level(in, o);
    size_t channels = 0;
    for (auto _ : st) {
        channels = 0;
        for (const tr_level::Moveable& m : d.decoded.moveables) {
            Budget::Scope scope(*o.budget);
            const Scene s = doc->scene(m.slot);
            for (const Animation& a : s.animations) channels += a.channels.size();
        }
        benchmark::DoNotOptimize(channels);
    }
    st.counters["channels"] = double(channels);
}

void BM_LevelAllMoveablesAnimated(benchmark::State& st) { all_moveables(st, "all"); }
void BM_LevelAllMoveablesStill(benchmark::State& st) { all_moveables(st, "none"); }

// The floor: the four zlib chunks (32-bit, 16-bit and misc pages, geometry)
// inflated and nothing else.
void BM_BaselineInflateChunks(benchmark::State& st) {
    const Data& d = data();
    for (auto _ : st) {
        ByteReader r(d.level);
        r.skip(10, "header");  // magic, three page counts
        size_t out = 0;
        for (int c = 0; c < 4; ++c) {
            const uint32_t size = r.u32(), packed = r.u32();
            out += codec::zlib_inflate(r.bytes(packed, "chunk"), size, Limits{}).size();
        }
        benchmark::DoNotOptimize(out);
    }
    st.SetBytesProcessed(int64_t(st.iterations() * d.level.size()));
}

// The two chunks the reader inflates (the 16-bit and misc pages it skips).
void BM_BaselineInflateReadChunks(benchmark::State& st) {
    const Data& d = data();
    for (auto _ : st) {
        ByteReader r(d.level);
        r.skip(10, "header");
        size_t out = 0;
        for (int c = 0; c < 4; ++c) {
            const uint32_t size = r.u32(), packed = r.u32();
            const ByteSpan z = r.bytes(packed, "chunk");
            if (c == 0 || c == 3) out += codec::zlib_inflate(z, size, Limits{}).size();
        }
        benchmark::DoNotOptimize(out);
    }
    st.SetBytesProcessed(int64_t(st.iterations() * d.level.size()));
}

void open_and_build(benchmark::State& st, bool with_level) {
    const Data& d = data();
    const Options o = cutseq_options(with_level);
    for (auto _ : st) {
        const auto doc = tr_cutseq::open_cutseq(d.cutseq, o);
        benchmark::DoNotOptimize(doc->scene(1).nodes.size());
    }
}

void build_only(benchmark::State& st, bool with_level) {
    const Data& d = data();
    Options o = cutseq_options(with_level);
    o.budget = repeatable_budget();
    const auto doc = tr_cutseq::open_cutseq(d.cutseq, o);
    size_t meshes = 0;
    for (auto _ : st) {
        // What a scene charges is given back with it, as `convert` does per item.
        Budget::Scope scope(*o.budget);
        const Scene s = doc->scene(1);
        meshes = s.meshes.size();
        benchmark::DoNotOptimize(meshes);
    }
    st.counters["meshes"] = double(meshes);
}

void BM_CutsceneOpenAndScene_NoLevel(benchmark::State& st) { open_and_build(st, false); }
void BM_CutsceneOpenAndScene_WithLevel(benchmark::State& st) { open_and_build(st, true); }
void BM_CutsceneScene_NoLevel(benchmark::State& st) { build_only(st, false); }
void BM_CutsceneScene_WithLevel(benchmark::State& st) { build_only(st, true); }

}  // namespace

BENCHMARK(BM_LevelRead)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LevelAllMoveablesAnimated)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LevelAllMoveablesStill)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BaselineInflateChunks)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BaselineInflateReadChunks)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CutsceneOpenAndScene_NoLevel)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CutsceneOpenAndScene_WithLevel)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CutsceneScene_NoLevel)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CutsceneScene_WithLevel)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
