// Models as scenes: armature and bind pose from the game's own sine table,
// rigid skinning by load-time palette slot, texels and UVs checked against
// values computed by hand from the builder's raw bytes, and bad ROMs.
#include <assimp/scene.h>
#include <unistd.h>  // getpid

#include <assimp/Importer.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>

#include "hand_math.hpp"
#include "hey_you_pikachu/format.hpp"
#include "hey_you_pikachu/model_scene.hpp"
#include "hey_you_pikachu/rom_layout.hpp"
#include "pikachu_test_util.hpp"
#include "ripkit/assimp/format_importer.hpp"
#include "ripkit/error.hpp"
#include "ripkit/image/png.hpp"
#include "ripkit_catch.hpp"

namespace Assimp {
class BaseImporter;
}
using namespace ripkit;
using namespace ripkit::hey_you_pikachu;

namespace {

struct Fixture {
    BuiltRom built = build_rom_detailed(sample_rom_spec());
    std::unique_ptr<PikachuDocument> doc = pktest::open_rom(built.rom);
};

// Index of the mesh vertex at `p` (within 1e-3), or -1; `joint` receives its joint.
int find_vertex(const Scene& s, glm::vec3 p, int& joint) {
    for (const Mesh& m : s.meshes)
        for (size_t i = 0; i < m.positions.size(); ++i)
            if (glm::length(m.positions[i] - p) < 1e-3f) {
                joint = m.joints[i];
                return int(i);
            }
    return -1;
}

using Px = std::array<uint8_t, 4>;

uint8_t e5(unsigned n) { return uint8_t((n << 3) | (n >> 2)); }
Px from5551(unsigned c) {
    return {e5((c >> 11) & 31), e5((c >> 6) & 31), e5((c >> 1) & 31), uint8_t(c & 1 ? 255 : 0)};
}

// Hand decoding of texel (x, y) of a linear N64 image, straight from the bit layouts.
Px hand_texel(const TextureSpec& t, int x, int y) {
    const unsigned bits = 4u << t.siz;
    const size_t bit = (size_t(y) * size_t(t.width) + size_t(x)) * bits;
    const uint8_t* p = t.texels.data() + bit / 8;
    const unsigned nib = (bit % 8) ? (p[0] & 15) : (p[0] >> 4);
    switch (t.fmt) {
        case 0:
            return bits == 16 ? from5551(unsigned(p[0] << 8 | p[1])) : Px{p[0], p[1], p[2], p[3]};
        case 3:
            if (bits == 16) return {p[0], p[0], p[0], p[1]};
            if (bits == 8)
                return {uint8_t((p[0] >> 4) * 17), uint8_t((p[0] >> 4) * 17),
                        uint8_t((p[0] >> 4) * 17), uint8_t((p[0] & 15) * 17)};
            {
                const unsigned i3 = nib >> 1;
                const uint8_t i = uint8_t((i3 << 5) | (i3 << 2) | (i3 >> 1));  // bit replication
                return {i, i, i, uint8_t(nib & 1 ? 255 : 0)};
            }
        case 4: {
            const uint8_t i = bits == 8 ? p[0] : uint8_t(nib * 17);
            return {i, i, i, i};
        }
        case 2: {
            const unsigned idx = bits == 8 ? p[0] : nib;
            const uint16_t c = t.palette_entries.at(idx);
            if (t.tlut == n64::TlutType::Ia16)
                return {uint8_t(c >> 8), uint8_t(c >> 8), uint8_t(c >> 8), uint8_t(c)};
            return from5551(c);
        }
    }
    return {};
}

}  // namespace

TEST_CASE("armature: bind pose from the accumulated game matrices, base pose kept") {
    Fixture f;
    const Scene s = f.doc->scene(0);
    validate_scene(s);
    REQUIRE(s.skins.size() == 1);
    const Skin& sk = s.skins[0];
    REQUIRE(sk.joints.size() == 9);
    CHECK(s.nodes[size_t(sk.joints[0])].name == "node0_t1");
    CHECK(s.nodes[size_t(sk.joints[2])].parent == sk.joints[1]);
    // Node 1: T(0, 100, 0) * Ry(pi/2). The table gives sin = 32767/32767 = 1
    // (entry 0x3FF) and cos = -entry 0 = 0, so a point (x, y, z) goes to
    // (z, y + 100, -x); the inverse bind undoes it.
    const glm::vec4 p = sk.inverse_bind[1] * glm::vec4(0, 70, -30, 1);
    CHECK(p.x == Approx(30).margin(1e-4));
    CHECK(p.y == Approx(-30).margin(1e-4));
    CHECK(p.z == Approx(0).margin(1e-4));
    const Node& n1 = s.nodes[size_t(sk.joints[1])];
    CHECK(n1.extras["base_rotation"][1].get<float>() == Approx(float(std::numbers::pi / 2)));
    CHECK(n1.rotation.y == Approx(std::sqrt(0.5f)).margin(1e-4));
    CHECK(n1.rotation.w == Approx(std::sqrt(0.5f)).margin(1e-4));
    // Node 3 is type 100: translation only, even in the scene.
    const Node& n3 = s.nodes[size_t(sk.joints[3])];
    CHECK(n3.extras["node_type"] == 100);
    CHECK(n3.rotation == glm::vec4(0, 0, 0, 1));
    CHECK(n3.translation == glm::vec3(50, 0, 0));
    // Node 2 has scale (1, 2, 1) under a rotated parent: the base pose is as stored.
    CHECK(s.nodes[size_t(sk.joints[2])].scale == glm::vec3(1, 2, 1));
}

