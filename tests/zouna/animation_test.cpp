// Animation_Z layout, slices, scene channels and skeleton binding.
#include <cmath>
#include <cstring>

#include "fresh_budget.hpp"
#include "ripkit_catch.hpp"
#include "test_util.hpp"
#include "zouna/container/container.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/document.hpp"
#include "zouna/encode/animation_writer.hpp"
#include "zouna/format.hpp"
#include "zouna/testkit/kit_writer.hpp"
#include "zouna/testkit/sample_objects.hpp"

using namespace ripkit;
using namespace ripkit::zouna;
using namespace zouna_test;
using Catch::Approx;

namespace {

// A minimal Animation_Z body by hand: one bone (TETE) with two cubic
// translation keys, a second bone (ARM) whose slice starts at key 2.
Bytes hand_animation(bool big, uint16_t arm_start = 2) {
    Hand h{big, {}};
    h.f32(2.0f), h.f32(0.5f), h.u16(0), h.u16(0);
    h.u32(0);            // KeyframerRot: no flags
    h.u32(0);            // KeyframerBezierRot
    h.u16(0), h.u32(0);  // scale Vec3fComp
    h.u16(1), h.u32(4);  // translation Vec3fComp, smooth
    // key: time, value, tangentIn, tangentOut (s16 / 4096), pad
    auto key = [&](float t, std::array<int16_t, 9> s) {
        h.f32(t);
        for (int16_t v : s) h.s16(v);
        h.pad();
    };
    key(0.0f, {0, 4096, 0, 0, 0, 0, 0, 2048, 1024});      // P (0,1,0), out (0,.5,.25)
    key(2.0f, {0, 8192, 4096, 0, -2048, 1024, 0, 0, 0});  // P (0,2,1), in (0,-.5,.25)
    key(0.0f, {4096, 0, 0, 0, 0, 0, 0, 0, 0});            // ARM: (1,0,0)
    key(1.0f, {8192, 0, 0, 0, 0, 0, 0, 0, 0});            // ARM: (2,0,0)
    h.u32(0);                                             // KeyframerMessage
    for (int i = 0; i < 7; ++i) h.u16(0), h.u32(0);       // material x5, mesh, morph
    h.u32(2);                                             // node modifiers
    h.u32(asobo_crc32("TETE")), h.u16(0), h.u16(0);
    h.u16(0), h.u16(2);                              // translation
    for (int i = 0; i < 4; ++i) h.u16(0), h.u16(0);  // rot, bezier, scale, message
    h.u32(asobo_crc32("ARM")), h.u16(1), h.u16(0);
    h.u16(arm_start), h.u16(2);
    for (int i = 0; i < 4; ++i) h.u16(0), h.u16(0);
    h.u32(0), h.u32(0), h.u32(0);  // material, mesh, morph modifiers
    return h.b;
}

Bytes as_object(const Bytes& body, bool big, bool compress, const char* name = "ANIM") {
    return write_object(asobo_crc32("Animation_Z"), asobo_crc32(name), {}, body,
                        big ? Endian::Big : Endian::Little, compress);
}

std::unique_ptr<Document> open(const Bytes& bytes, Options o = {}, const std::string& path = "x") {
    Input in;
    in.path = path;
    in.bytes = bytes;
    return formats::zouna_format().open(in, o);
}

const Channel* channel(const Scene& s, const std::string& node, AnimPath p, size_t anim = 0) {
    const int n = s.find_node(node);
    for (const Channel& c : s.animations.at(anim).channels)
        if (c.node == n && c.path == p) return &c;
    return nullptr;
}

}  // namespace

TEST_CASE("Animation_Z hand-built: fields in order, modifiers select their slices") {
    for (bool big : {false, true}) {
        INFO("big " << big);
        const zouna::Animation a =
            read_animation(ByteReader(hand_animation(big), 0, big ? Endian::Big : Endian::Little),
                           Variants{}, test::fresh_budget());
        CHECK(a.duration == 2.0f);
        CHECK(a.blending == 0.5f);
        REQUIRE(a.translation.keys.size() == 4);
        REQUIRE(a.nodes.size() == 2);
        CHECK(a.nodes[1].name == asobo_crc32("ARM"));
        CHECK(a.nodes[1].slices[kSliceTranslation].start == 2);
        CHECK(a.nodes[1].slices[kSliceTranslation].count == 2);

        const auto doc = open(as_object(hand_animation(big), big, false));
        const Scene s = doc->scene(asobo_crc32("ANIM"));
        validate_scene(s);
        // No names file: nodes are the crc in decimal.
        const std::string arm = std::to_string(asobo_crc32("ARM"));
        const Channel* c = channel(s, arm, AnimPath::Translation);
        REQUIRE(c);
        REQUIRE(c->times.size() == 2);
        CHECK(c->values[0].x == Approx(1.0));  // keys 2 and 3, not 0 and 1
        CHECK(c->values[1].x == Approx(2.0));
    }
}

