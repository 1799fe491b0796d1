// Values a float cannot carry never reach a Scene: NaN, Inf and magnitudes
// whose square overflows are refused where they are read, at the offset of the
// planted value (found in the bytes by its bit pattern, not by asking the
// decoder), and a tangent the glTF per-second form would blow up is refused
// where the builder computes it.
#include <cstring>

#include "ripkit_catch.hpp"
#include "test_util.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/document.hpp"
#include "zouna/encode/animation_writer.hpp"
#include "zouna/format.hpp"
#include "zouna/testkit/kit_writer.hpp"
#include "zouna/testkit/sample_objects.hpp"

using namespace ripkit;
using namespace ripkit::zouna;

namespace {

constexpr uint32_t kPlantedNaN = 0x7FC12345u;  // a quiet NaN with a payload to find

float planted_nan() { return bits_to_f32(kPlantedNaN); }

std::unique_ptr<Document> open(const Bytes& bytes) {
    Input in;
    in.path = "in.Skel_Z";
    in.bytes = bytes;
    return formats::zouna_format().open(in, Options{});
}

// Offset of the only little-endian occurrence of `word` in `b`.
uint64_t find_word(const Bytes& b, uint32_t word) {
    std::optional<uint64_t> at;
    for (size_t i = 0; i + 4 <= b.size(); ++i) {
        uint32_t v;
        std::memcpy(&v, b.data() + i, 4);
        if (v == word) {
            REQUIRE_FALSE(at);
            at = i;
        }
    }
    REQUIRE(at);
    return *at;
}

Error scene_error(const Bytes& file) {
    const auto doc = open(file);
    try {
        (void)doc->scene(doc->default_item());
    } catch (const Error& e) {
        return e;
    }
    FAIL("the scene was built");
    return Error(ErrorKind::Usage, std::nullopt, "");
}

Bytes skel_object(const Skel& s) {
    return write_object(asobo_crc32(kSkelClass), asobo_crc32("SKEL"), {},
                        write_skel(s, Endian::Little, Variants{}), Endian::Little, false);
}

Bytes anim_object(const zouna::Animation& a) {
    return write_object(asobo_crc32(kAnimationClass), asobo_crc32("ANIM"), {},
                        write_animation(a, Endian::Little, Variants{}), Endian::Little, false);
}

// WALK with ROOT's translation keyframer replaced by `keys` of class `cls`.
zouna::Animation walk_with_translation(KfClass cls, uint16_t flags, std::vector<Key> keys) {
    zouna::Animation a = sample_walk();
    a.translation.cls = cls;
    a.translation.flags = flags;
    a.translation.keys = std::move(keys);
    a.nodes[0].slices[kSliceTranslation] = {0, uint16_t(a.translation.keys.size())};
    return a;
}

}  // namespace

TEST_CASE("Skel_Z: a NaN rest translation is refused at its offset") {
    Skel s = sample_skel();
    s.bones[2].translation.y = planted_nan();
    const Bytes file = skel_object(s);
    const Error e = scene_error(file);
    CHECK(e.kind() == ErrorKind::BadValue);
    REQUIRE(e.offset());
    CHECK(*e.offset() == find_word(file, kPlantedNaN));
    CHECK(e.expected().find("finite bone translation") != std::string::npos);
    CHECK(e.expected().find("bone 2") != std::string::npos);
}

TEST_CASE("Skel_Z: a bone scale of 1e38 (its square overflows) is refused at its offset") {
    Skel s = sample_skel();
    s.bones[1].scale = {1.0f, 1e38f, 1.0f};
    const Bytes file = skel_object(s);
    const Error e = scene_error(file);
    CHECK(e.kind() == ErrorKind::BadValue);
    REQUIRE(e.offset());
    CHECK(*e.offset() == find_word(file, f32_to_bits(1e38f)));
    CHECK(e.expected().find("bone scale within +-1e18") != std::string::npos);
}

TEST_CASE("Skel_Z: Inf in a rest rotation is refused at its offset") {
    Skel s = sample_skel();
    s.bones[3].rotation.w = std::numeric_limits<float>::infinity();
    const Bytes file = skel_object(s);
    const Error e = scene_error(file);
    REQUIRE(e.offset());
    CHECK(*e.offset() == find_word(file, f32_to_bits(std::numeric_limits<float>::infinity())));
    CHECK(e.expected().find("finite bone rotation") != std::string::npos);
}

TEST_CASE("Animation_Z: a NaN BezierRot angle is refused at its offset") {
    // BezierRot is the Animation_Z keyframer stored as f32 (the others are s16 Comp).
    zouna::Animation a = sample_walk();
    a.bezier_rot.keys[1].value.x = planted_nan();
    const Bytes file = anim_object(a);
    const Error e = scene_error(file);
    CHECK(e.kind() == ErrorKind::BadValue);
    REQUIRE(e.offset());
    CHECK(*e.offset() == find_word(file, kPlantedNaN));
    CHECK(e.expected().find("a finite a within") != std::string::npos);
}

TEST_CASE("Animation_Z: a NaN key time is refused at its offset") {
    Key k0, k1;
    k0.time = 0.0f;
    k1.time = planted_nan();
    const Bytes file = anim_object(walk_with_translation(KfClass::Vec3fComp, 2, {k0, k1}));
    const Error e = scene_error(file);
    REQUIRE(e.offset());
    CHECK(*e.offset() == find_word(file, kPlantedNaN));
    CHECK(e.expected().find("a finite key time") != std::string::npos);
}

TEST_CASE("Animation_Z: a Hermite tangent over a 1e-44 s segment is an error naming the key") {
    // glTF's tangent is per second: 0.5 / 1e-44 s overflows a float.
    Key k0, k1, k2;
    k0.time = 0.0f;
    k0.out = {0, 0.5f, 0, 0};
    k1.time = 1e-44f;
    k1.value = {0, 1, 0, 0};
    k1.in = {0, 0.5f, 0, 0};
    k2.time = 1.0f;
    const Bytes file = anim_object(walk_with_translation(KfClass::Vec3fComp, 1, {k0, k1, k2}));
    const Error e = scene_error(file);
    CHECK(e.kind() == ErrorKind::BadValue);
    CHECK(e.expected().find("key 0") != std::string::npos);
    CHECK(e.expected().find("segment long enough") != std::string::npos);
    CHECK(e.expected().find("lasts 9.80909e-45 s") != std::string::npos);  // the f32 nearest 1e-44
}

TEST_CASE("Skel_Z: 3000 bones of one name get name, name#2 ... name#3000") {
    Skel s;
    for (int i = 0; i < 3000; ++i) {
        Bone b;
        b.name = asobo_crc32("BONE");
        s.bones.push_back(b);
    }
    const auto doc = open(skel_object(s));
    const Scene scene = doc->scene(doc->default_item());
    REQUIRE(scene.nodes.size() == 3001);
    const std::string base = std::to_string(asobo_crc32("BONE"));
    CHECK(scene.nodes[1].name == base);
    CHECK(scene.nodes[2].name == base + "#2");
    CHECK(scene.nodes[3000].name == base + "#3000");
    validate_scene(scene);
}
