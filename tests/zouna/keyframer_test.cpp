// Keyframers decoded from byte vectors built by hand from the reference layout.
#include "zouna/keyframes/keyframer.hpp"

#include <cstring>

#include "fresh_budget.hpp"
#include "ripkit_catch.hpp"
#include "test_util.hpp"
#include "zouna/encode/animation_writer.hpp"

using namespace ripkit;
using namespace ripkit::zouna;
using Catch::Approx;

namespace {

using zouna_test::Hand;  // hand assembly of little/big-endian fields (test_util.hpp)

Keyframer decode(const Hand& h, KfClass c, const Variants& v, size_t& consumed) {
    ByteReader r(h.b, 0, h.big ? Endian::Big : Endian::Little);
    Keyframer k = read_keyframer(r, c, v, test::fresh_budget());
    consumed = r.pos();
    return k;
}

}  // namespace

TEST_CASE("key sizes and values: Rot 12, BezierRot 40, Vec3fComp 24, FloatComp 12") {
    const Variants v;  // comp /4096, quat /2000
    for (bool big : {false, true}) {
        INFO("big endian " << big);
        size_t used = 0;
        Hand rot{big, {}};  // no flags field
        rot.u32(2);
        rot.f32(0.5f), rot.s16(0), rot.s16(1000), rot.s16(0), rot.s16(2000);
        rot.f32(1.0f), rot.s16(-2000), rot.s16(0), rot.s16(0), rot.s16(0);
        Keyframer k = decode(rot, KfClass::Rot, v, used);
        CHECK(used == 4 + 2 * 12);
        REQUIRE(k.keys.size() == 2);
        CHECK(k.keys[0].time == 0.5f);
        CHECK(k.keys[0].value.y == Approx(0.5));
        CHECK(k.keys[0].value.w == Approx(1.0));
        CHECK(k.keys[1].value.x == Approx(-1.0));

        Hand bez{big, {}};
        bez.u32(1);
        bez.f32(2.0f);
        for (int i = 0; i < 9; ++i) bez.f32(float(i) * 0.25f);
        k = decode(bez, KfClass::BezierRot, v, used);
        CHECK(used == 4 + 40);
        CHECK(k.keys[0].out.z == Approx(2.0));

        Hand v3{big, {}};
        v3.u16(1);  // flags
        v3.u32(1);
        v3.f32(0.25f);
        for (int16_t s : {4096, -2048, 8192, 0, 1, -1, 2048, 0, -4096}) v3.s16(s);
        v3.pad();
        k = decode(v3, KfClass::Vec3fComp, v, used);
        CHECK(used == 2 + 4 + 24);
        CHECK(k.flags == 1);
        CHECK(k.keys[0].value.x == Approx(1.0));
        CHECK(k.keys[0].value.y == Approx(-0.5));
        CHECK(k.keys[0].value.z == Approx(2.0));
        CHECK(k.keys[0].in.y == Approx(1.0 / 4096));
        CHECK(k.keys[0].out.x == Approx(0.5));
        CHECK(k.keys[0].out.z == Approx(-1.0));

        Hand fc{big, {}};
        fc.u16(0);
        fc.u32(2);
        fc.f32(0), fc.s16(4096), fc.s16(0), fc.s16(2048), fc.pad();
        fc.f32(1), fc.s16(-4096), fc.s16(1024), fc.s16(0), fc.pad();
        k = decode(fc, KfClass::FloatComp, v, used);
        CHECK(used == 2 + 4 + 2 * 12);
        CHECK(k.keys[1].value.x == Approx(-1.0));
        CHECK(k.keys[1].in.x == Approx(0.25));
    }
}

TEST_CASE("Comp scale: /4096 by default, the seed's /2000 selectable; Quati16 stays /2000") {
    Options o;
    o.settings["comp_scale"] = "2000";
    const Variants v = make_variants(Game::Unknown, o);
    Hand h{false, {}};
    h.u16(0), h.u32(1), h.f32(0), h.s16(4096), h.s16(0), h.s16(0), h.pad();
    size_t used;
    CHECK(decode(h, KfClass::FloatComp, v, used).keys[0].value.x == Approx(2.048));
    Hand q{false, {}};
    q.u32(1), q.f32(0), q.s16(0), q.s16(0), q.s16(0), q.s16(2000);
    CHECK(decode(q, KfClass::Rot, v, used).keys[0].value.w == Approx(1.0));
    o.settings["comp_scale"] = "zero";
    CHECK_THROWS_AS(make_variants(Game::Unknown, o), Error);
}

