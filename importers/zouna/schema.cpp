#include "schema.hpp"

#include "variants.hpp"

namespace ripkit::zouna {

namespace {

std::string check_version(std::string_view v) {
    return parse_game(v) == Game::Unknown ? "ratatouille (rat), walle, fuel, up, ts3 or a version "
                                            "string (1.381.67.09)"
                                          : "";
}

const std::vector<Choice> kEulerOrders = {{"xyz"}, {"xzy"}, {"yxz"}, {"yzx"}, {"zxy"}, {"zyx"}};

std::vector<ValueDef> layout_settings() {
    return {
        ValueDef::text("version",
                       "ratatouille (rat), walle, fuel, up, ts3 or a version string (1.381.67.09)",
                       check_version)
            .decided("from the BFF0 or BigFile version string; raw objects: fuel")
            .means("the game whose per-version defaults apply (hdl, vec4_comp, ext_vec3f, "
                   "flags, skel)")
            .assumes("raw objects carry no version: they get FUEL's column"),
        ValueDef::choice("endian", {{"little"}, {"big"}})
            .decided("detected: the byte order in which the object header's sizes agree")
            .means("byte order of the objects"),
        ValueDef::number("comp_scale", 0, 1e9)
            .excluding_min()
            .defaults_to(4096.0)
            .means("divisor of FloatComp, Vec2fLinearComp, Vec3fComp, Vec4fLinearComp values")
            .assumes("Comp values are s16 / 4096 (RatDecomp KEY_FLOAT_COMP_FACTOR, later wiki "
                     "revisions; the seed's 2000 is selectable)"),
        ValueDef::number("quat_scale", 0, 1e9)
            .excluding_min()
            .defaults_to(2000.0)
            .means("divisor of Quati16 values (RatDecomp KEY_QUAT_COMP_FACTOR, the seed)"),
        ValueDef::choice("hdl", {{"time_first"}, {"name_first"}})
            .decided("name_first for Ratatouille and WALL-E, time_first otherwise")
            .means("field order of Hdl keys")
            .assumes("Hdl keys load the name first in Ratatouille/WALL-E (RatDecomp) and the time "
                     "first later (bff, FUEL)"),
        ValueDef::choice("vec4_comp", {{"float", {}, "20-byte float keys"},
                                       {"s16", {}, "12-byte s16 keys / comp_scale"},
                                       {"s16_raw", {}, "s16 keys, unscaled (bff)"}})
            .decided("s16 for Ratatouille and WALL-E, float otherwise")
            .means("how Vec4fLinearComp keys store their values")
            .assumes("Vec4fLinearComp is s16 / comp_scale in Ratatouille/WALL-E (RatDecomp) and "
                     "float later (the FUEL wiki page)"),
        ValueDef::choice("ext_vec3f", {{"u16_time", {}, "u16 time + u16 key flags"},
                                       {"f32_time", {}, "f32 time + 3 x Vec3f"}})
            .decided("f32_time for Ratatouille and WALL-E, u16_time otherwise")
            .means("ExtVec3f key layout")
            .assumes("ExtVec3f keys have an f32 time in Ratatouille/WALL-E (RatDecomp) and a u16 "
                     "time with flags later (the seed)"),
        ValueDef::number("ext_time_scale", 0, 1e9)
            .excluding_min()
            .defaults_to(1.0)
            .means("seconds per unit of the u16 ExtVec3f time")
            .assumes("the u16 ExtVec3f time counts seconds"),
        ValueDef::choice("flags", {{"bits", {}, "SMOOTH 1, LINEAR 2, SQUARE 8"},
                                   {"enum", {}, "1 smooth, 2 linear, 3 square"}})
            .decided("bits for Ratatouille and WALL-E, enum otherwise")
            .means("what key flags mean")
            .assumes("key flags are bits in Ratatouille/WALL-E (RatDecomp) and an enum later "
                     "(bff, ImZouna)"),
        ValueDef::choice(
            "skel", {{"fuel", {}, "20 header bytes"}, {"ratatouille", {"rat"}, "36 header bytes"}})
            .decided("ratatouille for Ratatouille and WALL-E, fuel otherwise")
            .means("Skel_Z header layout before the bone count")
            .assumes("Ratatouille's Skel_Z has 36 header bytes before the bones and the same "
                     "248-byte bones as FUEL"),
        ValueDef::integer("parent_index", 0, 1)
            .defaults_to("1")
            .means("which of a bone's four s32 indices is its parent")
            .assumes("the second index is the parent (both Blender importers and the Rat "
                     "template; bff's newest FUEL struct names the first)"),
        ValueDef::choice("rest_rotation", {{"direct", {}, "the quaternion as stored"},
                                           {"inverse", {}, "its conjugate"}})
            .defaults_to("direct")
            .means("how a bone's rest quaternion is read")
            .assumes("the rest quaternion is the rotation itself (ZounaBlender), not its inverse "
                     "(bff names it one)"),
        ValueDef::choice("bezier_rot", kEulerOrders)
            .defaults_to("xyz")
            .means("order the BezierRot Euler angles apply in")
            .assumes("BezierRot keys: a = Euler angles in radians applied X first, b/c = "
                     "per-segment tangents (a template labels them Euler angles, unverified)"),
    };
}

}  // namespace

const FormatSchema& schema() {
    static const FormatSchema s = [] {
        FormatSchema f;
        f.settings = layout_settings();
        f.settings.push_back(
            ValueDef::number("bake_rate", 0, 10000)
                .excluding_min()
                .defaults_to(60.0)
                .means("samples per second where no exact glTF form exists (BezierRot)"));
        f.settings.push_back(
            ValueDef::number("frame_rate", 0, 1000)
                .excluding_min()
                .defaults_to(30.0)
                .means("playback rate for the scene's frame range (key times stay exact)")
                .assumes("key times are seconds and nothing stores a playback rate: frame "
                         "ranges are given at 30 fps"));
        f.settings.push_back(
            ValueDef::choice("container", {{"bff0", {}, "a BFF0 header, then the object"},
                                           {"raw", {}, "the object alone (dpc-style)"}})
                .decided("the scene's (extras container), else bff0")
                .means("writing (convert SCENE OUT.Animation_Z): the file around a new object"));
        f.settings.push_back(ValueDef::choice("compress", {{"none", {}, "the body as it is"},
                                                           {"lzrs", {}, "an LZRS-compressed body"}})
                                 .defaults_to("none")
                                 .means("writing: how a new object's body is stored"));
        f.settings.push_back(
            ValueDef::number("start", 0, 1e9)
                .defaults_to(0.0)
                .means("writing: the scene time (seconds) of the engine's time 0"));
        f.options = {
            ValueDef::path("skeleton")
                .means("a Skel_Z the animation binds to (as one armature with the --anim files)"),
            ValueDef::path("names").means("a CRC32 -> name list (one name a line)"),
            ValueDef::path("anim").repeats().means(
                "another Animation_Z file for the same skeleton"),
            ValueDef::list("anims", "Animation_Z names or CRCs of the same BigFile, or all")
                .decided("none")
                .means("animations of the same BigFile to bind to a Skel_Z item"),
        };
        f.assumptions = {
            {"slerp",
             "quaternion keys are slerped (shortest path); no public decompilation shows the "
             "engine's quaternion interpolation"},
            {"left_handed",
             "Zouna space is left-handed with Y up (like Direct3D): converted to glTF by "
             "mirroring Z unless --native"},
            {"metres", "engine units are metres (kept unscaled)"},
            {"flag_values",
             "key flag values other than 1/2/3 (4, 8, 17 are seen) interpolate as the class "
             "does by default"},
            {"loop_markers", "message classes 12/13 mark the loop start/end"},
            {"bigfile_magic",
             "a BigFile starts with a printable version string mentioning Asobo (FUEL-era: "
             "\"v1.381.67.09 - Asobo Studio - Internal Cross Technology\")"},
            {"npc_names",
             "a BigFile's .NPC sibling is a name list read like --names (its exact layout is "
             "not public in our sources)"},
            {"material_color", "MaterialAnim_Z's Vec4fLinear keyframer is a colour with alpha"},
        };
        return f;
    }();
    return s;
}

}  // namespace ripkit::zouna
