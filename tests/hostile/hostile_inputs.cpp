#include "hostile_inputs.hpp"

// Format folders share file names (writer.hpp): named by path.
#include "../../formats/hey_you_pikachu/rom_layout.hpp"
#include "../../formats/hey_you_pikachu/testkit/rom_builder.hpp"
#include "../../formats/zouna/container/container.hpp"
#include "../../formats/zouna/container/crc32.hpp"
#include "../../formats/zouna/encode/animation_writer.hpp"

namespace ripkit::hostile {

namespace {

// One TR node header and its three tracks: `x_words` on X at `bits` each,
// empty (spent at once, value held) Y and Z tracks.
void tr_node(ByteWriter& headers, ByteWriter& tracks, unsigned bits,
             const std::vector<uint32_t>& x_words) {
    for (int a = 0; a < 3; ++a) headers.s16(0);
    headers.u16(uint16_t(bits << 10));
    headers.u16(uint16_t(x_words.size()));
    headers.u16(0);
    headers.u16(0);
    // LSB-first words, then the format's 4 slack bytes (track_bytes).
    Bytes packed(((x_words.size() * bits) >> 3) + 4, 0);
    for (size_t i = 0; i < x_words.size(); ++i)
        for (unsigned b = 0; b < bits; ++b)
            if ((x_words[i] >> b) & 1u)
                packed[(i * bits + b) / 8] |= uint8_t(1u << ((i * bits + b) % 8));
    tracks.raw(packed);
    tracks.zeros(4);  // Y: no words
    tracks.zeros(4);  // Z
}

Bytes zouna_object(const zouna::Animation& a, const char* name) {
    const zouna::Variants v;
    const Bytes body = zouna::write_animation(a, Endian::Little, v);
    return zouna::write_object(zouna::asobo_crc32(zouna::kAnimationClass), zouna::asobo_crc32(name),
                               {}, body, Endian::Little, false);
}

// Bones 1..n, each slicing keys [0, 2) of node keyframer `slice`.
std::vector<zouna::Modifier> shared_slices(size_t n, int slice) {
    std::vector<zouna::Modifier> mods(n);
    for (size_t i = 0; i < n; ++i) {
        mods[i].name = uint32_t(i + 1);
        mods[i].id = uint16_t(i);
        mods[i].slices.assign(5, zouna::Slice{});
        mods[i].slices[size_t(slice)] = {0, 2};
    }
    return mods;
}

void put32be(Bytes& b, size_t at, uint32_t v) {
    if (b.size() < at + 4) b.resize(at + 4, 0);
    for (int i = 0; i < 4; ++i) b[at + size_t(i)] = uint8_t(v >> (24 - 8 * i));
}

}  // namespace

Bytes tr_cut_every_frame() {
    constexpr int kFrames = 32767, kActors = 2, kNodesPerActor = 165;
    ByteWriter camera_h, camera_t;
    tr_node(camera_h, camera_t, 0, {});  // target holds still
    // Position X: a short repeat with count 0 (the engine wraps it to 65535)
    // of delta 300, i.e. 2 * 300 = 600 units a frame: a cut on every frame.
    tr_node(camera_h, camera_t, 10, {0, 300});
    std::vector<Bytes> actors;
    for (int a = 0; a < kActors; ++a) {
        ByteWriter h, t;
        for (int n = 0; n < kNodesPerActor; ++n) tr_node(h, t, 0, {});
        Bytes block = h.bytes();
        block.insert(block.end(), t.bytes().begin(), t.bytes().end());
        actors.push_back(std::move(block));
    }
    ByteWriter w;
    w.s16(kActors);
    w.s16(kFrames);
    for (int i = 0; i < 3; ++i) w.s32(0);
    w.s32(-1);
    const size_t camera_slot = w.size();
    w.u32(0);
    std::vector<size_t> actor_slots;
    for (int a = 0; a < kActors; ++a) {
        actor_slots.push_back(w.size());
        w.u32(0);
        w.s16(int16_t(a));
        w.s16(kNodesPerActor - 1);
    }
    w.put_u32(camera_slot, uint32_t(w.size()));
    w.raw(camera_h.bytes());
    w.raw(camera_t.bytes());
    for (int a = 0; a < kActors; ++a) {
        w.put_u32(actor_slots[size_t(a)], uint32_t(w.size()));
        w.raw(actors[size_t(a)]);
    }
    const Bytes block = w.bytes();
    // "(C) DEL!" and a 44-entry table whose first entry is the block.
    ByteWriter f;
    f.raw(std::string_view("(C) DEL!"));
    const size_t table_end = 8 + 8 * 44;
    f.zeros(table_end - 8);
    f.put_u32(8, uint32_t(table_end));
    f.put_u32(12, uint32_t(block.size()));
    f.raw(block);
    return f.bytes();
}

Bytes zouna_bezier_bake() {
    zouna::Animation a;
    a.duration = 16000.0f;
    a.bezier_rot.cls = zouna::KfClass::BezierRot;
    a.bezier_rot.keys.resize(2);
    a.bezier_rot.keys[1].time = 16000.0f;
    a.bezier_rot.keys[1].value = glm::vec4(1.0f, 0.5f, 0.25f, 0.0f);
    a.nodes = shared_slices(300, zouna::kSliceBezierRot);
    return zouna_object(a, "HOSTILE_BEZIER");
}

Bytes zouna_hermite_span() {
    zouna::Animation a;
    a.duration = 300000.0f;
    a.translation.cls = zouna::KfClass::Vec3fComp;
    a.translation.keys.resize(2);
    a.translation.keys[1].time = 300000.0f;
    a.translation.keys[1].value = glm::vec4(1.0f, 2.0f, 3.0f, 0.0f);
    a.translation.keys[0].out = glm::vec4(0.5f, 0.0f, 0.0f, 0.0f);
    a.translation.keys[1].in = glm::vec4(0.5f, 0.0f, 0.0f, 0.0f);
    a.nodes = shared_slices(100, zouna::kSliceTranslation);
    return zouna_object(a, "HOSTILE_HERMITE");
}

Bytes pikachu_face_bank() {
    using namespace hey_you_pikachu;
    Bytes rom = build_rom(sample_rom_spec());
    // One 1024 x 1024 RGBA16 image and 4096 descriptors naming it, appended
    // past the sample's faces; bank 0 (the sample's eyes) points at them.
    constexpr uint32_t kImages = 4096, kSide = 1024;
    const size_t image_at = (rom.size() + 7) & ~size_t(7);
    const size_t image_bytes = size_t(kSide) * kSide * 2;
    const size_t desc_at = image_at + image_bytes;
    rom.resize(desc_at + kImages * kFaceDescriptorSize, 0);
    for (size_t i = 0; i < image_bytes; ++i) rom[image_at + i] = uint8_t(i * 7 + 1);
    for (uint32_t i = 0; i < kImages; ++i) {
        const size_t d = desc_at + i * kFaceDescriptorSize;
        put32be(rom, d, uint32_t(image_at - kFaceImageBase));
        put32be(rom, d + 4, 0);
        put32be(rom, d + 8, (kSide << 16) | kSide);
        rom[d + 12] = 2;  // G_IM_SIZ_16b
        rom[d + 13] = 0;  // G_IM_FMT_RGBA
    }
    put32be(rom, kFaceBankPointers, uint32_t(desc_at - kFaceImageBase));
    put32be(rom, kFaceBankCounts, kImages);
    return rom;
}

Bytes pikachu_triangles(uint32_t calls, uint32_t quads) {
    using namespace hey_you_pikachu;
    RomSpec spec = sample_rom_spec();
    NodeSpec& n = spec.models.at(1).nodes.at(0);
    n.repeat_calls = calls;
    n.repeat_quads = quads;
    return build_rom(spec);
}

Bytes pikachu_fan_out(uint32_t levels, uint32_t calls) {
    using namespace hey_you_pikachu;
    RomSpec spec = sample_rom_spec();
    for (ModelSpec& m : spec.models)
        for (NodeSpec& n : m.nodes)
            if (n.draw) {
                n.fan_levels = levels, n.fan_calls = calls;
                break;
            }
    // Resources 7 and up: one RAW model each, so no two records share a decode.
    for (uint32_t id = 7; spec.models.size() < 32; ++id) {
        ModelSpec m;
        m.resource_id = id;
        m.compressed = false;
        NodeSpec n;
        n.fan_levels = levels, n.fan_calls = calls;
        m.nodes = {n};
        spec.models.push_back(m);
    }
    return build_rom(spec);
}

std::vector<HostileInput> all_hostile_inputs() {
    return {
        {"cut_every_frame.bin", "TR5 BIN: 32767 frames x 332 nodes, a cut on every frame",
         tr_cut_every_frame()},
        {"bezier_bake.Animation_Z", "Zouna: 300 BezierRot channels x 960k baked samples",
         zouna_bezier_bake()},
        {"hermite_span.Animation_Z", "Zouna: 100 Hermite channels over 300000 s",
         zouna_hermite_span()},
        {"face_bank.z64", "Pikachu: 4096 face descriptors sharing one 1024x1024 image",
         pikachu_face_bank()},
        {"triangles.z64", "Pikachu: 6M triangles from a 32 KB display list", pikachu_triangles()},
        {"fan_out.z64", "Pikachu: 32 models whose display lists fan out to 4M commands each",
         pikachu_fan_out()},
    };
}

}  // namespace ripkit::hostile
