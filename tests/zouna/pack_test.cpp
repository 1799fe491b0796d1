// The direction back for Animation_Z: samples and random animations ->
// scene -> glb -> scene reader -> encoder -> Animation_Z, decoded again and
// compared key by key with what they were made from.
#include <cmath>
#include <fstream>
#include <random>

#include "clients.hpp"
#include "ripkit/encode/scene_encoder.hpp"
#include "ripkit/encode/scene_sampler.hpp"
#include "ripkit/error.hpp"
#include "ripkit/export.hpp"
#include "ripkit/scene_import.hpp"
#include "ripkit_catch.hpp"
#include "zouna/container/container.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/encode/animation_writer.hpp"
#include "zouna/format.hpp"
#include "zouna/testkit/sample_objects.hpp"
#include "zouna/testkit/zouna_samples.hpp"

using namespace ripkit;
using namespace ripkit::zouna;
namespace fs = std::filesystem;

namespace {

// `names`: the samples' names.txt, so bones are called ROOT, SPINE, ...
std::unique_ptr<Document> open(const Bytes& bytes, const std::string& path,
                               std::vector<std::string> anims = {}, std::string names = {}) {
    Input in;
    in.path = path;
    in.bytes = bytes;
    Options o;
    if (!anims.empty()) o.format_options["anim"] = std::move(anims);
    if (!names.empty()) o.format_options["names"] = {std::move(names)};
    return formats::zouna_format().open(in, o);
}

Scene through_glb(const Scene& s, const fs::path& path) {
    ExportOptions eo;
    eo.format = OutputFormat::Glb;
    export_scene(s, path, eo);
    return import_scene(path, Limits{});
}

Bytes encode(const Scene& s, const std::string& out, const Input* base = nullptr) {
    EncodeOptions o;
    o.out_path = out;
    o.base = base;
    const EncodeResult r = formats::zouna_encoder().encode(s, o);
    CHECK(r.warnings.empty());
    return r.bytes;
}

// Rotation keys compared as the rotation the decoder makes of them (unit
// length, float32): (0, 0, 0, 2000) and (0, 0, 0, 2001) are one rotation.
void unit_rotations(nlohmann::json& j) {
    if (j.is_object()) {
        if (j.contains("rotation") && j["rotation"].is_object() && j["rotation"].contains("keys"))
            for (auto& k : j["rotation"]["keys"]) {
                glm::vec4 q(k["value"][0].get<float>(), k["value"][1].get<float>(),
                            k["value"][2].get<float>(), k["value"][3].get<float>());
                q /= glm::length(q);
                k["value"] = {q.x, q.y, q.z, q.w};
            }
        for (auto& [key, v] : j.items()) unit_rotations(v);
    } else if (j.is_array()) {
        for (auto& v : j) unit_rotations(v);
    }
}

Bytes file_bytes(const fs::path& p) { return read_file(p.string(), Limits{}); }

}  // namespace

TEST_CASE("zouna pack: every bundled Animation_Z comes back from glb key for key, byte for byte") {
    const fs::path dir = test::fresh_temp_dir("zouna_pack_samples");
    formats::zouna_write_samples(dir);
    const std::string wave = std::to_string(asobo_crc32("WAVE")) + ".Animation_Z";
    for (const char* order : {"little", "big"})
        for (const std::string& name : {std::string("WALK.Animation_Z"), wave}) {
            INFO(order << "/" << name);
            const fs::path path = dir / order / name;
            const Bytes orig = file_bytes(path);
            const auto doc = open(orig, path.string());
            const Scene back = through_glb(doc->scene(doc->default_item()), dir / "a.glb");
            // New: the same keys; the same bytes too unless the sample's body is LZRS
            // (a new file is stored unless --set compress=lzrs).
            const Bytes fresh = encode(back, name);
            nlohmann::json a = doc->dump(std::nullopt), b = open(fresh, name)->dump(std::nullopt);
            const bool lzrs = a["object"]["compressed"].get<bool>();
            a["object"].erase("compressed"), b["object"].erase("compressed");
            CHECK(a == b);
            if (!lzrs) CHECK(fresh == orig);
            Input base;
            base.path = path.string();
            base.bytes = orig;
            CHECK(encode(back, "OUT.Animation_Z", &base) == orig);
        }
    // An armature scene (skeleton + animation): the animation is what is written.
    const fs::path skel = dir / "little" / "SKEL_SAMPLE.Skel_Z";
    const fs::path walk = dir / "little" / "WALK.Animation_Z";
    const auto doc = open(file_bytes(skel), skel.string(), {walk.string()});
    const Scene back = through_glb(doc->scene(doc->default_item()), dir / "skel.glb");
    CHECK(encode(back, "WALK.Animation_Z") == file_bytes(walk));
}