TEST_CASE("a vertex loaded under palette slot k is skinned to the node of slot k") {
    Fixture f;
    const Scene s = f.doc->scene(0);
    int joint = -1;
    // Node 1's own quad corner (30, -30, 0) in node 1's space -> (0, 70, -30).
    REQUIRE(find_vertex(s, {0, 70, -30}, joint) >= 0);
    CHECK(joint == 1);
    // Node 1's bridge vertex (30, 0, 10) was loaded after G_MTX slot 0: it
    // stays in the parent's space and on the parent's joint.
    REQUIRE(find_vertex(s, {30, 0, 10}, joint) >= 0);
    CHECK(joint == 0);
    // Node 0's corner.
    REQUIRE(find_vertex(s, {40, 40, 0}, joint) >= 0);
    CHECK(joint == 0);
    // A triangle mixing both slots exists (bridge triangles).
    bool mixed = false;
    for (const Mesh& m : s.meshes)
        for (size_t i = 0; i + 2 < m.indices.size(); i += 3) {
            const uint16_t a = m.joints[m.indices[i]], b = m.joints[m.indices[i + 1]],
                           c = m.joints[m.indices[i + 2]];
            mixed |= (a != b || b != c);
        }
    CHECK(mixed);
}

// Model 4 rotates by angles off the quarter turns on four levels, so the
// table's rounding reaches every palette matrix. The local coordinates the
// builder wrote (quad corners +-size at z 0, bridges at z 10) must come back
// from the world positions through the inverse binds, whose last row stays
// exactly (0, 0, 0, 1) (the glTF contract the validator checks bit for bit).
TEST_CASE("inverse binds under off-axis rotations are exact affine inverses of the palette") {
    Fixture f;
    const ModelSpec spec = sample_rom_spec().models.at(4);
    const Scene s = f.doc->scene(4);
    REQUIRE(s.skins.size() == 1);
    const Skin& sk = s.skins[0];
    REQUIRE(sk.inverse_bind.size() == spec.nodes.size());
    for (size_t k = 0; k < sk.inverse_bind.size(); ++k) {
        INFO("joint " << k);
        const glm::mat4& m = sk.inverse_bind[k];
        CHECK(m[0][3] == 0.0f);
        CHECK(m[1][3] == 0.0f);
        CHECK(m[2][3] == 0.0f);
        CHECK(m[3][3] == 1.0f);
    }
    size_t checked = 0;
    for (const Mesh& mesh : s.meshes)
        for (size_t i = 0; i < mesh.positions.size(); ++i) {
            const glm::vec4 local =
                sk.inverse_bind.at(mesh.joints[i]) * glm::vec4(mesh.positions[i], 1.0f);
            INFO("joint " << mesh.joints[i] << " local " << local.x << " " << local.y << " "
                          << local.z);
            CHECK((std::fabs(local.z) < 1e-3f || std::fabs(local.z - 10.0f) < 1e-3f));
            bool corner = false;
            for (const NodeSpec& n : spec.nodes)
                for (const float y : {-n.size, 0.0f, n.size})
                    corner |= std::fabs(std::fabs(local.x) - n.size) < 1e-3f &&
                              std::fabs(local.y - y) < 1e-3f;
            CHECK(corner);
            ++checked;
        }
    CHECK(checked >= 4 * spec.nodes.size());
}

