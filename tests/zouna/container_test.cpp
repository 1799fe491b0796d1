// How users hold objects: raw, BFF0, LZRS bodies, BigFile + .NPC; names; bad input.
#include "zouna/container/container.hpp"

#include <set>

#include "ripkit_catch.hpp"
#include "same_name_bigfile.hpp"
#include "test_util.hpp"
#include "zouna/container/bigfile.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/container/names.hpp"
#include "zouna/document.hpp"
#include "zouna/encode/animation_writer.hpp"
#include "zouna/format.hpp"
#include "zouna/testkit/kit_writer.hpp"
#include "zouna/testkit/sample_objects.hpp"

using namespace ripkit;
using namespace ripkit::zouna;
using namespace zouna_test;

namespace {

std::unique_ptr<Document> open(const Bytes& bytes, const std::string& path = "in", Options o = {}) {
    Input in;
    in.path = path;
    in.bytes = bytes;
    return formats::zouna_format().open(in, o);
}

Bytes walk_object(Endian e, bool compress) {
    return write_object(asobo_crc32("Animation_Z"), asobo_crc32("WALK"), {},
                        write_animation(sample_walk(), e, Variants{}), e, compress);
}

ErrorKind kind_of(const std::function<void()>& fn) { return error_of(fn).kind(); }

}  // namespace

TEST_CASE("object header: 24 bytes read in either byte order, hand-checked") {
    Hand h{true, {}};
    h.u32(4 + 3), h.u32(4), h.u32(3), h.u32(0), h.u32(asobo_crc32("Skel_Z")), h.u32(77);
    h.u32(0xAABBCCDD);  // link header
    h.b.insert(h.b.end(), {1, 2, 3});
    REQUIRE(detect_object_endian(h.b, 0) == Endian::Big);
    const ObjectRef o = parse_object(h.b, 0, Endian::Big);
    CHECK(o.header.class_crc == asobo_crc32("Skel_Z"));
    CHECK(o.header.name_crc == 77);
    CHECK(object_body(h.b, o, Limits{}) == Bytes({1, 2, 3}));
    // Inconsistent sizes are refused.
    Bytes bad = h.b;
    bad[3] = 9;
    CHECK(kind_of([&] { parse_object(bad, 0, Endian::Big); }) == ErrorKind::BadValue);
}

TEST_CASE("raw, LZRS-compressed and BFF0 objects decode to the same animation") {
    for (Endian e : {Endian::Little, Endian::Big}) {
        const Bytes raw = walk_object(e, false);
        const Bytes packed = walk_object(e, true);
        CHECK(packed.size() < raw.size());
        const Bytes bff = write_bff0(raw, e == Endian::Little ? 0 : 12, "v1.06.63.02");
        CHECK(bff.size() % 16 == raw.size() % 16);  // 16-byte aligned header
        CHECK(formats::zouna_format().probe(bff, "x") > formats::zouna_format().probe(raw, "x"));
        const nlohmann::json a = open(raw)->dump(asobo_crc32("WALK"));
        const nlohmann::json b = open(packed)->dump(asobo_crc32("WALK"));
        auto doc = open(bff, "dir/WALK.Animation_Z");
        nlohmann::json c = doc->dump(asobo_crc32("WALK"));
        CHECK(a["nodes"] == b["nodes"]);
        CHECK(a["nodes"] == c["nodes"]);
        CHECK(a["object"]["name"].is_null());
        CHECK(c["object"]["name"] == "WALK");         // learnt from the file name (crc matches)
        CHECK(doc->info()["game"] == "ratatouille");  // from the BFF0 version
        CHECK(doc->info()["endian"] == (e == Endian::Little ? "little" : "big"));
        CHECK(b["object"]["compressed"] == true);
    }
}