namespace {

float comp(std::mt19937& rng, int lo = -20000, int hi = 20000) {
    return float(std::uniform_int_distribution<int>(lo, hi)(rng) / 4096.0);
}

glm::vec4 quat(std::mt19937& rng) {
    std::normal_distribution<double> n;
    glm::dvec4 q(n(rng), n(rng), n(rng), n(rng));
    q = glm::round(q / glm::length(q) * 2000.0) / 2000.0;
    return glm::vec4(q);
}

// A keyframer slice of `n` keys at increasing times; Hermite tangents on
// the halves the engine uses (a slice's first in and last out stay 0).
void add_keys(Keyframer& k, int n, bool tangents, int dims, std::mt19937& rng) {
    float t = float(std::uniform_int_distribution<int>(0, 8)(rng)) / 16.0f;
    for (int i = 0; i < n; ++i) {
        Key key;
        key.time = t;
        t += float(std::uniform_int_distribution<int>(1, 40)(rng)) / 32.0f;
        for (int d = 0; d < dims; ++d) {
            key.value[d] = comp(rng);
            if (tangents && i > 0) key.in[d] = comp(rng);
            if (tangents && i + 1 < n) key.out[d] = comp(rng);
        }
        k.keys.push_back(key);
    }
}

zouna::Animation random_animation(std::mt19937& rng) {
    std::uniform_int_distribution<int> count(2, 6), pick(0, 2);
    zouna::Animation a;
    a.duration = 3.5f;
    a.blending = 0.125f;
    a.translation.cls = a.scale.cls = KfClass::Vec3fComp;
    a.rot.cls = KfClass::Rot;
    a.bezier_rot.cls = KfClass::BezierRot;
    a.messages.cls = KfClass::Message;
    for (int i = 0; i < 5; ++i)
        a.material[i].cls = (i == 2 || i == 3) ? KfClass::Vec3fComp : KfClass::FloatComp;
    a.mesh_hide.cls = a.morph_weight.cls = KfClass::FloatComp;
    // Enum flags (FUEL): 1 smooth, 2 linear, 3 square.
    a.translation.flags = uint16_t(1 + pick(rng));
    a.scale.flags = uint16_t(1 + pick(rng));
    a.material[0].flags = uint16_t(1 + pick(rng));
    const int bones = std::uniform_int_distribution<int>(1, 5)(rng);
    for (int b = 0; b < bones; ++b) {
        Modifier m;
        m.name = asobo_crc32("BONE_" + std::to_string(b));
        m.id = uint16_t(b);
        m.slices.assign(5, Slice{});
        auto slice = [&](Keyframer& k, bool tangents, int dims) {
            const size_t start = k.keys.size();
            add_keys(k, count(rng), tangents, dims, rng);
            return Slice{uint16_t(start), uint16_t(k.keys.size() - start)};
        };
        m.slices[kSliceTranslation] = slice(a.translation, a.translation.flags == 1, 3);
        m.slices[kSliceScale] = slice(a.scale, a.scale.flags == 1, 3);
        const size_t start = a.rot.keys.size();
        add_keys(a.rot, count(rng), false, 0, rng);
        for (size_t k = start; k < a.rot.keys.size(); ++k) a.rot.keys[k].value = quat(rng);
        m.slices[kSliceRot] = {uint16_t(start), uint16_t(a.rot.keys.size() - start)};
        a.nodes.push_back(m);
    }
    Modifier mat;
    mat.name = asobo_crc32("MAT_X");
    mat.slices.assign(5, Slice{});
    add_keys(a.material[0], 3, a.material[0].flags == 1, 1, rng);
    mat.slices[0] = {0, 3};
    a.materials.push_back(mat);
    return a;
}

}  // namespace

