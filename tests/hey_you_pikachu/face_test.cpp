// Faces end to end on the synthetic ROM: image banks decode to texels worked
// out by hand from the builder's raw bytes, the face quad of model 1 draws
// its slot's first selected image (never black), the scene switches textures
// from STEP value tracks, `dump` shows programs, frames and banks, and bad
// tables give clear errors.
#include <cstdio>
#include <set>
#include <string>

#include "hey_you_pikachu/face_reader.hpp"
#include "hey_you_pikachu/face_scene.hpp"
#include "hey_you_pikachu/rom_layout.hpp"
#include "pikachu_test_util.hpp"
#include "ripkit/error.hpp"
#include "ripkit/image/png.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;
using namespace ripkit::hey_you_pikachu;

namespace {

using Px = std::array<uint8_t, 4>;

uint8_t e5(unsigned n) { return uint8_t((n << 3) | (n >> 2)); }
Px from5551(unsigned c) {
    return {e5((c >> 11) & 31), e5((c >> 6) & 31), e5((c >> 1) & 31), uint8_t(c & 1 ? 255 : 0)};
}

// Texel (x, y) of a face image from the builder's bytes, by the RDP bit
// layouts (rows of ceil(width * bits / 8) bytes, high nibble first).
Px hand_texel(const FaceImageSpec& t, int x, int y) {
    const unsigned bits = 4u << t.siz;
    const size_t row = (size_t(t.width) * bits + 7) / 8;
    const size_t bit = size_t(x) * bits;
    const uint8_t* p = t.texels.data() + size_t(y) * row + bit / 8;
    const unsigned nib = (bit % 8) ? (p[0] & 15) : (p[0] >> 4);
    if (t.fmt == 0 && bits == 16) return from5551(unsigned(p[0] << 8 | p[1]));
    if (t.fmt == 2) return from5551(t.palette.at(bits == 8 ? p[0] : nib));
    if (t.fmt == 3 && bits == 8) {
        const uint8_t i = uint8_t((p[0] >> 4) * 17);
        return {i, i, i, uint8_t((p[0] & 15) * 17)};
    }
    if (t.fmt == 4 && bits == 4) {
        const uint8_t i = uint8_t(nib * 17);
        return {i, i, i, i};
    }
    FAIL("format not in the sample");
    return {};
}

void check_image(const std::vector<uint8_t>& rgba, int w, int h, const FaceImageSpec& spec) {
    REQUIRE(w == spec.width);
    REQUIRE(h == spec.height);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const size_t o = (size_t(y) * size_t(w) + size_t(x)) * 4;
            const Px got{rgba[o], rgba[o + 1], rgba[o + 2], rgba[o + 3]};
            INFO("texel " << x << "," << y);
            REQUIRE(got == hand_texel(spec, x, y));
        }
}

bool any_colour(const std::vector<uint8_t>& rgba) {
    for (size_t i = 0; i < rgba.size(); i += 4)
        if (rgba[i] || rgba[i + 1] || rgba[i + 2]) return true;
    return false;
}

void put32(Bytes& rom, size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) rom.at(at + size_t(i)) = uint8_t(v >> (24 - 8 * i));
}

Options fixed_layout() {
    Options o;
    o.settings["descriptor_field"] = "0x04";
    o.settings["runtime_record"] = "rom";
    return o;
}

// Model 1's error after `rom` was damaged (the other models must still decode).
Error face_error(const Bytes& rom) {
    const auto doc = pktest::open_rom(rom, fixed_layout());
    const auto items = doc->items();
    CHECK(items[1].error.has_value());
    CHECK_FALSE(items[0].empty);
    CHECK_FALSE(items[3].empty);
    try {
        doc->scene(1);
    } catch (const Error& e) {
        return e;
    }
    FAIL("expected an error");
    return Error(ErrorKind::BadValue, std::nullopt, "");
}

using pktest::says;

using Keys = std::vector<std::pair<double, uint32_t>>;
// By hand from sample_face_spec(): the blink (program 0) and the mouth
// (program 4) over their first 2.15 s.
const Keys kEyes = {{0, 0}, {2.0, 1}, {2.05, 2}, {2.1, 1}};
const Keys kMouth = {{0, 0}, {0.25, 1}, {0.5, 2}, {0.75, 3}, {1.0, 1}, {1.5, 2}};

