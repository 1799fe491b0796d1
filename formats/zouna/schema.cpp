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
                   "flags, skel, parent_index)")
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
        ValueDef::choice("skel", {{"fuel", {"walle"}, "20 header bytes (WALL-E, FUEL)"},
                                  {"ratatouille", {"rat"}, "36 header bytes"}})
            .decided("ratatouille for Ratatouille, fuel otherwise")
            .means("Skel_Z header layout before the bone count")
            .assumes("only Ratatouille's Skel_Z has a 16-byte quaternion after the flags and "
                     "bounding sphere (bff's v1_06_63_02 struct, the Rat PC template); WALL-E's "
                     "(bff's v1_291_03_06, both WALL-E templates) and FUEL's have 20 header "
                     "bytes; the bones are 248 bytes in all three"),
        ValueDef::integer("parent_index", 0, 1)
            .decided("1 for Ratatouille and WALL-E, 0 otherwise")
            .means("which of a bone's four s32 indices is its parent")
            .assumes("Ratatouille and WALL-E store child, parent, next, previous (bff, the "
                     "templates); FUEL the parent first (bff's v1_381_67_09 struct, ImZouna's "
                     "fuel/Skel_Z), though the Blender importers read the second there too; "
                     "later and unknown versions follow FUEL"),
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

// The mesh-family open questions (zouna-meshes.md sections 1-2): each one
// reading, overridable, with the evidence; "auto" decides on the data.
std::vector<ValueDef> mesh_settings() {
    return {
        ValueDef::choice(
            "normal_order",
            {{"auto", {}, "the order whose face normals agree most with the stored ones"},
             {"d3dcolor", {}, "x, y, z = bytes 2, 1, 0 (ZounaBlender overhaul, Rat)"},
             {"b012", {}, "bytes 0, 1, 2 (blender_fuel)"},
             {"b120", {}, "bytes 1, 2, 0 (SamuraiOndo)"},
             {"b021", {}, "bytes 0, 2, 1 (the templates' Blender script)"},
             {"bff", {}, "bytes 0, 1, -2 (bff-gui)"}})
            .defaults_to("auto")
            .means("component order of the u8 x 4 normal and tangent bytes (b / 255 * 2 - 1)")
            .assumes("five public tools disagree: picked per document as the order under which "
                     "the most faces' normals agree (or consistently disagree) with the mean "
                     "stored vertex normal; d3dcolor when there is nothing to check"),
        ValueDef::choice("winding", {{"auto", {}, "from the same face-normal check"},
                                     {"keep", {}, "index order as stored"},
                                     {"reverse", {}, "every triangle's order reversed"}})
            .defaults_to("auto")
            .means("triangle index order in the output (counter-clockwise front faces)")
            .assumes("the FMTK wiki says FUEL's front faces are clockwise and ZounaBlender, "
                     "blender_fuel, Noesis reverse the order, SamuraiOndo does not: chosen so the "
                     "output's counter-clockwise faces agree with the stored normals; without "
                     "normals the stored faces are taken as clockwise (the wiki)"),
        ValueDef::choice("handedness",
                         {{"left", {}, "left-handed Y up like Direct3D: Z mirrored to glTF"},
                          {"right", {}, "right-handed Y up (the FMTK wiki): kept as it is"}})
            .defaults_to("left")
            .means("the handedness of Zouna space (animations, skeletons and meshes)")
            .assumes("Zouna space is left-handed with Y up (like Direct3D): "
                     "converted to glTF by mirroring Z unless --native; the FMTK wiki calls FUEL "
                     "right-handed - the two differ only by chirality (text on a texture shows "
                     "it)"),
        ValueDef::choice("vertex48",
                         {{"auto", {}, "blend when every 48-byte vertex holds the three -1 pads"},
                          {"blend", {}, "FUEL/bff: as 36, f32 blend index, 3 x i32 -1, f32 weight"},
                          {"volume", {}, "the Rat PC template: position + 3 x Vec3f, no blend"}})
            .defaults_to("auto")
            .means("layout of 48-byte vertices")
            .assumes("bff, ImZouna and the skin importers read a one-bone vertex (weight 0 taken "
                     "as 1), the Rat PC template a \"skin volume\": the data decides by the three "
                     "i32 -1 at byte 32"),
        ValueDef::choice("palette_sentinel",
                         {{"previous", {}, "the previous subsection's bone for that slot"},
                          {"error", {}, "a vertex using such a slot is an error"}})
            .defaults_to("previous")
            .means("palette slots named 0xFFFFFFFF / 0xFFFFFFFE (-1, -2)")
            .assumes("a sentinel slot keeps the previous subsection's bone (SamuraiOndo; the GPU "
                     "palette left unchanged between draws); in the first subsection it is an "
                     "error"),
        ValueDef::number("blend_divisor", 0, 1e9)
            .excluding_min()
            .defaults_to(6.0)
            .means("a stored blend index / this = palette slot")
            .assumes("the /6 rule (templates, ImZouna, the skin importers): the value is a "
                     "vertex-shader constant offset, 6 float4 registers per bone; a non-multiple "
                     "or a slot past the palette is an error"),
    };
}

}  // namespace