TEST_CASE("BigFile: list by class and name (.NPC sibling), --item picks one") {
    const Endian e = Endian::Big;
    const Variants v;
    std::vector<Bytes> objs = {
        write_object(asobo_crc32("Skel_Z"), asobo_crc32("SKEL_SAMPLE"), {},
                     write_skel(sample_skel(), e, v), e, false),
        walk_object(e, true),
        write_object(asobo_crc32("Bitmap_Z"), asobo_crc32("TEX_A"), {}, Bytes(40, 7), e, false),
        write_object(asobo_crc32("MaterialAnim_Z"), asobo_crc32("MAT_ANIM_SAMPLE"), {},
                     write_material_anim(sample_material_anim(), e, v), e, false)};
    const Bytes big =
        write_bigfile(objs, e, "v1.381.67.09 - Asobo Studio - Internal Cross Technology", 2);
    CHECK(big.size() % 2048 == 0);
    MemFiles files;
    files.files["data/GAME.NPC"] = text_bytes(sample_names());
    Options o;
    o.files = &files;
    auto doc = open(big, "data/GAME.DPC", o);
    const auto items = doc->items();
    REQUIRE(items.size() == 4);
    CHECK(items[0].label == "Skel_Z SKEL_SAMPLE");
    CHECK(items[1].label == "Animation_Z WALK");
    CHECK(items[2].label == "Bitmap_Z TEX_A");
    CHECK(items[2].empty);
    CHECK(items[1].fields["compressed"] == true);
    CHECK(doc->default_item() == asobo_crc32("SKEL_SAMPLE"));
    CHECK(doc->info()["game"] == "fuel");
    const Scene s = doc->scene(asobo_crc32("WALK"));
    validate_scene(s);
    CHECK(s.find_node("ROOT") > 0);  // named through the .NPC
    // A skeleton picks animations of the same BigFile with --anims.
    Options o2 = o;
    o2.format_options["anims"] = {"WALK"};
    const Scene sk = open(big, "data/GAME.DPC", o2)->scene(asobo_crc32("SKEL_SAMPLE"));
    CHECK(sk.animations.size() == 1);
    // An entry naming no Animation_Z of the file is a usage error naming it, not ignored.
    Options o3 = o;
    o3.format_options["anims"] = {"WALK,RUN"};
    const auto with_run = open(big, "data/GAME.DPC", o3);
    try {
        with_run->scene(asobo_crc32("SKEL_SAMPLE"));
        FAIL("a Skel_Z converted with --anims RUN, which the file does not hold");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Usage);
        CHECK(std::string(e.what()).find("got RUN") != std::string::npos);
    }
    // MaterialAnim_Z: tracks a user can bind, bitmap switches in metadata.
    const Scene m = doc->scene(asobo_crc32("MAT_ANIM_SAMPLE"));
    validate_scene(m);
    REQUIRE(m.animations.size() == 1);
    CHECK(m.animations[0].extras.tree()["bitmaps"][1]["name"] == "TEX_B");
    // Metadata contract: the sample's 1 s at the assumed 30 fps = frames 0..30.
    CHECK(m.extras["frame_rate"] == 30.0);
    CHECK(m.extras["frame_count"] == 31);
    CHECK(m.find_node("alpha") > 0);
    CHECK(m.find_node("color_w") > 0);
    const nlohmann::json dm = doc->dump(asobo_crc32("MAT_ANIM_SAMPLE"));
    CHECK(dm["tracks"]["alpha"]["keys"][1]["value"][0] == 0.5);
    CHECK(dm["tracks"]["bitmap"]["keys"][0]["name"] == "TEX_A");
    // The unknown class and unknown ids are Usage errors, not crashes.
    CHECK(kind_of([&] { doc->scene(asobo_crc32("TEX_A")); }) == ErrorKind::Usage);
    CHECK(kind_of([&] { doc->scene(12345); }) == ErrorKind::Usage);
    // Whole-file dump lists every object.
    CHECK(doc->dump(std::nullopt)["objects"].size() == 4);
}

TEST_CASE("bad input gives clear errors") {
    const Bytes raw = walk_object(Endian::Little, false);
    // Not Zouna at all.
    CHECK(kind_of([&] { open(Bytes(100, 0x42)); }) == ErrorKind::WrongFormat);
    // Unknown class: opening works (list: nothing to convert), dumping it says Unsupported.
    const Bytes unk = write_object(0x12345678, 1, {}, Bytes(8, 0), Endian::Little, false);
    auto doc = open(unk);
    CHECK(doc->items()[0].empty);
    CHECK_FALSE(doc->items()[0].error);
    try {
        doc->dump(std::nullopt);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Unsupported);
        CHECK(std::string(e.what()).find("Animation_Z") != std::string::npos);
    }
    // Body cut short: the object's own sizes no longer fit.
    const Bytes cut(raw.begin(), raw.end() - 10);
    CHECK(kind_of([&] { open(cut); }) == ErrorKind::Truncated);
    // Truncated LZRS data inside a consistent object.
    Bytes packed = walk_object(Endian::Little, true);
    ObjectHeader h;
    {
        ByteReader r(packed);
        h = read_object_header(r);
    }
    const size_t keep = 24 + 40;  // LZRS header + a little data
    Hand t{false, {}};
    t.u32(keep - 24), t.u32(0), t.u32(h.decompressed_size), t.u32(keep - 24), t.u32(h.class_crc),
        t.u32(h.name_crc);
    t.b.insert(t.b.end(), packed.begin() + 24, packed.begin() + keep);
    t.b[24 + 4] = uint8_t(keep - 24);  // the stream's own compressed size agrees
    t.b[24 + 5] = t.b[24 + 6] = t.b[24 + 7] = 0;
    auto tdoc = open(t.b);
    try {
        tdoc->scene(h.name_crc);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Truncated);
        CHECK(std::string(e.what()).find("LZRS") != std::string::npos);
    }
    // Counts past the end inside the animation body.
    Bytes body = write_animation(sample_walk(), Endian::Little, Variants{});
    body[12 + 0] = 0xFF;  // KeyframerRot count (after duration, blending, 2 flags)
    body[12 + 1] = 0xFF;
    const Bytes obj = write_object(asobo_crc32("Animation_Z"), 5, {}, body, Endian::Little, false);
    CHECK(kind_of([&] { open(obj)->scene(5); }) == ErrorKind::Truncated);
    // A bad --set value.
    Options o;
    o.settings["hdl"] = "sideways";
    CHECK(kind_of([&] { open(raw, "in", o); }) == ErrorKind::Usage);
    // A missing --anim file.
    MemFiles none;
    Options oa;
    oa.files = &none;
    oa.format_options["anim"] = {"missing.Animation_Z"};
    CHECK(kind_of([&] { open(raw, "in", oa); }) == ErrorKind::Io);
    // BigFile with more than 64 blocks.
    Bytes bf = write_bigfile({raw}, Endian::Little, "v1.381 Asobo", 1);
    bf[0x104] = 65;
    CHECK(kind_of([&] { open(bf); }) == ErrorKind::BadValue);
    // A BigFile cut inside its 2048-byte header is a truncated BigFile, not
    // an unknown format: its version string already names it.
    const Bytes whole = write_bigfile({raw}, Endian::Little, "v1.381 Asobo", 1);
    for (size_t keep : {size_t(64), size_t(300), size_t(2047)}) {
        INFO("first " << keep << " bytes");
        CHECK(formats::zouna_format().probe(ByteSpan(whole.data(), keep), "x.DPC") > 0);
        const Error e =
            error_of([&] { open(Bytes(whole.begin(), whole.begin() + std::ptrdiff_t(keep))); });
        INFO(e.what());
        CHECK(e.kind() == ErrorKind::Truncated);
        CHECK(std::string(e.what()).find("a BigFile header (2048 bytes, " + std::to_string(keep) +
                                         " left)") != std::string::npos);
    }
}