TEST_CASE("embedded textures hold the texels of every format") {
    Fixture f;
    const Scene s = f.doc->scene(0);
    const auto& specs = f.built.models[0].textures;
    REQUIRE(s.textures.size() == specs.size());
    for (size_t i = 0; i < specs.size(); ++i) {
        const TextureSpec& t = specs[i];
        INFO("texture " << i << " " << s.textures[i].name);
        int w = 0, h = 0;
        const Bytes rgba = image::decode_png_rgba(s.textures[i].png, w, h);
        REQUIRE(w == t.width);
        REQUIRE(h == t.height);
        for (auto [x, y] : {std::pair{0, 0}, {t.width - 1, 1}, {3, t.height - 1}}) {
            const size_t o = (size_t(y) * size_t(w) + size_t(x)) * 4;
            const Px got{rgba[o], rgba[o + 1], rgba[o + 2], rgba[o + 3]};
            CHECK(got == hand_texel(t, x, y));
        }
    }
}

TEST_CASE("UVs apply the F3DAM matrix, the tile shift and the texture size") {
    // s = 512 (16 texels in s10.5); with shift S = 1 on a 16-texel-wide tile: 16 / 2 / 16.
    CHECK(tile_coord(512, 1, 0, 16) == Approx(0.5f));
    CHECK(tile_coord(256, 0, 0, 8) == Approx(1.0f));
    CHECK(tile_coord(256, 0, 4, 8) == Approx(7.0f / 8));  // origin 1 texel (10.2)
    CHECK(tile_coord(64, 15, 0, 8) == Approx(4.0f / 8));  // 2 texels, shift 15: times 2
    Fixture f;
    const Scene s = f.doc->scene(0);
    // Node 2 (IA4 16x8, shift S 1): corner 1 has s = 16*32 -> u = 0.5, t = 0 -> v = 0.
    int joint = -1;
    bool found = false;
    for (const Mesh& m : s.meshes)
        for (size_t i = 0; i < m.positions.size(); ++i)
            if (m.joints[i] == 2 && !m.uv0.empty() && m.uv0[i].x > 0.0f) {
                CHECK(m.uv0[i].x == Approx(0.5f));
                found = true;
            }
    CHECK(found);
    (void)joint;
}

TEST_CASE("materials follow the draw state: wrap, lighting, culling, vertex colours") {
    Fixture f;
    const Scene s = f.doc->scene(0);
    bool mirror_clamp = false, lit_with_normals = false, unlit_with_colours = false;
    for (const Mesh& m : s.meshes) {
        const Material& mat = s.materials[size_t(m.material)];
        CHECK(!mat.double_sided);  // every list sets G_CULL_BACK
        if (mat.wrap_s == Wrap::Mirror && mat.wrap_t == Wrap::Clamp) mirror_clamp = true;
        if (!mat.unlit && !m.normals.empty()) {
            lit_with_normals = true;
            // Builder normals are (0, 0, 127) in the node's space.
            CHECK(glm::length(m.normals[0]) == Approx(1.0f));
        }
        if (mat.unlit && !m.colors.empty() && m.normals.empty()) unlit_with_colours = true;
    }
    CHECK(mirror_clamp);
    CHECK(lit_with_normals);
    CHECK(unlit_with_colours);
    // Model 2 is lit with vertex alpha 255, 239, 223, 207: alpha blends.
    const Scene s2 = f.doc->scene(2);
    bool blend = false;
    for (const Material& mat : s2.materials) blend |= mat.alpha_mode == AlphaMode::Blend;
    CHECK(blend);
}

namespace {

// The seed's sine route, by hand, for the sample ROM's table (sin of 4096
// steps a turn, s16): radians * 65536 / 2pi rounded to a 16-bit angle, whose
// top 12 bits pick the entry. So the engine turns by the angle rounded to
// 1/4096 of a turn (cos adds a quarter turn, a whole number of entries).
double table_angle(float radians) {
    const long long units = std::llround(double(radians) * (65536.0 / (2.0 * std::numbers::pi)));
    return 2.0 * std::numbers::pi * double((units & 0xFFFF) >> 4) / 4096.0;
}

// Right-handed Euler rotations, `first` applied first: xyz = Rz Ry Rx.
hand::M3 euler_matrix(const glm::vec3& e, const std::string& order) {
    hand::M3 r = hand::rot_x(0);
    for (char axis : order) {
        const double a = table_angle(e[axis - 'x']);
        r = hand::mul(axis == 'x'   ? hand::rot_x(a)
                      : axis == 'y' ? hand::rot_y(a)
                                    : hand::rot_z(a),
                      r);
    }
    return r;
}

double max_diff(const hand::M3& a, const hand::M3& b) {
    double d = 0;
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) d = std::max(d, std::abs(a[r][c] - b[r][c]));
    return d;
}

}  // namespace

