// Every layout and interpretation choice where public sources disagree, in one
// place: defaults per detected game version, each overridable with
// `--set key=value` (declared in schema.cpp, with the evidence behind each
// default; docs/formats/zouna.md).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "ripkit/format.hpp"
#include "ripkit/settings.hpp"

namespace ripkit::zouna {

enum class Game { Unknown, Ratatouille, WallE, Fuel, Up, ToyStory3 };
enum class HdlOrder { TimeFirst, NameFirst };
enum class Vec4Comp { Float, S16Scaled, S16Raw };
enum class ExtKey { U16TimeFlags, F32Time };
enum class FlagSemantics { Bits, Enum };
enum class SkelLayout { Fuel, Ratatouille };
enum class RestRotation { Direct, Inverse };
enum class EulerOrder { XYZ, XZY, YXZ, YZX, ZXY, ZYX };
// Mesh-family open questions (zouna-meshes.md; docs/formats/zouna.md "Meshes").
// Auto: decided by a check on the data (model_checks.hpp).
enum class NormalOrder { Auto, D3dColor, B012, B120, B021, Bff };
enum class Winding { Auto, Keep, Reverse };
enum class Handedness { Left, Right };
enum class Vertex48 { Auto, Blend, Volume };
enum class PaletteSentinel { Previous, Error };

struct Variants {
    Game game = Game::Unknown;
    double comp_scale = 4096.0;  // FloatComp, Vec2fLinearComp, Vec3fComp, Vec4fLinearComp
    double quat_scale = 2000.0;  // Quati16
    HdlOrder hdl = HdlOrder::TimeFirst;
    Vec4Comp vec4_comp = Vec4Comp::Float;
    ExtKey ext_vec3f = ExtKey::U16TimeFlags;
    double ext_time_scale = 1.0;  // seconds per unit of the u16 ExtVec3f time
    FlagSemantics flags = FlagSemantics::Enum;
    SkelLayout skel = SkelLayout::Fuel;
    int parent_index = 0;  // which of the bone's four s32 indices is the parent
    RestRotation rest_rotation = RestRotation::Direct;
    EulerOrder bezier_order = EulerOrder::XYZ;
    NormalOrder normal_order = NormalOrder::Auto;
    Winding winding = Winding::Auto;
    Handedness handedness = Handedness::Left;
    Vertex48 vertex48 = Vertex48::Auto;
    PaletteSentinel palette_sentinel = PaletteSentinel::Previous;
    double blend_divisor = 6.0;  // stored blend index / divisor = palette slot
    double bake_rate = 60.0;     // samples per second where no exact glTF form exists
    // ASSUMPTION(frame_rate): key times are seconds and nothing stores a playback
    // rate; 30 fps is what Scene extras frame_rate/frame_count (DCC frame ranges)
    // are given in.
    double frame_rate = 30.0;

    nlohmann::json describe() const;
};

const char* game_name(Game g);
const char* normal_order_name(NormalOrder o);  // "auto", "d3dcolor", "b012", ...
const char* winding_name(Winding w);
const char* vertex48_name(Vertex48 v);
// "v1.381.67.09 - Asobo Studio ..." or "1.06.63" -> the game; Unknown if none.
Game game_from_version(std::string_view version);
// --set version=...: a game name ("rat", "fuel", ...) or a version string.
Game parse_game(std::string_view text);

// Defaults for `game`, then the settings' overrides (`version=fuel` also
// re-selects the game).
Variants make_variants(Game detected, const Settings& settings);
// The same, checking `options` against the schema first (throws Error(Usage)).
Variants make_variants(Game detected, const Options& options);

}  // namespace ripkit::zouna