TEST_CASE("names files: crc name, hex, quotes, bare names") {
    NameMap m;
    parse_names(text_bytes("# comment\n1573865363 TETE\n0x10 \"A B\"\r\nSPINE\n\n-1 NEG\n"), m);
    CHECK(m[1573865363u] == "TETE");
    CHECK(m[16] == "A B");
    CHECK(m[asobo_crc32("SPINE")] == "SPINE");
    CHECK(m[0xFFFFFFFFu] == "NEG");
    CHECK(name_or_crc(m, 42) == "42");
    CHECK(bigfile_names_sibling("x/FUEL.DPC") == "x/FUEL.NPC");
    CHECK(bigfile_names_sibling("x/game.dgc") == "x/game.ngc");
    CHECK(bigfile_names_sibling("x.y/noext").empty());
}

TEST_CASE("an Animation_Z with --skeleton binds to that skeleton") {
    const Variants v;
    MemFiles files;
    files.files["dir/SKEL_SAMPLE.Skel_Z"] =
        write_bff0(write_object(asobo_crc32("Skel_Z"), asobo_crc32("SKEL_SAMPLE"), {},
                                write_skel(sample_skel(), Endian::Big, v), Endian::Big, false),
                   12, "v1.381.67.09");
    Options o;
    o.files = &files;
    o.format_options["skeleton"] = {"dir/SKEL_SAMPLE.Skel_Z"};
    const Scene s =
        open(walk_object(Endian::Little, false), "WALK.Animation_Z", o)->scene(asobo_crc32("WALK"));
    validate_scene(s);
    CHECK(s.nodes[0].name == "SKEL_SAMPLE");
    CHECK(s.animations.size() == 1);
    // Bones keep the skeleton's hierarchy; no names file, so crcs in decimal.
    const int tete = s.find_node(std::to_string(asobo_crc32("TETE")));
    REQUIRE(tete > 0);
    CHECK(s.nodes[s.nodes[tete].parent].name == std::to_string(asobo_crc32("SPINE")));
}

TEST_CASE("BigFile: objects of one name are distinct items, each decoding its own object") {
    // Were 20 objects called SAME one item id, `convert --all` would write the
    // first one 20 times over a single file name.
    const auto doc = open(test::same_name_bigfile(20), "SAME.DPC");
    const auto items = doc->items();
    REQUIRE(items.size() == 20);
    const int64_t crc = asobo_crc32("SAME");
    std::set<int64_t> ids;
    for (size_t k = 0; k < items.size(); ++k) {
        INFO("object " << k);
        CHECK(items[k].id == crc + (int64_t(k) << 32));
        ids.insert(items[k].id);
        const Scene s = doc->scene(items[k].id);
        REQUIRE(s.nodes.size() == 2);
        CHECK(s.nodes[1].translation.x == float(k));
    }
    CHECK(ids.size() == 20);
    CHECK(doc->default_item() == crc);
}