TEST_CASE("zouna pack: random animations come back from glb key for key") {
    const fs::path dir = test::fresh_temp_dir("zouna_pack_random");
    std::mt19937 rng(1512);
    Variants v;
    for (int round = 0; round < 20; ++round) {
        INFO("round " << round);
        const Endian e = round % 2 ? Endian::Big : Endian::Little;
        const Bytes obj =
            write_object(asobo_crc32(kAnimationClass), asobo_crc32("RANDOM"), {},
                         write_animation(random_animation(rng), e, v), e, round % 3 == 0);
        const Bytes file = write_bff0(obj, e == Endian::Little ? 0 : 12,
                                      "v1.381.67.09 - Asobo Studio - Internal Cross Technology");
        const auto doc = open(file, "RANDOM.Animation_Z");
        const Scene back = through_glb(doc->scene(doc->default_item()), dir / "r.glb");
        const auto again = open(encode(back, "RANDOM.Animation_Z"), "RANDOM.Animation_Z");
        nlohmann::json a = doc->dump(std::nullopt), b = again->dump(std::nullopt);
        a.erase("object"), b.erase("object");  // compressed or not
        unit_rotations(a), unit_rotations(b);
        CHECK(a == b);
    }
}

TEST_CASE("zouna pack refuses what an Animation_Z cannot hold, naming node, key and value") {
    const fs::path dir = test::fresh_temp_dir("zouna_pack_errors");
    formats::zouna_write_samples(dir);
    const fs::path path = dir / "little" / "WALK.Animation_Z";
    const auto doc = open(file_bytes(path), path.string(), {}, (dir / "names.txt").string());
    const Scene base = doc->scene(doc->default_item());
    const auto chan = [](Scene& s, const std::string& node, AnimPath p) -> Channel& {
        for (Channel& c : s.animations.at(0).channels)
            if (c.node == s.find_node(node) && c.path == p) return c;
        FAIL("no channel on " << node);
        throw 0;
    };
    {
        Scene s = base;  // 9 m does not fit s16 / 4096
        chan(s, "ROOT", AnimPath::Translation).values[1].y = 9.0f;
        CHECK_THROWS_WITH(encode(s, "W.Animation_Z"),
                          Catch::Matchers::ContainsSubstring(
                              "node ROOT translation key 1 (1 s) value: 9 is outside") &&
                              Catch::Matchers::ContainsSubstring("7.9997"));
    }
    {
        Scene s = base;  // one translation keyframer cannot be STEP and CUBICSPLINE at once
        Channel c = chan(s, "ROOT", AnimPath::Translation);
        c.node = s.find_node("SPINE");
        c.interp = Interp::Step;
        s.animations[0].channels.push_back(c);
        CHECK_THROWS_WITH(encode(s, "W.Animation_Z"),
                          Catch::Matchers::ContainsSubstring("one interpolation per keyframer") &&
                              Catch::Matchers::ContainsSubstring("SPINE translation is STEP"));
    }
    {
        Scene s = base;
        chan(s, "SPINE", AnimPath::Rotation).interp = Interp::Step;
        CHECK_THROWS_WITH(encode(s, "W.Animation_Z"),
                          Catch::Matchers::ContainsSubstring("SPINE rotation: LINEAR keys"));
    }
    {
        Scene s = base;  // one keyframer's slices start at u16 key indices
        Channel& c = chan(s, "ROOT", AnimPath::Translation);
        c.interp = Interp::Linear;
        c.in_tangents.clear(), c.out_tangents.clear();
        c.times.resize(65536), c.values.assign(65536, glm::vec4(0));
        for (size_t k = 0; k < c.times.size(); ++k) c.times[k] = double(k) / 1024.0;
        CHECK_THROWS_WITH(
            encode(s, "W.Animation_Z"),
            Catch::Matchers::ContainsSubstring("node ROOT translation: at most 65535 keys"));
    }
    {
        Scene s = base;  // a bone the stored modifiers name is gone
        s.nodes[size_t(s.find_node("ARM_L"))].name = "HAND";
        s.nodes[size_t(s.find_node("HAND"))].extras.erase("bone_crc");
        CHECK_THROWS_WITH(encode(s, "W.Animation_Z"),
                          Catch::Matchers::ContainsSubstring("missing crcs: " +
                                                             std::to_string(asobo_crc32("ARM_L"))));
    }
}