TEST_CASE("cubic keys leave as CUBICSPLINE with exact tangents; axes mirrored unless native") {
    const auto doc = open(as_object(hand_animation(false), false, false));
    const Scene s = doc->scene(asobo_crc32("ANIM"));
    const Channel* c = channel(s, std::to_string(asobo_crc32("TETE")), AnimPath::Translation);
    REQUIRE(c);
    CHECK(c->interp == Interp::CubicSpline);
    // per-segment tangent / 2 s, z mirrored
    CHECK(c->out_tangents[0].y == Approx(0.25));
    CHECK(c->out_tangents[0].z == Approx(-0.125));
    CHECK(c->in_tangents[1].y == Approx(-0.25));
    CHECK(c->in_tangents[1].z == Approx(-0.125));
    CHECK(c->values[1].z == Approx(-1.0));
    // At t=1 (u=.5): y = .5*1 + .125*.5 + .5*2 + (-.125)(-.5) = 1.625;
    // z = .125*.25 + .5*1 - .125*.25 = .5 (engine), -.5 in glTF axes.
    const glm::dvec4 v =
        curves::evaluate_gltf_cubic(c->times, c->values, c->in_tangents, c->out_tangents, 1.0);
    CHECK(v.y == Approx(1.625));
    CHECK(v.z == Approx(-0.5));

    Options native;
    native.native = true;
    const Scene sn =
        open(as_object(hand_animation(false), false, false), native)->scene(asobo_crc32("ANIM"));
    const Channel* cn = channel(sn, std::to_string(asobo_crc32("TETE")), AnimPath::Translation);
    REQUIRE(cn);
    CHECK(curves::evaluate_gltf_cubic(cn->times, cn->values, cn->in_tangents, cn->out_tangents, 1.0)
              .z == Approx(0.5));
    // The whole curve equals the engine's Hermite evaluation at interior times.
    const zouna::Animation a =
        read_animation(ByteReader(hand_animation(false)), Variants{}, test::fresh_budget());
    const auto keys = to_curve(a.translation, 0, 2);
    for (double t : {0.1, 0.37, 0.5, 1.2, 1.9})
        for (int i = 0; i < 3; ++i)
            CHECK(curves::evaluate_gltf_cubic(cn->times, cn->values, cn->in_tangents,
                                              cn->out_tangents, t)[i] ==
                  Approx(curves::evaluate(keys, curves::Mode::Hermite, t)[i]).margin(1e-6));
}

TEST_CASE("metadata contract: frame_rate (30, --set frame_rate) and frame_count") {
    // The hand animation stores a 2 s duration and keys at 0..2 s.
    const Bytes file = as_object(hand_animation(false), false, false);
    const Scene s = open(file)->scene(asobo_crc32("ANIM"));
    CHECK(s.extras["frame_rate"] == 30.0);
    CHECK(s.extras["frame_count"] == 61);  // frames 0..60: 2 s * 30 + 1
    CHECK(s.animations[0].frame_rate == 30.0);
    const auto with_rate = [&](const char* rate) {
        Options o;
        o.settings["frame_rate"] = rate;
        return open(file, o)->scene(asobo_crc32("ANIM"));
    };
    CHECK(with_rate("25").extras["frame_count"] == 51);  // 2 * 25 + 1
    CHECK(with_rate("24").animations[0].frame_rate == 24.0);
    CHECK(with_rate("29.97").extras["frame_count"] == 61);  // round(59.94) + 1
    for (const char* bad : {"0", "-30", "fast", "5000"}) {
        INFO(bad);
        Options o;
        o.settings["frame_rate"] = bad;
        try {
            open(file, o)->scene(asobo_crc32("ANIM"));
            FAIL("no error");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::Usage);
        }
    }
    // A hostile stored duration (1e30 s) is an error, not an overflowing count.
    Bytes huge = hand_animation(false);
    const float big = 1e30f;
    std::memcpy(huge.data(), &big, 4);
    CHECK_THROWS_AS(open(as_object(huge, false, false))->scene(asobo_crc32("ANIM")), Error);
}