TEST_CASE("per-version variants: Hdl order, Vec4fLinearComp, ExtVec3f") {
    size_t used;
    const Variants fuel = make_variants(Game::Fuel, Options{});
    const Variants rat = make_variants(Game::Ratatouille, Options{});
    CHECK(fuel.hdl == HdlOrder::TimeFirst);
    CHECK(rat.hdl == HdlOrder::NameFirst);

    Hand hdl{false, {}};
    hdl.u32(1), hdl.f32(1.5f), hdl.u32(1573865363u);
    Keyframer k = decode(hdl, KfClass::Hdl, fuel, used);
    CHECK(used == 12);
    CHECK(k.keys[0].time == 1.5f);
    CHECK(k.keys[0].word == 1573865363u);
    Hand hdl2{false, {}};
    hdl2.u32(1), hdl2.u32(1573865363u), hdl2.f32(1.5f);
    k = decode(hdl2, KfClass::Hdl, rat, used);
    CHECK(k.keys[0].time == 1.5f);
    CHECK(k.keys[0].word == 1573865363u);

    Hand v4f{true, {}};  // FUEL: floats like Vec4fLinear, 20-byte keys
    v4f.u16(2), v4f.u32(1), v4f.f32(0.5f);
    for (float f : {0.25f, 0.5f, 0.75f, 1.0f}) v4f.f32(f);
    k = decode(v4f, KfClass::Vec4fLinearComp, fuel, used);
    CHECK(used == 2 + 4 + 20);
    CHECK(k.keys[0].value.z == 0.75f);
    Hand v4s{true, {}};  // Rat: s16 / 4096, 12-byte keys
    v4s.u16(2), v4s.u32(1), v4s.f32(0.5f);
    for (int16_t s : {1024, 2048, 3072, 4096}) v4s.s16(s);
    k = decode(v4s, KfClass::Vec4fLinearComp, rat, used);
    CHECK(used == 2 + 4 + 12);
    CHECK(k.keys[0].value.z == Approx(0.75));
    Options raw;
    raw.settings["vec4_comp"] = "s16_raw";
    k = decode(v4s, KfClass::Vec4fLinearComp, make_variants(Game::Fuel, raw), used);
    CHECK(k.keys[0].value.w == Approx(4096.0));

    Hand ext{false, {}};  // seed: u16 time, u16 flags (0x80)
    ext.u16(0), ext.u32(1), ext.u16(3), ext.u16(0x80);
    for (int i = 0; i < 9; ++i) ext.f32(float(i));
    k = decode(ext, KfClass::ExtVec3f, fuel, used);
    CHECK(used == 2 + 4 + 40);
    CHECK(k.keys[0].time == 3.0f);
    CHECK(k.keys[0].key_flags == 0x80);
    CHECK(k.keys[0].out.z == 8.0f);
    Hand ext2{false, {}};  // RatDecomp: f32 time
    ext2.u16(0), ext2.u32(1), ext2.f32(0.75f);
    for (int i = 0; i < 9; ++i) ext2.f32(float(i));
    k = decode(ext2, KfClass::ExtVec3f, rat, used);
    CHECK(k.keys[0].time == 0.75f);
    CHECK(k.keys[0].value.y == 1.0f);
}

TEST_CASE("Message keyframer: time + DynArray of 20-byte messages") {
    Hand m{true, {}};
    m.u32(2);
    m.f32(0.0f), m.u32(1), m.u32(12), m.u32(0), m.u32(0), m.f32(0.0f), m.u32(0);
    m.f32(1.0f), m.u32(2);
    m.u32(13), m.u32(0), m.u32(0), m.f32(0.0f), m.u32(0);
    m.u32(36), m.u32(77), m.u32(15), m.f32(2.5f), m.u32(99);
    size_t used;
    const Keyframer k = decode(m, KfClass::Message, Variants{}, used);
    CHECK(used == 4 + (8 + 20) + (8 + 40));
    REQUIRE(k.messages.size() == 2);
    CHECK(k.messages[0][0].cls == 12);
    CHECK(k.messages[1][1].receiver == 77);
    CHECK(k.messages[1][1].parameter == 2.5f);
    CHECK(k.messages[1][1].id == 99);
}