TEST_CASE("zouna pack: a STEP track of equal keys sits in any keyframer (DCC unanimated props)") {
    const fs::path dir = test::fresh_temp_dir("zouna_pack_constant");
    formats::zouna_write_samples(dir);
    const fs::path path = dir / "little" / "WALK.Animation_Z";
    const auto doc = open(file_bytes(path), path.string(), {}, (dir / "names.txt").string());
    Scene s = doc->scene(doc->default_item());
    const int spine = s.find_node("SPINE");
    // Blender writes an unanimated location as STEP keys of one value next to
    // ROOT's CUBICSPLINE track; and its rotation as STEP when unchanged.
    Channel t;
    t.node = spine;
    t.path = AnimPath::Translation;
    t.interp = Interp::Step;
    t.times = {0.0, 0.5, 1.0};
    const glm::vec4 held(0.25f, -0.5f, 1.0f, 0.0f);  // exact in s16 / 4096
    t.values.assign(3, held);
    s.animations[0].channels.push_back(t);
    glm::vec4 q0;
    for (Channel& c : s.animations[0].channels)
        if (c.node == spine && c.path == AnimPath::Rotation) {
            c.interp = Interp::Step;
            q0 = c.values[0];
            for (glm::vec4& v : c.values) v = q0;
        }
    const auto again =
        open(encode(s, "W.Animation_Z"), "W.Animation_Z", {}, (dir / "names.txt").string());
    const nlohmann::json j = again->dump(std::nullopt);
    const nlohmann::json* node = nullptr;
    for (const nlohmann::json& n : j["nodes"])
        if (n["name"] == "SPINE") node = &n;
    REQUIRE(node);
    // The keyframer keeps ROOT's smooth flag (1); SPINE's keys hold the value, flat.
    CHECK((*node)["translation"]["flags"] == 1);
    REQUIRE((*node)["translation"]["keys"].size() == 3);
    for (const nlohmann::json& k : (*node)["translation"]["keys"]) {
        // Z negated: the documented left-handed Y-up mirror (docs/formats/zouna.md).
        CHECK(k["value"] == nlohmann::json({0.25, -0.5, -1.0}));
        CHECK(k["in"] == nlohmann::json({0.0, 0.0, 0.0}));
        CHECK(k["out"] == nlohmann::json({0.0, 0.0, 0.0}));
    }
    REQUIRE((*node)["rotation"]["keys"].size() == 3);
    const nlohmann::json first = (*node)["rotation"]["keys"][0]["value"];
    for (const nlohmann::json& k : (*node)["rotation"]["keys"]) CHECK(k["value"] == first);
}

TEST_CASE("zouna pack binds bones through the names file and warns once about misfits") {
    const fs::path dir = test::fresh_temp_dir("zouna_pack_names");
    formats::zouna_write_samples(dir);
    const fs::path path = dir / "little" / "WALK.Animation_Z";
    const Bytes orig = file_bytes(path);
    const auto doc = open(orig, path.string(), {}, (dir / "names.txt").string());
    Scene s = doc->scene(doc->default_item());
    // A DCC renamed ROOT to Hips and lost the extras; a names file of its own
    // says which crc Hips is.
    const int root = s.find_node("ROOT");
    s.nodes[size_t(root)].name = "Hips";
    s.nodes[size_t(root)].extras.erase("bone_crc");
    const fs::path names = dir / "hips.txt";
    {
        std::ofstream f(names);
        f << asobo_crc32("ROOT") << " Hips\n";
    }
    EncodeOptions o;
    o.out_path = "WALK.Animation_Z";
    CHECK_THROWS_WITH(
        formats::zouna_encoder().encode(s, o),
        Catch::Matchers::ContainsSubstring("missing crcs: " + std::to_string(asobo_crc32("ROOT"))));
    o.names_path = names.string();
    EncodeResult r = formats::zouna_encoder().encode(s, o);
    CHECK(r.warnings.empty());
    CHECK(r.bytes == orig);

    // Animated nodes an Animation_Z has no place for: the scene root and a
    // material helper with an unknown property. One warning names both.
    Channel c;
    c.path = AnimPath::Translation;
    c.interp = Interp::Linear;
    c.times = {0.0, 1.0};
    c.values = {glm::vec4(0), glm::vec4(1, 0, 0, 0)};
    c.node = 0;
    s.animations[0].channels.push_back(c);
    const int lamp = s.add_node("lamp glow", 0);
    s.nodes[size_t(lamp)].extras = {{"track", "material"}, {"property", "glow"}, {"target_crc", 7}};
    c.node = lamp;
    s.animations[0].channels.push_back(c);
    r = formats::zouna_encoder().encode(s, o);
    REQUIRE(r.warnings.size() == 1);
    REQUIRE_FALSE(s.nodes[0].name.empty());
    CHECK_THAT(r.warnings[0], Catch::Matchers::ContainsSubstring("ignored 2 animated nodes") &&
                                  Catch::Matchers::ContainsSubstring(s.nodes[0].name) &&
                                  Catch::Matchers::ContainsSubstring("lamp glow"));
    CHECK(r.bytes == orig);
}