// A declaration, one entry per setting: long because the format has many.
const FormatSchema& schema() {
    static const FormatSchema s = [] {
        FormatSchema f;
        f.settings = layout_settings();
        for (ValueDef& d : mesh_settings()) f.settings.push_back(std::move(d));
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
            {"lod0", "a Lod_Z's first Skin_Z or Mesh_Z component is LOD 0; its shadow is skipped"},
            {"group_material",
             "Ratatouille/WALL-E: draw group i uses the skin subsection's material, else the "
             "mesh's i-th material name (public tools); FUEL stores an index"},
            {"group_buffer",
             "Ratatouille/WALL-E draw groups (no buffer index stored) use the first vertex "
             "buffer of their stride and the index buffer at the same position (public readers "
             "use only buffer 0)"},
            {"render_flags",
             "RatDecomp's Material_Z render bits (0x20 blend, 0x40 alpha test, 0x1000 additive, "
             "0x20000 two-sided, 0x100/0x200 clamp) hold for Ratatouille; FUEL's 0x20 means "
             "blend (bff); WALL-E's bits are unknown and unused"},
            {"bitmap_transparency",
             "a material that says nothing about alpha takes its bitmap's transparency byte (1 "
             "one-bit: mask, 2: blend)"},
            {"raw16",
             "raw 16-bit Ratatouille/WALL-E bitmaps are named from the high bit down (5551 = "
             "R5 G5 B5 A1), pixels little-endian"},
            {"skel_transform",
             "a bone's Mat4f at byte 164 is a D3D row-vector model matrix (translation in floats "
             "12-14); the rest pose comes from the bone's TRS, and info's skeleton_checks says "
             "which parent_index / rest_rotation reading composes the stored matrices"},
            {"bind_pose",
             "vertices are model space at bind: inverse bind matrix = inverse of the bone's rest "
             "model matrix (the public importers parent raw vertices to the rest pose)"},
            {"unweighted",
             "a vertex without blend data (strides 12-36, the 48-byte volume reading) is bound "
             "to palette slot 0 with weight 1; zero weights are skipped and the rest normalised"},
        };
        return f;
    }();
    return s;
}

const EncoderSchema& encoder_schema() {
    static const EncoderSchema s{
        .options =
            {
                ValueDef::integer("item", 0, 4294967295.0)
                    .hex_too()
                    .titled("Object CRC")
                    .decided("the animation's own (extras name_crc), else the crc of OUT's name")
                    .means("the name crc of the object written (with a base: the base's)"),
                ValueDef::path("base")
                    .titled("Base file")
                    .decided("a new file holding only this scene")
                    .means("an Animation_Z (BFF0 or raw) to copy with its body replaced"),
                ValueDef::choice("endian", {{"little", {}, "PC, PS2, Xbox"},
                                            {"big", {}, "GameCube, Wii, X360, PS3"}})
                    .titled("Byte order")
                    .decided("the base's, else the order the scene was read in, else little")
                    .means("the byte order written"),
                ValueDef::list("anims", "an animation's name or index (the first of a list)")
                    .titled("Animation")
                    .decided("the first")
                    .means("which of the scene's animations is written"),
                ValueDef::path("names")
                    .titled("Names file")
                    .means("a crc -> name list: the scene's node names matched to bone crcs"),
            },
        .settings = {"version", "container", "compress", "start"},
        .extension = "Animation_Z",
    };
    return s;
}

}  // namespace ripkit::zouna