TEST_CASE("every class round-trips through the writer in both byte orders") {
    for (int c = 0; c < kKfClassCount; ++c)
        for (Endian e : {Endian::Little, Endian::Big}) {
            const KfClass cls = static_cast<KfClass>(c);
            INFO(kf_class_name(cls));
            const Variants v;
            Keyframer k;
            k.cls = cls;
            k.flags = kf_has_flags(cls) ? 2 : 0;
            for (int i = 0; i < 3; ++i) {
                Key key;
                key.time = float(i);  // also exact as the ExtVec3f u16 time
                key.value = glm::vec4(0.5f * i, -0.25f, 1.0f, 0.75f);
                key.in = glm::vec4(0.125f, 0, 0, 0);
                key.out = glm::vec4(0, 0.25f, 0, 0);
                key.word = 1000u + i;
                k.keys.push_back(key);
                k.messages.push_back({{uint32_t(i), 1, 2, 3.0f, 4}});
            }
            ByteWriter w(e);
            write_keyframer(w, k, v);
            ByteReader r(w.bytes(), 0, e);
            const Keyframer d = read_keyframer(r, cls, v, test::fresh_budget());
            CHECK(r.at_end());
            if (cls != KfClass::Message)
                CHECK(w.size() == (kf_has_flags(cls) ? 2u : 0u) + 4 + 3 * kf_key_size(cls, v));
            REQUIRE(d.keys.size() == 3);
            CHECK(d.flags == k.flags);
            for (int i = 0; i < 3; ++i) {
                CHECK(d.keys[i].time == float(i));
                for (int j = 0; j < kf_dims(cls); ++j)
                    CHECK(d.keys[i].value[j] == k.keys[i].value[j]);
                if (cls == KfClass::Hdl || cls == KfClass::Flag) CHECK(d.keys[i].word == 1000u + i);
            }
        }
}

TEST_CASE("counts past the end give Truncated with the count's offset") {
    Hand h{false, {}};
    h.u16(0);
    h.u32(1000000);  // Vec3fComp keys of 24 bytes that are not there
    h.f32(0);
    try {
        size_t used;
        decode(h, KfClass::Vec3fComp, Variants{}, used);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Truncated);
        CHECK(e.offset().value() == 2);
        CHECK(std::string(e.what()).find("KeyframerVec3fComp_Z") != std::string::npos);
    }
    Hand m{false, {}};
    m.u32(1), m.f32(0), m.u32(0x7FFFFFFF);
    size_t used;
    CHECK_THROWS_AS(decode(m, KfClass::Message, Variants{}, used), Error);
}

TEST_CASE("flag semantics: RatDecomp bits vs bff enum") {
    Keyframer k;
    k.cls = KfClass::Vec3fComp;
    Options bits_o, enum_o;
    bits_o.settings["flags"] = "bits";
    enum_o.settings["flags"] = "enum";
    const Variants bits = make_variants(Game::Unknown, bits_o),
                   en = make_variants(Game::Unknown, enum_o);
    k.flags = 1;
    CHECK(kf_mode(k, bits) == curves::Mode::Hermite);
    CHECK(kf_mode(k, en) == curves::Mode::Hermite);
    k.flags = 2;
    CHECK(kf_mode(k, bits) == curves::Mode::Linear);
    CHECK(kf_mode(k, en) == curves::Mode::Linear);
    k.flags = 3;  // the conflict: SMOOTH|LINEAR in bits, Square in the enum
    CHECK(kf_mode(k, bits) == curves::Mode::Linear);
    CHECK(kf_mode(k, en) == curves::Mode::Step);
    k.flags = 8;
    CHECK(kf_mode(k, bits) == curves::Mode::Step);
    CHECK(kf_mode(k, en) == curves::Mode::Hermite);
    k.cls = KfClass::Vec3fLinear;
    k.flags = 1;
    CHECK(kf_mode(k, en) == curves::Mode::Linear);
}