namespace {

struct FbxWorst {
    double translation = 0, scale = 0, angle = 0;  // metres or factor, radians
};

// The times a node's `path` is compared at: the keys of its channel in `a`
// (exact FBX: Assimp 5.2.5's FBX importer reads every key as linear, so a STEP
// or Hermite segment comes back as a line and only the keys are the game's),
// or every frame of the animation (`--fbx-bake`: linear keys at each frame).
std::vector<double> compare_times(const Scene& a, int node, AnimPath path, bool bake) {
    const ripkit::Animation& anim = a.animations.at(0);
    std::vector<double> out;
    if (bake) {
        const double rate = anim.frame_rate > 0 ? anim.frame_rate : 30.0;
        for (int k = 0; k <= int(anim.duration * rate + 0.5); ++k) out.push_back(k / rate);
        return out;
    }
    for (const Channel& ch : anim.channels)
        if (ch.node == node && ch.path == path) out = ch.times;
    return out;
}

// Every bundled Animation_Z -> FBX -> scene -> encoder with --base -> decoded
// again; the header values from the base checked, and every node's curve
// compared at compare_times.
FbxWorst through_fbx(const fs::path& dir, bool bake) {
    formats::zouna_write_samples(dir);
    const std::string wave = std::to_string(asobo_crc32("WAVE")) + ".Animation_Z";
    FbxWorst w;
    for (const char* order : {"little", "big"})
        for (const std::string& name : {std::string("WALK.Animation_Z"), wave}) {
            INFO(order << "/" << name);
            const fs::path path = dir / order / name;
            Input base;
            base.path = path.string();
            base.bytes = file_bytes(path);
            const auto doc = open(base.bytes, path.string());
            const Scene a = doc->scene(doc->default_item());
            ExportOptions eo;
            eo.format = OutputFormat::Fbx;
            eo.fbx_bake_keys = bake;
            export_scene(a, dir / "a.fbx", eo);
            const Scene fbx = import_scene(dir / "a.fbx", Limits{});
            EncodeOptions o;
            o.out_path = name;
            o.base = &base;
            const EncodeResult r = formats::zouna_encoder().encode(fbx, o);
            CHECK(r.warnings.empty());
            const auto again = open(r.bytes, name);
            const Scene b = again->scene(again->default_item());
            const nlohmann::json ja = doc->dump(std::nullopt), jb = again->dump(std::nullopt);
            // From the base: what FBX cannot carry.
            CHECK(jb["blending"] == ja["blending"]);
            CHECK(jb["flags"] == ja["flags"]);
            CHECK(jb["duration"] == ja["duration"]);
            REQUIRE(jb["nodes"].size() == ja["nodes"].size());
            for (size_t i = 0; i < ja["nodes"].size(); ++i) {
                CHECK(jb["nodes"][i]["bone"] == ja["nodes"][i]["bone"]);
                CHECK(jb["nodes"][i]["flags"] == ja["nodes"][i]["flags"]);
                // The base's BezierRot keys come back when the samples are its bake
                // (the exact FBX's are; --fbx-bake resamples them at the frame
                // rate, so they come back as rotation keys), and its message keys.
                if (!bake)
                    CHECK(jb["nodes"][i]["bezier_rotation"] == ja["nodes"][i]["bezier_rotation"]);
                CHECK(jb["nodes"][i]["messages"] == ja["nodes"][i]["messages"]);
            }
            CHECK(jb["materials"].size() == ja["materials"].size());
            const SceneSampler sa(a, &a.animations.at(0)), sb(b, &b.animations.at(0));
            for (size_t n = 1; n < a.nodes.size(); ++n) {
                const std::string& nn = a.nodes[n].name;
                INFO("node " << nn);
                const int m = b.find_node(nn);
                REQUIRE(m >= 0);
                for (double t : compare_times(a, int(n), AnimPath::Translation, bake)) {
                    const glm::dvec3 d = sa.translation(int(n), t) - sb.translation(m, t);
                    w.translation =
                        std::max({w.translation, std::abs(d.x), std::abs(d.y), std::abs(d.z)});
                }
                for (double t : compare_times(a, int(n), AnimPath::Scale, bake)) {
                    const glm::dvec3 ds = sa.scale(int(n), t) - sb.scale(m, t);
                    w.scale = std::max({w.scale, std::abs(ds.x), std::abs(ds.y), std::abs(ds.z)});
                }
                for (double t : compare_times(a, int(n), AnimPath::Rotation, bake)) {
                    const double dot =
                        std::abs(glm::dot(sa.rotation(int(n), t), sb.rotation(m, t)));
                    w.angle = std::max(w.angle, 2 * std::acos(std::min(1.0, dot)));
                }
            }
        }
    return w;
}

}  // namespace

