#include "variants.hpp"

#include "format.hpp"

namespace ripkit::zouna {

const char* game_name(Game g) {
    switch (g) {
        case Game::Ratatouille:
            return "ratatouille";
        case Game::WallE:
            return "walle";
        case Game::Fuel:
            return "fuel";
        case Game::Up:
            return "up";
        case Game::ToyStory3:
            return "ts3";
        case Game::Unknown:
            break;
    }
    return "unknown";
}

Game game_from_version(std::string_view v) {
    const size_t p = v.find_first_of("0123456789");
    if (p == std::string_view::npos) return Game::Unknown;
    v = v.substr(p);
    auto starts = [&](std::string_view s) { return v.substr(0, s.size()) == s; };
    if (starts("1.06.")) return Game::Ratatouille;
    if (starts("1.291.")) return Game::WallE;
    if (starts("1.381.")) return Game::Fuel;
    if (starts("1.530.")) return Game::Up;
    if (starts("1.634.")) return Game::ToyStory3;
    return Game::Unknown;
}

const char* normal_order_name(NormalOrder o) {
    static const char* names[] = {"auto", "d3dcolor", "b012", "b120", "b021", "bff"};
    return names[static_cast<int>(o)];
}

const char* winding_name(Winding w) {
    return w == Winding::Auto ? "auto" : w == Winding::Keep ? "keep" : "reverse";
}

const char* vertex48_name(Vertex48 v) {
    return v == Vertex48::Auto ? "auto" : v == Vertex48::Blend ? "blend" : "volume";
}

Game parse_game(std::string_view v) {
    if (v == "ratatouille" || v == "rat") return Game::Ratatouille;
    if (v == "walle" || v == "wall-e") return Game::WallE;
    if (v == "fuel") return Game::Fuel;
    if (v == "up") return Game::Up;
    if (v == "ts3" || v == "toystory3") return Game::ToyStory3;
    return game_from_version(v);
}

namespace {

// Defaults per game. Ratatouille and WALL-E follow RatDecomp and the Rat/WALL-E
// templates; FUEL and later (and unknown files) follow the seed (an FMTK wiki
// page written for FUEL) and bff's FUEL structures.
Variants defaults_for(Game g) {
    Variants v;
    v.game = g;
    // ASSUMPTION(version): a file without a version (a raw object) is FUEL-like.
    const bool rat_family = g == Game::Ratatouille || g == Game::WallE;
    if (rat_family) {
        // ASSUMPTION(hdl, vec4_comp, ext_vec3f, flags): the per-version layouts
        // follow RatDecomp for Ratatouille and WALL-E, the seed and bff after.
        v.hdl = HdlOrder::NameFirst;        // RatDecomp loads the name before the time
        v.vec4_comp = Vec4Comp::S16Scaled;  // RatDecomp: s16 / KEY_FLOAT_COMP_FACTOR
        v.ext_vec3f = ExtKey::F32Time;      // RatDecomp: f32 time + 3 x Vec3f
        v.flags = FlagSemantics::Bits;      // RatDecomp: SMOOTH 1, LINEAR 2, SQUARE 8
        // ASSUMPTION(parent_index): the Rat and WALL-E structs (bff, the templates)
        // name the second index the parent, FUEL's (bff, ImZouna) the first.
        v.parent_index = 1;
    }
    // ASSUMPTION(skel): only Ratatouille's Skel_Z (bff v1_06_63_02, the Rat PC
    // template) has a quaternion after the bounding sphere; WALL-E's (bff
    // v1_291_03_06, both WALL-E templates) and FUEL's do not.
    if (g == Game::Ratatouille) v.skel = SkelLayout::Ratatouille;
    return v;
}

// The mesh-family readings (zouna-meshes.md's open questions), one schema
// entry each; "auto" ones are decided on the data (model_checks.hpp).
void mesh_settings(const Settings& s, Variants& v) {
    static const char* const orders[] = {"auto", "d3dcolor", "b012", "b120", "b021", "bff"};
    for (int i = 0; i < 6; ++i)
        if (s.text("normal_order") == orders[i]) v.normal_order = NormalOrder(i);
    const std::string& w = s.text("winding");
    v.winding = w == "auto" ? Winding::Auto : w == "keep" ? Winding::Keep : Winding::Reverse;
    v.handedness = s.text("handedness") == "left" ? Handedness::Left : Handedness::Right;
    const std::string& x = s.text("vertex48");
    v.vertex48 = x == "auto" ? Vertex48::Auto : x == "blend" ? Vertex48::Blend : Vertex48::Volume;
    v.palette_sentinel = s.text("palette_sentinel") == "previous" ? PaletteSentinel::Previous
                                                                  : PaletteSentinel::Error;
    v.blend_divisor = s.number("blend_divisor");
}

}  // namespace

Variants make_variants(Game detected, const Settings& s) {
    const Game g = s.given("version") ? parse_game(s.text("version")) : detected;
    Variants v = defaults_for(g);
    v.comp_scale = s.number("comp_scale");
    v.quat_scale = s.number("quat_scale");
    v.ext_time_scale = s.number("ext_time_scale");
    v.bake_rate = s.number("bake_rate");
    v.frame_rate = s.number("frame_rate");
    if (s.given("parent_index")) v.parent_index = int(s.integer("parent_index"));
    if (s.given("hdl"))
        v.hdl = s.text("hdl") == "time_first" ? HdlOrder::TimeFirst : HdlOrder::NameFirst;
    if (s.given("vec4_comp")) {
        const std::string& c = s.text("vec4_comp");
        v.vec4_comp = c == "float" ? Vec4Comp::Float
                      : c == "s16" ? Vec4Comp::S16Scaled
                                   : Vec4Comp::S16Raw;
    }
    if (s.given("ext_vec3f"))
        v.ext_vec3f = s.text("ext_vec3f") == "u16_time" ? ExtKey::U16TimeFlags : ExtKey::F32Time;
    if (s.given("flags"))
        v.flags = s.text("flags") == "bits" ? FlagSemantics::Bits : FlagSemantics::Enum;
    if (s.given("skel"))
        v.skel = s.text("skel") == "fuel" ? SkelLayout::Fuel : SkelLayout::Ratatouille;
    v.rest_rotation =
        s.text("rest_rotation") == "direct" ? RestRotation::Direct : RestRotation::Inverse;
    static const char* const orders[] = {"xyz", "xzy", "yxz", "yzx", "zxy", "zyx"};
    for (int i = 0; i < 6; ++i)
        if (s.text("bezier_rot") == orders[i]) v.bezier_order = EulerOrder(i);
    mesh_settings(s, v);
    return v;
}

Variants make_variants(Game detected, const Options& options) {
    return make_variants(detected, Settings(formats::zouna_format(), options));
}

nlohmann::json Variants::describe() const {
    static const char* orders[] = {"xyz", "xzy", "yxz", "yzx", "zxy", "zyx"};
    return {
        {"version", game_name(game)},
        {"comp_scale", comp_scale},
        {"quat_scale", quat_scale},
        {"hdl", hdl == HdlOrder::TimeFirst ? "time_first" : "name_first"},
        {"vec4_comp", vec4_comp == Vec4Comp::Float       ? "float"
                      : vec4_comp == Vec4Comp::S16Scaled ? "s16"
                                                         : "s16_raw"},
        {"ext_vec3f", ext_vec3f == ExtKey::U16TimeFlags ? "u16_time" : "f32_time"},
        {"ext_time_scale", ext_time_scale},
        {"flags", flags == FlagSemantics::Bits ? "bits" : "enum"},
        {"skel", skel == SkelLayout::Fuel ? "fuel" : "ratatouille"},
        {"parent_index", parent_index},
        {"rest_rotation", rest_rotation == RestRotation::Direct ? "direct" : "inverse"},
        {"bezier_rot", orders[static_cast<int>(bezier_order)]},
        {"normal_order", normal_order_name(normal_order)},
        {"winding", winding_name(winding)},
        {"handedness", handedness == Handedness::Left ? "left" : "right"},
        {"vertex48", vertex48_name(vertex48)},
        {"palette_sentinel", palette_sentinel == PaletteSentinel::Previous ? "previous" : "error"},
        {"blend_divisor", blend_divisor},
        {"bake_rate", bake_rate},
        {"frame_rate", frame_rate}};
}

}  // namespace ripkit::zouna
