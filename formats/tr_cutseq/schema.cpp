#include "schema.hpp"

namespace ripkit::tr_cutseq {

const FormatSchema& schema() {
    static const FormatSchema s{
        .settings =
            {
                ValueDef::integer("entries", 1, kMaxEntries)
                    .decided("inferred from the data (\"Table length\"; info says how)")
                    .means("cutscene table entries read")
                    .assumes("where padding (text, or zeros up to byte 2048 or the file's end) "
                             "hides the table's end, trailing unused entries are kept only up to "
                             "the game's own count: 30 (TR4 PAK), 44 (TR5 BIN)"),
                ValueDef::number("scale", 1e-9, 1e9)
                    .defaults_to(kDefaultScale)
                    .means("metres per TR unit in converted output (not with --native)")
                    .assumes("a TR unit is 1/512 m (a 1024-unit sector = 2 m)"),
                ValueDef::choice("interp",
                                 {{"linear", {}, "LINEAR keys at the frames, held across cuts"},
                                  {"step", {}, "STEP keys: exactly the engine's 30 Hz poses"}})
                    .defaults_to("linear")
                    .means("how keys interpolate between frames"),
                ValueDef::number("cut_threshold", 0, 1e9)
                    .defaults_to(kDefaultCutThreshold)
                    .means("TR units the camera, its target or an actor root moves in one frame "
                           "that make a cut")
                    .assumes("a move over 512 units (about 30 m/s) in one frame is a camera cut: "
                             "held, not interpolated"),
                ValueDef::integer("fov", 1, 32767)
                    .defaults_to(kCutsceneFov)
                    .means("the camera's AlterFOV argument (65536 = a full turn)")
                    .assumes("AlterFOV sets the horizontal angle on a 4:3 screen, so yfov = "
                             "2 atan(tan(h/2) * 3/4)"),
                ValueDef::choice("rooms", {{"none", {}, "no rooms"},
                                           {"near",
                                            {},
                                            "the rooms the camera or an actor's root "
                                            "enters at some frame"},
                                           {"all", {}, "every room that decoded"}})
                    .defaults_to("near")
                    .means("the level's rooms drawn around the cutscene (with --level)")
                    .assumes("the rooms a cutscene plays in are those the camera or an actor's "
                             "root enters at some frame"),
                ValueDef::integer("frames", 1, 32767)
                    .decided("the first animation's length at 30 fps")
                    .means("writing (convert SCENE OUT.PAK): frames the cutscene gets"),
                ValueDef::number("start", 0, 1e9)
                    .decided("the animation's earliest key")
                    .means("writing: the scene time (seconds) of frame 0"),
            },
        .options =
            {
                ValueDef::path("skeleton")
                    .means("JSON skeleton (the level's bone offsets and tree per moveable slot)")
                    .assumes("without it or --level, meshes 1.. hang off mesh 0 with zero "
                             "offsets"),
                ValueDef::path("level")
                    .means("the level (.TR4 / .TRC) holding the actors' meshes, trees and "
                           "textures; replaces --skeleton")
                    .assumes("rest pose = the mesh tree's offsets; Lara's joint vertices that "
                             "LARA_SKIN_JOINTS leaves unbound are weighted 0.5/0.5"),
            },
        .assumptions =
            {
                {"frame_rate",
                 "30 frames per second (TRX, TRN2 and the FBX encoder agree; not in the file)"},
                {"unused_entry", "a table entry with offset 0 or size 0 is unused"},
                {"table_padding",
                 "the slot that ends the table scan is padding, unless a later slot before the "
                 "data holds an entry with data (then it is a damaged entry); padding that does "
                 "not start as text adds a warning"},
                {"spent_track", "a track whose declared words are spent holds its value"},
                {"zero_repeat",
                 "a zero repeat count wraps the engine's 16-bit counter to 65535 (the value "
                 "repeats for the rest of the scene)"},
                {"rotation_handedness",
                 "phd_RotY/X/Z are right-handed rotations in TR space (Y down): positive Y "
                 "turns +Z toward +X"},
            },
    };
    return s;
}

const EncoderSchema& encoder_schema() {
    static const EncoderSchema s{
        .options =
            {
                ValueDef::integer("item", 1, kMaxEntries)
                    .defaults_to("1")
                    .titled("Cutscene")
                    .means("the table index the scene becomes (1-based)"),
                ValueDef::path("base")
                    .titled("Base file")
                    .decided("a new file holding only this scene")
                    .means("a CUTSEQ.PAK/.BIN to copy with that cutscene replaced (everything "
                           "else kept byte for byte)"),
                ValueDef::list("anims", "an animation's name or index (the first of a list)")
                    .titled("Animation")
                    .decided("the first")
                    .means("which of the scene's animations becomes the cutscene"),
            },
        .settings = {"frames", "scale", "start"},
        .extension = "PAK",
    };
    return s;
}

ReadOptions read_options(const Settings& settings) {
    ReadOptions ro;
    if (settings.given("entries")) ro.entries = static_cast<int>(settings.integer("entries"));
    return ro;
}

SceneOptions scene_options(const Settings& settings, bool native) {
    SceneOptions so;
    so.native = native;
    so.scale = settings.number("scale");
    so.cut_threshold = settings.number("cut_threshold");
    so.fov = static_cast<int>(settings.integer("fov"));
    so.step = settings.text("interp") == "step";
    return so;
}

}  // namespace ripkit::tr_cutseq
