// ROM access and the layout decisions: byte orders, game code, tables, and
// which record field / record / pointer shape the importer infers.
#include "ripkit/n64/rom.hpp"

#include <cstdio>
#include <set>

#include "hey_you_pikachu/rom_layout.hpp"
#include "pikachu_test_util.hpp"
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;
using namespace ripkit::hey_you_pikachu;

TEST_CASE("the first word decides the byte order") {
    const Bytes z64 = {0x80, 0x37, 0x12, 0x40, 1, 2, 3, 4};
    const Bytes v64 = {0x37, 0x80, 0x40, 0x12, 2, 1, 4, 3};
    const Bytes n64b = {0x40, 0x12, 0x37, 0x80, 4, 3, 2, 1};
    CHECK(n64::detect_rom_order(z64) == n64::RomOrder::BigEndian);
    CHECK(n64::detect_rom_order(v64) == n64::RomOrder::ByteSwapped);
    CHECK(n64::detect_rom_order(n64b) == n64::RomOrder::LittleEndian);
    CHECK(n64::normalize_rom(v64) == z64);
    CHECK(n64::normalize_rom(n64b) == z64);
    const Bytes junk = {1, 2, 3, 4};
    CHECK(!n64::detect_rom_order(junk));
    CHECK_THROWS_AS(n64::normalize_rom(junk), Error);
}

TEST_CASE("the sample ROM opens in all three byte orders with the same models") {
    const Bytes z64 = build_rom(sample_rom_spec());
    const auto a = pktest::open_rom(z64);
    const auto b = pktest::open_rom(to_v64(z64));
    const auto c = pktest::open_rom(to_n64(z64));
    CHECK(a->info()["byte_order"] == "z64");
    CHECK(b->info()["byte_order"] == "v64");
    CHECK(c->info()["byte_order"] == "n64");
    CHECK(a->info()["game_code"] == "NPGE");
    CHECK(a->dump(std::nullopt)["models"] == b->dump(std::nullopt)["models"]);
    CHECK(a->dump(std::nullopt)["models"] == c->dump(std::nullopt)["models"]);
}

TEST_CASE("another game's ROM is refused unless --force") {
    RomSpec spec = sample_rom_spec();
    spec.game_code = "NSME";
    const Bytes rom = build_rom(spec);
    try {
        pktest::open_rom(rom);
        FAIL("a foreign game code must be refused");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::WrongFormat);
        CHECK(std::string(e.what()).find("--force") != std::string::npos);
        CHECK(std::string(e.what()).find("NSME") != std::string::npos);
    }
    Options force;
    force.force = true;
    const auto doc = pktest::open_rom(rom, force);
    REQUIRE(!doc->warnings().empty());
    CHECK(doc->warnings()[0].find("--force") != std::string::npos);
    CHECK(doc->items().size() == 5);
    // The Japanese code is accepted as is.
    spec.game_code = "NPGJ";
    CHECK(pktest::open_rom(build_rom(spec))->info()["variant"] == "Japan");
}

TEST_CASE("a ROM too small for the tables fails naming the size") {
    Bytes rom = build_rom(sample_rom_spec());
    rom.resize(kModelTable);
    try {
        pktest::open_rom(rom);
        FAIL("truncated ROM");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Truncated);
    }
}

// Evidence: the builder stores the resource id at +0x04 and the model index
// (a valid descriptor index too, the seed's first pitfall) at +0x00; model i
// uses resource {2, 0, 3, 5, 6}[i]. Only +0x04 gives every model a well-formed
// hierarchy and display lists.
TEST_CASE("the descriptor field is found by structure, not confused with the model index") {
    const auto doc = pktest::open_rom(build_rom(sample_rom_spec()));
    const auto layout = doc->info()["layout"];
    CHECK(layout["descriptor_field"]["value"] == "0x04");
    CHECK(layout["descriptor_field"]["source"] == "inferred");
    CHECK(layout["runtime_record"]["value"] == "rom");
    const auto items = doc->items();
    REQUIRE(items.size() == 5);
    const uint32_t ids[5] = {2, 0, 3, 5, 6};
    const bool packed[5] = {true, false, true, true, true};
    for (size_t i = 0; i < 5; ++i) {
        CHECK(items[i].id == int64_t(i));
        CHECK(items[i].fields["resource_id"] == ids[i]);
        CHECK(items[i].fields["compressed"] == packed[i]);
        CHECK(!items[i].empty);
    }
    CHECK(items[0].fields["nodes"] == 9);
    // 9 quads + 3 bridges of two triangles each.
    CHECK(items[0].fields["triangles"] == 24);
    CHECK(items[0].fields["textures"] == 9);
    CHECK(items[2].fields["nodes"] == 3);
    CHECK(items[3].fields["nodes"] == 2);
}

