// The posed kit (posed_kit.hpp: a rest pose with rotated and translated
// bones, a CUBICSPLINE translation) through three.js' own skinning: every
// vertex at 0, a quarter, half and the whole of the 2 s Hermite segment lands
// where the test's hand arithmetic puts it - bone matrices composed here from
// the spec's rest pose and key values, the Hermite basis written out, the
// inverse bind undone by hand, then glTF's Z mirror.
#include <cmath>
#include <fstream>

#include "clients.hpp"
#include "ripkit/export.hpp"
#include "ripkit_catch.hpp"
#include "three_skin_check.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/format.hpp"
#include "zouna/testkit/posed_kit.hpp"

using namespace ripkit;
using namespace ripkit::zouna;
using zouna_test::check_three_skinning;
namespace fs = std::filesystem;

namespace {

using V = glm::dvec3;

// Rotation of `v` by `degrees` about the unit `axis` (Rodrigues' formula).
V rotate(V v, V axis, double degrees) {
    const double a = degrees * 3.14159265358979323846 / 180.0;
    return v * std::cos(a) + glm::cross(axis, v) * std::sin(a) +
           axis * glm::dot(axis, v) * (1.0 - std::cos(a));
}

// The spec's pose: ROOT T(0.5, 0.25, -0.75) R_y(90); CHILD under it at
// `child_t` with a rotation of `child_deg` about `child_axis`.
struct Pose {
    V child_t;
    V child_axis;
    double child_deg;
};
const V kRootT(0.5, 0.25, -0.75), kY(0, 1, 0);

V child_world(const Pose& p, V x) {
    return rotate(rotate(x, p.child_axis, p.child_deg) + p.child_t, kY, 90) + kRootT;
}
V child_world_inverse(const Pose& p, V x) {
    return rotate(rotate(x - kRootT, kY, -90) - p.child_t, p.child_axis, -p.child_deg);
}

// The CHILD translation at t in [0, 2] s: Hermite on the one 2 s segment,
// u = t / 2, the tangents per segment (d/du).
V hermite(double t) {
    const double u = t / 2.0;
    const V p0(0, 1, 0), m0(1, 0, 0.5), p1(0.5, 1.5, -0.25), m1(-1, 2, 0);
    const double u2 = u * u, u3 = u2 * u;
    return (2 * u3 - 3 * u2 + 1) * p0 + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * p1 +
           (u3 - u2) * m1;
}

// Skinned in engine space (ROOT is not animated: its vertices stay), then mirrored.
V hand_position(V v, double w_child, double t) {
    const Pose rest{V(0, 1, 0), V(1, 0, 0), 60};
    const Pose now{hermite(t), V(0, 0, 1), 90};
    const V moved = child_world(now, child_world_inverse(rest, v));
    const V engine = (1.0 - w_child) * v + w_child * moved;
    return {engine.x, engine.y, -engine.z};
}

Scene posed_scene(Game g, const fs::path& dir) {
    write_kit_files(dir, kit_objects(kit_set_posed(g)), g);
    std::ofstream(dir / "names.txt") << kit_names();
    Options o;
    o.format_options["names"] = {(dir / "names.txt").string()};
    o.format_options["anim"] = {(dir / "BEND.Animation_Z").string()};
    Input in;
    in.path = (dir / "SKIN.Skin_Z").string();
    std::ifstream f(in.path, std::ios::binary);
    in.bytes = Bytes(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
    return formats::zouna_format().open(in, o)->scene(asobo_crc32("SKIN"));
}

}  // namespace

TEST_CASE("three.js skins the posed kit (rest pose, CUBICSPLINE) where the hand arithmetic does",
          "[clients]") {
    const double kids[8] = {0, 0, 0, 0, 0.5, 0.5, 0.5, 0.5};  // CHILD weight per vertex
    const KitSet kit = kit_set_posed(Game::Fuel);
    for (Game g : {Game::Ratatouille, Game::WallE, Game::Fuel}) {
        INFO(game_name(g));
        const fs::path dir = test::fresh_temp_dir(std::string("zouna_posed_") + game_name(g));
        const Scene s = posed_scene(g, dir / "kit");
        ExportOptions eo;
        eo.format = OutputFormat::Glb;
        const fs::path glb = dir / "posed.glb";
        export_scene(s, glb, eo);
        check_three_skinning(glb, "BEND", {0.0, 0.5, 1.0, 2.0}, 8, [&](size_t v, double t) {
            return hand_position(V(kit.body.vertex_buffers[0].vertices[v].position), kids[v], t);
        });
    }
}
