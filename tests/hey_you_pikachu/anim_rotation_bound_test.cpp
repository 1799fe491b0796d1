// The rotation key rule (rotation_steps.hpp) against random curves: cubic
// Euler pieces with jumps, fast and slow, in every Euler order, through host
// trig. The reference is this file's own evaluation of the seed-19 polynomial
// and its own quaternion product, probed densely and at every key segment's
// middle (where a slerp strays most).
#include <cmath>
#include <random>
#include <string>

#include "channel_eval.hpp"
#include "hey_you_pikachu/anim_scene.hpp"
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;
using namespace ripkit::hey_you_pikachu;

namespace {

constexpr double kQuantum = 1.0 / 30.0;

struct Curve {
    std::vector<AnimPiece> pieces;
};

// ((a u + b) u + c) u + base + fraction / 256, u clamped to the piece (seed 19).
double reference(const std::vector<AnimPiece>& ps, double t) {
    size_t k = 0;
    while (k + 1 < ps.size() && ps[k + 1].start <= t) ++k;
    const AnimPiece& p = ps[k];
    const double u = p.hold() ? 0.0 : std::clamp(t - p.start, 0.0, p.duration);
    return ((double(p.a) * u + double(p.b)) * u + double(p.c)) * u + double(p.base) +
           double(p.fraction) / 256.0;
}

glm::dquat reference_rotation(const std::array<double, 3>& e, const std::string& order) {
    glm::dquat q(1, 0, 0, 0);
    for (char axis : order) {  // later axes apply after earlier ones
        glm::dvec3 v(0.0);
        v[axis - 'x'] = 1.0;
        q = glm::angleAxis(e[size_t(axis - 'x')], v) * q;
    }
    return q;
}

AnimScalar random_scalar(std::mt19937& rng, double duration, double speed) {
    std::uniform_int_distribution<int> ticks(1, 24);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::bernoulli_distribution jump(0.3);
    AnimScalar s;
    s.kind = uint32_t(ScalarKind::Cubic);
    uint64_t at = 0;
    double carry = 0.0;  // value at the end of the previous piece
    while (double(at) * kQuantum < duration) {
        AnimPiece p;
        p.ticks = uint8_t(ticks(rng));
        p.start_ticks = uint32_t(at);
        p.start = double(at) * kQuantum;
        p.duration = double(p.ticks) * kQuantum;
        p.a = float(speed * 8.0 * unit(rng));
        p.b = float(speed * 4.0 * unit(rng));
        p.c = float(speed * unit(rng));
        const double base = jump(rng) ? 6.0 * unit(rng) : carry;
        p.base = int16_t(std::floor(base));
        p.fraction = uint8_t(std::floor((base - std::floor(base)) * 256.0));
        s.pieces.push_back(p);
        const double u = p.duration;
        carry = ((double(p.a) * u + double(p.b)) * u + double(p.c)) * u + p.base_value();
        at += p.ticks;
    }
    return s;
}

}  // namespace

TEST_CASE("random cubic Euler curves: LINEAR rotation keys within 0.01 degrees in every order") {
    std::mt19937 rng(20261203);
    const GameTrig host({}, 0.0f);
    const AnimMapping mapping = AnimMapping::from_options(Options{});
    Hierarchy h;
    h.nodes.resize(1);
    h.nodes[0].type = 1;  // 6 scalars: rx, ry, rz, tx, ty, tz by default
    Scene scene;
    scene.nodes.push_back({});
    scene.nodes[0].name = "n";
    double worst = 0.0;
    std::string worst_at;  // order, round and time of the worst probe
    size_t keys = 0;
    for (const char* order : {"xyz", "xzy", "yxz", "yzx", "zxy", "zyx"}) {
        for (int round = 0; round < 15; ++round) {
            const double duration = 2.0 + round % 3;
            const double speed = round < 5 ? 0.5 : round < 10 ? 4.0 : 30.0;  // rad/s scale
            AnimBank bank;
            bank.duration = float(duration);
            AnimTrack track;
            track.node_type = 1;
            for (int i = 0; i < 3; ++i)
                track.scalars.push_back(random_scalar(rng, duration, speed));
            for (int i = 0; i < 3; ++i) track.scalars.push_back(AnimScalar{});  // constant 0
            bank.tracks.push_back(track);
            const std::vector<std::string> names{"n"};
            const EulerOrder euler = EulerOrder::parse(order);
            Budget budget;
            const Animation a = build_bank_animation(
                bank, float(kQuantum), BankTarget{h, names, scene, host, euler, mapping}, budget);
            const Channel* c = nullptr;
            for (const Channel& ch : a.channels)
                if (ch.path == AnimPath::Rotation) c = &ch;
            REQUIRE(c);
            REQUIRE(c->interp == Interp::Linear);
            keys += c->times.size();
            auto engine = [&](double t) {
                std::array<double, 3> e;
                for (size_t i = 0; i < 3; ++i) e[i] = reference(track.scalars[i].pieces, t);
                return reference_rotation(e, order);
            };
            // Jumps are ramps of kJumpEpsilon: skip the last 2 epsilon before
            // every piece boundary.
            std::vector<double> starts;
            for (const AnimScalar& s : track.scalars)
                for (const AnimPiece& p : s.pieces) starts.push_back(p.start);
            auto in_ramp = [&](double t) {
                for (double b : starts)
                    if (t < b && t > b - 2 * kJumpEpsilon) return true;
                return false;
            };
            auto probe = [&](double t) {
                if (in_ramp(t)) return;
                const double d = pktest::angle_deg(pktest::slerp_at(*c, t), engine(t));
                if (d > worst) {
                    worst = d;
                    worst_at = std::string(order) + " round " + std::to_string(round) + " t " +
                               std::to_string(t);
                }
            };
            for (int i = 0; i <= 10000; ++i) probe(duration * i / 10000.0);
            for (size_t k = 0; k + 1 < c->times.size(); ++k)
                probe(0.5 * (c->times[k] + c->times[k + 1]));
        }
    }
    INFO(keys << " keys, worst " << worst << " degrees (" << worst_at << ")");
    CHECK(worst < kRotationToleranceDeg);
    CHECK(worst > 0.0);  // the probes do see the slerp's error
}

TEST_CASE("a hostile spin asks for more rotation keys than the cap: AllocationLimit") {
    const GameTrig host({}, 0.0f);
    Hierarchy h;
    h.nodes.resize(1);
    h.nodes[0].type = 1;
    Scene scene;
    scene.nodes.push_back({});
    scene.nodes[0].name = "n";
    AnimBank bank;
    bank.duration = 1.0f;
    AnimTrack track;
    track.node_type = 1;
    AnimScalar spin;
    spin.kind = uint32_t(ScalarKind::Linear);
    AnimPiece p;
    p.ticks = 30;
    p.duration = 1.0;
    p.a = 1e30f;  // 1e30 rad/s
    spin.pieces.push_back(p);
    track.scalars.push_back(spin);
    for (int i = 0; i < 5; ++i) track.scalars.push_back(AnimScalar{});
    bank.tracks.push_back(track);
    try {
        const std::vector<std::string> names{"n"};
        const EulerOrder euler;
        const AnimMapping mapping = AnimMapping::from_options(Options{});
        Budget budget;
        build_bank_animation(bank, float(kQuantum),
                             BankTarget{h, names, scene, host, euler, mapping}, budget);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::AllocationLimit);
        CHECK(std::string(e.what()).find("rotation keys in a channel") != std::string::npos);
    }
}
