#include "schema.hpp"

namespace ripkit::tr_level {

const FormatSchema& schema() {
    static const FormatSchema s{
        .settings =
            {
                ValueDef::number("scale", 0, 1e9)
                    .excluding_min()
                    .defaults_to(kDefaultScale)
                    .means("metres per TR unit in converted output (not with --native)")
                    .assumes("a TR unit is 1/512 m (a 1024-unit sector = 2 m), as tr-cutseq; "
                             "TR's Y-down space turned by (x, -y, -z)"),
                ValueDef::choice(
                    "body",
                    {{"skinned",
                      {},
                      "one skinned mesh per material for the whole body (glTF viewers, Blender, "
                      "engines)"},
                     {"parts",
                      {},
                      "each TR mesh on its own joint node, rigid, without a skin: for importers "
                      "that match animation channels to mesh nodes (Tomb Editor's WadTool); "
                      "Lara without LARA_SKIN_JOINTS"}})
                    .defaults_to("skinned")
                    .means("how a moveable's meshes are drawn"),
            },
        .options =
            {
                ValueDef::list("anims", "anim numbers of the moveable, ranges (0,3-7), all or none")
                    .decided("all")
                    .means("which of a moveable's animations to convert (numbered from its "
                           "first, as `list` counts them; all and ranges pass over the anims "
                           "without frames in the level)"),
            },
        .assumptions =
            {
                {"uv_inset",
                 "UV = object texture corner (8.8 pixels) / 65536, without the engine's "
                 "half-texel inset (AdjustUV)"},
                {"empty_pop",
                 "a mesh-tree pop on an empty stack keeps the current mesh as the parent, as "
                 "TRN2; the engine has no guard (its pop leaves the item's own matrix for the "
                 "room's view)"},
                {"sidedness",
                 "object faces single-sided; room faces double-sided where texture bit 15 is "
                 "set"},
                {"blending",
                 "alpha-tested textures (attribute 1) as MASK 0.5; additive (attribute 2, "
                 "effects bit 0) as BLEND with extras blend=additive"},
                {"vertex_light",
                 "vertex lights as COLOR_0 grey (255 - (L >> 5)) / 255 (0 bright .. 8191 dark)"},
                {"room_colour",
                 "room colours as stored over their maximum (TR4 RGB555 / 31, TR5 bytes / 255), "
                 "linear"},
                {"rest_pose", "the rest (bind) pose is the tree offsets with no rotation"},
                {"anim_rate",
                 "the engine shows 30 frames a second; keyframe k of an anim at frame "
                 "min(k x rate, last - first)"},
                {"anim_interpolation",
                 "rotations between keyframes as glTF LINEAR (slerp); the engine blends the two "
                 "keyframes' matrices element by element (InterpolateMatrix), which agrees to "
                 "within a small angle for the steps between keyframes"},
                {"ng_chunk_size",
                 "a TRNG trailer chunk whose first word has bit 15 set counts (word & 0x7FFF) << "
                 "16 | the next word, with three header words (TRNG's ParseNgField); Tomb4Plus "
                 "reads every count as one word"},
                {"lara_joints",
                 "Lara's joint vertices (LARA_SKIN_JOINTS) that no body vertex within 1 unit "
                 "binds keep their own rest place, weighted 0.5 / 0.5 on the two bones they join "
                 "(TRN2 and wadblender); the engine's half-angle matrix is not reproduced"},
            },
    };
    return s;
}

BodyStyle body_style(const Settings& settings) {
    return settings.text("body") == "parts" ? BodyStyle::Parts : BodyStyle::Skinned;
}

Conversion conversion(const Settings& settings, const Options& options) {
    Conversion conv;
    conv.native = options.native;
    conv.scale = settings.number("scale");
    return conv;
}

}  // namespace ripkit::tr_level