TEST_CASE("a slice outside its keyframer is a BadIndex error") {
    try {
        read_animation(ByteReader(hand_animation(false, 3)), Variants{}, test::fresh_budget());
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::BadIndex);
        CHECK(std::string(e.what()).find("node modifier 1 translation") != std::string::npos);
    }
}

TEST_CASE("skeleton + two animations: one armature, names file, reset flags, tracks kept") {
    for (Endian e : {Endian::Little, Endian::Big}) {
        const Variants v;
        MemFiles files;
        files.files["walk"] = write_object(asobo_crc32("Animation_Z"), asobo_crc32("WALK"), {},
                                           write_animation(sample_walk(), e, v), e, false);
        files.files["wave"] =
            write_bff0(write_object(asobo_crc32("Animation_Z"), asobo_crc32("WAVE"), {},
                                    write_animation(sample_wave(), e, v), e, true),
                       e == Endian::Little ? 0 : 12, "v1.381.67.09");
        files.files["names.txt"] = text_bytes(sample_names());
        Options o;
        o.files = &files;
        o.format_options["anim"] = {"walk", "wave"};
        o.format_options["names"] = {"names.txt"};
        const Bytes skel = write_object(asobo_crc32("Skel_Z"), asobo_crc32("SKEL_SAMPLE"), {},
                                        write_skel(sample_skel(), e, v), e, false);
        const Scene s = open(skel, o)->scene(asobo_crc32("SKEL_SAMPLE"));
        validate_scene(s);
        REQUIRE(s.animations.size() == 2);
        CHECK(s.animations[0].name == "WALK");
        CHECK(s.animations[1].name == "WAVE");
        // The scene spans the longer animation: WALK, 2 s at 30 fps = frames 0..60.
        CHECK(s.extras["frame_rate"] == 30.0);
        CHECK(s.extras["frame_count"] == 61);
        // Hierarchy: TETE under SPINE under ROOT under the skeleton node.
        const int tete = s.find_node("TETE");
        REQUIRE(tete > 0);
        CHECK(s.nodes[s.nodes[tete].parent].name == "SPINE");
        CHECK(s.nodes[s.find_node("ROOT")].parent == 0);
        // Rest translation of TETE (0, .5, .1) with Z mirrored.
        CHECK(s.nodes[tete].translation.z == Approx(-0.1));
        // WAVE: ROOT resets its rotation (flag 2, no keys) to its rest value.
        const Channel* reset = channel(s, "ROOT", AnimPath::Rotation, 1);
        REQUIRE(reset);
        CHECK(reset->interp == Interp::Step);
        CHECK(reset->values[0].w == Approx(1.0));
        // WAVE: the square-flagged translation steps.
        const Channel* step = channel(s, "ARM_L", AnimPath::Translation, 1);
        REQUIRE(step);
        CHECK(step->interp == Interp::Step);
        // WALK: TETE has only BezierRot keys -> baked rotation; SPINE slerps Rot keys.
        const Channel* bez = channel(s, "TETE", AnimPath::Rotation, 0);
        REQUIRE(bez);
        CHECK(bez->interp == Interp::Linear);
        // Its keys (samples.cpp): a 0 -> (0.5, 0, 0) over 2 s with tangents c0 = b1 =
        // (0.5, 0, 0): the Hermite x = u (0.5 + u ((1.5 - 1 - 0.5) + u (-1 + 1))) =
        // 0.5 u, u = t / 2. An X angle of t / 4, mirrored: (-sin(t/8), 0, 0, cos(t/8)),
        // baked at 60 samples a second.
        REQUIRE(bez->times.size() == 121);
        for (size_t i = 0; i < bez->times.size(); i += 15) {
            const double t = bez->times[i];
            INFO("t " << t);
            CHECK(t == Approx(double(i) / 60.0));
            CHECK(bez->values[i].x == Approx(-std::sin(t / 8)).margin(1e-6));
            CHECK(bez->values[i].y == Approx(0.0).margin(1e-6));
            CHECK(bez->values[i].z == Approx(0.0).margin(1e-6));
            CHECK(bez->values[i].w == Approx(std::cos(t / 8)).margin(1e-6));
        }
        CHECK(channel(s, "SPINE", AnimPath::Rotation, 0)->interp == Interp::Linear);
        // Material, mesh, morph tracks and messages survive as helper nodes + extras.
        CHECK(s.find_node("material MAT_SAMPLE u_translation") > 0);
        CHECK(s.find_node("mesh BODY_MESH hide") > 0);
        CHECK(s.find_node("morph SMILE weight") > 0);
        const Channel* msg = channel(s, "ROOT messages", AnimPath::Translation, 0);
        REQUIRE(msg);
        CHECK(msg->interp == Interp::Step);
        CHECK(s.animations[0].extras.tree()["loop"]["start"] == 0.0);
        CHECK(s.animations[0].extras.tree()["loop"]["end"] == 2.0);
        CHECK(s.animations[0].extras.tree()["messages"][0]["keys"][1]["messages"][1]["class"] ==
              36);
        // The morph weight is cubic: CUBICSPLINE on its helper node.
        CHECK(channel(s, "morph SMILE weight", AnimPath::Translation, 0)->interp ==
              Interp::CubicSpline);
    }
}