TEST_CASE("the descriptor field can be forced; the decoy then names the wrong resources") {
    Options o;
    o.settings["descriptor_field"] = "0x00";
    const auto doc = pktest::open_rom(build_rom(sample_rom_spec()), o);
    CHECK(doc->info()["layout"]["descriptor_field"]["source"] == "setting");
    const auto items = doc->items();
    // Model 1's index names resource 1, which is message text: no model there,
    // which is an error, not an empty model.
    CHECK(items[1].error.has_value());
    CHECK_FALSE(items[1].empty);
}

TEST_CASE("a runtime record at the resource start is detected") {
    RomSpec spec = sample_rom_spec();
    spec.record_in_resource = true;
    const auto doc = pktest::open_rom(build_rom(spec));
    CHECK(doc->info()["layout"]["runtime_record"]["value"] == "resource");
    CHECK(doc->info()["layout"]["descriptor_field"]["value"] == "0x04");
    for (const auto& it : doc->items()) CHECK(!it.empty);
}

// The builder can put the resource id in any field but the two pointers; with
// the runtime record in the resource every zero field names resource 0 (model
// 1's, which then decodes for every record), so only the fields' distinct
// resources tell the real one from them.
TEST_CASE("a resource id in another record field is found, with either runtime record") {
    const uint32_t ids[5] = {2, 0, 3, 5, 6};  // sample_rom_spec's resources, model by model
    for (const uint32_t field : {0x10u, 0x30u, 0x50u})
        for (const bool in_resource : {false, true}) {
            INFO("field " << field << (in_resource ? ", record in the resource" : ""));
            RomSpec spec = sample_rom_spec();
            spec.descriptor_field = field;
            spec.record_in_resource = in_resource;
            const auto doc = pktest::open_rom(build_rom(spec));
            const auto layout = doc->info()["layout"];
            char want[8];
            std::snprintf(want, sizeof want, "0x%02X", field);
            CHECK(layout["descriptor_field"]["value"] == want);
            CHECK(layout["descriptor_field"]["source"] == "inferred");
            CHECK(layout["runtime_record"]["value"] == (in_resource ? "resource" : "rom"));
            CHECK_FALSE(layout.contains("warning"));
            const auto items = doc->items();
            REQUIRE(items.size() == 5);
            for (size_t i = 0; i < 5; ++i) {
                CHECK(!items[i].error);
                CHECK(items[i].fields["resource_id"] == ids[i]);
            }
        }
}

TEST_CASE("the builder refuses a descriptor field on the hierarchy pointer") {
    RomSpec spec = sample_rom_spec();
    spec.descriptor_field = kHierarchyField;
    CHECK_THROWS_AS(build_rom(spec), Error);
}

namespace {

// The import benchmark's ROM, smaller: the sample's five models repeated, each
// under a resource of its own (ids 10..), so each model costs its own LH5 run.
RomSpec many_models_spec(uint32_t n) {
    RomSpec spec = sample_rom_spec();
    const std::vector<ModelSpec> five = spec.models;
    spec.models.clear();
    spec.filler_resources.clear();
    for (uint32_t i = 0; i < n; ++i) {
        ModelSpec m = five[i % five.size()];
        m.resource_id = 10 + i;
        spec.models.push_back(m);
    }
    return spec;
}

}  // namespace

// The count of resources decompressed, not a time: opening decides the layout
// from the tables and a few probed models, and one model's scene decodes that
// model alone; `list` still decodes every one.
TEST_CASE("open decompresses a handful of resources; list decodes every model") {
    const uint32_t n = 40;
    const RomSpec spec = many_models_spec(n);
    const auto doc = pktest::open_rom(build_rom(spec));
    const size_t opened = doc->resources_decoded();
    CHECK(opened >= 1);
    CHECK(opened <= 8);
    CHECK(doc->layout().descriptor_field == 0x04);
    CHECK(doc->default_item() == 0);
    CHECK(doc->resources_decoded() <= opened + 1);
    // One model more, one resource more at most.
    const Scene s = doc->scene(7);
    CHECK(doc->resources_decoded() <= opened + 2);
    CHECK(s.nodes.size() >= spec.models[7].nodes.size());
    const auto items = doc->items();
    REQUIRE(items.size() == n);
    // Every model's own resource, each decompressed once.
    CHECK(doc->resources_decoded() == n);
    for (uint32_t i = 0; i < n; ++i) CHECK(items[i].fields["resource_id"] == 10 + i);
    CHECK(doc->info()["layout"]["candidates_dropped"].get<size_t>() >= 30);
}