void check_channel(const Channel& c, const Keys& want, double duration) {
    CHECK(c.interp == Interp::Step);
    CHECK(c.path == AnimPath::Translation);
    Keys cut;
    for (const auto& k : want)
        if (k.first == 0 || k.first < duration - 1e-6) cut.push_back(k);
    REQUIRE(c.times.size() == cut.size());
    for (size_t i = 0; i < cut.size(); ++i) {
        CHECK(c.times[i] == Approx(cut[i].first).margin(1e-6));
        CHECK(c.values[i].x == float(cut[i].second));
    }
}

const Material* face_material(const Scene& s, uint32_t slot) {
    for (const Material& m : s.materials)
        if (m.extras.contains("face_slot") && m.extras["face_slot"] == slot) return &m;
    return nullptr;
}

struct Fixture {
    BuiltRom built = build_rom_detailed(sample_rom_spec());
};

}  // namespace

TEST_CASE("face banks: descriptors as written, texels of every format decoded by hand") {
    Fixture f;
    const auto& banks = f.built.faces.banks;
    REQUIRE(banks.size() == 3);
    std::set<std::pair<int, int>> formats;
    for (uint32_t b = 0; b < banks.size(); ++b) {
        const FaceBank bank = read_face_bank(f.built.rom, b);
        REQUIRE(bank.count == banks[b].images.size());
        CHECK(bank.pointer == banks[b].pointer);
        for (size_t i = 0; i < bank.images.size(); ++i) {
            INFO("bank " << b << " image " << i);
            const FaceImage& d = bank.images[i];
            const FaceImageSpec& spec = banks[b].images[i];
            CHECK(d.offset == spec.descriptor);
            CHECK(d.image_offset == spec.image_offset);
            CHECK(d.palette_offset == spec.palette_offset);
            CHECK(d.width == spec.width);
            CHECK(d.height == spec.height);
            CHECK(d.format == spec.fmt);
            CHECK(d.size == spec.siz);
            CHECK(d.unknown == spec.unknown);
            const n64::Rgba8Image img = decode_face_image(f.built.rom, d);
            check_image(img.rgba, img.width, img.height, spec);
            formats.insert({spec.fmt, spec.siz});
        }
    }
    // RGBA16, CI4, CI8, IA8, I4.
    CHECK(formats.size() == 5);
    // Banks the sample does not use are empty, not errors.
    CHECK(read_face_bank(f.built.rom, 10).count == 0);
}

TEST_CASE("the face quad draws its slot's first selected image from segment 0x08 + k") {
    Fixture f;
    const auto doc = pktest::open_rom(f.built.rom);
    const DecodedModel& m = doc->model(1);
    REQUIRE(m.faces.slots.size() == 2);
    CHECK(m.faces.slots[0].bank == 0);
    CHECK(m.faces.slots[1].selector == 4);
    // Draw states record the slot; the display list's own decode (through
    // TMEM) of the segment bytes is the bank's image 0 for both programs.
    std::set<uint32_t> slots;
    for (const auto& [state, k] : m.face_slot_of_state) {
        slots.insert(k);
        const n64::DecodedTexture& t = m.textures[size_t(m.states[state].texture)];
        CHECK(t.image_address == (0x08000000u + (k << 24)));
        check_image(t.image.rgba, t.image.width, t.image.height,
                    f.built.faces.banks[size_t(m.faces.slots[k].bank)].images[0]);
        if (k == 1) CHECK(t.tlut_address == 0x09800000u);
    }
    CHECK(slots == std::set<uint32_t>{0, 1});
    // `list` says which models have faces.
    CHECK(doc->items()[1].fields["face_slots"] == 2);
    CHECK(doc->items()[1].label.find(", 2 face slots") != std::string::npos);
    CHECK(doc->items()[0].fields["face_slots"] == 0);
    // Models without slots are unchanged.
    CHECK(doc->model(0).face_slot_of_state.empty());
    CHECK(doc->model(0).faces.slots.empty());
}