TEST_CASE("the Euler order is an overridable assumption: each order's matrix, by hand") {
    Fixture f;
    Options o;
    o.settings["euler_order"] = "zyx";
    const auto other = pktest::open_rom(f.built.rom, o);
    CHECK(other->info()["layout"]["euler_order"]["value"] == "zyx");
    CHECK(other->info()["layout"]["euler_order"]["source"] == "setting");
    CHECK(f.doc->info()["layout"]["euler_order"]["value"] == "xyz");
    const Scene a = f.doc->scene(0), b = other->scene(0);
    // Node 5 turns about all three axes by (0.3, 0.2, 0.1) (the builder's
    // input): its rest rotation is Rz Ry Rx by default, Rx Ry Rz with zyx.
    const glm::vec3 e5 = sample_rom_spec().models[0].nodes[5].rotation;
    REQUIRE(e5 == glm::vec3(0.3f, 0.2f, 0.1f));
    const hand::M3 xyz = euler_matrix(e5, "xyz"), zyx = euler_matrix(e5, "zyx");
    REQUIRE(max_diff(xyz, zyx) > 0.03);  // the orders differ well above the tolerance
    const int n5a = a.find_node("node5_t6"), n5b = b.find_node("node5_t6");
    REQUIRE(n5a >= 0);
    REQUIRE(n5b >= 0);
    CHECK(max_diff(hand::quat_matrix(a.nodes[size_t(n5a)].rotation), xyz) < 2e-4);
    CHECK(max_diff(hand::quat_matrix(b.nodes[size_t(n5b)].rotation), zyx) < 2e-4);
    // Node 1 turns about Y alone: both orders give Ry(pi/2).
    const glm::vec3 e1 = sample_rom_spec().models[0].nodes[1].rotation;
    for (const Scene* s : {&a, &b}) {
        const int n1 = s->find_node("node1_t2");
        REQUIRE(n1 >= 0);
        CHECK(max_diff(hand::quat_matrix(s->nodes[size_t(n1)].rotation),
                       hand::rot_y(table_angle(e1.y))) < 2e-4);
    }
    o.settings["euler_order"] = "xxy";
    CHECK_THROWS_AS(pktest::open_rom(f.built.rom, o), Error);
}

TEST_CASE("bad ROMs give clear errors naming what was expected") {
    Fixture f;
    const BuiltModel& raw = f.built.models[1];  // RAW, relative pointers
    auto put32 = [](Bytes& rom, size_t at, uint32_t v) {
        for (int i = 0; i < 4; ++i) rom.at(at + size_t(i)) = uint8_t(v >> (24 - 8 * i));
    };
    auto error_of = [](const Bytes& rom, int64_t item) -> Error {
        Options o;
        o.settings["descriptor_field"] = "0x04";  // keep the layout fixed
        o.settings["runtime_record"] = "rom";
        const auto doc = pktest::open_rom(rom, o);
        CHECK(doc->items()[size_t(item)].error.has_value());
        try {
            doc->scene(item);
        } catch (const Error& e) {
            return e;
        }
        FAIL("expected an error");
        return Error(ErrorKind::BadValue, std::nullopt, "");
    };
    SECTION("descriptor past the end of the ROM") {
        Bytes rom = f.built.rom;
        put32(rom, raw.descriptor_offset + 0x0C, uint32_t(rom.size() + 0x100));
        const Error e = error_of(rom, 1);
        CHECK(e.kind() == ErrorKind::BadIndex);
        CHECK(e.offset() == raw.descriptor_offset + 8);
    }
    SECTION("LH5 block that lies about its unpacked size") {
        Bytes rom = f.built.rom;
        const BuiltModel& m0 = f.built.models[0];
        put32(rom, m0.rom_start + 4, uint32_t(m0.resource.size() + 64));
        const Error e = error_of(rom, 0);
        CHECK(e.kind() == ErrorKind::Truncated);
        CHECK(std::string(e.what()).find("ended after " + std::to_string(m0.resource.size())) !=
              std::string::npos);
    }
    SECTION("display-list loop") {
        Bytes rom = f.built.rom;
        const uint32_t dl = raw.dl_offsets[0];
        put32(rom, raw.rom_start + dl, 0xDE010000);  // branch ...
        put32(rom, raw.rom_start + dl + 4, dl);      // ... to itself
        const Error e = error_of(rom, 1);
        CHECK(e.kind() == ErrorKind::StepLimit);
    }
    SECTION("vertex index past the cache") {
        Bytes rom = f.built.rom;
        uint32_t at = raw.dl_offsets[0];
        while (raw.resource.at(at) != 0x01) at += 8;
        put32(rom, raw.rom_start + at, 0x01004048);  // 4 vertices ending at 36
        const Error e = error_of(rom, 1);
        CHECK(e.kind() == ErrorKind::BadIndex);
        CHECK(std::string(e.what()).find("32-entry vertex cache") != std::string::npos);
    }
    SECTION("hierarchy cycle") {
        Bytes rom = f.built.rom;
        const uint32_t node1 = raw.node_offsets[1];
        put32(rom, raw.rom_start + node1 + 0x2C, raw.node_offsets[0]);  // child -> root
        const Error e = error_of(rom, 1);
        CHECK(e.kind() == ErrorKind::BadValue);
    }
    SECTION("unknown item") { CHECK_THROWS_AS(f.doc->scene(99), Error); }
}