TEST_CASE("a model that fails decodes to its error when first asked, not to an empty one") {
    Options o;
    o.settings["descriptor_field"] = "0x00";
    o.settings["runtime_record"] = "rom";
    const auto doc = pktest::open_rom(build_rom(sample_rom_spec()), o);
    // Model 1's index names resource 1, message text: asked first, before list.
    try {
        doc->scene(1);
        FAIL("model 1 must fail");
    } catch (const Error& e) {
        CHECK(e.kind() != ErrorKind::Usage);
        CHECK(pktest::says(e, "model 1"));
    }
    const auto items = doc->items();
    CHECK(items[1].error.has_value());
    CHECK_FALSE(items[1].empty);
}

TEST_CASE("relative, segment and KSEG0 pointers all resolve; the KSEG0 base is inferred") {
    const BuiltRom built = build_rom_detailed(sample_rom_spec());
    const auto doc = pktest::open_rom(built.rom);
    const auto d0 = doc->dump(0)["models"][0];
    const auto d1 = doc->dump(1)["models"][0];
    const auto d2 = doc->dump(2)["models"][0];
    CHECK(d0["hierarchy_pointer_shape"] == "segment");
    CHECK(d1["hierarchy_pointer_shape"] == "relative");
    CHECK(d2["hierarchy_pointer_shape"] == "kseg0");
    CHECK(d2["kseg0_base_source"] == "inferred");
    CHECK(d2["pointer_rule"].get<std::string>().find("0x80231A40") != std::string::npos);
    CHECK(d2["hierarchy_offset"] == built.models[2].node_offsets[0]);
    SECTION("a given base is used as is") {
        Options o;
        o.settings["kseg0_base"] = "0x80231A40";
        const auto g = pktest::open_rom(built.rom, o);
        CHECK(g->dump(2)["models"][0]["kseg0_base_source"] == "setting");
        CHECK(g->items()[2].fields["triangles"] == doc->items()[2].fields["triangles"]);
    }
    SECTION("narrowing the rule to one shape leaves the others unresolved") {
        Options o;
        o.settings["pointers"] = "relative";
        const auto g = pktest::open_rom(built.rom, o);
        CHECK(!g->items()[1].empty);
        CHECK(g->items()[0].error.has_value());
    }
}

TEST_CASE("dump lists descriptor, nodes, display-list command counts and texture formats") {
    const BuiltRom built = build_rom_detailed(sample_rom_spec());
    const auto doc = pktest::open_rom(built.rom);
    const auto m = doc->dump(0)["models"][0];
    CHECK(m["descriptor"]["resource_id"] == 2);
    CHECK(m["descriptor"]["compression"] == 1);
    CHECK(m["resource"]["unpacked_size"] == built.models[0].resource.size());
    CHECK(m["resource"]["packed_size"] == built.models[0].packed.size());
    REQUIRE(m["nodes"].size() == 9);
    CHECK(m["nodes"][3]["type"] == 100);
    CHECK(m["nodes"][2]["parent"] == 1);
    CHECK(m["nodes"][0]["offset"] == built.models[0].node_offsets[0]);
    // Node 1: one G_VTX of its own, one under its parent's slot, and a nested call.
    const auto dl1 = m["display_lists"][1];
    CHECK(dl1["node"] == 1);
    CHECK(dl1["commands"]["G_VTX"] == 2);
    CHECK(dl1["commands"]["G_MTX"] == 3);
    CHECK(dl1["commands"]["G_DL"] == 1);
    CHECK(dl1["commands"]["G_ENDDL"] == 2);
    CHECK(dl1["triangles"] == 4);
    std::set<std::string> formats;
    for (const auto& t : m["textures"]) formats.insert(t["format"].get<std::string>());
    CHECK(formats == std::set<std::string>{"RGBA16", "RGBA32", "IA4", "IA8", "IA16", "I4", "I8",
                                           "CI4", "CI8"});
}