TEST_CASE("the slot pointer resolves in every pointer shape and record source") {
    for (const PointerForm form : {PointerForm::Relative, PointerForm::Segment, PointerForm::Kseg0})
        for (const bool in_resource : {false, true}) {
            INFO("form " << int(form) << " record in resource " << in_resource);
            RomSpec spec = sample_rom_spec();
            spec.record_in_resource = in_resource;
            spec.models[1].pointers = form;
            const BuiltRom built = build_rom_detailed(spec);
            const auto doc = pktest::open_rom(built.rom);
            const DecodedModel& m = doc->model(1);
            REQUIRE(m.faces.slots.size() == 2);
            CHECK(m.facial_pointer == built.models[1].facial_pointer);
            CHECK(m.faces.slots[1].offset == built.models[1].face_slots_offset + 8);
            CHECK(m.face_slot_of_state.size() == 2);
        }
}

TEST_CASE("the scene switches face textures from STEP value tracks") {
    Fixture f;
    RomSpec spec = sample_rom_spec();
    spec.anims = {};  // no animation banks: the faces make their own animation
    const BuiltRom built = build_rom_detailed(spec);
    const auto doc = pktest::open_rom(built.rom);
    const Scene s = doc->scene(1);
    validate_scene(s);
    const std::pair<uint32_t, size_t> slots[] = {{0, 3}, {1, 4}};
    for (auto [slot, images] : slots) {
        INFO("slot " << slot);
        const Material* mat = face_material(s, slot);
        REQUIRE(mat);
        const int32_t bank = int32_t(slot);  // slot 0 -> bank 0, slot 1 -> bank 1
        REQUIRE(mat->switch_textures.size() == images);
        for (size_t i = 0; i < images; ++i)
            CHECK(s.textures[size_t(mat->switch_textures[i])].name.rfind(
                      "face_bank" + std::to_string(bank) + "_img" + std::to_string(i) + "_", 0) ==
                  0);
        // Starts on the first selected image (image 0 for both programs): its
        // PNG holds the hand-decoded texels, and some colour.
        REQUIRE(mat->texture == mat->switch_textures[0]);
        int w = 0, h = 0;
        const Bytes rgba = image::decode_png_rgba(s.textures[size_t(mat->texture)].png, w, h);
        check_image(rgba, w, h, built.faces.banks[size_t(bank)].images[0]);
        CHECK(any_colour(rgba));
        // Every listed texture is the bank image by hand too.
        for (size_t i = 0; i < images; ++i) {
            const Bytes px =
                image::decode_png_rgba(s.textures[size_t(mat->switch_textures[i])].png, w, h);
            check_image(px, w, h, built.faces.banks[size_t(bank)].images[i]);
        }
        const std::string track = "model_1_face" + std::to_string(slot);
        CHECK(mat->switch_track_node == track);
        const int node = s.find_node(track);
        REQUIRE(node >= 0);
        CHECK(s.nodes[size_t(node)].parent == 0);
        CHECK(s.nodes[size_t(node)].extras["ripkit_track"] == "face" + std::to_string(slot));
        CHECK(s.nodes[size_t(node)].extras["target"] == "model_1");
        CHECK(s.nodes[size_t(node)].extras["component"] == "x");
    }
    // The display list's own decode of each face is replaced, not left unused.
    std::set<int> used;
    for (const Material& m : s.materials) {
        if (m.texture >= 0) used.insert(m.texture);
        used.insert(m.switch_textures.begin(), m.switch_textures.end());
    }
    CHECK(used.size() == s.textures.size());
    REQUIRE(s.animations.size() == 1);
    const Animation& a = s.animations[0];
    CHECK(a.name == "face");
    CHECK(a.duration == Approx(2.15).margin(1e-6));  // the blink's natural length
    REQUIRE(a.channels.size() == 2);
    for (const Channel& c : a.channels) {
        const bool eyes = c.node == s.find_node("model_1_face0");
        check_channel(c, eyes ? kEyes : kMouth, a.duration);
    }
}