// Stated bound: half a Comp step (1/4096) plus float32 for translations,
// scales and material values; Quati16 steps of 1/2000 per component for
// rotations (FBX's float32 Euler angles do not land on the stored s16 values).
// Scale comes through since ripkit writes FBX itself (Assimp 5.2.5's exporter
// connected the scale curves to "Lcl Scale", which no reader knows).
TEST_CASE("zouna pack: every sample through FBX (no extras) with --base, at the keys") {
    const FbxWorst w = through_fbx(test::fresh_temp_dir("zouna_pack_fbx"), false);
    WARN("through FBX: worst translation " << w.translation << ", scale " << w.scale << ", angle "
                                           << w.angle << " rad");
    CHECK(w.translation <= 0.5 / 4096 + 1e-6);
    CHECK(w.scale <= 0.5 / 4096 + 1e-6);
    CHECK(w.angle <= 2e-3);
}

TEST_CASE("zouna pack: every sample through a --fbx-bake FBX with --base, at every frame") {
    const FbxWorst w = through_fbx(test::fresh_temp_dir("zouna_pack_fbx_baked"), true);
    WARN("through baked FBX: worst translation " << w.translation << ", scale " << w.scale
                                                 << ", angle " << w.angle << " rad");
    CHECK(w.translation <= 0.5 / 4096 + 1e-6);
    CHECK(w.scale <= 0.5 / 4096 + 1e-6);
    CHECK(w.angle <= 2e-3);
}

TEST_CASE("zouna pack says what a scene without animation extras (Blender, no base) loses") {
    const fs::path dir = test::fresh_temp_dir("zouna_pack_no_extras");
    formats::zouna_write_samples(dir);
    const fs::path path = dir / "little" / "WALK.Animation_Z";
    const auto doc = open(file_bytes(path), path.string(), {}, (dir / "names.txt").string());
    Scene s = doc->scene(doc->default_item());
    s.animations.at(0).extras = nlohmann::json::object();
    EncodeOptions o;
    o.out_path = "WALK.Animation_Z";
    const EncodeResult r = formats::zouna_encoder().encode(s, o);
    REQUIRE(r.warnings.size() == 2);
    CHECK_THAT(r.warnings[0], Catch::Matchers::ContainsSubstring("no animation_z layout") &&
                                  Catch::Matchers::ContainsSubstring("give --base"));
    // The message keys travel in the animation's extras: their node is listed.
    CHECK_THAT(r.warnings[1], Catch::Matchers::ContainsSubstring("ignored 1 animated nodes") &&
                                  Catch::Matchers::ContainsSubstring("ROOT messages"));
    const nlohmann::json j = open(r.bytes, "WALK.Animation_Z")->dump(std::nullopt);
    CHECK(j["blending"] == 0.0);  // WALK's is 0.25 (samples.cpp)
    for (const nlohmann::json& n : j["nodes"]) CHECK(n["messages"].empty());
}