TEST_CASE("the Assimp importer reads a .v64 ROM") {
    Fixture f;
    const auto path = std::filesystem::temp_directory_path() /
                      ("ripkit_pikachu_" + std::to_string(::getpid()) + ".v64");
    {
        const Bytes v64 = to_v64(f.built.rom);
        std::ofstream out(path, std::ios::binary);
        out.write(reinterpret_cast<const char*>(v64.data()), std::streamsize(v64.size()));
    }
    Assimp::Importer imp;
    imp.RegisterLoader(new FormatImporter(formats::hey_you_pikachu_format()));
    imp.SetPropertyInteger("RIPKIT_ITEM", 0);
    const aiScene* sc = imp.ReadFile(path.string(), 0);
    std::filesystem::remove(path);
    REQUIRE(sc != nullptr);
    CHECK(sc->mNumMeshes > 0);
    CHECK(sc->mNumTextures == 9);
    unsigned bones = 0;
    for (unsigned i = 0; i < sc->mNumMeshes; ++i)
        bones = std::max(bones, sc->mMeshes[i]->mNumBones);
    CHECK(bones > 0);
}

TEST_CASE("the Assimp importer takes the animation selection from RIPKIT_ANIMS") {
    Fixture f;
    const auto path = std::filesystem::temp_directory_path() /
                      ("ripkit_pikachu_anims_" + std::to_string(::getpid()) + ".z64");
    {
        std::ofstream out(path, std::ios::binary);
        out.write(reinterpret_cast<const char*>(f.built.rom.data()),
                  std::streamsize(f.built.rom.size()));
    }
    // Model 0 fits banks 3 and 17 (sample_anim_spec); without a selection both come.
    auto names = [&](const char* anims) {
        Assimp::Importer imp;
        imp.RegisterLoader(new FormatImporter(formats::hey_you_pikachu_format()));
        imp.SetPropertyInteger("RIPKIT_ITEM", 0);
        if (anims) imp.SetPropertyString("RIPKIT_ANIMS", anims);
        const aiScene* sc = imp.ReadFile(path.string(), 0);
        std::vector<std::string> out;
        if (!sc) return std::vector<std::string>{std::string("error: ") + imp.GetErrorString()};
        for (unsigned i = 0; i < sc->mNumAnimations; ++i)
            out.push_back(sc->mAnimations[i]->mName.C_Str());
        return out;
    };
    CHECK(names(nullptr) == std::vector<std::string>{"bank_3", "bank_17"});
    CHECK(names("bank_17") == std::vector<std::string>{"bank_17"});
    CHECK(names("17,3").size() == 2);
    const auto bad = names("42");  // bank 42 fits no sample model
    REQUIRE(bad.size() == 1);
    CHECK(bad[0].find("error: ") == 0);
    std::filesystem::remove(path);
}

TEST_CASE(
    "a chain whose world matrix overflows a float is an error at the node, not NaN vertices") {
    // Twelve nodes of scale 1e4, each inside the hierarchy's 1e4 bound: node k's
    // world scale is 1e4^k, past 1e18 at node 5 (unchecked: all-NaN POSITION data).
    RomSpec spec;
    ModelSpec m;
    m.resource_id = 5;
    m.compressed = false;
    for (int i = 0; i < 12; ++i) {
        NodeSpec n;
        n.parent = i - 1;
        if (i) n.scale = glm::vec3(1e4f);
        m.nodes.push_back(n);
    }
    spec.models.push_back(m);
    const BuiltRom built = build_rom_detailed(spec);
    const auto doc = pktest::open_rom(built.rom);
    try {
        (void)doc->scene(0);
        FAIL("the scene was built");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::BadValue);
        REQUIRE(e.offset());
        CHECK(*e.offset() == built.models[0].node_offsets[5]);
        CHECK(pktest::says(e, "hierarchy node 5: a world matrix"));
    }
}