TEST_CASE("skeleton variants: parent index and rest rotation are selectable") {
    Skel sk;
    for (int i = 0; i < 2; ++i) {
        Bone b;
        b.name = 100 + i;
        b.parent = i - 1;
        b.rotation = {0, 0.6f, 0, 0.8f};
        sk.bones.push_back(b);
    }
    Variants v;  // FUEL's: parent_index 0
    const Bytes body = write_skel(sk, Endian::Little, v);
    CHECK(body.size() == 20 + 4 + 2 * 248 + 28);
    // The writer puts the parent at index 0; with index 1 the file's second index (-1) wins.
    Options o1;
    o1.settings["parent_index"] = std::string("1");  // `= "1"`: GCC 12 bogus -Wrestrict (PR 105329)
    const Skel s1 =
        read_skel(ByteReader(body), make_variants(Game::Unknown, o1), test::fresh_budget());
    CHECK(s1.bones[1].parent == -1);
    const Skel s0 = read_skel(ByteReader(body), v, test::fresh_budget());
    CHECK(s0.bones[1].parent == 0);
    Options inv;
    inv.settings["rest_rotation"] = "inverse";
    CHECK(rest_rotation(s0.bones[0], make_variants(Game::Unknown, inv)).y == Approx(-0.6));
    CHECK(rest_rotation(s0.bones[0], v).y == Approx(0.6));
    // A bone that is its own parent is refused.
    Bytes bad = body;
    bad[24 + 228] = 0;  // bone 0, index 0 = 0 (itself)
    bad[24 + 228 + 1] = bad[24 + 228 + 2] = bad[24 + 228 + 3] = 0;
    CHECK_THROWS_AS(read_skel(ByteReader(bad), v, test::fresh_budget()), Error);
}

TEST_CASE("dump: every key in the documented shape, values after scaling") {
    const auto doc = open(as_object(hand_animation(true), true, false));
    const nlohmann::json j = doc->dump(asobo_crc32("ANIM"));
    CHECK(j["format"] == "zouna");
    CHECK(j["class"] == "Animation_Z");
    CHECK(j["endian"] == "big");
    CHECK(j["duration"] == 2.0);
    CHECK(j["blending"] == 0.5);
    REQUIRE(j["nodes"].size() == 2);
    const auto& n = j["nodes"][0];
    CHECK(n["bone"] == asobo_crc32("TETE"));
    CHECK(n["name"].is_null());
    CHECK(n["translation"]["flags"] == 1);
    CHECK(n["translation"]["keys"][1]["time"] == 2.0);
    CHECK(n["translation"]["keys"][1]["value"] == nlohmann::json({0.0, 2.0, 1.0}));
    CHECK(n["translation"]["keys"][1]["in"] == nlohmann::json({0.0, -0.5, 0.25}));
    CHECK(n["rotation"]["keys"].empty());
    CHECK(n["messages"].empty());
    CHECK(j["materials"].empty());
}