TEST_CASE("face channels join every animation bank over its duration") {
    Fixture f;
    const auto doc = pktest::open_rom(f.built.rom);
    const Scene s = doc->scene(1);
    validate_scene(s);
    const int eyes = s.find_node("model_1_face0"), mouth = s.find_node("model_1_face1");
    REQUIRE(eyes >= 0);
    REQUIRE(!s.animations.empty());  // the sample's banks 3 and 17 apply to model 1
    for (const Animation& a : s.animations) {
        CHECK(a.name != "face");
        INFO("animation " << a.name);
        int found = 0;
        for (const Channel& c : a.channels)
            if (c.node == eyes || c.node == mouth) {
                ++found;
                check_channel(c, c.node == eyes ? kEyes : kMouth, a.duration);
            }
        CHECK(found == 2);
    }
}

TEST_CASE("dump shows slots, programs, frames, keys and every face bank") {
    Fixture f;
    const auto doc = pktest::open_rom(f.built.rom);
    const auto j = doc->dump(1);
    const auto& faces = j["models"][0]["faces"];
    CHECK(faces["pointer"] == "0x" + [&] {
        char b[16];
        std::snprintf(b, sizeof b, "%08X", f.built.models[1].facial_pointer);
        return std::string(b);
    }());
    REQUIRE(faces["slots"].size() == 2);
    const auto& eyes = faces["slots"][0];
    CHECK(eyes["bank"] == 0);
    CHECK(eyes["selector"] == 0);
    REQUIRE(eyes["program"].size() == 4);
    CHECK(
        eyes["program"][1] ==
        nlohmann::json(
            {{"op", 1}, {"duration", 0.05f}, {"first", 1}, {"last", 2}, {"offset", "0x0006BC9C"}}));
    CHECK(eyes["loops"] == true);
    CHECK(eyes["first_image"] == 0);
    CHECK(eyes["frames"].size() == 65);
    CHECK(eyes["frames"][62] == 2);
    REQUIRE(eyes["keys"].size() == kEyes.size());
    CHECK(eyes["keys"][1][1] == 1);
    const auto& mouth = faces["slots"][1];
    CHECK(mouth["program"][0]["offset"] == "0x0006BCC0");
    CHECK(mouth["ends"] == true);
    CHECK(mouth["natural_length"] == 1.5);
    CHECK(mouth["frames"].size() == 45);
    const auto& banks = j["face_banks"];
    REQUIRE(banks.size() == 11);
    CHECK(banks[0]["count"] == 3);
    CHECK(banks[1]["images"][2]["format"] == 2);
    CHECK(banks[1]["images"][2]["size"] == 0);
    CHECK(banks[1]["images"][2]["unknown"] == nlohmann::json({0xA5, 203}));
    CHECK(banks[2]["images"][0]["width"] == 8);
    CHECK(banks[7]["count"] == 0);
    CHECK_FALSE(j["models"][0].contains("error"));
    CHECK_FALSE(doc->dump(0)["models"][0].contains("faces"));
}

TEST_CASE("bad face tables give clear errors; models without faces still convert") {
    Fixture f;
    const BuiltModel& m1 = f.built.models[1];  // RAW: resource bytes at rom_start
    SECTION("slot bank past the bank table") {
        Bytes rom = f.built.rom;
        put32(rom, m1.rom_start + m1.face_slots_offset + 8, 11);
        const Error e = face_error(rom);
        CHECK(e.kind() == ErrorKind::BadIndex);
        CHECK(says(e, "a face bank below 11"));
        CHECK(says(e, "names 11"));
    }
    SECTION("a slot list without its end marker") {
        Bytes res(16 + 17 * 8, 0);  // 17 slots of bank 0, no -1
        CHECK_THROWS_AS(read_face_slots(res, 16, PointerRule{}), Error);
        try {
            read_face_slots(res, 16, PointerRule{});
        } catch (const Error& e) {
            CHECK(says(e, "within 16 slots"));
        }
    }
    SECTION("zero duration in the ROM's program") {
        Bytes rom = f.built.rom;
        put32(rom, kFaceProgramTable + 4, 0);
        CHECK(says(face_error(rom), "zero durations"));
    }
    SECTION("a jump cycle in the ROM's program") {
        Bytes rom = f.built.rom;
        // Mouth instruction 3 (end) becomes "jump to 2": op 2 and back forever.
        put32(rom, kFaceProgramTable + 7 * 12 + 4, f32_to_bits(-1.0f));
        put32(rom, kFaceProgramTable + 7 * 12 + 8, 0x00020000);
        const Error e = face_error(rom);
        CHECK(e.kind() == ErrorKind::StepLimit);
        CHECK(says(e, "jumps forever"));
        CHECK(says(e, "face slot 1"));
    }
    SECTION("a selector running past the table end") {
        Bytes rom = f.built.rom;
        put32(rom, m1.rom_start + m1.face_slots_offset + 4, 96);  // the last whole instruction
        put32(rom, kFaceProgramTable + 96 * 12 + 4, f32_to_bits(1.0f));  // show 0 for 1 s, go on
        const Error e = face_error(rom);
        CHECK(e.kind() == ErrorKind::BadIndex);
        CHECK(says(e, "inside the selector table"));
        CHECK(e.offset() == kFaceProgramTable + 97 * 12);
    }
    SECTION("an absurd image count") {
        Bytes rom = f.built.rom;
        put32(rom, kFaceBankCounts, 5000);
        CHECK(face_error(rom).kind() == ErrorKind::AllocationLimit);
    }
    SECTION("a zero-width image") {
        Bytes rom = f.built.rom;
        rom.at(f.built.faces.banks[0].images[1].descriptor + 8) = 0;
        rom.at(f.built.faces.banks[0].images[1].descriptor + 9) = 0;
        const Error e = face_error(rom);
        CHECK(e.kind() == ErrorKind::BadValue);
        CHECK(e.offset() == f.built.faces.banks[0].images[1].descriptor + 8);
    }
    SECTION("images past the ROM end") {
        Bytes rom = f.built.rom;
        rom.resize(kFaceImageBase + 10 * kFaceDescriptorSize);  // descriptors only
        const Error e = face_error(rom);
        CHECK(e.kind() == ErrorKind::Truncated);
        CHECK(says(e, "texel bytes"));
    }
    SECTION("a ROM that ends before the image base") {
        Bytes rom = f.built.rom;
        rom.resize(0xC00000);
        const Error e = face_error(rom);
        CHECK(e.kind() == ErrorKind::Truncated);
        CHECK(says(e, "image base"));
        const auto doc = pktest::open_rom(rom, fixed_layout());
        CHECK_NOTHROW(doc->scene(0));
        const auto banks = doc->dump(0)["face_banks"];
        CHECK(banks[0].contains("error"));
        CHECK(banks[5]["count"] == 0);
    }
}

TEST_CASE("descriptors naming one image make one texture (not one PNG per descriptor)") {
    RomSpec spec = sample_rom_spec();
    spec.anims = {};
    BuiltRom built = build_rom_detailed(spec);
    // Bank 1 (the mouths): every descriptor points at image 0's texels and palette.
    const FaceBankSpec& bank = built.faces.banks[1];
    REQUIRE(bank.images.size() == 4);
    for (size_t i = 1; i < bank.images.size(); ++i) {
        put32(built.rom, bank.images[i].descriptor, bank.images[0].image_offset);
        put32(built.rom, bank.images[i].descriptor + 4, bank.images[0].palette_offset);
    }
    const auto doc = pktest::open_rom(built.rom);
    const Scene s = doc->scene(1);
    validate_scene(s);
    const Material* mouth = face_material(s, 1);
    REQUIRE(mouth);
    REQUIRE(mouth->switch_textures.size() == 4);  // the program still switches among 4 indices
    for (int t : mouth->switch_textures) CHECK(t == mouth->switch_textures[0]);
    int w = 0, h = 0;
    const Bytes rgba =
        image::decode_png_rgba(s.textures[size_t(mouth->switch_textures[0])].png, w, h);
    check_image(rgba, w, h, bank.images[0]);
    // Eyes (bank 0, 3 distinct images) + the one mouth image.
    const Material* eyes = face_material(s, 0);
    REQUIRE(eyes);
    std::set<int> used(eyes->switch_textures.begin(), eyes->switch_textures.end());
    CHECK(used.size() == 3);
    used.insert(mouth->switch_textures[0]);
    CHECK(used.size() == 4);
}
